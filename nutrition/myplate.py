"""Which MyPlate group a USDA food belongs to, and how much of its sugar is added (pure Python).

USDA's own food groups do not say what a food counts for on MyPlate: "Dairy and Egg Products"
holds eggs (protein foods) and butter, cream and cream cheese (solid fats, no dairy group);
"Baked Products" holds cookies, cakes, doughnuts and pies next to bread. So every food gets its
own plate group from its description: an ordered list of rules (the first that matches wins),
then its USDA group's default, with single foods overridden by NDB number where the rules get
them wrong. The choices follow MyPlate (myplate.gov, "What's in each food group") and the
Dietary Guidelines for Americans 2020-2025:

- eggs, beans and peas, nuts, seeds, peanut butter, meat, poultry and seafood are protein foods
  (MyPlate lets beans count as protein or vegetables: we always count them as protein);
- milk, yogurt, cheese and fortified soy milk are dairy; butter, cream, sour cream and cream
  cheese are not (MyPlate leaves them out of the dairy group: little calcium, mostly fat);
- sweets and grain-based desserts (cookies, cakes, doughnuts, pies, pastries), candy, ice cream,
  sugary drinks, snack chips, French fries and solid fats are "sometimes foods": foods the
  guidelines ask us to limit, in no food group;
- oils, margarine, mayonnaise and salad dressings are oils (MyPlate: not a food group, but
  needed in small amounts);
- soups, sandwiches, pizza, burritos, frozen meals and restaurant dishes are mixed dishes;
- spices, water, coffee, tea, alcoholic drinks, infant formula and supplements are in none.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

# The five MyPlate food groups, then the four kinds of food outside them.
FOOD_GROUPS: tuple[str, ...] = ("fruits", "vegetables", "grains", "protein", "dairy")
PLATE_GROUPS: tuple[str, ...] = (*FOOD_GROUPS, "mixed", "oils", "sometimes", "none")
PLATE_GROUP_NAMES: dict[str, str] = {
    "fruits": "Fruits",
    "vegetables": "Vegetables",
    "grains": "Grains",
    "protein": "Protein foods",
    "dairy": "Dairy",
    "mixed": "Mixed dishes",
    "oils": "Oils",
    "sometimes": "Sometimes foods",
    "none": "Not in a food group",
}

# What most foods of a USDA group are when no rule says otherwise.
USDA_GROUP_DEFAULTS: dict[str, str] = {
    "0100": "dairy",  # Dairy and Egg Products
    "0200": "none",  # Spices and Herbs
    "0300": "mixed",  # Baby Foods
    "0400": "oils",  # Fats and Oils
    "0500": "protein",  # Poultry Products
    "0600": "mixed",  # Soups, Sauces, and Gravies
    "0700": "protein",  # Sausages and Luncheon Meats
    "0800": "grains",  # Breakfast Cereals
    "0900": "fruits",  # Fruits and Fruit Juices
    "1000": "protein",  # Pork Products
    "1100": "vegetables",  # Vegetables and Vegetable Products
    "1200": "protein",  # Nut and Seed Products
    "1300": "protein",  # Beef Products
    "1400": "sometimes",  # Beverages (sodas, drink mixes, energy drinks...)
    "1500": "protein",  # Finfish and Shellfish Products
    "1600": "protein",  # Legumes and Legume Products
    "1700": "protein",  # Lamb, Veal, and Game Products
    "1800": "grains",  # Baked Products
    "1900": "sometimes",  # Sweets
    "2000": "grains",  # Cereal Grains and Pasta
    "2100": "mixed",  # Fast Foods
    "2200": "mixed",  # Meals, Entrees, and Side Dishes
    "2500": "sometimes",  # Snacks
    "3500": "protein",  # American Indian/Alaska Native Foods (mostly fish and game)
    "3600": "mixed",  # Restaurant Foods
}


@dataclass(frozen=True)
class Rule:
    plate: str
    pattern: re.Pattern
    usda_groups: frozenset[str] = frozenset()  # empty: any group
    unless: re.Pattern | None = None  # the rule does not apply when this matches too

    def applies(self, usda_group: str, text: str) -> bool:
        if self.usda_groups and usda_group not in self.usda_groups:
            return False
        return bool(self.pattern.search(text)) and not (self.unless and self.unless.search(text))


def _rule(plate: str, pattern: str, groups: str = "", unless: str | None = None) -> Rule:
    return Rule(
        plate,
        re.compile(pattern),
        frozenset(groups.split()),
        re.compile(unless) if unless else None,
    )


_SWEET_BAKED = (
    r"cookie|(?<!pan)(?<!griddle)cake|doughnut|donut|\bpies?\b|pastr|brownie|danish|sweet roll|"
    r"cinnamon roll|cream puff|eclair|cobbler|strudel|fudge|frost|icing|\bwafers?\b|graham|pop-tart|"
    r"baklava|turnover|sopaipilla|churro|fig bar|macaroon|ladyfinger|ice cream cone|fruit pizza|"
    r"chocolatey|cinnabon|twinkie|oreo|dulce de leche|caramel|creme|\bcones?\b|shortbread|\btarts?\b|"
    r"\bbars?\b|animals?,? crackers|\bsweet\b(?! potato)"
)
_SWEETENED_DRINK = r"(?<!un)sweeten|sugar|mocha|latte|cappuccino|flavou?r|lemonade|iced tea|chai|cocoa"

# In order: the first rule that matches decides.
RULES: tuple[Rule, ...] = (
    # Everywhere: fried potatoes and snack chips are sometimes foods, whatever group they sit in,
    # and so are the fat cut off meat and poultry skin (solid fats).
    _rule("sometimes", r"french fr|\bfries\b|onion rings|hush pupp|\bchips\b|\bcrisps\b", unless=r"^cereals"),
    _rule(
        "sometimes",
        r"separable fat\b|skin only|(^|, )skin( and breading| from|,|\s*\(|$)",
        "0500 0700 1000 1300 1700 2100 2200 3500 3600",
        unless=r"removed|meat and skin",
    ),
    # MyPlate puts avocado with the vegetables.
    _rule("vegetables", r"^avocados?\b"),
    # Dairy and Egg Products
    _rule("protein", r"^eggs?\b|egg substitute|egg mix", "0100"),
    _rule("none", r"^whey\b", "0100"),  # an ingredient (protein powders), not a dairy food
    _rule(
        "sometimes",
        r"^butter|^cream\b|cream substitute|sour cream|sour dressing|cheese, cream|cream cheese|whip|"
        r"dessert topping|ice cream|milk shake|shakes\b|frozen yogurt|pudding|eggnog|dulce de leche|"
        r"milk dessert|imitation cheese",
        "0100",
    ),
    _rule("none", r"supplement", "0100"),
    # Baby foods (infant formula is not a food group)
    _rule("none", r"formula|fluid replacement|electrolyte", "0300"),
    _rule("sometimes", r"cookie|dessert|pudding|custard|cobbler", "0300"),
    _rule("mixed", r"dinner|stew|soup", "0300"),
    _rule("fruits", r"juice", "0300"),
    _rule("grains", r"cereal|cracker|zwieback|teething|pretzel|biscuit|\brice\b|pasta|macaroni", "0300"),
    _rule("protein", r"\bmeat\b|beef|chicken|turkey|\bham\b|veal|lamb|pork|egg yolk", "0300"),
    _rule(
        "fruits",
        r"fruit|apple|banana|pear|peach|apricot|plum|prune|mango|berr|cherr|grape|orange|papaya|guava",
        "0300",
    ),
    _rule(
        "vegetables",
        r"vegetable|carrot|squash|\bpeas?\b|beans|corn|potato|spinach|broccoli|beet|pumpkin",
        "0300",
    ),
    _rule("dairy", r"yogurt|cheese", "0300"),
    # Fats and Oils: solid animal fats are sometimes foods, the rest is oil
    # (MyPlate: coconut, palm and palm kernel oil are solid fats too.)
    _rule(
        "sometimes",
        r"^butter|lard|shortening|animal fat|drippings|tallow|suet|^fat\b|\bpalm\b|coconut",
        "0400",
        unless=r"^margarine(?!-like shortening)",
    ),
    # Soups, Sauces, and Gravies
    _rule("sometimes", r"gravy", "0600"),
    _rule("none", r"broth|bouillon|consomme|stock\b", "0600", unless=r"soup, .*with"),
    _rule("none", r"\bdip\b", "0600"),
    _rule("vegetables", r"salsa|pasta sauce|spaghetti sauce|marinara|tomato sauce|prego", "0600"),
    _rule("none", r"^sauce|dressing", "0600"),
    # Fruits: juice drinks, nectars and pie fillings are sugary extras
    _rule(
        "sometimes",
        r"juice drink|juice cocktail|punch|\bnectar\b|\bade\b|pie filling|candied|fruit leather|maraschino|"
        r"cranberry sauce",
        "0900",
    ),
    # Nuts and seeds
    _rule("none", r"coconut (milk|cream|water)", "1200"),
    _rule("sometimes", r"chocolate|carob|candied|sugar-coated|yogurt-covered|(?<!un)sweetened|honey", "1200"),
    # Beverages
    _rule(
        "none",
        r"alcoholic|\bbeer\b|\bwine\b|liqueur|distilled|whiskey|\brum\b|vodka|\bgin\b",
        "1400",
        unless=r"\bmix\b",
    ),
    # Drinks without sugar (diet, sugar-free, zero): no food group, nothing to limit.
    _rule(
        "none",
        r"\bdiet\b|sugar[- ]free|low calorie|calorie-free|\bzero\b|non-nutritive sweetener",
        "1400",
        unless=r"milk|soy|juice, |100% juice|(?<![- ])sugar(?![- ]free)|corn syrup|corn sweetener",
    ),
    _rule("dairy", r"soymilk|soy milk|soy beverage|milk beverage", "1400"),
    _rule("none", r"almond milk|rice drink|rice milk|oat milk", "1400", unless=_SWEETENED_DRINK),
    _rule("sometimes", r"\b(coffee|teas?)\b", "1400", unless=r"unsweetened|brewed|instant, decaf|herb"),
    _rule("none", r"\b(coffee|teas?)\b", "1400", unless=r"(?<!un)sweeten|sugar|lemonade|mocha|latte"),
    _rule("none", r"\bwater\b", "1400", unless=r"flavou?r|(?<!un)sweeten|sugar|juice|drink mix|tonic"),
    _rule("vegetables", r"tomato juice|vegetable juice", "1400"),
    _rule(
        "fruits",
        r"juice",
        "1400",
        unless=r"drink|cocktail|punch|\bade\b|beverage|flavou?r|smoothie|splash|mix",
    ),
    # Fish and shellfish: the liquid of canned clams is a broth
    _rule("none", r", liquid$|clam juice", "1500"),
    # Legumes: fortified soy milk is dairy
    _rule("dairy", r"soymilk|soy milk|soy beverage", "1600"),
    _rule("none", r"soy sauce", "1600"),
    # Baked Products: breads first (a "Crackers, rye, wafers" is bread), then desserts
    _rule(
        "grains",
        r"^(crackers|bread|bagels?|english muffins|tortillas|rolls|biscuits|pancakes|waffles|muffins|"
        r"taco shells|pita|croutons|french toast|cornbread|matzo|melba)",
        "1800",
        unless=r"^bread, (banana|pumpkin|zucchini)|^bread, .*\bsweet\b(?! potato)",
    ),
    _rule("none", r"^leavening|baking powder|baking soda|^yeast|cream of tartar", "1800"),
    _rule("sometimes", _SWEET_BAKED, "1800"),
    # Sweets: a few ingredients are no food at all
    _rule(
        "none",
        r"pectin|^rennin, tablets|gelatins?, dry powder, unsweetened|\bgums\b|"
        r"sweeteners?, .*(tabletop|stevia)",
        "1900",
    ),
    # Fast foods and restaurant foods: desserts are sometimes foods, a plain salad is vegetables
    _rule(
        "sometimes",
        r"sundae|shake|ice cream|ice milk|cookie|\bpie\b|danish|cinnamon|brownie|dessert|parfait|"
        r"frozen dairy|\bcone\b|churro|sweet roll|doughnut|pastr|strudel|sopaipilla|\bflan\b|"
        r"(?<!crab )(?<!fish )(?<!griddle )(?<!potato )\bcakes?\b",
        "2100 3600",
    ),
    _rule("grains", r"hotcakes|pancakes?|waffles?|french toast", "2100 3600", unless=r"sausage|bacon|egg"),
    _rule(
        "vegetables",
        r"salad, vegetable|side salad|garden salad|coleslaw",
        "2100 3600",
        unless=r"chicken|meat",
    ),
    _rule(
        "protein",
        r"fried chicken|chicken.*(tenders|nuggets|strips|wings?|breast|thigh|drumstick)|crab cakes?|"
        r"(shrimp|fish|clams|oysters|scallops)\b.*\b(breaded|battered|fried)|\b(sirloin|ribeye) steak|"
        r"\bsteak$",
        "2100 2200 3600",
        unless=r"sandwich|burger|wrap|salad|biscuit|bagel|pizza|\bsub\b|burrito|taco|fajita|with (egg|rice)",
    ),
    # Snacks: plain popcorn, rice cakes and pretzels are grains; jerky and plain trail mix protein;
    # snack bars (granola, cereal, trail mix) are sweet treats
    _rule("sometimes", r"\bbars?\b", "2500"),
    _rule("grains", r"popcorn", "2500", unless=r"caramel|cheese|sugar|candy|kettle|toffee|chocolate"),
    _rule("grains", r"rice cake|rice crackers?|pretzel|crispbread|corn cakes", "2500"),
    _rule("protein", r"jerky|meat stick|beef stick|pork stick|sausage", "2500"),
    _rule("protein", r"trail mix", "2500", unless=r"chocolate|candy|carob"),
    # American Indian/Alaska Native foods, by what they are
    _rule("mixed", r"stew|soup|tamale|agutuk", "3500"),
    _rule("oils", r"^oil\b|blubber|^fat\b", "3500"),
    _rule("grains", r"frybread|bread|cornmeal|^corn\b|tortilla|wild rice|acorn|mush", "3500"),
    _rule("none", r"\btea\b|coffee", "3500"),
    _rule("fruits", r"berr|chokecherr|plum|pricklypear|rose hips|rhubarb|currant|\bfruit", "3500"),
    _rule(
        "vegetables",
        r"greens|shoots|leaves|roots?\b|turnip|squash|willow|nettles|sourdock|lambsquarters|agave|wocas|"
        r"mouse nuts|cattail|seaweed|onion|potato|fiddlehead|\bcorn\b|beans",
        "3500",
    ),
)

# Single foods the rules get wrong, by NDB number: {ndb: plate group}.
OVERRIDES: dict[str, str] = {
    "19034": "grains",  # Snacks, popcorn, air-popped (the Popcorn card)
    "20009": "grains",  # Bulgur, dry (not a sweet)
    "12061": "protein",  # Almonds (not a sweet)
}


def plate_group_for(*, ndb: str, usda_group: str, description: str) -> str:
    """The plate group of one USDA food (one of PLATE_GROUPS)."""
    if ndb in OVERRIDES:
        return OVERRIDES[ndb]
    text = description.lower()
    for rule in RULES:
        if rule.applies(usda_group, text):
            return rule.plate
    return USDA_GROUP_DEFAULTS.get(usda_group, "none")


# ----- added sugars ------------------------------------------------------------------------------
#
# SR26 gives total sugars only. We estimate added sugars in the spirit of Louie et al. 2015 ("A
# systematic methodology to estimate added sugar content of foods", Eur J Clin Nutr 69:154-161):
# sugar that comes with the food itself is not added; when a food is a sweetened version of a
# plain food, the sugar above what the plain food holds is added. In numbers, per 100 g: the
# added sugar is the total sugar minus the food's natural allowance, never below 0.

ALL_NATURAL = math.inf
# Natural sugar allowance (g per 100 g) by plate group, for foods that do not say they are sweetened.
NATURAL_SUGAR_G: dict[str, float] = {
    "fruits": ALL_NATURAL,  # fruit's own sugars
    "vegetables": ALL_NATURAL,
    "protein": ALL_NATURAL,  # meat and fish have none; beans, nuts and eggs only their own
    "dairy": ALL_NATURAL,  # plain milk, yogurt and cheese: lactose
    "grains": 1.0,  # flour and grains hold about 0.3-1 g; bread's sugar above that is added
    "mixed": 3.0,  # what the tomatoes, vegetables and milk of a dish hold (a meat sauce has 2.6)
    "oils": 0.0,
    "sometimes": 0.0,
    "none": ALL_NATURAL,  # spices, water, coffee, tea: nothing is added (sweetened ones are sometimes)
}
# The same groups when the description says the food is sweetened: the plain food's sugar.
SWEETENED_NATURAL_SUGAR_G: dict[str, float] = {
    "fruits": 10.0,  # a typical fruit (apples 10.4 g, peaches 8.4 g, pears 9.8 g)
    "vegetables": 4.0,
    "protein": 4.0,  # nuts (raw peanuts 4.0 g) and beans
    "dairy": 5.0,  # milk's lactose (1 % milk 5.2 g)
}
LACTOSE_G = 5.0  # in ice cream, puddings, milk chocolate and other milk-based sweets
SWEETENED = re.compile(
    r"(?<!un)sweeten|syrup|sugar(?!-free| free|-apple)|honey|candied|glazed|\bjam\b|jelly|teriyaki|"
    r"barbecue|sweet and sour|sweet sauce|beans, baked|condensed"
)
# Flavoured milk, yogurt and cheese have sugar added with the flavour.
FLAVORED_DAIRY = re.compile(
    r"chocolate|strawberry|vanilla|fruit|flavou?r|coffee|caramel|cinnamon|maple|dulce|banana|berry|"
    r"peach|cherry|lemon|mocha|eggnog"
)
MILK_BASED = re.compile(r"ice cream|ice milk|frozen yogurt|pudding|milk|cream|cheese|yogurt|shake|custard")
# Foods whose plain counterpart we know exactly (Louie's step 4), by NDB: natural sugar g per 100 g.
NATURAL_SUGAR_BY_NDB: dict[str, float] = {
    "16398": 3.97,  # peanut butter, smooth, without salt: raw peanuts (16087) hold 3.97 g
    "16097": 3.97,  # peanut butter, smooth, salted: the same
}


def natural_sugar_allowance(*, ndb: str, plate_group: str, description: str) -> float:
    """Grams of sugar per 100 g that count as the food's own (math.inf: all of it)."""
    if ndb in NATURAL_SUGAR_BY_NDB:
        return NATURAL_SUGAR_BY_NDB[ndb]
    text = description.lower()
    sweetened = SWEETENED.search(text) or (plate_group == "dairy" and FLAVORED_DAIRY.search(text))
    if plate_group in SWEETENED_NATURAL_SUGAR_G and sweetened:
        return SWEETENED_NATURAL_SUGAR_G[plate_group]
    if plate_group == "sometimes" and MILK_BASED.search(text):
        return LACTOSE_G
    return NATURAL_SUGAR_G[plate_group]


