"""The balanced-meal check in words for people: one checklist row per rule.

`meal_rule_rows` is what a plate checklist draws (the meal-balance lesson and the Build-A-Meal
board alike): it calls the one check (`nutrition.meals.check_meal`) and words each rule through
gettext, naming the food groups, the cards with their numbers, and a card to try.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from nutrition.meals import BOOK_RULES, MealCheck, MealRules, RuleResult, card_calories, check_meal


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


def _card_list(row: RuleResult, names: dict[str, str], *, calories: bool = False) -> str:
    parts = []
    for card_id, number in row.cards:
        name = names.get(card_id, card_id)
        parts.append(f"{name} {number}" if calories else f"{name}: {number}")
    return ", ".join(parts)


def _numbers(row: RuleResult) -> str:
    if row.rule == "calories":
        return _("%(have)s of at most %(limit)s") % {"have": row.have, "limit": row.need}
    if row.rule == "no_junk":
        return ngettext("%(n)s junk card", "%(n)s junk cards", row.have) % {"n": row.have}
    return _("%(have)s of %(need)s servings") % {"have": row.have, "need": row.need}


def _explanation(row: RuleResult, names: dict[str, str]) -> str:
    """Why an unmet rule is unmet, naming the groups and the cards' numbers."""
    if row.rule == "calories":
        return _("Your meal has %(have)s calories (%(cards)s); the limit is %(limit)s.") % {
            "have": row.have,
            "cards": _card_list(row, names, calories=True),
            "limit": row.need,
        }
    if row.rule == "no_junk":
        return _("Junk food isn't allowed in this meal: %(cards)s.") % {
            "cards": ", ".join(names.get(card_id, card_id) for card_id, _n in row.cards)
        }
    if row.rule == "vegetable":
        return _("Your meal has no vegetable; this meal needs at least one.")
    if row.have == 0:
        return _("You have no %(what)s; a balanced meal needs %(need)s.") % {
            "what": _no_servings_words(row.rule),
            "need": row.need,
        }
    return _("You have %(have)s (%(cards)s); a balanced meal needs %(need)s.") % {
        "have": _servings_words(row.rule, row.have),
        "cards": _card_list(row, names),
        "need": row.need,
    }


def _suggestion(row: RuleResult, names: dict[str, str], calories_of: dict[str, int]) -> str:
    if not row.suggestion:
        return ""
    name = names.get(row.suggestion, row.suggestion)
    if row.suggest == "remove":
        return _("Take off %(name)s.") % {"name": name}
    if row.rule == "calories":
        return _("Add %(name)s (%(calories)s calories).") % {
            "name": name,
            "calories": calories_of.get(row.suggestion, 0),
        }
    return _("Try %(name)s.") % {"name": name}


def meal_rule_rows(
    cards: list[dict], *, rules: MealRules = BOOK_RULES, allowed: list[dict] | None = None
) -> list[dict]:
    """Exactly what a plate checklist needs, one dict per rule in order:

    rule (key), label, ok (bool), numbers ("1 of 2 servings"), why (the explanation and the
    suggestion in one sentence pair; "" when the rule is met), explanation, suggestion,
    suggestion_card (card id or None), suggest ("add" / "remove" / "").
    `allowed`: the card records the player may still add (a lesson's cards, a player's hand).
    """
    return rows_for_check(check_meal(cards, rules, allowed=allowed), [*cards, *(allowed or [])])


def rows_for_check(check: MealCheck, records: list[dict]) -> list[dict]:
    """The checklist rows of a check already made (records: every card it may name)."""
    names = {record["id"]: _(record["name"]) if record.get("name") else record["id"] for record in records}
    calories_of = {record["id"]: card_calories(record) for record in records}
    rows = []
    for row in check.rows:
        explanation = "" if row.met else _explanation(row, names)
        suggestion = "" if row.met else _suggestion(row, names, calories_of)
        rows.append(
            {
                "rule": row.rule,
                "label": rule_label(row.rule),
                "ok": row.met,
                "numbers": _numbers(row),
                "why": f"{explanation} {suggestion}".strip(),
                "explanation": explanation,
                "suggestion": suggestion,
                "suggestion_card": row.suggestion if not row.met else None,
                "suggest": row.suggest if not row.met else "",
            }
        )
    return rows
