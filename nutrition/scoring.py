"""A food card's three numbers, computed from USDA nutrients (pure Python, no Django).

Input: nutrients per 100 g (USDA SR, keys from nutrition.nutrients, plus `added_sugars_g`, our
estimate: nutrition.myplate.estimated_added_sugars) and the serving's grams. Percent daily
values (% DV) use the FDA's 2016 label daily values (adults and children 4+). Numbers are
rounded half up at the very end.

The basis is the Nutrient Rich Foods index NRF9.3 (Fulgoni, Keast and Drewnowski, "Development
and validation of the nutrient-rich foods index", J Nutr 2009;139:1549-54): nine nutrients to
encourage, three to limit, each as a % of its daily value. Like the SAIN,LIM profiling system
(Darmon et al., Am J Clin Nutr 2009;89:1227-36), the good nutrients are counted for the food's
calories and the nutrients to limit per 100 g of food:

The bite
    The good numbers look at one serving, but at most 100 kcal of it (NRF's reference amount).
    A bigger plate of the same food does not get more points; a light serving gets what it has.

Calories
    energy (kcal per 100 g) x grams / 100.

Overall value (0 to about 65)
    good = the % DV of protein, fiber, vitamins A, C and E, calcium, iron, potassium and
    magnesium in the bite, each counted up to 100 %.
    bad = the % of the daily limit of saturated fat (20 g), added sugars (50 g) and sodium
    (2,300 mg) in 100 g of the food (how salty, sugary or fatty every bite is).
    value = good / 2.5, of which the food keeps the share 25 / (25 + bad): with 25 bad points it
    keeps half, with 75 a quarter, with none all of it. Junk food keeps a little, never below 0.

Vitamin power (0 to about 120)
    Six vitamin "slots" for the bite: A, C, D, E, K, and the B vitamins as one team (the average
    % DV of thiamin, riboflavin, niacin, B6, natural food folate and B12, each counted up to
    100 %), so enriched flour's added B vitamins cannot outweigh the vitamins of whole foods;
    folic acid added to flour is left out altogether. Each slot counts up to 40 % (one vitamin
    alone cannot make a champion) and the six are added up: cola scores 0, a bagel 8, an apple 14,
    broccoli 95, half a cup of spinach 114. The most a bite can score is 240.
"""

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from nutrition.nutrients import NUTRIENTS_BY_KEY, UNIT_SYMBOLS

BITE_KCAL = 100.0  # the good numbers look at the serving, but at most this many calories of it

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
VALUE_DIVISOR = 2.5  # value = good / 2.5 ... (the scale: a Duel round takes several cards)
HALVING_BAD_POINTS = 25.0  # ... times 25 / (25 + bad): 25 bad points halve it

VITAMIN_SLOT_KEYS: tuple[str, ...] = (
    "vitamin_a_rae_ug",
    "vitamin_c_mg",
    "vitamin_d_ug",
    "vitamin_e_mg",
    "vitamin_k_ug",
)
B_VITAMIN_KEYS: tuple[str, ...] = (
    "thiamin_mg",
    "riboflavin_mg",
    "niacin_mg",
    "vitamin_b6_mg",
    "food_folate_ug",  # natural folate only: the folic acid of enriched flour is left out
    "vitamin_b12_ug",
)
B_VITAMIN_CAP_PCT = 100.0  # each B vitamin counts up to 100 % before the team's average
VITAMIN_SLOT_CAP_PCT = 40.0
B_TEAM_LABEL = "B vitamins (average of 6)"
# Food folate is counted against the folate daily value (400 µg DFE; 1 µg of food folate is 1 µg DFE).
DAILY_VALUE_OVERRIDES = {"food_folate_ug": 400.0}

# Every nutrient the formulas read: the card JSON keeps these per 100 g.
SCORING_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(
        ("energy_kcal", "sugars_g", *ENCOURAGED_KEYS, *LIMITED_KEYS, *VITAMIN_SLOT_KEYS, *B_VITAMIN_KEYS)
    )
)


class ScoreLine(NamedTuple):
    """One row of a "why this number" table."""

    key: str
    label: str
    amount: float  # in the bite (good nutrients, vitamins) or in 100 g (nutrients to limit), in unit
    unit: str  # display symbol (g, mg, µg)
    percent_dv: float  # % of the daily value (or daily limit), one decimal
    points: float  # what the row counts: the % DV after its cap (good, vitamins) or the bad points
    capped: bool = False  # the cap cut this row's count
    part_of_team: bool = False  # a B vitamin, counted through the B team's average


