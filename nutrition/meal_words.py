"""The balanced-meal check in words for people: one checklist row per rule.

`meal_rule_rows` is what a plate checklist draws (the meal-balance lesson and the Build-A-Meal
board alike): it calls the one check (`nutrition.meals.check_meal`) and words each rule through
gettext, naming the food groups, the cards with their numbers, and a card to try. A lesson
counts real amounts, so its words are cups and ounces with kitchen fractions ("3/8 cup of
fruit and veggies", "Tuna: 2 oz of protein"), never servings; the game counts the servings
printed on its cards.
"""

from __future__ import annotations

import math
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from nutrition.meals import (
    BOOK_RULES,
    SERVING_SIZE,
    MealCheck,
    MealRules,
    RuleResult,
    card_calories,
    card_real_servings,
    check_meal,
)

EIGHTHS = 8


def rule_label(rule: str) -> str:
    """The short name of a rule, for a checklist's first column and for reports."""
    labels = {
        "grains": _("Grains"),
        "fruit": _("Fruit"),
        "veggie": _("Veggies"),
        "fruit_or_veggie": _("Fruit or veggie"),
        "meat": _("Meat"),
        "dairy": _("Dairy"),
        "meat_or_dairy": _("Meat or dairy"),
        "vegetable": _("A vegetable"),
        "no_junk": _("No junk food"),
        "calories": _("Calories"),
    }
    return labels.get(rule, rule)


# ----- kitchen fractions -------------------------------------------------------------------------


def kitchen_fraction(amount: float) -> str:
    """An amount in whole eighths, rounded down so it never says more than there is: 0.38 ->
    "3/8", 1.5 -> "1 1/2", 2 -> "2"; under an eighth but more than nothing: "less than 1/8"."""
    eighths = math.floor(amount * EIGHTHS + 1e-6)
    if eighths == 0:
        return _("less than 1/8") if amount > 0 else "0"
    whole, rest = divmod(eighths, EIGHTHS)
    part = Fraction(rest, EIGHTHS)
    if not rest:
        return str(whole)
    fraction = f"{part.numerator}/{part.denominator}"
    return f"{whole} {fraction}" if whole else fraction


def _is_plural(amount: float) -> int:
    """ngettext's number for an amount: singular for more than nothing up to one (1/2 cup),
    plural above one and for nothing at all ("0 cups", "0 servings")."""
    return 1 if 0 < amount <= 1 + 1e-6 else 2


def _cups(amount: float) -> str:
    return ngettext("%(n)s cup", "%(n)s cups", _is_plural(amount)) % {"n": kitchen_fraction(amount)}


def _ounces(amount: float) -> str:
    return _("%(n)s oz") % {"n": kitchen_fraction(amount)}


def _group_amount(group: str, servings: float) -> str:
    amount = servings * SERVING_SIZE[group]
    return _ounces(amount) if group in ("grains", "meat") else _cups(amount)


def real_amount_words(rule: str, servings: float) -> str:
    """Real servings of a rule in its kitchen unit: grains and meat in ounce-equivalents, fruit,
    veggies and dairy in cups; meat-or-dairy, whose ounces and cups don't add up, as either
    ("1 oz of protein or 1/2 cup of dairy")."""
    if rule == "meat_or_dairy":
        return _("%(meat)s of protein or %(dairy)s of dairy") % {
            "meat": _group_amount("meat", servings),
            "dairy": _group_amount("dairy", servings),
        }
    return _group_amount({"vegetable": "veggie", "fruit_or_veggie": "fruit"}.get(rule, rule), servings)


def _meat_and_dairy_words(cards: list[dict]) -> str:
    """What cards bring to the meat-or-dairy rule, each group in its own unit: "2 oz of protein",
    "1 oz of protein and 1/4 cup of dairy"."""
    meat = sum(card_real_servings(card, "meat") for card in cards)
    dairy = sum(card_real_servings(card, "dairy") for card in cards)
    protein = _("%(amount)s of protein") % {"amount": _group_amount("meat", meat)}
    if not dairy:
        return protein
    milk = _("%(amount)s of dairy") % {"amount": _group_amount("dairy", dairy)}
    return _("%(protein)s and %(dairy)s") % {"protein": protein, "dairy": milk} if meat else milk


