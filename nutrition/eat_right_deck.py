"""The Eat Right deck: which foods it holds, and how each card's record is computed (pure Python).

The design below is the only hand-made part: a food, the USDA food it is (NDB number), the
household measure from USDA's WEIGHT.txt that makes one card serving, and the food groups it
counts for. Every number on a card (calories, vitamin power, overall value) is computed by
nutrition.scoring from the USDA nutrients, never typed. `build_eat_right_records` reads the SR
files directly (no database), so `manage.py build_eat_right_deck` and the test that checks the
shipped JSON agree by construction.

Shape of the deck (54 cards):
- the Snack Attack subset, exactly 26 cards: 9 fruit, 8 veggie (Broccoli and Spinach among
  them), 8 junk (Sugar Shock among them) and Exhilarating Exercise;
- 13 grains, 8 meat, 7 dairy, of which six are combination foods counting for several groups
  (pizza, a sub, a burrito, spaghetti with meat sauce, a hamburger, macaroni and cheese).
"""

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from nutrition.nutrients import estimated_added_sugars
from nutrition.scoring import SCORING_KEYS, per_serving, score_card
from nutrition.sr_files import SRRelease, read_release

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


@dataclass(frozen=True)
class CardDesign:
    id: str
    name: str
    category: str
    ndb: str | None
    measure: str | None  # a WEIGHT.txt measure, written "<amount> <Msre_Desc>", e.g. "1 cup chopped"
    emoji: str
    picture_hint: str
    times: float = 1.0  # how many of that measure make the card serving (0.5 = half a cup)
    label: str | None = None  # the serving's name on the card when it is not the measure itself
    groups: dict[str, int] = field(default_factory=dict)  # empty: one serving of its own category
    special: str | None = None


def _food(category: str):
    def make(card_id, name, ndb, measure, emoji, hint, **extra):
        return CardDesign(card_id, name, category, ndb, measure, emoji, hint, **extra)

    return make


fruit, veggie, grains, meat, dairy, junk = (
    _food(c) for c in ("fruit", "veggie", "grains", "meat", "dairy", "junk")
)

