"""A food card's three numbers, computed from USDA nutrients (pure Python, no Django).

Input: nutrients per 100 g (USDA SR, keys from nutrition.nutrients, plus `added_sugars_g`, our
estimate: nutrition.myplate.estimated_added_sugars), the serving's grams, and the food's
profile (nutrition.food_profile: its Nutri-Score kind, its share of fruit, vegetables and
legumes, the vitamins added in the factory). Percent daily values (% DV) use the FDA's 2016
label daily values (adults and children 4+). Numbers are rounded half up at the very end.

Calories
    energy (kcal per 100 g) x grams / 100.

Overall value (0 to 48): how good the food is, whatever the portion
    The Nutri-Score 2023 (nutrition.nutri_score, per 100 g) decides. Its letter gives the band
    of card values, A 12 to 40, B 9 to 12, C 5 to 9, D 2 to 5, E 0 to 2, and its points the
    place in the band, fewer points higher. Foods with the same Nutri-Score are told apart by
    the Nutrient Rich Foods index NRF9.3 per 100 kcal (Fulgoni, Keast and Drewnowski, J Nutr
    2009;139:1549-54): the nine nutrients to encourage (protein, fiber, vitamins A, C and E,
    calcium, iron, potassium, magnesium; each % DV up to 100) minus the three to limit (saturated
    fat, added sugars, sodium; % of the daily limit) in 100 kcal of the food. It moves a food
    less than one Nutri-Score point, so the Nutri-Score's order is never changed. Cola scores 2,
    a banana 15, broccoli 26, black beans 37.

Vitamin power (0 to 1100, one decimal): how rich in vitamins the food is, per 100 calories
    The vitamin part of the Nutrient Rich Foods index (Drewnowski, "Concept of a nutritious
    food: toward a nutrient density score", Am J Clin Nutr 2005;82:721-32; Fulgoni, Keast and
    Drewnowski, J Nutr 2009;139:1549-54), applied exactly to eleven vitamins (A, C, D, E, K,
    B1, B2, B3, B6, natural folate, B12): each vitamin's % DV in 100 kcal of the food, each up
    to 100, added up, with no cut-off. Like the Overall Value it does not depend on the
    serving. Vitamins added in the factory do not count: folic acid never does, nor the
    vitamins a food says were added, nor the B vitamins put back into enriched flour, nor any
    vitamin of a food whose nutrients show a factory premix (nutrition.food_profile). One
    decimal, so no two foods that differ print the same number: a doughnut 7.6, crackers 7.7,
    an apple 30.0, chips 35.9 (their vitamin E and B6), broccoli 357.6, spinach 596.2.
"""

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from nutrition.food_profile import VITAMIN_KEYS, FoodProfile
from nutrition.nutri_score import SCORE_LIMITS, WATER, NutriScore, NutriScoreFood, grade_range, nutri_score
from nutrition.nutrients import NUTRIENTS_BY_KEY, UNIT_SYMBOLS

NRF_KCAL = 100.0  # NRF9.3 and vitamin power are counted per 100 kcal

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

# The card value bands of the Nutri-Score letters: (lowest, highest) value.
VALUE_BANDS: dict[str, tuple[int, int]] = {"A": (12, 48), "B": (9, 12), "C": (5, 9), "D": (2, 5), "E": (0, 2)}
VALUE_MAX = VALUE_BANDS["A"][1]
NRF_NUDGE_SCALE = 100.0  # NRF9.3 of 100 moves a food 3/4 of the way through its Nutri-Score point

VITAMIN_CAP_PCT = 100.0  # NRF's cap: no vitamin counts for more than a whole day's need
MAIN_VITAMINS_MAX = 3  # the card's "why" names at most this many vitamins
# Food folate is counted against the folate daily value (400 µg DFE; 1 µg of food folate is 1 µg DFE).
DAILY_VALUE_OVERRIDES = {"food_folate_ug": 400.0}

# Every nutrient the formulas read: the card JSON keeps these per 100 g.
SCORING_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(("energy_kcal", "sugars_g", "fat_g", *ENCOURAGED_KEYS, *LIMITED_KEYS, *VITAMIN_KEYS))
)


class ScoreLine(NamedTuple):
    """One row of a "why this number" table."""

    key: str
    label: str
    amount: float  # in 100 kcal of the food, in unit
    unit: str  # display symbol (g, mg, µg)
    percent_dv: float  # % of the daily value (or daily limit), one decimal
    points: float  # what the row counts
    capped: bool = False  # the cap cut this row's count
    added: bool = False  # a vitamin added in the factory: it does not count