def card_amounts_words(card: dict) -> str:
    """What one card brings to a lesson's meal, in real amounts: "2 oz grains · 1/2 cup dairy ·
    1/8 cup veggies · 285 cal"."""
    names = {
        "grains": _("%(amount)s grains"),
        "fruit": _("%(amount)s fruit"),
        "veggie": _("%(amount)s veggies"),
        "meat": _("%(amount)s protein"),  # MyPlate's protein foods: eggs and beans too
        "dairy": _("%(amount)s dairy"),
    }
    parts = []
    for group in ("grains", "fruit", "veggie", "meat", "dairy"):
        servings = card_real_servings(card, group)
        if servings > 0:
            parts.append(names[group] % {"amount": real_amount_words(group, servings)})
    parts.append(_("%(n)s cal") % {"n": card_calories(card)})
    return " · ".join(parts)


# ----- printed servings (the game) ----------------------------------------------------------------


def _servings_words(rule: str, count: int) -> str:
    """ "1 grain serving", "2 fruit or veggie servings"."""
    words = {
        "grains": lambda n: ngettext("%(n)s grain serving", "%(n)s grain servings", n),
        "fruit": lambda n: ngettext("%(n)s fruit serving", "%(n)s fruit servings", n),
        "veggie": lambda n: ngettext("%(n)s veggie serving", "%(n)s veggie servings", n),
        "vegetable": lambda n: ngettext("%(n)s veggie serving", "%(n)s veggie servings", n),
        "fruit_or_veggie": lambda n: ngettext(
            "%(n)s fruit or veggie serving", "%(n)s fruit or veggie servings", n
        ),
        "meat": lambda n: ngettext("%(n)s meat serving", "%(n)s meat servings", n),
        "dairy": lambda n: ngettext("%(n)s dairy serving", "%(n)s dairy servings", n),
        "meat_or_dairy": lambda n: ngettext("%(n)s meat or dairy serving", "%(n)s meat or dairy servings", n),
    }
    return words[rule](count) % {"n": count}


def _no_servings_words(rule: str) -> str:
    """ "grain servings" in "You have no grain servings"."""
    words = {
        "grains": _("grain servings"),
        "fruit": _("fruit servings"),
        "veggie": _("veggie servings"),
        "vegetable": _("veggie servings"),
        "fruit_or_veggie": _("fruit or veggie servings"),
        "meat": _("meat servings"),
        "dairy": _("dairy servings"),
        "meat_or_dairy": _("meat or dairy servings"),
    }
    return words[rule]


def _what(rule: str) -> str:
    """ "of fruit and veggies" after an amount, for a lesson's real amounts."""
    words = {
        "grains": _("grains"),
        "fruit": _("fruit"),
        "veggie": _("veggies"),
        "vegetable": _("veggies"),
        "fruit_or_veggie": _("fruit and veggies"),
        "meat": _("meat and beans"),
        "dairy": _("dairy"),
        "meat_or_dairy": _("meat or dairy"),
    }
    return words[rule]


# ----- one row per rule ---------------------------------------------------------------------------


def _plate(card_ids, records: dict[str, dict]) -> list[dict]:
    return [records[card_id] for card_id in card_ids if card_id in records]


def _card_list(
    row: RuleResult, names: dict[str, str], records: dict[str, dict], *, calories: bool = False
) -> str:
    parts = []
    for card_id, number in row.cards:
        name = names.get(card_id, card_id)
        if calories:
            parts.append(f"{name} {number}")
        elif row.real and row.rule == "meat_or_dairy":
            parts.append(f"{name}: {_meat_and_dairy_words(_plate([card_id], records))}")
        elif row.real:
            parts.append(f"{name}: {real_amount_words(row.rule, number)}")
        else:
            parts.append(f"{name}: {number}")
    return ", ".join(parts)


def _numbers(row: RuleResult, records: dict[str, dict]) -> str:
    if row.rule == "calories":
        return _("%(have)s of at most %(limit)s") % {"have": row.have, "limit": row.need}
    if row.rule == "no_junk":
        return ngettext("%(n)s junk card", "%(n)s junk cards", row.have) % {"n": row.have}
    if row.real:  # "1 cup; needs 1 cup", never "1 cup of 1 cup"
        have = real_amount_words(row.rule, row.have)
        if row.rule == "meat_or_dairy":
            have = _meat_and_dairy_words(_plate((card_id for card_id, _n in row.cards), records))
        return _("%(have)s; needs %(need)s") % {
            "have": have,
            "need": real_amount_words(row.rule, row.need),
        }
    return ngettext("%(have)s of %(need)s serving", "%(have)s of %(need)s servings", row.need) % {
        "have": row.have,
        "need": row.need,
    }