EAT_RIGHT_DESIGN: tuple[CardDesign, ...] = (
    # Fruit (9)
    fruit("apple", "Apple", "09003", '1 medium (3" dia)', "🍎", "a red apple", label="1 medium apple"),
    fruit(
        "banana",
        "Banana",
        "09040",
        '1 medium (7" to 7-7/8" long)',
        "🍌",
        "a yellow banana",
        label="1 medium banana",
    ),
    fruit("orange", "Orange", "09200", '1 fruit (2-5/8" dia)', "🍊", "an orange", label="1 orange"),
    fruit("strawberries", "Strawberries", "09316", "1 cup, whole", "🍓", "a bowl of strawberries"),
    fruit("grapes", "Grapes", "09132", "1 cup", "🍇", "a bunch of green grapes"),
    fruit("blueberries", "Blueberries", "09050", "1 cup", "🫐", "a cup of blueberries"),
    fruit(
        "watermelon",
        "Watermelon",
        "09326",
        "1 wedge (approx 1/16 of melon)",
        "🍉",
        "a watermelon wedge",
        label="1 wedge",
    ),
    fruit("pineapple", "Pineapple", "09266", "1 cup, chunks", "🍍", "pineapple chunks"),
    fruit(
        "raisins",
        "Raisins",
        "09298",
        "1 small box (1.5 oz)",
        "🟤",
        "a small box of raisins",
        label="1 small box",
    ),
    # Veggie (8)
    veggie(
        "broccoli", "Broccoli", "11090", "1 cup chopped", "🥦", "green broccoli florets", special="broccoli"
    ),
    veggie(
        "spinach",
        "Spinach",
        "11458",
        "1 cup",
        "🥬",
        "a bowl of cooked spinach",
        times=0.5,
        label="1/2 cup, cooked",
        special="spinach",
    ),
    veggie("carrots", "Carrots", "11124", "1 cup strips or slices", "🥕", "carrot sticks"),
    veggie(
        "sweet-potato",
        "Sweet Potato",
        "11508",
        "1 small",
        "🍠",
        "a baked sweet potato",
        label="1 small sweet potato",
    ),
    veggie(
        "cherry-tomatoes", "Cherry Tomatoes", "11529", "1 cup cherry tomatoes", "🍅", "red cherry tomatoes"
    ),
    veggie("green-beans", "Green Beans", "11053", "1 cup", "🫛", "cooked green beans"),
    veggie("red-pepper", "Red Pepper", "11821", "1 cup, sliced", "🫑", "red bell pepper slices"),
    veggie(
        "corn-on-the-cob",
        "Corn on the Cob",
        "11168",
        '1 ear medium (6-3/4" to 7-1/2" long)',
        "🌽",
        "an ear of corn",
        label="1 medium ear",
    ),
    # Junk (8)
    junk(
        "sugar-shock",
        "Sugar Shock",
        "14148",
        "1 can or bottle (12 fl oz)",
        "🥤",
        "a fizzing can of cola with sugar cubes",
        label="1 can of cola (12 fl oz)",
        special="sugar-shock",
    ),
    junk(
        "doughnut",
        "Frosted Doughnut",
        "18249",
        '1 doughnut, medium (approx 3" dia)',
        "🍩",
        "a chocolate-frosted doughnut",
        label="1 medium doughnut",
    ),
    junk("potato-chips", "Potato Chips", "19411", "1 oz", "🥔", "a bag of potato chips", label="1 oz bag"),
    junk(
        "french-fries", "French Fries", "21138", "1 serving small", "🍟", "small fries", label="1 small order"
    ),
    junk("chocolate-bar", "Chocolate Bar", "19120", "1 bar (1.55 oz)", "🍫", "a milk chocolate bar"),
    junk(
        "cookies",
        "Chocolate Chip Cookies",
        "18158",
        "1 serving 3 cookies",
        "🍪",
        "three chocolate chip cookies",
        label="3 cookies",
    ),
    junk(
        "ice-cream",
        "Ice Cream",
        "19095",
        "1 serving 1/2 cup",
        "🍨",
        "a scoop of vanilla ice cream",
        label="1/2 cup",
    ),
    junk("cheese-puffs", "Cheese Puffs", "19008", "1 oz", "🧀", "orange cheese puffs", label="1 oz bag"),
    # Exercise (1): not a food, no USDA number.
    CardDesign(
        "exhilarating-exercise",
        "Exhilarating Exercise",
        "exercise",
        None,
        None,
        "🏃",
        "a kid running and jumping",
        label="active play",
        special="exercise",
    ),
    # Grains (13: 9 plain, 4 combination foods)
    grains(
        "whole-wheat-bread", "Whole-Wheat Bread", "18075", "1 slice", "🍞", "a slice of whole-wheat bread"
    ),
    grains(
        "brown-rice",
        "Brown Rice",
        "20037",
        "1 cup",
        "🍚",
        "a bowl of brown rice",
        times=0.5,
        label="1/2 cup, cooked",
    ),
    grains("oatmeal", "Oatmeal", "08121", "0.75 cup", "🥣", "a bowl of oatmeal", label="3/4 cup, cooked"),
    grains(
        "english-muffin", "Whole-Wheat English Muffin", "18266", "1 muffin", "🧇", "a toasted English muffin"
    ),
    grains(
        "popcorn",
        "Popcorn",
        "19034",
        "1 cup",
        "🍿",
        "a bowl of plain popcorn",
        times=3,
        label="3 cups, air-popped",
    ),
    grains(
        "crackers",
        "Whole-Wheat Crackers",
        "18235",
        "1 serving",
        "🍘",
        "six whole-wheat crackers",
        label="6 crackers",
    ),
    grains(
        "corn-tortillas",
        "Corn Tortillas",
        "18363",
        "1 tortilla",
        "🫓",
        "two corn tortillas",
        times=2,
        label="2 tortillas",
    ),
    grains(
        "whole-wheat-pasta",
        "Whole-Wheat Pasta",
        "20125",
        "1 cup",
        "🍝",
        "a bowl of whole-wheat spaghetti",
        times=0.5,
        label="1/2 cup, cooked",
    ),
    grains("bagel", "Bagel", "18001", '1 small bagel (3" dia)', "🥯", "a plain bagel", label="1 small bagel"),
    grains(
        "cheese-pizza",
        "Cheese Pizza",
        "21299",
        "1 slice",
        "🍕",
        "a slice of cheese pizza",
        groups={"grains": 2, "dairy": 1},
        label="1 slice (1/8 of a large pizza)",
    ),
    grains(
        "roast-beef-sub",
        "Roast Beef Sub",
        "21125",
        "6 inch sub",
        "🥖",
        "a roast beef sub with lettuce and tomato",
        groups={"grains": 2, "meat": 1},
        label="6-inch sub",
    ),
    grains(
        "bean-burrito",
        "Bean and Cheese Burrito",
        "21061",
        "1 each burrito",
        "🌯",
        "a bean and cheese burrito",
        groups={"grains": 2, "meat": 1},
        label="1 burrito",
    ),
    grains(
        "spaghetti-meat-sauce",
        "Spaghetti with Meat Sauce",
        "22401",
        "1 serving",
        "🍝",
        "a plate of spaghetti with meat sauce",
        groups={"grains": 2, "meat": 1, "veggie": 1},
        label="1 plate (10 oz)",
    ),
    # Meat (8: beans, eggs and nuts are MyPlate protein foods too)
    meat(
        "chicken-breast",
        "Chicken Breast",
        "05064",
        "0.5 breast, bone and skin removed",
        "🍗",
        "roast chicken",
        label="1/2 breast, roasted",
    ),
    meat("turkey", "Roast Turkey", "05220", "3 oz", "🦃", "slices of roast turkey"),
    meat(
        "boiled-eggs",
        "Hard-Boiled Eggs",
        "01129",
        "1 large",
        "🥚",
        "two hard-boiled eggs",
        times=2,
        label="2 large eggs",
    ),
    meat("tuna", "Tuna", "15121", "3 oz", "🐟", "a scoop of tuna"),
    meat("salmon", "Salmon", "15086", "3 oz", "🍣", "a piece of salmon"),
    meat(
        "black-beans",
        "Black Beans",
        "16015",
        "1 cup",
        "🫘",
        "a bowl of black beans",
        times=0.5,
        label="1/2 cup, cooked",
    ),
    meat("peanut-butter", "Peanut Butter", "16398", "2 tbsp", "🥜", "a spoon of peanut butter"),
    meat(
        "hamburger",
        "Hamburger",
        "21107",
        "1 sandwich",
        "🍔",
        "a hamburger on a bun",
        groups={"grains": 2, "meat": 1},
        label="1 hamburger",
    ),
    # Dairy (7)
    dairy("milk", "Low-Fat Milk", "01082", "1 cup", "🥛", "a glass of milk"),
    dairy("chocolate-milk", "Chocolate Milk", "01104", "1 cup", "🍫", "a glass of chocolate milk"),
    dairy("yogurt", "Low-Fat Yogurt", "01117", "1 container (6 oz)", "🍦", "a cup of plain yogurt"),
    dairy("cheddar", "Cheddar Cheese", "01009", "1 slice (1 oz)", "🧀", "a slice of cheddar cheese"),
    dairy(
        "string-cheese",
        "String Cheese",
        "01029",
        "1 oz",
        "🧀",
        "a stick of string cheese",
        label="1 stick (1 oz)",
    ),
    dairy(
        "greek-yogurt",
        "Plain Greek Yogurt",
        "01256",
        "1 container",
        "🥣",
        "a cup of plain Greek yogurt",
        label="1 container (6 oz)",
    ),
    dairy(
        "mac-and-cheese",
        "Macaroni and Cheese",
        "22970",
        "1 cup",
        "🧀",
        "a bowl of macaroni and cheese",
        groups={"grains": 2, "dairy": 1},
    ),
)