def estimated_added_sugars(
    *, sugars_g: float | None, ndb: str, plate_group: str, description: str
) -> float | None:
    """Estimated grams of added sugar per 100 g (None when USDA gives no sugar figure and the
    food could hold added sugar)."""
    allowance = natural_sugar_allowance(ndb=ndb, plate_group=plate_group, description=description)
    if allowance == ALL_NATURAL:
        return 0.0
    if sugars_g is None:
        return None
    return round(max(0.0, float(sugars_g) - allowance), 2)


# ----- a card's food groups ----------------------------------------------------------------------
#
# Cards show whole servings (Build-A-Meal adds them up): grains and protein foods in MyPlate
# ounce-equivalents, fruit, vegetables and dairy in half cups (a child's portion; MyPlate counts
# them in cups). A lesson's meal check counts the real amounts, fractions and all
# (nutrition.meals). Keys are the cards' category names.
CARD_GROUP_UNITS: dict[str, tuple[str, float]] = {
    "grains": ("ounce-equivalent", 1.0),
    "meat": ("ounce-equivalent", 1.0),
    "fruit": ("half cup", 2.0),
    "veggie": ("half cup", 2.0),
    "dairy": ("half cup", 2.0),
}
SERVING_TOLERANCE = 1e-6  # floating-point dust, not a rounding rule
# The unit of a card's MyPlate equivalents (eat_right_design's `plate`).
MYPLATE_UNITS: dict[str, str] = {
    "grains": "oz",
    "meat": "oz",
    "fruit": "cup",
    "veggie": "cup",
    "dairy": "cup",
}


def card_group_servings(equivalents: dict[str, float]) -> dict[str, int]:
    """Whole servings per card group from MyPlate equivalents ({"fruit": 0.67} cups -> {"fruit": 1}).

    Only whole servings count, never rounded up: a fruit, vegetable or dairy serving is a full
    half cup, a grain or protein serving a full ounce-equivalent, so the 2 tablespoons of sauce
    on a pizza are no vegetable serving. (Amounts within a hair of a whole serving count it.)
    """
    servings = {}
    for group, amount in equivalents.items():
        units = math.floor(amount * CARD_GROUP_UNITS[group][1] + SERVING_TOLERANCE)
        if units > 0:
            servings[group] = units
    return servings
