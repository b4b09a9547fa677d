"""How much of a MyPlate food group a serving of a food is, estimated from its USDA description and
household measures (pure Python, no Django).

The Eat Right deck's servings were worked out by hand (nutrition.eat_right_design's `plate`).
A teacher's own card (the decks app) may be any of the 8,463 USDA foods, so its equivalents are
estimated with MyPlate's "what counts as" tables (myplate.gov, 2020-2025):

- fruit: 1 cup of fruit or 100 % juice, or 1/2 cup of dried fruit;
- vegetables: 1 cup raw or cooked, or 2 cups of raw leafy greens;
- dairy: 1 cup of milk, yogurt or soy milk, 1 1/2 oz of natural cheese, 2 oz of processed cheese;
- grains: 1 oz-equivalent is 1 oz of bread, crackers or dry grain (a slice of bread), or 1/2 cup
  of cooked rice, pasta or cereal;
- protein foods: 1 oz of meat, poultry or fish, 1 egg, 1 tbsp of peanut butter, 1/2 oz of nuts
  or seeds, or 1/4 cup of cooked beans.

A cup is read from the food's own household measures ("1 cup, chopped" = 91 g) when it has one;
otherwise from a typical density. An estimate is given to the nearest eighth of a cup or ounce
(it is no finer than that), so a card of "1 cup, whole" strawberries is the 1 cup it says.
Mixed dishes (pizza, a burrito) cannot be split into their groups from a description: they get
one serving of the card's group and the teacher sets the rest.
Amounts are in the units of nutrition.myplate.MYPLATE_UNITS (cups, or ounce-equivalents).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

OUNCE_G = 28.35
EGG_G = 50.0
NUTS_OZ_EQ_G = OUNCE_G / 2  # 1/2 oz of nuts or seeds
PEANUT_BUTTER_TBSP_G = 16.0
NATURAL_CHEESE_CUP_G = 1.5 * OUNCE_G
PROCESSED_CHEESE_CUP_G = 2 * OUNCE_G
# Typical grams in a cup when the food has no cup measure of its own.
DEFAULT_CUP_G = {"fruit": 150.0, "veggie": 128.0, "dairy": 245.0, "grains": 160.0, "beans": 172.0}
# The smallest amount that makes one card serving (half a cup; 1 ounce-equivalent).
ONE_SERVING = {"fruit": 0.5, "veggie": 0.5, "dairy": 0.5, "grains": 1.0, "meat": 1.0}

_DRIED = re.compile(r"\bdried\b|dehydrated|raisins|prunes|\bdates\b")
_LEAFY_RAW = re.compile(
    r"^(spinach|lettuce|kale|arugula|chard|collards|mustard greens|watercress|endive).*\braw\b"
)
_CHEESE = re.compile(r"^cheese")
_PROCESSED = re.compile(r"pasteurized process|\bprocess\b|cheese food|cheese spread")
_COOKED = re.compile(r"cooked|boiled|prepared with water|steamed")
_EGG = re.compile(r"^eggs?\b|^egg,")
_NUT_BUTTER = re.compile(r"peanut butter|(almond|cashew|sesame|sunflower seed) butter|tahini")
_CUP = re.compile(r"^cups?\b")
_PACKED = re.compile(r"mashed|pur[eé]e|grated|shredded|packed|crushed|\bpaste\b")
_POPCORN = re.compile(r"popcorn")
_TORTILLA = re.compile(r"^tortillas?\b")
TORTILLA_OZ_EQ_G = 24.0  # MyPlate: 1 small (6") tortilla is 1 ounce-equivalent
POPCORN_CUPS_PER_OZ_EQ = 3.0  # MyPlate: 3 cups of popped popcorn
STEPS = 8  # an estimate is no finer than an eighth of a cup or ounce
_TBSP = re.compile(r"^tbsp\b|^tablespoons?\b")


def unit_grams(measures: Iterable[tuple[float, str, float]], unit: str) -> float | None:
    """Grams in one cup (unit="cup") or one tablespoon (unit="tbsp") of a food, from its household
    measures (amount, description, grams), e.g. (1.0, "cup, chopped", 91.0); None if it has none.
    Of several cups, the lightest of pieces (sliced, chopped, whole): MyPlate's cup of fruit or
    vegetables is a cup of pieces, not of mash or purée."""
    pattern = _CUP if unit == "cup" else _TBSP
    found = [
        (_PACKED.search(description.lower()) is not None, grams / amount)
        for amount, description, grams in measures
        if amount and grams and pattern.search(description.strip().lower())
    ]
    return min(found)[1] if found else None


def estimate_plate(
    *,
    category: str,
    plate_group: str,
    usda_group: str,
    description: str,
    grams: float,
    cup_grams: float | None = None,
) -> dict[str, float]:
    """MyPlate equivalents of `grams` of a food on a card of `category` ({} for junk and exercise):
    {"fruit": 0.67} is 2/3 cup of fruit; {"meat": 2.0} is 2 ounce-equivalents."""
    if category not in ONE_SERVING or grams <= 0:
        return {}
    if plate_group == "mixed":
        return {category: ONE_SERVING[category]}
    text = description.lower()
    amount = {
        "fruit": _fruit,
        "veggie": _veggie,
        "dairy": _dairy,
        "grains": _grains,
        "meat": _protein,
    }[category](text, usda_group, grams, cup_grams)
    return {category: round(round(amount * STEPS) / STEPS, 3)}


def _cups(grams: float, cup_grams: float | None, kind: str) -> float:
    return grams / (cup_grams or DEFAULT_CUP_G[kind])


def _fruit(text: str, usda_group: str, grams: float, cup_grams: float | None) -> float:
    cups = _cups(grams, cup_grams, "fruit")
    return cups * 2 if _DRIED.search(text) else cups


def _veggie(text: str, usda_group: str, grams: float, cup_grams: float | None) -> float:
    cups = _cups(grams, cup_grams, "veggie")
    return cups / 2 if _LEAFY_RAW.search(text) else cups


def _dairy(text: str, usda_group: str, grams: float, cup_grams: float | None) -> float:
    if _CHEESE.search(text):
        return grams / (PROCESSED_CHEESE_CUP_G if _PROCESSED.search(text) else NATURAL_CHEESE_CUP_G)
    return _cups(grams, cup_grams, "dairy")


def _grains(text: str, usda_group: str, grams: float, cup_grams: float | None) -> float:
    if _POPCORN.search(text) and cup_grams:
        return grams / cup_grams / POPCORN_CUPS_PER_OZ_EQ
    if _TORTILLA.search(text):
        return grams / TORTILLA_OZ_EQ_G
    if _COOKED.search(text):
        return 2 * _cups(grams, cup_grams, "grains")  # 1/2 cup cooked = 1 oz-equivalent
    return grams / OUNCE_G


def _protein(text: str, usda_group: str, grams: float, cup_grams: float | None) -> float:
    if _EGG.search(text):
        return grams / EGG_G
    if _NUT_BUTTER.search(text):
        return grams / PEANUT_BUTTER_TBSP_G
    if usda_group == "1200" or text.startswith("peanuts"):
        return grams / NUTS_OZ_EQ_G
    if usda_group == "1600" and "tofu" not in text:
        return 4 * _cups(grams, cup_grams, "beans")  # 1/4 cup cooked beans = 1 oz-equivalent
    return grams / OUNCE_G
