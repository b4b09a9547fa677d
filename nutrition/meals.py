"""The balanced-meal check: the one place that decides whether a plate of cards is a balanced meal.

Pure Python (no Django), so Build-A-Meal, its bots, the meal-balance lessons and the food
explorer all share it. Its words for people live on the Django side (`nutrition.meal_words`).

The book's rules (Build-A-Meal, `BOOK_RULES`): a balanced meal has
  * at least 2 grain servings,
  * at least 2 fruit or veggie servings (the two groups count together),
  * at least 1 meat or dairy serving (the two groups count together),
  * at most 600 calories in total.

A serving is what MyPlate's tables make it: 1 ounce-equivalent of grains or of protein foods
("meat"), half a cup of fruit, vegetables or dairy. How servings are counted:

  * the game (Build-A-Meal) counts the whole servings printed on the cards (`groups`: a card
    shows only full servings, never a trace rounded up);
  * a meal-balance lesson (`MealRules.real_servings`) counts each card's real cup- and
    ounce-equivalents (`myplate`), fractions and all, as USDA's Food Patterns Equivalents
    Database does: the 2 tablespoons of sauce on a pizza are 1/8 cup of vegetables, a quarter
    of a serving. A vegetable or fruit serving is a full half cup.

A lesson may adjust the rules (`MealRules`): a count of servings for any MyPlate group or pair
of groups, the calorie limit, and optionally "at least one vegetable" (half a cup) and "no junk
food". Calories are simply added up; Exhilarating Exercise is worth -200, which is how the game
lets a meal go 200 calories over the limit (lessons leave the card out: it is no eraser).

`check_meal` returns the totals, one `RuleResult` per rule (met or not, the numbers, the cards
that count for or against it, and what to try: a card to add from the cards allowed, or one to
take off), and for the engine's messages one plain English reason per unmet rule. Over the
calorie limit the hint takes off junk food first, then the biggest card the meal has no need
of; it never offers Exhilarating Exercise.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import asdict, dataclass, field, fields

GRAIN_SERVINGS_NEEDED = 2
FRUIT_OR_VEGGIE_SERVINGS_NEEDED = 2
MEAT_OR_DAIRY_SERVINGS_NEEDED = 1
CALORIE_LIMIT = 600
EXERCISE_CALORIES = -200
FOOD_GROUPS = ("grains", "fruit", "veggie", "meat", "dairy")
# One serving in MyPlate's units (eat_right_design's `plate`): ounce-equivalents or cups.
SERVING_SIZE = {"grains": 1.0, "meat": 1.0, "fruit": 0.5, "veggie": 0.5, "dairy": 0.5}
EPSILON = 1e-6  # floating-point dust when real amounts are added up

# The serving rules a lesson can set, in the order a checklist shows them, and the MyPlate
# groups each one counts.
COUNT_RULES: dict[str, tuple[str, ...]] = {
    "grains": ("grains",),
    "fruit": ("fruit",),
    "veggie": ("veggie",),
    "fruit_or_veggie": ("fruit", "veggie"),
    "meat": ("meat",),
    "dairy": ("dairy",),
    "meat_or_dairy": ("meat", "dairy"),
}
# The English words of the engine's reasons ("Needs 1 more grain serving").
_REASON_WORDS = {
    "grains": "grain",
    "fruit": "fruit",
    "veggie": "veggie",
    "fruit_or_veggie": "fruit or veggie",
    "meat": "meat",
    "dairy": "dairy",
    "meat_or_dairy": "meat or dairy",
}
MAX_SERVINGS_RULE = 10
CALORIE_LIMIT_RANGE = (100, 3000)


@dataclass(frozen=True)
class MealRules:
    """A rule set: servings needed per group (0: no rule), the calorie limit, two extras, and how
    servings are counted (`real_servings`: a lesson's real amounts; else the cards' printed
    whole servings, as the game plays)."""

    grains: int = GRAIN_SERVINGS_NEEDED
    fruit: int = 0
    veggie: int = 0
    fruit_or_veggie: int = FRUIT_OR_VEGGIE_SERVINGS_NEEDED
    meat: int = 0
    dairy: int = 0
    meat_or_dairy: int = MEAT_OR_DAIRY_SERVINGS_NEEDED
    calorie_limit: int = CALORIE_LIMIT
    one_vegetable: bool = False
    no_junk: bool = False
    real_servings: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict | None) -> MealRules:
        """Rules from stored or typed values; unknown keys are ignored, bad values raise
        ValueError naming the field."""
        data = data or {}
        values = {}
        for spec in fields(cls):
            if spec.name not in data:
                continue
            raw = data[spec.name]
            if spec.type == "bool":
                values[spec.name] = bool(raw)
                continue
            try:
                number = int(raw)
            except (TypeError, ValueError):
                raise ValueError(spec.name) from None
            low, high = CALORIE_LIMIT_RANGE if spec.name == "calorie_limit" else (0, MAX_SERVINGS_RULE)
            if not low <= number <= high:
                raise ValueError(spec.name)
            values[spec.name] = number
        return cls(**values)

    def count_rules(self) -> list[tuple[str, int]]:
        return [(rule, getattr(self, rule)) for rule in COUNT_RULES if getattr(self, rule) > 0]


BOOK_RULES = MealRules()
# A meal-balance lesson's rules unless the teacher changes them: the book's, counting real
# servings, with no junk food.
LESSON_RULES = MealRules(no_junk=True, real_servings=True)


@dataclass(frozen=True)
class RuleResult:
    """One rule checked against a plate.

    rule: a key of COUNT_RULES, or "calories", "vegetable", "no_junk".
    have/need: servings and servings needed (real servings are fractions); for "calories" the
      total and the limit; for "no_junk" the junk cards on the plate and 0.
    cards: (card id, its number for this rule) for the plate's cards that count for the rule
      (servings, calories) or against it (junk).
    suggestion: a card id to try; `suggest` says whether to "add" it (from the cards allowed),
      "remove" it from the plate, or "swap" it for a lighter card (every card is needed).
    real: the numbers are real servings (a lesson), not the cards' printed ones.
    """

    rule: str
    met: bool
    have: float
    need: int
    groups: tuple[str, ...] = ()
    cards: tuple[tuple[str, float], ...] = ()
    suggestion: str | None = None
    suggest: str = ""
    real: bool = False


@dataclass(frozen=True)
class MealCheck:
    """What the check found: the totals, one result per rule, and one plain-words reason per rule
    the meal misses (English, for the engine's messages)."""

    grains: float
    fruit_or_veggie: float
    meat_or_dairy: float
    calories: int
    reasons: tuple[str, ...] = field(default_factory=tuple)
    rows: tuple[RuleResult, ...] = field(default_factory=tuple)
    calorie_limit: int = CALORIE_LIMIT

    @property
    def balanced(self) -> bool:
        return all(row.met for row in self.rows)

    @property
    def within_calories(self) -> bool:
        """True when the meal is not over the calorie limit (whatever its food groups)."""
        return self.calories <= self.calorie_limit

    @property
    def failed_rules(self) -> list[str]:
        return [row.rule for row in self.rows if not row.met]


def is_exercise(card: dict) -> bool:
    return card.get("special") == "exercise" or card.get("category") == "exercise"


def is_junk(card: dict) -> bool:
    return card.get("category") == "junk" or card.get("special") == "sugar-shock"


def card_calories(card: dict) -> int:
    """A card's calories; Exhilarating Exercise always counts as -200."""
    if is_exercise(card):
        return EXERCISE_CALORIES
    return int(card.get("calories") or 0)


def card_servings(card: dict, group: str) -> int:
    """The whole servings of a group printed on a card."""
    return int((card.get("groups") or {}).get(group, 0) or 0)


def card_real_servings(card: dict, group: str) -> float:
    """The real servings of a group in a card: its MyPlate cup- or ounce-equivalents over one
    serving's (a card without them: its printed servings)."""
    myplate = card.get("myplate")
    if not myplate:
        return float(card_servings(card, group))
    amount = (myplate.get(group) or {}).get("amount") or 0.0
    return float(amount) / SERVING_SIZE[group]


def serving_counter(rules: MealRules):
    """How a rule set counts one card's servings of one group."""
    return card_real_servings if rules.real_servings else card_servings


def _servings(cards: list[dict], groups: tuple[str, ...], count) -> float:
    return sum(count(card, group) for card in cards for group in groups)


def _met(have: float, need: float) -> bool:
    return have + EPSILON >= need


def _count_row(rule: str, need: int, cards: list[dict], context: _Context) -> RuleResult:
    groups = COUNT_RULES.get(rule, ("veggie",))  # "vegetable": at least one veggie serving
    count = context.count
    have = _servings(cards, groups, count)
    counted = tuple(
        (card["id"], round(servings, 4))
        for card in cards
        if (servings := _servings([card], groups, count)) > 0
    )
    met = _met(have, need)
    suggestion = None if met else _card_to_add(groups, cards, context)
    return RuleResult(
        rule=rule,
        met=met,
        have=round(have, 4) if context.rules.real_servings else int(have),
        need=need,
        groups=groups,
        cards=counted,
        suggestion=suggestion,
        suggest="add" if suggestion else "",
        real=context.rules.real_servings,
    )


@dataclass(frozen=True)
class _Context:
    rules: MealRules
    calories: int
    allowed: list[dict]

    @property
    def count(self):
        return serving_counter(self.rules)


def _card_to_add(groups, cards: list[dict], context: _Context) -> str | None:
    """An allowed card that brings one of these groups: not on the plate, not junk, not
    Exhilarating Exercise, keeping the meal within the limit if one can. Which one varies with
    the plate (a hint names the food group a meal lacks, never "the fewest calories": a child
    should not learn that less food is better food)."""
    on_plate = {card.get("id") for card in cards}
    count = context.count
    candidates = sorted(
        (
            card
            for card in context.allowed
            if card.get("id") not in on_plate
            and not is_junk(card)
            and not is_exercise(card)
            and _servings([card], groups, count) > 0
        ),
        key=lambda c: c["id"],
    )
    limit = context.rules.calorie_limit
    fitting = [card for card in candidates if context.calories + card_calories(card) <= limit] or candidates
    # A food of that group alone (rice for grains, not a pizza) when there is one.
    fitting = [card for card in fitting if len(card.get("groups") or {}) <= 1] or fitting
    if not fitting:
        return None
    turn = zlib.crc32(",".join(sorted(str(card_id) for card_id in on_plate)).encode())
    return fitting[turn % len(fitting)]["id"]


def _serving_rules_met(cards: list[dict], rules: MealRules) -> bool:
    count = serving_counter(rules)
    if any(not _met(_servings(cards, COUNT_RULES[rule], count), need) for rule, need in rules.count_rules()):
        return False
    return not rules.one_vegetable or _met(_servings(cards, ("veggie",), count), 1)


def _calorie_fix(cards: list[dict], rules: MealRules) -> tuple[str | None, str]:
    """What to take off a meal over the limit: the biggest junk card; else the biggest card the
    meal's serving rules can do without; else swap the biggest card for a lighter one."""
    eaten = [card for card in cards if not is_exercise(card)]
    if not eaten:
        return None, ""
    junk = [card for card in eaten if is_junk(card)]
    if junk:
        return max(junk, key=card_calories)["id"], "remove"
    extras = [card for card in eaten if _serving_rules_met([c for c in cards if c is not card], rules)]
    if extras:
        return max(extras, key=card_calories)["id"], "remove"
    return max(eaten, key=card_calories)["id"], "swap"


def _calories_row(cards: list[dict], context: _Context) -> RuleResult:
    limit = context.rules.calorie_limit
    met = context.calories <= limit
    suggestion, suggest = (None, "") if met else _calorie_fix(cards, context.rules)
    return RuleResult(
        rule="calories",
        met=met,
        have=context.calories,
        need=limit,
        cards=tuple((card["id"], card_calories(card)) for card in cards),
        suggestion=suggestion,
        suggest=suggest,
    )


def _no_junk_row(cards: list[dict]) -> RuleResult:
    junk = sorted((card for card in cards if is_junk(card)), key=card_calories, reverse=True)
    return RuleResult(
        rule="no_junk",
        met=not junk,
        have=len(junk),
        need=0,
        cards=tuple((card["id"], card_calories(card)) for card in junk),
        suggestion=junk[0]["id"] if junk else None,
        suggest="remove" if junk else "",
    )


def _amount_words(number: float) -> str:
    return f"{number:g}" if number == int(number) else f"{number:.2f}".rstrip("0")


def _reason(row: RuleResult) -> str:
    if row.rule == "calories":
        return f"Too many calories: {row.have} of {row.need}"
    if row.rule == "vegetable":
        return "Needs a vegetable"
    if row.rule == "no_junk":
        return "No junk food in this meal"
    short = row.need - row.have
    plural = "" if math.isclose(short, 1) else "s"
    return f"Needs {_amount_words(short)} more {_REASON_WORDS[row.rule]} serving{plural}"


def check_meal(
    cards: list[dict], rules: MealRules = BOOK_RULES, *, allowed: list[dict] | None = None
) -> MealCheck:
    """Check a meal (a list of card records) against a rule set (the book's by default).
    `allowed`: the card records a player may still add, for the suggestions."""
    calories = sum(card_calories(card) for card in cards)
    context = _Context(rules, calories, list(allowed or ()))
    rows = [_count_row(rule, need, cards, context) for rule, need in rules.count_rules()]
    if rules.one_vegetable:
        rows.append(_count_row("vegetable", 1, cards, context))
    if rules.no_junk:
        rows.append(_no_junk_row(cards))
    rows.append(_calories_row(cards, context))
    count = context.count

    def total(*groups: str) -> float:
        value = _servings(cards, groups, count)
        return round(value, 4) if rules.real_servings else int(value)

    return MealCheck(
        grains=total("grains"),
        fruit_or_veggie=total("fruit", "veggie"),
        meat_or_dairy=total("meat", "dairy"),
        calories=calories,
        reasons=tuple(_reason(row) for row in rows if not row.met),
        rows=tuple(rows),
        calorie_limit=rules.calorie_limit,
    )


STEPS_PER_SERVING = 8  # the lightest-meal search counts real servings in eighths


def lightest_balanced_meal(
    cards: list[dict], rules: MealRules = BOOK_RULES, *, max_cards: int = 12
) -> list[dict] | None:
    """The meal from these cards (each card at most once, at most `max_cards`) that meets every
    rule but the calorie limit with the fewest calories, then the fewest cards; with one
    Exhilarating Exercise card added when the meal is over the limit and one is there. None when
    the cards can't meet the serving rules at all. Whether it is balanced: `check_meal` says.

    A search over the servings still needed (each group counted only up to what the rules ask),
    keeping the lightest plate for each: at most a few thousand states for any rule set. Real
    servings are counted in whole eighths, rounded down, so the search never finds a meal the
    check would refuse."""
    steps = STEPS_PER_SERVING if rules.real_servings else 1
    count = serving_counter(rules)
    vegetable = 1 if rules.one_vegetable else 0
    caps = {
        "grains": rules.grains,
        "fruit": max(rules.fruit, rules.fruit_or_veggie),
        "veggie": max(rules.veggie, rules.fruit_or_veggie, vegetable),
        "meat": max(rules.meat, rules.meat_or_dairy),
        "dairy": max(rules.dairy, rules.meat_or_dairy),
    }
    caps = {group: need * steps for group, need in caps.items()}
    groups = tuple(caps)

    def units(card: dict, group: str) -> int:
        return math.floor(count(card, group) * steps + EPSILON)

    def met(state: tuple[int, ...]) -> bool:
        have = dict(zip(groups, state, strict=True))
        return (
            all(have[group] >= getattr(rules, group) * steps for group in groups)
            and have["fruit"] + have["veggie"] >= rules.fruit_or_veggie * steps
            and have["meat"] + have["dairy"] >= rules.meat_or_dairy * steps
            and have["veggie"] >= vegetable * steps
        )

    useful = [
        card
        for card in cards
        if not is_exercise(card)
        and not (rules.no_junk and is_junk(card))
        and any(units(card, group) > 0 for group in groups)
    ]
    # state -> (calories, number of cards, the cards)
    best: dict[tuple[int, ...], tuple[int, int, tuple[dict, ...]]] = {(0,) * len(groups): (0, 0, ())}
    for card in useful:
        for state, (calories, number, meal) in list(best.items()):
            if number >= max_cards or met(state):
                continue
            grown = tuple(
                min(caps[group], have + units(card, group)) for group, have in zip(groups, state, strict=True)
            )
            candidate = (calories + card_calories(card), number + 1, (*meal, card))
            if grown not in best or candidate[:2] < best[grown][:2]:
                best[grown] = candidate
    done = [value for state, value in best.items() if met(state)]
    if not done:
        return None
    calories, number, meal = min(done, key=lambda value: value[:2])
    exercise = next((card for card in cards if is_exercise(card)), None)
    if calories > rules.calorie_limit and exercise is not None and number < max_cards:
        meal = (*meal, exercise)
    return list(meal)
