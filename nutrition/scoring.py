"""A food card's three numbers, computed from USDA nutrients (pure Python, no Django).

Everything works on one card serving: nutrients per 100 g (USDA SR, keys from
nutrition.nutrients) times the serving's grams / 100. Percent daily values (% DV) use the FDA's
2016 label daily values (adults and children 4+). Numbers are rounded half up at the very end.

Calories
    energy (kcal per 100 g) x grams / 100.

Vitamin power (about 0-40)
    For each of 11 vitamins (A, C, D, E, K, thiamin B1, riboflavin B2, niacin B3, B6, folate,
    B12) take the serving's % DV, capped at 40 % so one vitamin cannot carry a food on its own,
    add them up and divide by 5. A serving with 40 % of every vitamin would score 88; real
    servings score 0 (cola, candy) to about 45 (salmon, an enriched-bread sub).

Overall value (0 to about 40)
    The Nutrient Rich Foods index NRF9.3 (Drewnowski and Fulgoni, 2009), computed per serving:
    NR9 = the sum of % DV of nine nutrients to encourage (protein, fiber, vitamins A, C and E,
    calcium, iron, potassium, magnesium), each capped at 100 %; LIM3 = the sum of % DV of three
    nutrients to limit (saturated fat, added sugars, sodium), not capped. NRF9.3 = NR9 - LIM3.
    Card value = NRF9.3 / 4, and never below 0 (a food whose bad side outweighs its good side
    is worth 0, it cannot take value away). SR has no added-sugar figure: when the nutrients
    carry `added_sugars_g` (our estimate, see nutrition.nutrients.estimated_added_sugars) it is
    used, otherwise all sugars count as added.
"""

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from nutrition.nutrients import NUTRIENTS_BY_KEY, UNIT_SYMBOLS

VITAMIN_KEYS: tuple[str, ...] = (
    "vitamin_a_rae_ug",
    "vitamin_c_mg",
    "vitamin_d_ug",
    "vitamin_e_mg",
    "vitamin_k_ug",
    "thiamin_mg",
    "riboflavin_mg",
    "niacin_mg",
    "vitamin_b6_mg",
    "folate_dfe_ug",
    "vitamin_b12_ug",
)
VITAMIN_CAP_PCT = 40.0
VITAMIN_DIVISOR = 5.0

ENCOURAGED_KEYS: tuple[str, ...] = (
    "protein_g",
    "fiber_g",
    "vitamin_a_rae_ug",
    "vitamin_c_mg",
    "vitamin_e_mg",
    "calcium_mg",
    "iron_mg",
    "potassium_mg",
    "magnesium_mg",
)
ENCOURAGED_CAP_PCT = 100.0
LIMITED_KEYS: tuple[str, ...] = ("saturated_fat_g", "added_sugars_g", "sodium_mg")
VALUE_DIVISOR = 4.0

# Every nutrient the three formulas read: the card JSON keeps these per 100 g.
SCORING_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(("energy_kcal", "sugars_g", *VITAMIN_KEYS, *ENCOURAGED_KEYS, *LIMITED_KEYS))
)


class ScoreLine(NamedTuple):
    """One row of a "why this number" table."""

    label: str
    amount: float  # per serving, in unit
    unit: str  # display symbol (g, mg, µg)
    percent_dv: float  # % of the daily value, one decimal
    points: float  # what the row adds to the card number (negative for nutrients to limit)


@dataclass(frozen=True)
class CardScore:
    calories: int
    vitamin_power: int
    value: int
    grams: float
    breakdown: list[ScoreLine] = field(default_factory=list)  # overall value, row by row
    vitamin_breakdown: list[ScoreLine] = field(default_factory=list)
    nr9: float = 0.0  # % DV sum of the nine encouraged nutrients (each capped at 100)
    lim3: float = 0.0  # % DV sum of the three limited nutrients
    missing: tuple[str, ...] = ()  # nutrient keys USDA gives no value for (counted as 0)

    @property
    def missing_labels(self) -> list[str]:
        return [NUTRIENTS_BY_KEY[key].label for key in self.missing]

    @property
    def nrf93(self) -> float:
        return round(self.nr9 - self.lim3, 1)


