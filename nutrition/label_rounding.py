"""How a Nutrition Facts label rounds its numbers (pure Python, no Django).

The FDA's rules (21 CFR 101.9(c), and for the vitamins and minerals the increments of its
"Food Labeling Guide"), so the explorer's label shows "Saturated fat 0 g" and "Potassium 290 mg",
never "0.0355 g" or "287.6 mg":

- calories: under 5 -> 0; up to 50 -> nearest 5; above -> nearest 10;
- total fat, saturated fat: under 0.5 g -> 0; under 5 g -> nearest 0.5 g; then nearest 1 g;
- cholesterol: under 2 mg -> 0; 2 to 5 mg -> "less than 5 mg"; then nearest 5 mg;
- sodium: under 5 mg -> 0; up to 140 mg -> nearest 5 mg; then nearest 10 mg;
- carbohydrate, fiber, sugars, added sugars, protein: under 0.5 g -> 0; under 1 g -> "less than
  1 g"; then nearest 1 g;
- vitamin D nearest 0.1 µg, calcium nearest 10 mg, iron nearest 0.1 mg, potassium nearest 10 mg
  (and vitamin A nearest 10 µg, vitamin C nearest 0.1 mg, for the cards that show them);
- % Daily Value of a vitamin or mineral: under 2 % -> 0; up to 10 % -> nearest 2 %; up to 50 %
  -> nearest 5 %; above -> nearest 10 %; of the other nutrients: nearest 1 %; both from the
  declared (rounded) amount, so a label never says "0 g" next to "1 %".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Nearest increment of a vitamin's or mineral's amount.
MICRONUTRIENT_STEP = {
    "vitamin_d_ug": 0.1,
    "calcium_mg": 10.0,
    "iron_mg": 0.1,
    "potassium_mg": 10.0,
    "vitamin_a_rae_ug": 10.0,
    "vitamin_c_mg": 0.1,
}
VITAMINS_AND_MINERALS = frozenset(MICRONUTRIENT_STEP)
FAT_KEYS = frozenset({"fat_g", "saturated_fat_g", "trans_fat_g"})
GRAM_KEYS = frozenset({"carbohydrate_g", "fiber_g", "sugars_g", "added_sugars_g", "protein_g"})


@dataclass(frozen=True)
class LabelAmount:
    """An amount as the label prints it: a number, or a "less than" bound."""

    value: float
    less_than: bool = False  # "less than <value>"

    def __str__(self) -> str:
        return _number(self.value)


def _nearest(amount: float, step: float) -> float:
    """Round half up to a multiple of `step` (no binary-float surprises: 2.25 -> 2.5 for 0.5)."""
    scaled = amount / step
    return round(math.floor(scaled + 0.5 + 1e-9) * step, 4)


def _number(value: float) -> str:
    return f"{value:g}" if value != int(value) else str(int(value))


def label_calories(kcal: float) -> int:
    if kcal < 5:
        return 0
    return int(_nearest(kcal, 5 if kcal <= 50 else 10))


def label_amount(key: str, amount: float) -> LabelAmount:
    """A nutrient amount of one serving as the label declares it."""
    if key in FAT_KEYS:
        if amount < 0.5:
            return LabelAmount(0)
        return LabelAmount(_nearest(amount, 0.5 if amount < 5 else 1))
    if key == "cholesterol_mg":
        if amount < 2:
            return LabelAmount(0)
        if amount <= 5:
            return LabelAmount(5, less_than=True)
        return LabelAmount(_nearest(amount, 5))
    if key == "sodium_mg":
        if amount < 5:
            return LabelAmount(0)
        return LabelAmount(_nearest(amount, 5 if amount <= 140 else 10))
    if key in GRAM_KEYS:
        if amount < 0.5:
            return LabelAmount(0)
        if amount < 1:
            return LabelAmount(1, less_than=True)
        return LabelAmount(_nearest(amount, 1))
    if key in MICRONUTRIENT_STEP:
        return LabelAmount(_nearest(amount, MICRONUTRIENT_STEP[key]))
    raise KeyError(f"The Nutrition Facts label has no rule for {key!r}.")


def label_percent(key: str, amount: float, daily_value: float) -> int:
    """The % Daily Value printed next to the declared amount of `amount` (a "less than" amount
    counts as it really is)."""
    declared = label_amount(key, amount)
    percent = 100 * (amount if declared.less_than else declared.value) / daily_value
    if key not in VITAMINS_AND_MINERALS:
        return int(_nearest(percent, 1))
    if percent < 2:
        return 0
    if percent <= 10:
        return int(_nearest(percent, 2))
    if percent <= 50:
        return int(_nearest(percent, 5))
    return int(_nearest(percent, 10))
