"""The Eat Right deck: how each card's record is computed from its design (pure Python).

The design (nutrition.eat_right_design) is the only hand-made part: which foods, which USDA
servings, what they count for on MyPlate. Every number on a card (calories, vitamin power,
overall value) is computed by nutrition.scoring from the USDA nutrients, never typed, and its
whole-number `groups` by nutrition.myplate.card_group_servings. `build_eat_right_records` reads
the SR files directly (no database), so `manage.py build_eat_right_deck` and the test that checks
the shipped JSON agree by construction.
"""

import json
from functools import lru_cache
from pathlib import Path

from nutrition.eat_right_design import EAT_RIGHT_DESIGN, WHOLE_GRAIN_CARDS, CardDesign
from nutrition.food_profile import FoodProfile, food_profile
from nutrition.myplate import MYPLATE_UNITS, card_group_servings, estimated_added_sugars, plate_group_for
from nutrition.scoring import SCORING_KEYS, CardScore, per_serving, score_card
from nutrition.sr_files import SRFood, SRRelease, read_release

# What the deck page says about the deck and the choices behind it.
DECK_DESCRIPTION = (
    "54 food cards built from USDA nutrient data: fruit, veggies, grains, meat and beans, dairy, "
    "junk food and one exercise card. Each card shows calories, vitamin power and overall value "
    "for one child-size serving."
)

CHOICES: tuple[str, ...] = (
    "The deck has 54 cards: 9 fruit, 8 veggie, 13 grains, 8 meat, 7 dairy, 8 junk and 1 exercise.",
    "The Snack Attack subset is the 26 fruit, veggie, junk and exercise cards.",
    "Sugar Shock is a real 12 fl oz can of cola (USDA 14148): 39 g of sugar and nothing else good.",
    "Exhilarating Exercise is not a food: it has no USDA number, -200 calories, 0 vitamin power and 0 value.",
    "Every serving is a realistic portion for a child of about 8 to 12, taken from a USDA household "
    "measure (WEIGHT.txt), sometimes a half or a multiple of one (half a cup of rice, 3 cups of popcorn, "
    "2 tortillas).",
    "Food groups count whole MyPlate servings: grains and meat in ounce-equivalents (a slice of bread, "
    "1 oz of meat, an egg, 1 tbsp of peanut butter, 1/4 cup of beans), fruit, veggie and dairy in half "
    "cups (1 cup of milk is 2, 1 oz of cheese is 1). Only whole servings count, never rounded up: the "
    "pizza's 2 tablespoons of sauce are no veggie serving, the burrito's cheese no dairy serving. A "
    "meal-balance lesson counts the real amounts, fractions and all.",
    "Six combination foods count for several groups and stay out of Snack Attack: cheese pizza, roast beef "
    "sub, bean and cheese burrito, spaghetti with meat sauce (grains cards), the hamburger (a meat card) "
    "and macaroni and cheese (a dairy card).",
    "Junk food and exercise count for no food group.",
    "Beans, eggs and peanut butter are meat cards, because MyPlate puts them in the protein group (beans "
    "could count as a vegetable too; we always count them as protein).",
    "The crackers are whole-grain rye crispbread: the regular whole-wheat crackers (USDA 18235) carry "
    "704 mg of sodium per 100 g and score no better than potato chips.",
    "Calories = USDA kcal per 100 g x serving grams / 100, rounded.",
    "Overall value: the Nutri-Score 2023 of the food (per 100 g, whatever the serving). Its letter gives "
    "the card's range (A 12 to 48, B 9 to 12, C 5 to 9, D 2 to 5, E 0 to 2) and its points the place in "
    "it; foods with the same points are told apart by the Nutrient Rich Foods index (NRF9.3) of 100 "
    "calories of them.",
    "Vitamin power: the vitamin part of the Nutrient Rich Foods index (Drewnowski 2005; Fulgoni, "
    "Keast and Drewnowski 2009): each of eleven vitamins' % of a day's need in 100 calories of the "
    "food, each up to 100, added up, with one decimal, whatever the serving. Vitamins added in the "
    "factory (folic acid, enriched flour's B vitamins, the A and D added to milk, any vitamin of a "
    "food whose nutrients show a premix) don't count.",
    "Added sugars are estimated (USDA SR has no figure): fruit, vegetables, protein foods and plain dairy "
    "have none; grains have 1 g per 100 g of their own; mixed dishes 3 g (their tomatoes, vegetables and "
    "milk); flavoured dairy, ice cream and other milk sweets 5 g (lactose); peanut butter the 4 g of "
    "peanuts; everything else counts all its sugar as added.",
    "Cheese, pizza and the hamburger score low on value because of their saturated fat and salt, "
    "raisins because of their sugar: the Nutri-Score decides, not us, and that is part of the lesson.",
    "Heavily vitamin-fortified foods (breakfast cereals) were left out so vitamin power stays a "
    "lesson about whole foods.",
)

