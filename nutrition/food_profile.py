"""What the card formulas need to know about a USDA food besides its nutrients (pure Python).

Two published models read more than the numbers of a food:

- the Nutri-Score (nutrition.nutri_score) scores drinks, cheeses, and fats, oils, nuts and seeds
  by their own rules, limits the protein points of red meat, costs drinks with sweeteners 4
  points and rewards the share of fruit, vegetables and legumes in the recipe;
- Vitamin Power counts the vitamins a food brings itself, so it must know which vitamins were
  added in the factory (nutrition.scoring): from the description's words and from the nutrients
  themselves (`premix_signs`), since many fortified drinks and snacks never say so.

USDA SR says none of this in a field of its own, so it is read from the food's description, its
USDA group and two nutrients, in the spirit of the Nutri-Score's own definitions (Scientific
Committee of the Nutri-Score, 2022 and 2023 reports). Where the description cannot say (how much
tomato is in a pizza), a few foods have their figure by NDB number, worked out from their recipe.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field

from nutrition.nutri_score import BEVERAGE, CHEESE, FATS, GENERAL, WATER

# Every vitamin Vitamin Power reads (natural folate only: folic acid is always added).
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
    "food_folate_ug",
    "vitamin_b12_ug",
)
# Enriched flour and grains have these put back (and folic acid, and iron).
ENRICHMENT: tuple[str, ...] = ("thiamin_mg", "riboflavin_mg", "niacin_mg")

FORTIFIED, ENRICHED = "fortified", "enriched"
BEVERAGES_GROUP = "1400"  # USDA SR's "Beverages" food group


@dataclass(frozen=True)
class FoodProfile:
    """The food facts the formulas read besides nutrients (stored in a card's record)."""

    kind: str = GENERAL  # the Nutri-Score's kind: general, cheese, fats, beverage or water
    fvl_percent: float = 0.0  # fruit, vegetables and legumes, % of the recipe
    red_meat: bool = False
    sweeteners: bool = False
    added_vitamins: tuple[str, ...] = field(default_factory=tuple)  # keys of VITAMIN_KEYS
    fortification: str = ""  # "", "fortified" or "enriched"

    @property
    def fortified(self) -> bool:
        return bool(self.added_vitamins)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["added_vitamins"] = list(self.added_vitamins)
        return data

    @classmethod
    def from_dict(cls, data: dict | None) -> FoodProfile:
        data = dict(data or {})
        data["added_vitamins"] = tuple(data.get("added_vitamins") or ())
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        return cls(**known)


# ----- the Nutri-Score's kind --------------------------------------------------------------------

_NOT_A_DRINK = re.compile(
    r"powder|\bdry\b|dried|\bmix\b|mix,|crystals|granules|concentrate|syrup|condensed|evaporated|"
    r"frozen|dessert|bar\b|\bpudding|creamer|whitener|\bbeans?\b|grounds|leaves"
)
_MILK_DRINK = re.compile(
    r"^(milk|buttermilk|kefir|soymilk|soy milk|almond milk|rice milk|oat milk)\b|^milk, chocolate|"
    r"^beverages?,.*\b(milk|shake|smoothie)|^yogurt, .*drink|chocolate milk|milk beverage|^soy beverage"
)
_JUICE = re.compile(r"\bjuice\b|\bnectar\b|\blemonade\b")
_WATER = re.compile(r"^(beverages, )?water\b|^water, (tap|bottled|municipal|well)")
_PLAIN_WATER_UNLESS = re.compile(r"flavou?r|sweeten|sugar|tonic|juice|drink mix|vitamin|coconut")
_CHEESE = re.compile(r"^cheese\b|^cheese(s)?,|^mozzarella|^parmesan|^ricotta|^cottage cheese")
_FATS = re.compile(
    r"^(oil|butter|margarine|shortening|lard|fat|ghee|tallow|suet|vegetable oil|salad or cooking oil)\b|"
    r"^(margarine|butter)-like|\boil, |^oil,|^fish oil|^nuts?\b|^seeds?\b|^peanuts?\b|^peanut butter|"
    r"^almond butter|^cashew butter|^sesame butter|^tahini|^sunflower seed butter"
)
_NOT_FATS = re.compile(
    r"salad dressing|mayonnaise|sandwich spread|sauce|dip\b|imitation|chocolate|candied|sugar"
)
_RED_MEAT_GROUPS = frozenset({"1000", "1300", "1700"})  # pork, beef, lamb, veal and game
_RED_MEAT_WORDS = re.compile(
    r"\b(beef|pork|ham|veal|lamb|bacon|bologna|salami|pepperoni|bratwurst|chorizo)\b"
)
_NOT_RED_MEAT = re.compile(r"\b(chicken|turkey)\b(?!.*\b(beef|pork)\b)")
_SWEETENERS = re.compile(
    r"\bdiet\b|sugar[- ]free|low calorie|reduced calorie|calorie-free|\bzero\b|aspartame|sucralose|"
    r"saccharin|acesulfame|stevia|non-nutritive sweetener|low-calorie sweetener|"
    r"contains caffeine and sweeteners"
)


def nutri_score_kind(*, usda_group: str, description: str, plate_group: str) -> str:
    """Which Nutri-Score rules a USDA food follows: water, beverage, cheese, fats or general."""
    text = description.lower()
    if usda_group == "1400" and _WATER.search(text) and not _PLAIN_WATER_UNLESS.search(text):
        return WATER
    drinkable = not _NOT_A_DRINK.search(text)
    if drinkable and (usda_group == "1400" or _MILK_DRINK.search(text)):
        return BEVERAGE
    if drinkable and _JUICE.search(text) and usda_group in ("0900", "1100", "1400", "0300"):
        return BEVERAGE
    if usda_group == "0100" and _CHEESE.search(text):
        return CHEESE
    if usda_group == "0100" and re.match(r"butter\b", text) and "buttermilk" not in text:
        return FATS
    if usda_group in ("0400", "1200") or (usda_group == "1600" and re.match(r"peanut", text)):
        if _FATS.search(text) and not _NOT_FATS.search(text):
            return FATS
        if usda_group == "1200" and not _NOT_FATS.search(text):
            return FATS
    return GENERAL


def is_red_meat(*, usda_group: str, description: str) -> bool:
    """Beef, veal, pork, lamb and game, and products made of them (the Nutri-Score's red meat)."""
    text = description.lower()
    if usda_group in _RED_MEAT_GROUPS:
        return True
    return usda_group == "0700" and bool(_RED_MEAT_WORDS.search(text)) and not _NOT_RED_MEAT.search(text)


# ----- fruit, vegetables and legumes -------------------------------------------------------------

# Foods whose share of fruit, vegetables and legumes the description cannot tell, by NDB number,
# from their recipe (the Eat Right deck's mixed dishes; see nutrition.eat_right_design).
FVL_BY_NDB: dict[str, float] = {
    "21299": 30.0,  # cheese pizza: about 2 tbsp (32 g) of tomato sauce on a 107 g slice
    "21125": 15.0,  # roast beef sub: lettuce, tomato and onion, about 30 g of a 190 g sub
    "21061": 30.0,  # bean and cheese burrito: about 1/3 cup (55 g) of beans in 185 g
    "22401": 44.0,  # spaghetti with meat sauce: 1/2 cup (125 g) of tomato sauce in 283 g
}
_NOT_FVL = re.compile(r"^potato|(?<!sweet )\bpotato|french fr|\bfries\b|\bchips\b")
_FRUIT_OIL = re.compile(r"^oil, (olive|avocado)")
_LEGUME = re.compile(
    r"^(beans|lentils|chickpeas|peas|cowpeas|lima beans|broadbeans|lupins|mung|hummus|refried beans|"
    r"pigeon peas|yardlong beans|adzuki|hyacinth|winged beans|moth beans|falafel|soybeans, mature)"
)


def fvl_percent(*, ndb: str, usda_group: str, description: str, plate_group: str) -> float:
    """The share of fruit, vegetables and legumes in a food, in % (Nutri-Score 2023: potatoes,
    nuts and oils do not count)."""
    if ndb in FVL_BY_NDB:
        return FVL_BY_NDB[ndb]
    text = description.lower()
    if usda_group == "0400" and _FRUIT_OIL.search(text):
        return 100.0  # olive and avocado oil are pressed fruit: they count, other oils do not
    if plate_group in ("fruits", "vegetables") and not _NOT_FVL.search(text):
        return 100.0
    if usda_group == "1600" and _LEGUME.search(text):
        return 100.0
    return 0.0


# ----- vitamins added in the factory -------------------------------------------------------------

_NOT_ADDED = re.compile(r"without added [^,;(]*|unfortified|not fortified|protein fortified")
_NAMED_VITAMIN = re.compile(
    r"vitamins? ((?:[acdek]|b\d{1,2})(?:(?:,| and|, and) (?:vitamin )?(?:[acdek]|b\d{1,2})\b)*)|"
    r"ascorbic acid|thiamin|riboflavin|niacin"
)
_VITAMIN_LETTERS = {
    "a": "vitamin_a_rae_ug",
    "c": "vitamin_c_mg",
    "d": "vitamin_d_ug",
    "e": "vitamin_e_mg",
    "k": "vitamin_k_ug",
    "b1": "thiamin_mg",
    "b2": "riboflavin_mg",
    "b3": "niacin_mg",
    "b6": "vitamin_b6_mg",
    "b12": "vitamin_b12_ug",
}
_VITAMIN_WORDS = {
    "ascorbic acid": "vitamin_c_mg",
    "thiamin": "thiamin_mg",
    "riboflavin": "riboflavin_mg",
    "niacin": "niacin_mg",
}
_ADDING = re.compile(r"with added|fortified with|\badded\b|vitamin [a-z0-9]+ added")
_FORTIFIED_WORDS = re.compile(
    r"fortified|with added nutrients|vitamins and minerals|added vitamins|high vitamin c|"
    r"(?<!non-)\benhanced\b"
)
# With folic acid in them these are fortified products, not foods made with enriched flour.
_FORTIFIED_PRODUCTS = re.compile(
    r"supplement|formula|shake|meal replacement|protein powder|\bmuscle milk\b|nutrition drink|energy drink|"
    r"instant breakfast|breakfast powder|drink mix|cereal bar|nutrition bar|protein bar"
)
# Meat substitutes are fortified with B12 and other vitamins that USDA's description does not name.
_MEAT_SUBSTITUTE = re.compile(
    r"loma linda|worthington|morningstar|meatless|vegetarian (stew|fillets|burger|meatloaf|chili)|"
    r"meat extender|veggie burger|textured vegetable protein"
)
# US margarine is fortified with vitamin A by its standard of identity (21 CFR 166.110), usually D too.
_MARGARINE = re.compile(r"^margarine")
MARGARINE_VITAMINS = ("vitamin_a_rae_ug", "vitamin_d_ug")


_ENRICHED = re.compile(r"(?<!un)enriched")


def _named_vitamins(text: str) -> list[str]:
    keys = []
    start = _ADDING.search(text)
    if not start:
        return keys
    for match in _NAMED_VITAMIN.finditer(text, start.start()):
        if match.group(1):
            for letter in re.findall(r"[acdek]\b|b\d{1,2}", match.group(1)):
                if letter in _VITAMIN_LETTERS:
                    keys.append(_VITAMIN_LETTERS[letter])
        else:
            keys.append(_VITAMIN_WORDS[match.group(0)])
    return keys


# Vitamin B12 is made only by bacteria and reaches food through animals: a fruit, vegetable-free
# plant food or drink that has it (soy and almond drinks, tofu, energy drinks, oatmeal packets)
# had it added. Beverages made with milk are left out by their protein.
_NO_NATURAL_B12_GROUPS = frozenset({"0800", "1200", "1400", "1600", "2000"})
DRINK_PROTEIN_FROM_MILK_G = 1.0  # a drink with at least this much protein in 100 g has milk in it
B12_ADDED_PCT = 10.0  # B12 from 10 % of the daily value in 100 kcal of such a food
# A drink that holds two of these at 10 % of the daily value in 100 g holds a premix: no plain
# drink reaches that (coffee has B2 and B3, juices are fruit group foods, not beverages).
_DRINK_PREMIX = ("vitamin_c_mg", "vitamin_e_mg", "vitamin_b6_mg", "vitamin_b12_ug")
DRINK_PREMIX_PCT, DRINK_PREMIX_COUNT = 10.0, 2
# Cereals, baked goods, sweets and snacks: B12 with two of A, C, D, E, B6 at 20 % in 100 g is a
# premix (Eggo waffles, nutrition bars); B1, B2 and B3 are left out, enriched flour has those.
_SNACK_GROUPS = frozenset({"0800", "1800", "1900", "2500"})
_SNACK_PREMIX = ("vitamin_a_rae_ug", "vitamin_c_mg", "vitamin_d_ug", "vitamin_e_mg", "vitamin_b6_mg")
SNACK_PREMIX_PCT, SNACK_PREMIX_COUNT = 20.0, 2
_SAYS_UNFORTIFIED = re.compile(r"unfortified|not fortified|without added (nutrients|vitamins)")
# FDA 2016 label daily values of the vitamins above (nutrition.nutrients has them too, but this
# module imports no other nutrition module).
_DAILY_VALUES = {
    "vitamin_a_rae_ug": 900.0,
    "vitamin_c_mg": 90.0,
    "vitamin_d_ug": 20.0,
    "vitamin_e_mg": 15.0,
    "vitamin_b6_mg": 1.7,
    "vitamin_b12_ug": 2.4,
}


def _percent_dv(nutrients: dict, key: str, grams: float = 100.0) -> float:
    return 100.0 * (nutrients.get(key) or 0.0) * grams / 100.0 / _DAILY_VALUES[key]


def premix_signs(*, usda_group: str, description: str, nutrients: dict) -> list[str]:
    """Why the nutrients themselves say vitamins were added, in short words ([] when they don't).

    Vitamin B12 in a plant food or a drink without milk; two of C, E, B6 and B12 at 10 % of the
    daily value in 100 g of a drink; B12 with two of A, C, D, E and B6 at 20 % in 100 g of a
    cereal, baked good, sweet or snack. A description that says "unfortified" is believed.
    """
    if _SAYS_UNFORTIFIED.search(description.lower()):
        return []
    signs = []
    kcal = nutrients.get("energy_kcal") or 0.0
    drink = usda_group == BEVERAGES_GROUP
    milk_drink = drink and (nutrients.get("protein_g") or 0.0) >= DRINK_PROTEIN_FROM_MILK_G
    b12_possible = usda_group in _NO_NATURAL_B12_GROUPS and not milk_drink and kcal > 0
    if b12_possible and _percent_dv(nutrients, "vitamin_b12_ug", 100.0 * 100.0 / kcal) >= B12_ADDED_PCT:
        signs.append("vitamin B12 in a plant food")
    if drink:
        rich = [key for key in _DRINK_PREMIX if _percent_dv(nutrients, key) >= DRINK_PREMIX_PCT]
        if len(rich) >= DRINK_PREMIX_COUNT:
            signs.append("a drink rich in " + ", ".join(rich))
    if usda_group in _SNACK_GROUPS and _percent_dv(nutrients, "vitamin_b12_ug") >= SNACK_PREMIX_PCT:
        rich = [key for key in _SNACK_PREMIX if _percent_dv(nutrients, key) >= SNACK_PREMIX_PCT]
        if len(rich) >= SNACK_PREMIX_COUNT:
            signs.append("vitamin B12 with " + ", ".join(rich))
    return signs


def added_vitamins(*, usda_group: str, description: str, nutrients: dict) -> tuple[tuple[str, ...], str]:
    """The vitamins put into a food in the factory, and how: ((keys), "fortified" | "enriched" | "").

    The description names them ("with added vitamin A and vitamin D", "vitamin C added"); a
    food that says it is fortified without naming them, a breakfast cereal, drink, shake or
    supplement with folic acid in it (folic acid is only ever added) counts every vitamin as
    added, since USDA does not tell the natural part from the added one; and a food made with
    enriched flour (it says "enriched", or it has folic acid) had thiamin, riboflavin and niacin
    put back. A food whose nutrients show a premix (`premix_signs`) counts every vitamin as
    added, whatever it says.
    """
    text = _NOT_ADDED.sub("", description.lower())
    named = _named_vitamins(text)
    if _MARGARINE.search(text):
        named += MARGARINE_VITAMINS
    folic_acid = (nutrients.get("folic_acid_ug") or 0) > 0
    fortified_product = usda_group in ("0800", "1400") or _FORTIFIED_PRODUCTS.search(text)
    ready_to_eat_cereal = usda_group == "0800" and ("ready-to-eat" in text or _ENRICHED.search(text))
    if (
        (_FORTIFIED_WORDS.search(text) and not named)
        or (folic_acid and fortified_product)
        or ready_to_eat_cereal
        or _MEAT_SUBSTITUTE.search(text)
        or premix_signs(usda_group=usda_group, description=description, nutrients=nutrients)
    ):
        return VITAMIN_KEYS, FORTIFIED
    if _ENRICHED.search(text) or folic_acid:
        keys = [key for key in VITAMIN_KEYS if key in ENRICHMENT or key in named]
        return tuple(keys), ENRICHED
    if named:
        return tuple(key for key in VITAMIN_KEYS if key in named), FORTIFIED
    return (), ""


_ALCOHOLIC = re.compile(
    r"(?<!non-)alcoholic|\bbeer\b|\bwine\b|liqueur|distilled|whiskey|\brum\b|vodka|\bgin\b|\bsake\b|"
    r"daiquiri|pina colada|tequila|creme de menthe|\bproof\b"
)
_NOT_ALCOHOLIC = re.compile(r"root beer|non-alcoholic")


def is_alcoholic(*, usda_group: str, description: str) -> bool:
    """An alcoholic drink, or a mix named after one (USDA's beverages group): never shown to a child."""
    text = description.lower()
    return usda_group == BEVERAGES_GROUP and bool(_ALCOHOLIC.search(text)) and not _NOT_ALCOHOLIC.search(text)


def food_profile(
    *, ndb: str, usda_group: str, description: str, plate_group: str, nutrients: dict
) -> FoodProfile:
    """Everything above for one USDA food."""
    added, how = added_vitamins(usda_group=usda_group, description=description, nutrients=nutrients)
    kind = nutri_score_kind(usda_group=usda_group, description=description, plate_group=plate_group)
    return FoodProfile(
        kind=kind,
        fvl_percent=fvl_percent(
            ndb=ndb, usda_group=usda_group, description=description, plate_group=plate_group
        ),
        red_meat=kind == GENERAL and is_red_meat(usda_group=usda_group, description=description),
        sweeteners=kind == BEVERAGE and bool(_SWEETENERS.search(description.lower())),
        added_vitamins=added,
        fortification=how,
    )


__all__ = [
    "BEVERAGE",
    "BEVERAGES_GROUP",
    "CHEESE",
    "ENRICHED",
    "FATS",
    "FORTIFIED",
    "FVL_BY_NDB",
    "GENERAL",
    "VITAMIN_KEYS",
    "WATER",
    "FoodProfile",
    "added_vitamins",
    "food_profile",
    "fvl_percent",
    "is_alcoholic",
    "is_red_meat",
    "nutri_score_kind",
    "premix_signs",
]
