"""Nutri-Score 2023, as published (pure Python, no Django).

The algorithm of the Nutri-Score front-of-pack label as updated by its European Scientific
Committee: for foods in the 2022 report ("Update of the Nutri-Score algorithm", Scientific
Committee of the Nutri-Score, June 2022: the general case with its red-meat rule, cheeses, and
fats, oils, nuts and seeds) and for drinks in the 2023 report ("Update of the Nutri-Score
algorithm for beverages", 2023: milk and milk drinks are beverages now, sweeteners cost points,
only water is A). No Python package implements this version, so this module writes it out.

Everything is per 100 g (the label's basis; USDA gives per 100 g, and for milk and drinks
100 g is within a few grams of 100 ml). Points are given when an amount is strictly more than a
threshold (the saturated-fat ratio of fats: at or above it). N = the points of the nutrients to
limit, P = the points of the good components, score = N - P; then a grade from A to E by the
food's kind. Protein points count for drinks and cheeses always, for other foods only when N is
below 11 (below 7 for fats, oils, nuts and seeds); a red-meat product gets at most 2 protein
points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

GENERAL, CHEESE, FATS, BEVERAGE, WATER = "general", "cheese", "fats", "beverage", "water"
KINDS = (GENERAL, CHEESE, FATS, BEVERAGE, WATER)
KJ_PER_KCAL = 4.184
KJ_PER_G_SATURATED_FAT = 37.0  # "energy from saturates" of fats, oils, nuts and seeds
SALT_PER_SODIUM = 2.5

# Thresholds: one point for each one the amount is above.
ENERGY_KJ = (335, 670, 1005, 1340, 1675, 2010, 2345, 2680, 3015, 3350)
SUGARS_G = (3.4, 6.8, 10, 14, 17, 20, 24, 27, 31, 34, 37, 41, 44, 48, 51)
SATURATED_FAT_G = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
SALT_G = tuple(round(0.2 * step, 1) for step in range(1, 21))  # 0.2, 0.4 ... 4.0
PROTEIN_G = (2.4, 4.8, 7.2, 9.6, 12, 14, 17)
FIBER_G = (3.0, 4.1, 5.2, 6.3, 7.4)
FVL_PERCENT = (40, 60, 80, 80, 80)  # 1, 2, then 5 points above 80 %
# Fats, oils, nuts and seeds: energy from saturates and the share of the fat that is saturated.
ENERGY_FROM_SATURATES_KJ = tuple(120 * step for step in range(1, 11))
SATURATED_RATIO_PERCENT = (10, 16, 22, 28, 34, 40, 46, 52, 58, 64)
# Beverages.
BEVERAGE_ENERGY_KJ = (30, 90, 150, 210, 240, 270, 300, 330, 360, 390)
BEVERAGE_SUGARS_G = (0.5, 2, 3.5, 5, 6, 7, 8, 9, 10, 11)
BEVERAGE_PROTEIN_G = (1.2, 1.5, 1.8, 2.1, 2.4, 2.7, 3.0)
BEVERAGE_FVL_PERCENT = (40, 40, 60, 60, 80, 80)  # 2, 4, then 6 points
SWEETENER_POINTS = 4
RED_MEAT_PROTEIN_MAX = 2
PROTEIN_LIMIT_N = {FATS: 7}  # protein counts while N is below this (11 for the others)
GENERAL_PROTEIN_LIMIT_N = 11

# The highest score of each grade, by kind (E is everything above D).
GRADE_TOPS = {
    GENERAL: (("A", 0), ("B", 2), ("C", 10), ("D", 18)),
    CHEESE: (("A", 0), ("B", 2), ("C", 10), ("D", 18)),
    FATS: (("A", -6), ("B", 2), ("C", 10), ("D", 18)),
    BEVERAGE: (("B", 2), ("C", 6), ("D", 9)),
}
GRADES = "ABCDE"


def _round_half_up(value: float, digits: int) -> float:
    scale = 10**digits
    return math.floor(value * scale + 0.5) / scale


def label_value(key: str, amount: float) -> float:
    """An amount per 100 g as a nutrition declaration shows it (European Commission guidance
    document on tolerances and rounding, 2012): energy to the kJ; fat, sugars, fiber and protein
    to the gram from 10 g, else to 0.1 g, and "0" up to 0.5 g; saturated fat the same with "0"
    up to 0.1 g; salt to 0.1 g from 1 g, else to 0.01 g, and "0" up to 0.0125 g."""
    if key == "energy_kj":
        return _round_half_up(amount, 0)
    if key == "salt_g":
        if amount <= 0.0125:
            return 0.0
        return _round_half_up(amount, 1 if amount >= 1 else 2)
    zero_up_to = 0.1 if key == "saturated_fat_g" else 0.5
    if amount <= zero_up_to:
        return 0.0
    return _round_half_up(amount, 0 if amount >= 10 else 1)


@dataclass(frozen=True)
class NutriScoreFood:
    """What the Nutri-Score reads, per 100 g."""

    energy_kj: float = 0.0
    sugars_g: float = 0.0
    saturated_fat_g: float = 0.0
    fat_g: float = 0.0
    salt_g: float = 0.0
    fiber_g: float = 0.0
    protein_g: float = 0.0
    fvl_percent: float = 0.0  # fruit, vegetables and legumes in the recipe
    kind: str = GENERAL
    red_meat: bool = False
    sweeteners: bool = False  # a drink with non-nutritive sweeteners

    @classmethod
    def from_nutrients(
        cls,
        per_100g: dict,
        *,
        kind: str = GENERAL,
        fvl_percent: float = 0.0,
        red_meat: bool = False,
        sweeteners: bool = False,
    ) -> NutriScoreFood:
        """From nutrition.nutrients keys per 100 g (a missing figure counts as 0), each rounded
        as it would be printed on a nutrition declaration (`label_value`): the Nutri-Score gives
        points for the declared values."""

        def amount(key: str) -> float:
            return float(per_100g.get(key) or 0.0)

        return cls(
            energy_kj=label_value("energy_kj", amount("energy_kcal") * KJ_PER_KCAL),
            sugars_g=label_value("sugars_g", amount("sugars_g")),
            saturated_fat_g=label_value("saturated_fat_g", amount("saturated_fat_g")),
            fat_g=label_value("fat_g", amount("fat_g")),
            salt_g=label_value("salt_g", amount("sodium_mg") * SALT_PER_SODIUM / 1000.0),
            fiber_g=label_value("fiber_g", amount("fiber_g")),
            protein_g=label_value("protein_g", amount("protein_g")),
            fvl_percent=float(fvl_percent),
            kind=kind,
            red_meat=red_meat,
            sweeteners=sweeteners,
        )


@dataclass(frozen=True)
class Component:
    """One row of the score: what was measured and the points it gives."""

    key: str  # energy, energy_from_saturates, sugars, saturated_fat, saturated_ratio, salt,
    # sweeteners, protein, fiber, fvl
    amount: float
    unit: str  # "kJ", "g", "%", "" (sweeteners)
    points: int
    max_points: int
    counted: bool = True  # protein points that the rules leave out are shown, not counted


@dataclass(frozen=True)
class NutriScore:
    kind: str
    negative: tuple[Component, ...]
    positive: tuple[Component, ...]
    score: int
    grade: str

    @property
    def negative_points(self) -> int:
        return sum(c.points for c in self.negative if c.counted)

    @property
    def positive_points(self) -> int:
        return sum(c.points for c in self.positive if c.counted)

    @property
    def protein_counted(self) -> bool:
        return all(c.counted for c in self.positive if c.key == "protein")


def points_above(amount: float, thresholds: tuple[float, ...], *, at_or_above: bool = False) -> int:
    """How many thresholds `amount` is above (strictly, unless `at_or_above`)."""
    if at_or_above:
        return sum(1 for limit in thresholds if amount >= limit)
    return sum(1 for limit in thresholds if amount > limit)


def _component(key: str, amount: float, unit: str, thresholds: tuple, **flags) -> Component:
    return Component(key, round(amount, 3), unit, points_above(amount, thresholds, **flags), len(thresholds))


def _negative(food: NutriScoreFood) -> list[Component]:
    if food.kind == BEVERAGE:
        rows = [
            _component("energy", food.energy_kj, "kJ", BEVERAGE_ENERGY_KJ),
            _component("sugars", food.sugars_g, "g", BEVERAGE_SUGARS_G),
        ]
    elif food.kind == FATS:
        rows = [
            _component(
                "energy_from_saturates",
                food.saturated_fat_g * KJ_PER_G_SATURATED_FAT,
                "kJ",
                ENERGY_FROM_SATURATES_KJ,
            ),
            _component("sugars", food.sugars_g, "g", SUGARS_G),
        ]
    else:
        rows = [
            _component("energy", food.energy_kj, "kJ", ENERGY_KJ),
            _component("sugars", food.sugars_g, "g", SUGARS_G),
        ]
    if food.kind == FATS:
        ratio = 100.0 * food.saturated_fat_g / food.fat_g if food.fat_g > 0 else 0.0
        rows.append(_component("saturated_ratio", ratio, "%", SATURATED_RATIO_PERCENT, at_or_above=True))
    else:
        rows.append(_component("saturated_fat", food.saturated_fat_g, "g", SATURATED_FAT_G))
    rows.append(_component("salt", food.salt_g, "g", SALT_G))
    if food.kind == BEVERAGE:
        rows.append(
            Component(
                "sweeteners", 1.0 if food.sweeteners else 0.0, "", SWEETENER_POINTS * food.sweeteners, 4
            )
        )
    return rows


def _positive(food: NutriScoreFood, negative_points: int) -> list[Component]:
    beverage = food.kind == BEVERAGE
    protein = _component("protein", food.protein_g, "g", BEVERAGE_PROTEIN_G if beverage else PROTEIN_G)
    if food.red_meat and protein.points > RED_MEAT_PROTEIN_MAX:
        protein = Component(
            protein.key, protein.amount, protein.unit, RED_MEAT_PROTEIN_MAX, protein.max_points
        )
    limit = PROTEIN_LIMIT_N.get(food.kind, GENERAL_PROTEIN_LIMIT_N)
    counted = beverage or food.kind == CHEESE or negative_points < limit
    protein = Component(
        protein.key, protein.amount, protein.unit, protein.points, protein.max_points, counted
    )
    if beverage:
        fvl_points = 2 * points_above(food.fvl_percent, (40, 60, 80))
        fvl = Component("fvl", food.fvl_percent, "%", fvl_points, 6)
    else:
        fvl = _component("fvl", food.fvl_percent, "%", FVL_PERCENT)
    return [protein, _component("fiber", food.fiber_g, "g", FIBER_G), fvl]


def grade_for(kind: str, score: int) -> str:
    """The letter of a score for a kind of food (water is always A)."""
    if kind == WATER:
        return "A"
    for grade, top in GRADE_TOPS[kind]:
        if score <= top:
            return grade
    return "E"


def grade_range(kind: str, grade: str) -> tuple[int, int]:
    """The lowest and highest score a grade spans for a kind of food (the lowest possible score
    and the highest possible score at the two ends)."""
    lowest, highest = SCORE_LIMITS[kind]
    tops = GRADE_TOPS[kind]
    letters = [letter for letter, _top in tops] + ["E"]
    index = letters.index(grade)
    low = lowest if index == 0 else tops[index - 1][1] + 1
    high = tops[index][1] if index < len(tops) else highest
    return low, high


def nutri_score(food: NutriScoreFood) -> NutriScore:
    """The Nutri-Score of a food (2023 version)."""
    if food.kind not in KINDS:
        raise ValueError(f"Unknown Nutri-Score kind {food.kind!r}.")
    if food.kind == WATER:
        return NutriScore(WATER, (), (), 0, "A")
    negative = _negative(food)
    n = sum(c.points for c in negative)
    positive = _positive(food, n)
    score = n - sum(c.points for c in positive if c.counted)
    return NutriScore(food.kind, tuple(negative), tuple(positive), score, grade_for(food.kind, score))


def _limits(kind: str) -> tuple[int, int]:
    worst = sum(len(t) for t in (ENERGY_KJ, SUGARS_G, SATURATED_FAT_G, SALT_G))
    best = len(PROTEIN_G) + len(FIBER_G) + 5
    if kind == BEVERAGE:
        worst = len(BEVERAGE_ENERGY_KJ) + len(BEVERAGE_SUGARS_G) + len(SATURATED_FAT_G) + len(SALT_G) + 4
        best = len(BEVERAGE_PROTEIN_G) + len(FIBER_G) + 6
    return -best, worst


# The lowest (best) and highest (worst) score each kind can reach.
SCORE_LIMITS = {kind: _limits(kind) for kind in (GENERAL, CHEESE, FATS, BEVERAGE)}