def round_half_up(number: float) -> int:
    """0.5 rounds away from zero (not Python's banker's rounding), as people expect on a card."""
    return int(math.copysign(math.floor(abs(number) + 0.5), number))


def per_serving(nutrients_per_100g: dict, grams: float) -> dict:
    """Every known nutrient scaled from 100 g to the serving (None stays None)."""
    factor = float(grams) / 100.0
    return {
        key: (None if amount is None else round(float(amount) * factor, 4))
        for key, amount in nutrients_per_100g.items()
    }


def _limited_amount(nutrients_per_100g: dict, key: str) -> float | None:
    if key == "added_sugars_g" and nutrients_per_100g.get(key) is None:
        return nutrients_per_100g.get("sugars_g")
    return nutrients_per_100g.get(key)


def _percent_dv(key: str, amount: float) -> float:
    return 100.0 * amount / NUTRIENTS_BY_KEY[key].daily_value


def _line(key: str, amount: float, percent: float, points: float) -> ScoreLine:
    nutrient = NUTRIENTS_BY_KEY[key]
    return ScoreLine(nutrient.label, round(amount, 4), UNIT_SYMBOLS[nutrient.unit], round(percent, 1), points)


def card_calories(nutrients_per_100g: dict, grams: float) -> int:
    return round_half_up((nutrients_per_100g.get("energy_kcal") or 0.0) * float(grams) / 100.0)


def score_card(nutrients_per_100g: dict, grams: float) -> CardScore:
    """The card numbers of a serving of `grams` of a food with these nutrients per 100 g."""
    if grams is None or float(grams) <= 0:
        raise ValueError("A card serving must weigh more than 0 grams.")
    factor = float(grams) / 100.0
    missing: list[str] = []

    def serving_amount(key: str, amount_per_100g: float | None) -> float:
        if amount_per_100g is None:
            missing.append(key)
            return 0.0
        return float(amount_per_100g) * factor

    vitamin_lines, vitamin_sum = [], 0.0
    for key in VITAMIN_KEYS:
        amount = serving_amount(key, nutrients_per_100g.get(key))
        percent = _percent_dv(key, amount)
        counted = min(percent, VITAMIN_CAP_PCT)
        vitamin_sum += counted
        vitamin_lines.append(_line(key, amount, percent, round(counted / VITAMIN_DIVISOR, 1)))

    value_lines, nr9, lim3 = [], 0.0, 0.0
    for key in ENCOURAGED_KEYS:
        amount = serving_amount(key, nutrients_per_100g.get(key))
        percent = _percent_dv(key, amount)
        counted = min(percent, ENCOURAGED_CAP_PCT)
        nr9 += counted
        value_lines.append(_line(key, amount, percent, round(counted / VALUE_DIVISOR, 1)))
    for key in LIMITED_KEYS:
        amount = serving_amount(key, _limited_amount(nutrients_per_100g, key))
        percent = _percent_dv(key, amount)
        lim3 += percent
        value_lines.append(_line(key, amount, percent, -round(percent / VALUE_DIVISOR, 1)))

    return CardScore(
        calories=card_calories(nutrients_per_100g, grams),
        vitamin_power=round_half_up(vitamin_sum / VITAMIN_DIVISOR),
        value=max(0, round_half_up((nr9 - lim3) / VALUE_DIVISOR)),
        grams=float(grams),
        breakdown=value_lines,
        vitamin_breakdown=vitamin_lines,
        nr9=round(nr9, 1),
        lim3=round(lim3, 1),
        missing=tuple(dict.fromkeys(missing)),
    )