# The design's names are re-exported: callers import the deck from here.
__all__ = [
    "CATEGORIES",
    "SHIPPED_DECK_FILE",
    "EAT_RIGHT_DESIGN",
    "WHOLE_GRAIN_CARDS",
    "CardDesign",
    "DeckDesignError",
    "build_eat_right_deck",
    "build_eat_right_records",
    "card_record_score",
    "exercise_record",
    "food_card_record",
    "load_shipped_cards",
    "serving_grams",
]

DECK_SLUG = "eat-right"
CATEGORIES = ("fruit", "veggie", "grains", "meat", "dairy", "junk", "exercise")
SNACK_ATTACK_CATEGORIES = frozenset({"fruit", "veggie", "junk", "exercise"})
SPECIALS = ("sugar-shock", "exercise", "broccoli", "spinach")
EXERCISE_CALORIES = -200

# What a card keeps per 100 g: what scoring reads, plus the rest of a Nutrition Facts label.
CARD_NUTRIENT_KEYS: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            *SCORING_KEYS,
            "fat_g",
            "cholesterol_mg",
            "carbohydrate_g",
        )
    )
)


class DeckDesignError(ValueError):
    """The design names a food or a measure that the USDA files do not have."""


def serving_grams(measure_grams: float, times: float) -> float:
    """A card serving's grams: `times` a household measure of `measure_grams` (rounded to 0.01 g)."""
    return round(measure_grams * times, 2)


def _measure_grams(release_weights: dict[str, dict[str, float]], design: CardDesign) -> float:
    measures = release_weights.get(design.ndb, {})
    if design.measure not in measures:
        known = ", ".join(sorted(measures)) or "none"
        raise DeckDesignError(
            f"Card {design.id!r}: food {design.ndb} has no measure {design.measure!r} (it has: {known})."
        )
    return serving_grams(measures[design.measure], design.times)


def _myplate(design: CardDesign) -> dict[str, dict]:
    """The serving's MyPlate equivalents with their unit: {"fruit": {"amount": 1.0, "unit": "cup"}}."""
    return {group: {"amount": amount, "unit": MYPLATE_UNITS[group]} for group, amount in design.plate.items()}


def _serving_label(design: CardDesign) -> str:
    return design.label or design.measure or ""


def exercise_record(design: CardDesign) -> dict:
    return {
        "id": design.id,
        "name": design.name,
        "category": design.category,
        "special": design.special,
        "groups": {},
        "myplate": {},
        "calories": EXERCISE_CALORIES,
        "vitamin_power": 0,
        "value": 0,
        "snack_attack": True,
        "in_play": True,
        "ndb": None,
        "serving_g": None,
        "serving_label": design.label,
        "usda_description": None,
        "usda_group": None,
        "plate_group": None,
        "nutrients_per_100g": None,
        "nutrients_per_serving": None,
        "profile": None,
        "emoji": design.emoji,
        "picture_hint": design.picture_hint,
    }


def card_nutrients_per_100g(food: SRFood, plate_group: str) -> dict:
    """What a card keeps per 100 g of a USDA food: the scored nutrients and the label's, plus the
    added-sugar estimate. `food`: anything with `ndb`, `long_description` and `nutrients` (an
    SRFood, or a nutrition.models.Food)."""
    per_100g = {key: food.nutrients.get(key) for key in CARD_NUTRIENT_KEYS}
    per_100g["added_sugars_g"] = estimated_added_sugars(
        sugars_g=food.nutrients.get("sugars_g"),
        ndb=food.ndb,
        plate_group=plate_group,
        description=food.long_description,
    )
    return per_100g


def card_profile(food, usda_group: str, plate_group: str) -> FoodProfile:
    """What the formulas read about `food` besides its nutrients (nutrition.food_profile)."""
    return food_profile(
        ndb=food.ndb,
        usda_group=usda_group,
        description=food.long_description,
        plate_group=plate_group,
        nutrients=food.nutrients,
    )