@dataclass(frozen=True)
class CardScore:
    calories: int
    vitamin_power: int
    value: int
    grams: float  # the serving
    bite_grams: float  # what the good numbers look at: the serving, at most BITE_KCAL of it
    good: float = 0.0  # % DV sum of the nine encouraged nutrients in the bite (each capped)
    bad: float = 0.0  # % of the daily limits of the three limited nutrients in 100 g
    good_lines: list[ScoreLine] = field(default_factory=list)
    bad_lines: list[ScoreLine] = field(default_factory=list)
    vitamin_lines: list[ScoreLine] = field(default_factory=list)  # A, C, D, E, K, B team, then the Bs
    vitamin_total: float = 0.0  # the six slots added up (before rounding)
    missing: tuple[str, ...] = ()  # nutrient keys USDA gives no value for (counted as 0)

    vitamin_cap = VITAMIN_SLOT_CAP_PCT  # for the "why" tables
    value_divisor = VALUE_DIVISOR
    bite_kcal = BITE_KCAL

    @property
    def kept_share(self) -> float:
        """The share of its good points the food keeps: 25 / (25 + bad)."""
        return HALVING_BAD_POINTS / (HALVING_BAD_POINTS + self.bad)

    @property
    def kept_percent(self) -> int:
        return round_half_up(100 * self.kept_share)

    @property
    def scaled_good(self) -> float:
        return round(self.good / VALUE_DIVISOR, 1)

    @property
    def bite_is_whole_serving(self) -> bool:
        return math.isclose(self.bite_grams, self.grams)

    @property
    def missing_labels(self) -> list[str]:
        return [NUTRIENTS_BY_KEY[key].label for key in self.missing]

    @property
    def breakdown(self) -> list[ScoreLine]:
        """Every row of the overall value: the good nutrients, then the ones to limit."""
        return [*self.good_lines, *self.bad_lines]


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


def bite_grams(nutrients_per_100g: dict, grams: float) -> float:
    """The serving's grams, or fewer: as many as hold BITE_KCAL calories."""
    kcal_per_100g = nutrients_per_100g.get("energy_kcal") or 0.0
    if kcal_per_100g <= 0:
        return float(grams)
    return min(float(grams), 100.0 * BITE_KCAL / kcal_per_100g)


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


def _good_part(amounts: _Amounts, bite: float) -> tuple[float, list[ScoreLine]]:
    lines, total = [], 0.0
    for key in ENCOURAGED_KEYS:
        amount = amounts.get(key, bite)
        percent = 100.0 * amount / daily_value(key)
        counted = min(percent, ENCOURAGED_CAP_PCT)
        total += counted
        lines.append(_line(key, amount, percent, counted, capped=percent > ENCOURAGED_CAP_PCT))
    return total, lines


def _bad_part(amounts: _Amounts) -> tuple[float, list[ScoreLine]]:
    lines, total = [], 0.0
    for key in LIMITED_KEYS:
        amount = amounts.get(key, 100.0, _limited_amount(amounts.nutrients, key))
        percent = 100.0 * amount / daily_value(key)
        total += percent
        lines.append(_line(key, amount, percent, percent))
    return total, lines


def _vitamin_part(amounts: _Amounts, bite: float) -> tuple[float, list[ScoreLine]]:
    slots, total = [], 0.0
    for key in VITAMIN_SLOT_KEYS:
        amount = amounts.get(key, bite)
        percent = 100.0 * amount / daily_value(key)
        counted = min(percent, VITAMIN_SLOT_CAP_PCT)
        total += counted
        slots.append(_line(key, amount, percent, counted, capped=percent > VITAMIN_SLOT_CAP_PCT))
    b_lines, b_sum = [], 0.0
    for key in B_VITAMIN_KEYS:
        amount = amounts.get(key, bite)
        percent = 100.0 * amount / daily_value(key)
        counted = min(percent, B_VITAMIN_CAP_PCT)
        b_sum += counted
        b_lines.append(
            _line(key, amount, percent, counted, capped=percent > B_VITAMIN_CAP_PCT, part_of_team=True)
        )
    team = b_sum / len(B_VITAMIN_KEYS)
    team_counted = min(team, VITAMIN_SLOT_CAP_PCT)
    total += team_counted
    capped = team > VITAMIN_SLOT_CAP_PCT
    team_line = ScoreLine("b_vitamins", B_TEAM_LABEL, 0.0, "", round(team, 1), round(team_counted, 1), capped)
    return total, [*slots, team_line, *b_lines]


def score_card(nutrients_per_100g: dict, grams: float) -> CardScore:
    """The card numbers of a serving of `grams` of a food with these nutrients per 100 g."""
    if grams is None or float(grams) <= 0:
        raise ValueError("A card serving must weigh more than 0 grams.")
    amounts = _Amounts(nutrients_per_100g)
    bite = bite_grams(nutrients_per_100g, grams)
    good, good_lines = _good_part(amounts, bite)
    bad, bad_lines = _bad_part(amounts)
    vitamins, vitamin_lines = _vitamin_part(amounts, bite)
    value = good / VALUE_DIVISOR * HALVING_BAD_POINTS / (HALVING_BAD_POINTS + bad)
    return CardScore(
        calories=card_calories(nutrients_per_100g, grams),
        vitamin_power=round_half_up(vitamins),
        value=max(0, round_half_up(value)),
        grams=float(grams),
        bite_grams=round(bite, 2),
        good=round(good, 1),
        bad=round(bad, 1),
        good_lines=good_lines,
        bad_lines=bad_lines,
        vitamin_lines=vitamin_lines,
        vitamin_total=round(vitamins, 1),
        missing=tuple(dict.fromkeys(amounts.missing)),
    )