@dataclass(frozen=True)
class NrfIndex:
    """NRF9.3 per 100 kcal: the % DV sum of 9 good nutrients minus 3 to limit."""

    good: float = 0.0
    bad: float = 0.0
    good_lines: list[ScoreLine] = field(default_factory=list)
    bad_lines: list[ScoreLine] = field(default_factory=list)
    grams: float = 0.0  # how many grams of the food hold 100 kcal (0: the food has no calories)

    @property
    def index(self) -> float:
        return round(self.good - self.bad, 1)


@dataclass(frozen=True)
class CardScore:
    calories: int
    vitamin_power: float  # one decimal
    value: int
    grams: float  # the serving
    nutri_score: NutriScore | None = None
    nrf: NrfIndex = field(default_factory=NrfIndex)
    value_band: tuple[int, int] = (0, 0)  # the card values of the food's Nutri-Score letter
    vitamin_lines: list[ScoreLine] = field(default_factory=list)
    vitamin_total: float = 0.0  # the counted vitamins added up (before rounding)
    profile: FoodProfile = field(default_factory=FoodProfile)
    missing: tuple[str, ...] = ()  # nutrient keys USDA gives no value for (counted as 0)

    vitamin_cap = VITAMIN_CAP_PCT  # for the "why" tables

    @property
    def grade(self) -> str:
        return self.nutri_score.grade if self.nutri_score else ""

    @property
    def missing_labels(self) -> list[str]:
        return [NUTRIENTS_BY_KEY[key].label for key in self.missing]

    @property
    def counted_vitamins(self) -> list[ScoreLine]:
        return [line for line in self.vitamin_lines if line.points > 0]

    @property
    def main_vitamins(self) -> list[ScoreLine]:
        """The vitamins that make most of the vitamin power: the biggest counted ones, in order,
        until they hold at least half of it (at most MAIN_VITAMINS_MAX of them)."""
        chosen, total = [], 0.0
        for line in sorted(self.counted_vitamins, key=lambda line: -line.points):
            if len(chosen) == MAIN_VITAMINS_MAX or (chosen and total >= self.vitamin_total / 2):
                break
            chosen.append(line)
            total += line.points
        return chosen


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


def card_calories(nutrients_per_100g: dict, grams: float) -> int:
    return round_half_up((nutrients_per_100g.get("energy_kcal") or 0.0) * float(grams) / 100.0)


def round_to_tenth(number: float) -> float:
    """Half up to one decimal, as vitamin power is printed."""
    return round_half_up(number * 10) / 10


def daily_value(key: str) -> float:
    return DAILY_VALUE_OVERRIDES.get(key) or NUTRIENTS_BY_KEY[key].daily_value


def _limited_amount(nutrients_per_100g: dict, key: str) -> float | None:
    if key == "added_sugars_g" and nutrients_per_100g.get(key) is None:
        return nutrients_per_100g.get("sugars_g")  # no estimate given: all sugar counts as added
    return nutrients_per_100g.get(key)


def _label(key: str) -> str:
    return "Food folate (natural)" if key == "food_folate_ug" else NUTRIENTS_BY_KEY[key].label


def _line(key: str, amount: float, percent: float, points: float, **flags) -> ScoreLine:
    unit = UNIT_SYMBOLS[NUTRIENTS_BY_KEY[key].unit]
    return ScoreLine(key, _label(key), round(amount, 4), unit, round(percent, 1), round(points, 1), **flags)


class _Amounts:
    """Nutrient amounts in a given weight of food; notes which ones USDA does not give."""

    def __init__(self, nutrients_per_100g: dict):
        self.nutrients = nutrients_per_100g
        self.missing: list[str] = []

    def get(self, key: str, grams: float, amount_per_100g: float | None = None) -> float:
        value = self.nutrients.get(key) if amount_per_100g is None else amount_per_100g
        if value is None:
            self.missing.append(key)
            return 0.0
        return float(value) * grams / 100.0


def grams_per_100_kcal(nutrients_per_100g: dict) -> float:
    """How many grams of the food hold 100 kcal (0 for a food without calories)."""
    kcal = nutrients_per_100g.get("energy_kcal") or 0.0
    return 100.0 * NRF_KCAL / kcal if kcal > 0 else 0.0


