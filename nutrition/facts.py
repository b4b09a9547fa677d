"""A Nutrition Facts panel for a serving of a food, rounded as the FDA's label rounds it
(nutrition.label_rounding): the explorer's food pages and the Eat Right card pages show it."""

from __future__ import annotations

from django.utils.translation import gettext as _

from nutrition.label_rounding import label_amount, label_calories, label_percent
from nutrition.labels import nutrient_name
from nutrition.nutrients import NUTRIENTS_BY_KEY, UNIT_SYMBOLS

# A Nutrition Facts label, FDA 2016 layout: (key, indented under the row above).
FACTS_ROWS = (
    ("fat_g", False),
    ("saturated_fat_g", True),
    ("cholesterol_mg", False),
    ("sodium_mg", False),
    ("carbohydrate_g", False),
    ("fiber_g", True),
    ("sugars_g", True),
    ("added_sugars_g", True),
    ("protein_g", False),
)
FACTS_MINERALS = ("vitamin_d_ug", "calcium_mg", "iron_mg", "potassium_mg")


def _serving(per_100g: dict, key: str, grams: float) -> float | None:
    value = per_100g.get(key)
    return None if value is None else float(value) * grams / 100.0


def fact_row(per_100g: dict, key: str, grams: float, indent: bool = False) -> dict:
    """One row: the declared amount in words ("2.5 g", "less than 1 g"; None when USDA has no
    figure) and its % Daily Value (None when the nutrient has none)."""
    nutrient = NUTRIENTS_BY_KEY[key]
    unit = UNIT_SYMBOLS[nutrient.unit]
    amount = _serving(per_100g, key, grams)
    text = percent = None
    if amount is not None:
        declared = label_amount(key, amount)
        text = f"{declared} {unit}"
        if declared.less_than:
            text = _("less than %(amount)s") % {"amount": text}
        if nutrient.daily_value:
            percent = label_percent(key, amount, nutrient.daily_value)
    return {
        "key": key,
        "label": nutrient_name(key),
        "text": text,
        "unit": unit,
        "percent_dv": percent,
        "indent": indent,
    }


def nutrition_facts(per_100g: dict, grams: float) -> dict:
    """The rows of a Nutrition Facts panel for `grams` of a food."""
    kcal = _serving(per_100g, "energy_kcal", grams)
    return {
        "calories": None if kcal is None else label_calories(kcal),
        "rows": [fact_row(per_100g, key, grams, indent) for key, indent in FACTS_ROWS],
        "minerals": [fact_row(per_100g, key, grams) for key in FACTS_MINERALS],
    }