DECK_DESCRIPTION = (
    "54 food cards built from USDA nutrient data: fruit, veggies, grains, meat and beans, dairy, "
    "junk food and one exercise card. Each card shows calories, vitamin power and overall value "
    "for one serving."
)

CHOICES: tuple[str, ...] = (
    "The deck has 54 cards: 9 fruit, 8 veggie, 13 grains, 8 meat, 7 dairy, 8 junk and 1 exercise.",
    "The Snack Attack subset is the 26 fruit, veggie, junk and exercise cards.",
    "Sugar Shock is a real 12 fl oz can of cola (USDA 14148): 39 g of sugar and nothing else good.",
    "Exhilarating Exercise is not a food: it has no USDA number, -200 calories, 0 vitamin power and 0 value.",
    "Broccoli is 1 cup of raw chopped broccoli (91 g); Spinach is half a cup of cooked spinach (90 g), "
    "half of USDA's 1-cup measure.",
    "Every serving comes from a USDA household measure (WEIGHT.txt), sometimes a half or a multiple "
    "of one (half a cup of rice, 3 cups of popcorn, 2 tortillas).",
    "Six combination foods count for several food groups and stay out of Snack Attack: cheese pizza "
    "(2 grains + 1 dairy), roast beef sub (2 grains + 1 meat), bean and cheese burrito (2 grains + "
    "1 meat), spaghetti with meat sauce (2 grains + 1 meat + 1 veggie), hamburger (2 grains + 1 "
    "meat, a meat card) and macaroni and cheese (2 grains + 1 dairy, a dairy card).",
    "Every other food card counts as one serving of its own category; junk food and exercise count "
    "for no food group.",
    "Beans, eggs and peanut butter are meat cards, because MyPlate puts them in the protein group.",
    "Calories = USDA kcal per 100 g x serving grams / 100, rounded.",
    "Vitamin power = the % daily value of 11 vitamins (A, C, D, E, K, B1, B2, B3, B6, folate, B12), "
    "each capped at 40 %, added up and divided by 5.",
    "Overall value = the Nutrient Rich Foods index NRF9.3 per serving divided by 4, never below 0.",
    "USDA SR has no added-sugar figure: fruit, vegetables, beans, nuts, meat and fish count as having "
    "none, dairy counts sugar above 5 g per 100 g (milk's lactose) as added, and all other foods "
    "count all their sugar as added.",
    "Cheese, macaroni and cheese and the hamburger score low on value because of their saturated fat "
    "and sodium: the formula decides, not us, and that is part of the lesson.",
    "Heavily vitamin-fortified foods (breakfast cereals) were left out so vitamin power stays a "
    "lesson about whole foods.",
)