def nrf93(nutrients_per_100g: dict, amounts: _Amounts | None = None) -> NrfIndex:
    """NRF9.3 per 100 kcal (0 for a food without calories: it has no 100 kcal to count in)."""
    amounts = amounts or _Amounts(nutrients_per_100g)
    grams = grams_per_100_kcal(nutrients_per_100g)
    if not grams:
        return NrfIndex()
    good_lines, good = [], 0.0
    for key in ENCOURAGED_KEYS:
        amount = amounts.get(key, grams)
        percent = 100.0 * amount / daily_value(key)
        counted = min(percent, ENCOURAGED_CAP_PCT)
        good += counted
        good_lines.append(_line(key, amount, percent, counted, capped=percent > ENCOURAGED_CAP_PCT))
    bad_lines, bad = [], 0.0
    for key in LIMITED_KEYS:
        amount = amounts.get(key, grams, _limited_amount(nutrients_per_100g, key))
        percent = 100.0 * amount / daily_value(key)
        bad += percent
        bad_lines.append(_line(key, amount, percent, percent))
    return NrfIndex(round(good, 1), round(bad, 1), good_lines, bad_lines, round(grams, 2))


def nrf_nudge(index: float) -> float:
    """How far NRF9.3 moves a food inside its Nutri-Score point: 0 to 1 (never 1), more for a
    richer food (0.5 at NRF 0, 0.75 at 100, 0.85 at 200)."""
    return 0.5 + math.atan(index / NRF_NUDGE_SCALE) / math.pi


def value_from(score: NutriScore, nrf_index: float) -> tuple[int, tuple[int, int]]:
    """The card value of a Nutri-Score (and the band of its letter): fewer points, more value,
    linear inside the letter's band; NRF9.3 moves the food by less than one point."""
    band = VALUE_BANDS[score.grade]
    if score.kind == WATER:
        return band[0], band
    low, high = grade_range(score.kind, score.grade)
    effective = score.score - nrf_nudge(nrf_index)
    share = (high - effective) / (high - low + 1)
    share = min(1.0, max(0.0, share))
    return round_half_up(band[0] + (band[1] - band[0]) * share), band


def _vitamin_part(amounts: _Amounts, grams: float, added: tuple[str, ...]) -> tuple[float, list[ScoreLine]]:
    """Each vitamin's % DV in `grams` (100 kcal of the food), each up to the cap, added up;
    the vitamins added in the factory count 0."""
    lines, total = [], 0.0
    for key in VITAMIN_KEYS:
        amount = amounts.get(key, grams)
        percent = 100.0 * amount / daily_value(key)
        is_added = key in added
        counted = 0.0 if is_added else min(percent, VITAMIN_CAP_PCT)
        total += counted
        capped = not is_added and percent > VITAMIN_CAP_PCT
        lines.append(_line(key, amount, percent, counted, capped=capped, added=is_added))
    return total, lines


def nutri_score_of(nutrients_per_100g: dict, profile: FoodProfile) -> NutriScore:
    return nutri_score(
        NutriScoreFood.from_nutrients(
            nutrients_per_100g,
            kind=profile.kind,
            fvl_percent=profile.fvl_percent,
            red_meat=profile.red_meat,
            sweeteners=profile.sweeteners,
        )
    )


def score_card(nutrients_per_100g: dict, grams: float, profile: FoodProfile | None = None) -> CardScore:
    """The card numbers of a serving of `grams` of a food with these nutrients per 100 g."""
    if grams is None or float(grams) <= 0:
        raise ValueError("A card serving must weigh more than 0 grams.")
    profile = profile or FoodProfile()
    amounts = _Amounts(nutrients_per_100g)
    vitamins, vitamin_lines = _vitamin_part(
        amounts, grams_per_100_kcal(nutrients_per_100g), profile.added_vitamins
    )
    nrf = nrf93(nutrients_per_100g, amounts)
    ns = nutri_score_of(nutrients_per_100g, profile)
    value, band = value_from(ns, nrf.index)
    return CardScore(
        calories=card_calories(nutrients_per_100g, grams),
        vitamin_power=round_to_tenth(vitamins),
        value=value,
        grams=float(grams),
        nutri_score=ns,
        nrf=nrf,
        value_band=band,
        vitamin_lines=vitamin_lines,
        vitamin_total=round(vitamins, 2),
        profile=profile,
        missing=tuple(dict.fromkeys(amounts.missing)),
    )


__all__ = [
    "ENCOURAGED_KEYS",
    "LIMITED_KEYS",
    "SCORE_LIMITS",
    "SCORING_KEYS",
    "VALUE_BANDS",
    "CardScore",
    "NrfIndex",
    "ScoreLine",
    "grams_per_100_kcal",
    "card_calories",
    "daily_value",
    "nrf93",
    "nrf_nudge",
    "nutri_score_of",
    "per_serving",
    "round_half_up",
    "round_to_tenth",
    "score_card",
    "value_from",
]
