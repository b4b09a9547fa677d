"""The balanced-meal check: the one place that decides whether a plate of cards is a balanced meal.

Pure Python (no Django), so Build-A-Meal, the meal lessons and the food explorer all share it.

A balanced meal has
  * at least 2 grain servings,
  * at least 2 fruit or veggie servings (the two groups count together),
  * at least 1 meat or dairy serving (the two groups count together),
  * at most 600 calories in total.

A card brings the servings listed in its `groups` (a slice of pizza can be 2 grains, 1 dairy and
1 veggie at once). Calories are simply added up, and Exhilarating Exercise is worth -200, which is
how it lets a meal go 200 calories over the limit.
"""

from __future__ import annotations

from dataclasses import dataclass, field

GRAIN_SERVINGS_NEEDED = 2
FRUIT_OR_VEGGIE_SERVINGS_NEEDED = 2
MEAT_OR_DAIRY_SERVINGS_NEEDED = 1
CALORIE_LIMIT = 600
EXERCISE_CALORIES = -200
FOOD_GROUPS = ("grains", "fruit", "veggie", "meat", "dairy")


@dataclass(frozen=True)
class MealCheck:
    """What the check found: the totals, and one plain-words reason per rule the meal misses."""

    grains: int
    fruit_or_veggie: int
    meat_or_dairy: int
    calories: int
    reasons: tuple[str, ...] = field(default_factory=tuple)

    @property
    def balanced(self) -> bool:
        return not self.reasons

    @property
    def within_calories(self) -> bool:
        """True when the meal is not over the calorie limit (whatever its food groups)."""
        return self.calories <= CALORIE_LIMIT


def card_calories(card: dict) -> int:
    """A card's calories; Exhilarating Exercise always counts as -200."""
    if card.get("special") == "exercise" or card.get("category") == "exercise":
        return EXERCISE_CALORIES
    return int(card.get("calories") or 0)


def card_servings(card: dict, group: str) -> int:
    return int((card.get("groups") or {}).get(group, 0) or 0)


def _servings(cards: list[dict], *groups: str) -> int:
    return sum(card_servings(card, group) for card in cards for group in groups)


def _missing(count: int, needed: int, what: str) -> str | None:
    if count >= needed:
        return None
    short = needed - count
    return f"Needs {short} more {what} serving{'' if short == 1 else 's'}"


def check_meal(cards: list[dict]) -> MealCheck:
    """Check a meal (a list of card records) against the four balanced-meal rules."""
    grains = _servings(cards, "grains")
    fruit_or_veggie = _servings(cards, "fruit", "veggie")
    meat_or_dairy = _servings(cards, "meat", "dairy")
    calories = sum(card_calories(card) for card in cards)
    reasons = [
        _missing(grains, GRAIN_SERVINGS_NEEDED, "grain"),
        _missing(fruit_or_veggie, FRUIT_OR_VEGGIE_SERVINGS_NEEDED, "fruit or veggie"),
        _missing(meat_or_dairy, MEAT_OR_DAIRY_SERVINGS_NEEDED, "meat or dairy"),
        f"Too many calories: {calories} of {CALORIE_LIMIT}" if calories > CALORIE_LIMIT else None,
    ]
    return MealCheck(
        grains=grains,
        fruit_or_veggie=fruit_or_veggie,
        meat_or_dairy=meat_or_dairy,
        calories=calories,
        reasons=tuple(reason for reason in reasons if reason),
    )
