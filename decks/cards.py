"""A teacher's card from a USDA food: the same record, by the same code, as an Eat Right card.

`food_card` turns what the teacher chose (a food, one of its household measures, how many of it,
a category, a special role, a name) into a card record with nutrition.eat_right_deck's
`food_card_record`, the function that builds every Eat Right card: its calories, vitamin power and
overall value come from nutrition.scoring, its food groups from nutrition.myplate. Only the MyPlate
equivalents of the serving are new here: the Eat Right deck's own when the food and category are
one of its cards (scaled to the serving), else nutrition.equivalents' estimate, unless the teacher
set them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from fractions import Fraction

from foodcards.render import picture_for
from nutrition.eat_right_deck import (
    EAT_RIGHT_DESIGN,
    CardDesign,
    exercise_record,
    food_card_record,
    load_shipped_cards,
    serving_grams,
)
from nutrition.equivalents import estimate_plate, unit_grams
from nutrition.models import Food
from nutrition.myplate import CARD_GROUP_UNITS

# The categories a food card may have (Exhilarating Exercise is a card of its own, not a food).
FOOD_CATEGORIES = ("fruit", "veggie", "grains", "meat", "dairy", "junk")
# The category a food's MyPlate group suggests (the teacher may change it).
SUGGESTED_CATEGORY = {
    "fruits": "fruit",
    "vegetables": "veggie",
    "grains": "grains",
    "protein": "meat",
    "dairy": "dairy",
    "mixed": "grains",  # the Eat Right deck's pizza, sub, burrito and spaghetti are grains cards
    "oils": "junk",
    "sometimes": "junk",
    "none": "junk",
}
# Special roles a food card may take, and the category it must have for it.
ROLE_CATEGORY = {"sugar-shock": "junk", "broccoli": "veggie", "spinach": "veggie"}
EXERCISE = "exercise"
PLATE_GROUPS = tuple(CARD_GROUP_UNITS)  # grains, meat, fruit, veggie, dairy
HUNDRED_GRAMS_SEQ = 0  # the pseudo-measure "100 g", for foods USDA lists no household measure for
# USDA descriptions that start with a kind of food rather than the food ("Snacks, potato chips").
GENERIC_HEADS = {
    "snacks",
    "candies",
    "beverages",
    "fast foods",
    "fast food",
    "restaurant",
    "babyfood",
    "cereals ready-to-eat",
    "cereals",
    "spices",
    "soup",
    "sauce",
}
NAME_LENGTH = 40


def new_card_id() -> str:
    """A card id nobody can guess (it becomes a picture address once the deck is played)."""
    return f"my-{secrets.token_hex(12)}"


def short_name(description: str) -> str:
    """A card name from a USDA description: "Apples, raw, with skin" -> "Apples",
    "Snacks, potato chips, plain, salted" -> "Potato chips"."""
    parts = [part.strip() for part in description.split(",") if part.strip()]
    if not parts:
        return ""
    name = parts[1] if len(parts) > 1 and parts[0].lower() in GENERIC_HEADS else parts[0]
    name = name[:1].upper() + name[1:]
    return name[:NAME_LENGTH].strip()


@dataclass(frozen=True)
class Measure:
    """A household measure of a food (WEIGHT.txt), or the pseudo-measure 100 g (seq 0)."""

    seq: int
    amount: float
    description: str
    grams: float

    @property
    def label(self) -> str:
        return f"{self.amount:g} {self.description}"


def food_measures(food: Food) -> list[Measure]:
    """The food's household measures in USDA's order, then 100 g."""
    measures = [Measure(m.seq, m.amount, m.description, m.grams) for m in food.measures.all()]
    return [*measures, Measure(HUNDRED_GRAMS_SEQ, 100.0, "g", 100.0)]


def _amount_words(amount: float) -> str:
    """1.5 -> "1 1/2", 0.25 -> "1/4", 2.0 -> "2", 0.3 -> "0.3"."""
    fraction = Fraction(amount).limit_denominator(8)
    if abs(float(fraction) - amount) > 1e-6 or fraction.denominator not in (1, 2, 3, 4, 8):
        return f"{amount:g}"
    whole, rest = divmod(fraction.numerator, fraction.denominator)
    if not rest:
        return str(whole)
    part = f"{rest}/{fraction.denominator}"
    return f"{whole} {part}" if whole else part


def serving_label(measure: Measure, times: float) -> str:
    """How the serving reads on the card: "1/2 cup, chopped", "2 large", "150 g"."""
    if measure.seq == HUNDRED_GRAMS_SEQ:
        return f"{serving_grams(measure.grams, times):g} g"
    return f"{_amount_words(measure.amount * times)} {measure.description}"


def _eat_right_plate(ndb: str, category: str, grams: float) -> dict[str, float] | None:
    """The Eat Right deck's MyPlate equivalents for this food and category, scaled to `grams`."""
    shipped = load_shipped_cards()
    for design in EAT_RIGHT_DESIGN:
        card = shipped.get(design.id)
        if design.ndb == ndb and design.category == category and card and card.get("serving_g"):
            scale = grams / card["serving_g"]
            return {group: round(amount * scale, 2) for group, amount in design.plate.items()}
    return None