class DeckDesignError(ValueError):
    """The design names a food or a measure that the USDA files do not have."""


def _measure_grams(release_weights: dict[str, dict[str, float]], design: CardDesign) -> float:
    measures = release_weights.get(design.ndb, {})
    if design.measure not in measures:
        known = ", ".join(sorted(measures)) or "none"
        raise DeckDesignError(
            f"Card {design.id!r}: food {design.ndb} has no measure {design.measure!r} (it has: {known})."
        )
    return round(measures[design.measure] * design.times, 2)


def _groups(design: CardDesign) -> dict[str, int]:
    """Servings per food group: a combination food lists its own; junk counts for none."""
    if design.groups:
        return dict(design.groups)
    return {} if design.category == "junk" else {design.category: 1}


def _serving_label(design: CardDesign) -> str:
    return design.label or design.measure or ""


def _exercise_record(design: CardDesign) -> dict:
    return {
        "id": design.id,
        "name": design.name,
        "category": design.category,
        "special": design.special,
        "groups": {},
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
        "nutrients_per_100g": None,
        "nutrients_per_serving": None,
        "emoji": design.emoji,
        "picture_hint": design.picture_hint,
    }


def _food_record(release: SRRelease, weights: dict[str, dict[str, float]], design: CardDesign) -> dict:
    food = release.foods.get(design.ndb)
    if food is None:
        raise DeckDesignError(f"Card {design.id!r}: USDA food {design.ndb} is not in the SR files.")
    grams = _measure_grams(weights, design)
    per_100g = {key: food.nutrients.get(key) for key in CARD_NUTRIENT_KEYS}
    per_100g["added_sugars_g"] = estimated_added_sugars(
        sugars_g=food.nutrients.get("sugars_g"), usda_group=food.group
    )
    score = score_card(per_100g, grams)
    serving = {key: (None if v is None else round(v, 3)) for key, v in per_serving(per_100g, grams).items()}
    return {
        "id": design.id,
        "name": design.name,
        "category": design.category,
        "special": design.special,
        "groups": _groups(design),
        "calories": score.calories,
        "vitamin_power": score.vitamin_power,
        "value": score.value,
        "snack_attack": design.category in SNACK_ATTACK_CATEGORIES,
        "in_play": True,
        "ndb": food.ndb,
        "serving_g": grams,
        "serving_label": _serving_label(design),
        "usda_measure": {"description": design.measure, "times": design.times},
        "usda_description": food.long_description,
        "usda_group": {"code": food.group, "name": release.groups[food.group]},
        "nutrients_per_100g": per_100g,
        "nutrients_per_serving": serving,
        "emoji": design.emoji,
        "picture_hint": design.picture_hint,
    }


def build_eat_right_records(usda_dir: Path | str, *, release: SRRelease | None = None) -> list[dict]:
    """Every card of the Eat Right deck, its numbers computed from the SR files in `usda_dir`."""
    release = release or read_release(Path(usda_dir))
    weights: dict[str, dict[str, float]] = {}
    for weight in release.weights:
        weights.setdefault(weight.ndb, {})[f"{weight.amount:g} {weight.description}"] = weight.grams
    records = []
    for design in EAT_RIGHT_DESIGN:
        if design.category == "exercise":
            records.append(_exercise_record(design))
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
