"""The balanced-meal check: the one place that decides whether a plate of cards is a balanced meal.

Pure Python (no Django), so Build-A-Meal, its bots, the meal-balance lessons and the food
explorer all share it. Its words for people live on the Django side (`nutrition.meal_words`).

The book's rules (Build-A-Meal, `BOOK_RULES`): a balanced meal has
  * at least 2 grain servings,
  * at least 2 fruit or veggie servings (the two groups count together),
  * at least 1 meat or dairy serving (the two groups count together),
  * at most 600 calories in total.

A lesson may adjust them (`MealRules`): a count of servings for any MyPlate group or pair of
groups, the calorie limit, and optionally "at least one vegetable" and "no junk food".

A card brings the servings listed in its `groups` (a slice of pizza can be 2 grains, 1 dairy and
1 veggie at once). Calories are simply added up, and Exhilarating Exercise is worth -200, which is
how it lets a meal go 200 calories over the limit.

`check_meal` returns the totals, one `RuleResult` per rule (met or not, the numbers, the cards
that count for or against it, and a card to try from the cards allowed), and for the engine's
messages one plain English reason per unmet rule.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields

GRAIN_SERVINGS_NEEDED = 2
FRUIT_OR_VEGGIE_SERVINGS_NEEDED = 2
MEAT_OR_DAIRY_SERVINGS_NEEDED = 1
CALORIE_LIMIT = 600
EXERCISE_CALORIES = -200
FOOD_GROUPS = ("grains", "fruit", "veggie", "meat", "dairy")

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
    """A rule set: servings needed per group (0: no rule), the calorie limit, and two extras."""

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


@dataclass(frozen=True)
class RuleResult:
    """One rule checked against a plate.

    rule: a key of COUNT_RULES, or "calories", "vegetable", "no_junk".
    have/need: servings and servings needed; for "calories" the total and the limit; for
      "no_junk" the junk cards on the plate and 0.
    cards: (card id, its number for this rule) for the plate's cards that count for the rule
      (servings, calories) or against it (junk).
    suggestion: a card id to try; `suggest` says whether to "add" it (from the cards allowed)
      or "remove" it from the plate.
    """

    rule: str
    met: bool
    have: int
    need: int
    groups: tuple[str, ...] = ()
    cards: tuple[tuple[str, int], ...] = ()
    suggestion: str | None = None
    suggest: str = ""


@dataclass(frozen=True)
class MealCheck:
    """What the check found: the totals, one result per rule, and one plain-words reason per rule
    the meal misses (English, for the engine's messages)."""

    grains: int
    fruit_or_veggie: int
    meat_or_dairy: int
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
    return int((card.get("groups") or {}).get(group, 0) or 0)


def _servings(cards: list[dict], *groups: str) -> int:
    return sum(card_servings(card, group) for card in cards for group in groups)


def _count_row(rule: str, need: int, cards: list[dict], calories: int, limit: int, allowed) -> RuleResult:
    groups = COUNT_RULES.get(rule, ("veggie",))  # "vegetable": at least one veggie
    have = _servings(cards, *groups)
    counted = tuple((card["id"], servings) for card in cards if (servings := _servings([card], *groups)) > 0)
    met = have >= need
    suggestion = None if met else _card_to_add(groups, cards, calories, limit, allowed)
    return RuleResult(
        rule=rule,
        met=met,
        have=have,
        need=need,
        groups=groups,
        cards=counted,
        suggestion=suggestion,
        suggest="add" if suggestion else "",
    )


def _card_to_add(groups, cards: list[dict], calories: int, limit: int, allowed) -> str | None:
    """The allowed card that brings one of these groups best: not on the plate, not junk, keeping
    the meal within the limit if it can, then the fewest calories."""
    on_plate = {card.get("id") for card in cards}
    candidates = [
        card
        for card in allowed or ()
        if card.get("id") not in on_plate and not is_junk(card) and _servings([card], *groups) > 0
    ]
    if not candidates:
        return None
    best = min(
        candidates,
        key=lambda c: (calories + card_calories(c) > limit, card_calories(c), c.get("name", c["id"])),
    )
    return best["id"]


def _calories_row(cards: list[dict], calories: int, limit: int, allowed) -> RuleResult:
    met = calories <= limit
    counted = tuple((card["id"], card_calories(card)) for card in cards)
    suggestion, suggest = None, ""
    if not met:
        on_plate = {card.get("id") for card in cards}
        exercise = [c for c in allowed or () if is_exercise(c) and c.get("id") not in on_plate]
        if exercise and calories + EXERCISE_CALORIES <= limit:
            suggestion, suggest = exercise[0]["id"], "add"
        else:
            eaten = [card for card in cards if not is_exercise(card)]
            heaviest = max(eaten, key=card_calories, default=None)
            if heaviest is not None:
                suggestion, suggest = heaviest["id"], "remove"
    return RuleResult(
        rule="calories",
        met=met,
        have=calories,
        need=limit,
        cards=counted,
        suggestion=suggestion,
        suggest=suggest,
    )


def _no_junk_row(cards: list[dict]) -> RuleResult:
    junk = [card for card in cards if is_junk(card)]
    return RuleResult(
        rule="no_junk",
        met=not junk,
        have=len(junk),
        need=0,
        cards=tuple((card["id"], card_calories(card)) for card in junk),
        suggestion=junk[0]["id"] if junk else None,
        suggest="remove" if junk else "",
    )


def _reason(row: RuleResult) -> str:
    if row.rule == "calories":
        return f"Too many calories: {row.have} of {row.need}"
    if row.rule == "vegetable":
        return "Needs a vegetable"
    if row.rule == "no_junk":
        return "No junk food in this meal"
    short = row.need - row.have
    return f"Needs {short} more {_REASON_WORDS[row.rule]} serving{'' if short == 1 else 's'}"


def check_meal(
    cards: list[dict], rules: MealRules = BOOK_RULES, *, allowed: list[dict] | None = None
) -> MealCheck:
    """Check a meal (a list of card records) against a rule set (the book's by default).
    `allowed`: the card records a player may still add, for the suggestions."""
    calories = sum(card_calories(card) for card in cards)
    limit = rules.calorie_limit
    rows = [_count_row(rule, need, cards, calories, limit, allowed) for rule, need in rules.count_rules()]
    if rules.one_vegetable:
        rows.append(_count_row("vegetable", 1, cards, calories, limit, allowed))
    if rules.no_junk:
        rows.append(_no_junk_row(cards))
    rows.append(_calories_row(cards, calories, limit, allowed))
    return MealCheck(
        grains=_servings(cards, "grains"),
        fruit_or_veggie=_servings(cards, "fruit", "veggie"),
        meat_or_dairy=_servings(cards, "meat", "dairy"),
        calories=calories,
        reasons=tuple(_reason(row) for row in rows if not row.met),
        rows=tuple(rows),
        calorie_limit=limit,
    )


def lightest_balanced_meal(
    cards: list[dict], rules: MealRules = BOOK_RULES, *, max_cards: int = 12
) -> list[dict] | None:
    """The meal from these cards (each card at most once, at most `max_cards`) that meets every
    rule but the calorie limit with the fewest calories, then the fewest cards; with one
    Exhilarating Exercise card added when the meal is over the limit and one is there. None when
    the cards can't meet the serving rules at all. Whether it is balanced: `check_meal` says.

    A search over the servings still needed (each group counted only up to what the rules ask),
    keeping the lightest plate for each: at most a few hundred states for any rule set."""
    caps = {
        "grains": rules.grains,
        "fruit": max(rules.fruit, rules.fruit_or_veggie),
        "veggie": max(rules.veggie, rules.fruit_or_veggie, 1 if rules.one_vegetable else 0),
        "meat": max(rules.meat, rules.meat_or_dairy),
        "dairy": max(rules.dairy, rules.meat_or_dairy),
    }
    groups = tuple(caps)

    def met(state: tuple[int, ...]) -> bool:
        have = dict(zip(groups, state, strict=True))
        return (
            all(have[group] >= getattr(rules, group) for group in groups)
            and have["fruit"] + have["veggie"] >= rules.fruit_or_veggie
            and have["meat"] + have["dairy"] >= rules.meat_or_dairy
            and (not rules.one_vegetable or have["veggie"] >= 1)
        )

    useful = [
        card
        for card in cards
        if not is_exercise(card)
        and not (rules.no_junk and is_junk(card))
        and any(card_servings(card, group) > 0 for group in groups)
    ]
    # state -> (calories, number of cards, the cards)
    best: dict[tuple[int, ...], tuple[int, int, tuple[dict, ...]]] = {(0,) * len(groups): (0, 0, ())}
    for card in useful:
        for state, (calories, count, meal) in list(best.items()):
            if count >= max_cards or met(state):
                continue
            grown = tuple(
                min(caps[group], have + card_servings(card, group))
                for group, have in zip(groups, state, strict=True)
            )
            candidate = (calories + card_calories(card), count + 1, (*meal, card))
            if grown not in best or candidate[:2] < best[grown][:2]:
                best[grown] = candidate
    done = [value for state, value in best.items() if met(state)]
    if not done:
        return None
    calories, count, meal = min(done, key=lambda value: value[:2])
    exercise = next((card for card in cards if is_exercise(card)), None)
    if calories > rules.calorie_limit and exercise is not None and count < max_cards:
        meal = (*meal, exercise)
    return list(meal)