def _explanation(row: RuleResult, names: dict[str, str], records: dict[str, dict]) -> str:
    """Why an unmet rule is unmet, naming the groups and the cards' numbers."""
    if row.rule == "calories":
        return _("Your meal has %(have)s calories (%(cards)s); the limit is %(limit)s.") % {
            "have": row.have,
            "cards": _card_list(row, names, records, calories=True),
            "limit": row.need,
        }
    if row.rule == "no_junk":
        return _("Junk food isn't allowed in this meal: %(cards)s.") % {
            "cards": ", ".join(names.get(card_id, card_id) for card_id, _n in row.cards)
        }
    if row.real:
        return _real_explanation(row, names, records)
    if row.rule == "vegetable":
        return _("Your meal has no vegetable; this meal needs at least one.")
    if row.have == 0:
        return _("You have no %(what)s; a balanced meal needs %(need)s.") % {
            "what": _no_servings_words(row.rule),
            "need": row.need,
        }
    return _("You have %(have)s (%(cards)s); a balanced meal needs %(need)s.") % {
        "have": _servings_words(row.rule, row.have),
        "cards": _card_list(row, names, records),
        "need": row.need,
    }


def _real_explanation(row: RuleResult, names: dict[str, str], records: dict[str, dict]) -> str:
    need = real_amount_words(row.rule, row.need)
    if row.rule == "vegetable":
        if row.have == 0:
            return _("Your meal has no vegetables; this meal needs at least %(need)s.") % {"need": need}
        return _("Your meal has only %(have)s of veggies (%(cards)s); this meal needs at least %(need)s.") % {
            "have": real_amount_words(row.rule, row.have),
            "cards": _card_list(row, names, records),
            "need": need,
        }
    if row.have == 0:
        return _("You have no %(what)s; a balanced meal needs %(need)s.") % {
            "what": _what(row.rule),
            "need": need,
        }
    if row.rule == "meat_or_dairy":
        return _("You have %(have)s (%(cards)s); a balanced meal needs %(need)s.") % {
            "have": _meat_and_dairy_words(_plate((card_id for card_id, _n in row.cards), records)),
            "cards": _card_list(row, names, records),
            "need": need,
        }
    return _("You have %(have)s of %(what)s (%(cards)s); a balanced meal needs %(need)s.") % {
        "have": real_amount_words(row.rule, row.have),
        "what": _what(row.rule),
        "cards": _card_list(row, names, records),
        "need": need,
    }


def _suggestion(row: RuleResult, names: dict[str, str]) -> str:
    if not row.suggestion:
        return ""
    name = names.get(row.suggestion, row.suggestion)
    if row.suggest == "remove":
        return _("Take off %(name)s.") % {"name": name}
    if row.suggest == "swap":
        swap = _("Swap %(name)s for another food of the same group, so the meal fits the calorie limit.")
        return swap % {"name": name}
    return _("Try %(name)s.") % {"name": name}


def meal_rule_rows(
    cards: list[dict], *, rules: MealRules = BOOK_RULES, allowed: list[dict] | None = None
) -> list[dict]:
    """Exactly what a plate checklist needs, one dict per rule in order:

    rule (key), label, ok (bool), numbers ("1 of 2 servings"), why (the explanation and the
    suggestion in one sentence pair; "" when the rule is met), explanation, suggestion,
    suggestion_card (card id or None), suggest ("add" / "remove" / "swap" / "").
    `allowed`: the card records the player may still add (a lesson's cards, a player's hand).
    """
    return rows_for_check(check_meal(cards, rules, allowed=allowed), [*cards, *(allowed or [])])


def rows_for_check(check: MealCheck, records: list[dict]) -> list[dict]:
    """The checklist rows of a check already made (records: every card it may name)."""
    names = {record["id"]: _(record["name"]) if record.get("name") else record["id"] for record in records}
    by_id = {record["id"]: record for record in records}
    rows = []
    for row in check.rows:
        explanation = "" if row.met else _explanation(row, names, by_id)
        suggestion = "" if row.met else _suggestion(row, names)
        rows.append(
            {
                "rule": row.rule,
                "label": rule_label(row.rule),
                "ok": row.met,
                "numbers": _numbers(row, by_id),
                "why": f"{explanation} {suggestion}".strip(),
                "explanation": explanation,
                "suggestion": suggestion,
                "suggestion_card": row.suggestion if not row.met else None,
                "suggest": row.suggest if not row.met else "",
            }
        )
    return rows