def _food_record(release: SRRelease, weights: dict[str, dict[str, float]], design: CardDesign) -> dict:
    food = release.foods.get(design.ndb)
    if food is None:
        raise DeckDesignError(f"Card {design.id!r}: USDA food {design.ndb} is not in the SR files.")
    usda_group = {"code": food.group, "name": release.groups[food.group]}
    return food_card_record(
        food=food, usda_group=usda_group, grams=_measure_grams(weights, design), design=design
    )


def food_card_record(*, food, usda_group: dict, grams: float, design: CardDesign) -> dict:
    """The record of a food card: `grams` of `food` (an SRFood or a nutrition.models.Food), as
    `design` says. The Eat Right build and teachers' own cards (decks) both make cards here, so a
    card's numbers always come from the same formulas."""
    plate_group = plate_group_for(
        ndb=food.ndb, usda_group=usda_group["code"], description=food.long_description
    )
    per_100g = card_nutrients_per_100g(food, plate_group)
    profile = card_profile(food, usda_group["code"], plate_group)
    score = score_card(per_100g, grams, profile)
    serving = {key: (None if v is None else round(v, 3)) for key, v in per_serving(per_100g, grams).items()}
    return {
        "id": design.id,
        "name": design.name,
        "category": design.category,
        "special": design.special,
        "groups": card_group_servings(design.plate),
        "myplate": _myplate(design),
        "calories": score.calories,
        "vitamin_power": score.vitamin_power,
        "value": score.value,
        "snack_attack": design.category in SNACK_ATTACK_CATEGORIES,
        "in_play": True,
        "ndb": food.ndb,
        "serving_g": grams,
        "serving_label": _serving_label(design),
        "usda_measure": {"description": design.measure, "times": round(design.times, 4)},
        "usda_description": food.long_description,
        "usda_group": {"code": usda_group["code"], "name": usda_group["name"]},
        "plate_group": plate_group,
        "nutrients_per_100g": per_100g,
        "nutrients_per_serving": serving,
        "profile": profile.to_dict(),
        "emoji": design.emoji,
        "picture_hint": design.picture_hint,
    }


def card_record_score(record: dict) -> CardScore:
    """A food card's numbers again, from its record alone (no USDA files needed)."""
    return score_card(
        record["nutrients_per_100g"], record["serving_g"], FoodProfile.from_dict(record.get("profile"))
    )


def build_eat_right_records(usda_dir: Path | str, *, release: SRRelease | None = None) -> list[dict]:
    """Every card of the Eat Right deck, its numbers computed from the SR files in `usda_dir`."""
    release = release or read_release(Path(usda_dir))
    weights: dict[str, dict[str, float]] = {}
    for weight in release.weights:
        weights.setdefault(weight.ndb, {})[f"{weight.amount:g} {weight.description}"] = weight.grams
    records = []
    for design in EAT_RIGHT_DESIGN:
        if design.category == "exercise":
            records.append(exercise_record(design))
        else:
            records.append(_food_record(release, weights, design))
    return records


def build_eat_right_deck(usda_dir: Path | str, *, release: SRRelease | None = None) -> dict:
    """The whole deck file: {"deck": {...}, "cards": [...]}."""
    return {
        "deck": {
            "slug": DECK_SLUG,
            "name": "Eat Right",
            "description": DECK_DESCRIPTION,
            "source": "USDA National Nutrient Database for Standard Reference (SR26-era release)",
            "choices": list(CHOICES),
        },
        "cards": build_eat_right_records(usda_dir, release=release),
    }


SHIPPED_DECK_FILE = Path(__file__).resolve().parent.parent / "foodcards" / "data" / "eat-right.json"


def load_shipped_cards(path: Path = SHIPPED_DECK_FILE) -> dict[str, dict]:
    """The shipped deck's card records by id ({} when the file is not there)."""
    try:
        stamp = path.stat().st_mtime_ns
    except FileNotFoundError:
        return {}
    return _read_cards(path, stamp)


@lru_cache(maxsize=4)
def _read_cards(path: Path, stamp: int) -> dict[str, dict]:
    # `stamp` (the file's modification time) is part of the cache key: a rebuilt file is re-read.
    return {card["id"]: card for card in json.loads(path.read_text(encoding="utf-8"))["cards"]}