def plate_for(
    *, food: Food, measures: list[Measure], category: str, grams: float, measure: Measure | None = None
) -> dict[str, float]:
    """The MyPlate equivalents of `grams` of `food` on a card of `category`, when the teacher
    sets none. A cup is the serving's own measure when that is a cup ("1 cup, sliced")."""
    known = _eat_right_plate(food.ndb, category, grams)
    if known is not None:
        return known
    ordered = [measure, *measures] if measure is not None else measures
    return estimate_plate(
        category=category,
        plate_group=food.plate_group or "none",
        usda_group=food.usda_group.code,
        description=food.long_description,
        grams=grams,
        cup_grams=unit_grams(((m.amount, m.description, m.grams) for m in ordered), "cup"),
    )


def food_card(
    *,
    card_id: str,
    food: Food,
    measure: Measure,
    measures: list[Measure],
    times: float,
    category: str,
    special: str | None,
    name: str,
    plate: dict[str, float] | None = None,
) -> dict:
    """The card record (checked input: see decks.services)."""
    grams = serving_grams(measure.grams, times)
    if category == "junk":
        plate = {}  # junk food counts for no food group, as in the Eat Right deck
    elif not plate:
        plate = plate_for(food=food, measures=measures, category=category, grams=grams, measure=measure)
    design = CardDesign(
        id=card_id,
        name=name,
        category=category,
        ndb=food.ndb,
        measure=measure.label,
        emoji="",
        picture_hint=food.long_description,
        times=times,
        label=serving_label(measure, times),
        plate={group: amount for group, amount in plate.items() if amount > 0},
        special=special or None,
    )
    usda_group = {"code": food.usda_group.code, "name": food.usda_group.name}
    record = food_card_record(food=food, usda_group=usda_group, grams=grams, design=design)
    record["picture"] = picture_for(
        {"name": name, "picture_hint": food.long_description, "category": category}
    )
    return record


def copied_card(record: dict, *, card_id: str) -> dict:
    """A copy of a card (an Eat Right card) under a new id; it keeps its picture."""
    return {**record, "id": card_id, "picture": picture_for(record), "copied_from": record["id"]}


def exercise_card(*, card_id: str, eat_right: list[dict]) -> dict:
    """Exhilarating Exercise: not a food (-200 calories, no vitamin power, no value)."""
    shipped = next((record for record in eat_right if record.get("special") == EXERCISE), None)
    if shipped is not None:
        return copied_card(shipped, card_id=card_id)
    design = next(design for design in EAT_RIGHT_DESIGN if design.special == EXERCISE)
    return copied_card(exercise_record(design), card_id=card_id)
