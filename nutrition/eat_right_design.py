"""The Eat Right deck's design: the hand-made part (pure Python, no Django).

For each card: the food, the USDA food it is (NDB number), the household measure from USDA's
WEIGHT.txt that makes one card serving (a realistic portion for a child of about 8 to 12), and
what that serving counts for on MyPlate (`plate`: cups of fruit, vegetables or dairy, ounce-
equivalents of grains or protein foods, from MyPlate's "what counts as" tables, or worked out from
the USDA weights). Every number on a card is computed from the USDA nutrients by
nutrition.scoring; the card's whole-number `groups` come from `plate` by
nutrition.myplate.card_group_servings. nutrition.eat_right_deck builds the records.

Shape of the deck (54 cards):
- the Snack Attack subset, exactly 26 cards: 9 fruit, 8 veggie (Broccoli and Spinach among
  them), 8 junk (Sugar Shock among them) and Exhilarating Exercise;
- 13 grains, 8 meat, 7 dairy, of which six are combination foods counting for several groups
  (pizza, a sub, a burrito, spaghetti with meat sauce, a hamburger, macaroni and cheese).
"""

from dataclasses import dataclass, field


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
    # MyPlate equivalents of the serving: {"fruit": 1.0} is 1 cup of fruit; grains and meat count
    # ounce-equivalents; fruit, veggie and dairy count cups. Empty: no food group (junk, exercise).
    plate: dict[str, float] = field(default_factory=dict)
    special: str | None = None


def _food(category: str):
    def make(card_id, name, ndb, measure, emoji, hint, **extra):
        return CardDesign(card_id, name, category, ndb, measure, emoji, hint, **extra)

    return make


fruit, veggie, grains, meat, dairy, junk = (
    _food(c) for c in ("fruit", "veggie", "grains", "meat", "dairy", "junk")
)

EAT_RIGHT_DESIGN: tuple[CardDesign, ...] = (
    # Fruit (9): half a cup to a cup, as a child eats it.
    fruit(
        "apple",
        "Apple",
        "09003",
        '1 small (2-3/4" dia)',
        "🍎",
        "a red apple",
        label="1 small apple",
        plate={"fruit": 1.0},  # MyPlate: 1 small apple = 1 cup
    ),
    fruit(
        "banana",
        "Banana",
        "09040",
        '1 small (6" to 6-7/8" long)',
        "🍌",
        "a yellow banana",
        label="1 small banana",
        plate={"fruit": 0.67},  # 101 g; 1 cup sliced = 150 g
    ),
    fruit(
        "orange",
        "Orange",
        "09200",
        '1 fruit (2-5/8" dia)',
        "🍊",
        "an orange",
        label="1 orange",
        plate={"fruit": 0.73},  # 131 g; 1 cup of sections = 180 g
    ),
    fruit(
        "strawberries",
        "Strawberries",
        "09316",
        "1 cup, whole",
        "🍓",
        "a bowl of strawberries",
        plate={"fruit": 1.0},
    ),
    fruit("grapes", "Grapes", "09132", "1 cup", "🍇", "a bunch of green grapes", plate={"fruit": 1.0}),
    fruit(
        "blueberries",
        "Blueberries",
        "09050",
        "1 cup",
        "🫐",
        "a cup of blueberries",
        times=0.5,
        label="1/2 cup",
        plate={"fruit": 0.5},
    ),
    fruit(
        "watermelon",
        "Watermelon",
        "09326",
        "1 cup, diced",
        "🍉",
        "watermelon pieces",
        plate={"fruit": 1.0},
    ),
    fruit(
        "pineapple",
        "Pineapple",
        "09266",
        "1 cup, chunks",
        "🍍",
        "pineapple chunks",
        times=0.5,
        label="1/2 cup, chunks",
        plate={"fruit": 0.5},
    ),
    fruit(
        "raisins",
        "Raisins",
        "09298",
        "1 small box (1.5 oz)",
        "🟤",
        "a small box of raisins",
        label="1 small box",
        plate={"fruit": 0.6},  # 43 g = 0.3 cup of raisins; MyPlate counts dried fruit double
    ),
    # Veggie (8): mostly half a cup.
    veggie(
        "broccoli",
        "Broccoli",
        "11090",
        "1 cup chopped",
        "🥦",
        "green broccoli florets",
        plate={"veggie": 1.0},
        special="broccoli",
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
        plate={"veggie": 0.5},
        special="spinach",
    ),
    veggie(
        "carrots",
        "Carrots",
        "11124",
        "1 medium",
        "🥕",
        "carrot sticks",
        label="1 medium carrot",
        plate={"veggie": 0.5},  # MyPlate: 2 medium carrots = 1 cup
    ),
    veggie(
        "sweet-potato",
        "Sweet Potato",
        "11508",
        '1 medium (2" dia, 5" long, raw)',
        "🍠",
        "a baked sweet potato",
        label="1 medium sweet potato",
        plate={"veggie": 0.57},  # 114 g; 1 cup = 200 g
    ),
    veggie(
        "cherry-tomatoes",
        "Cherry Tomatoes",
        "11529",
        "1 cup cherry tomatoes",
        "🍅",
        "red cherry tomatoes",
        times=0.5,
        label="1/2 cup",
        plate={"veggie": 0.5},
    ),
    veggie(
        "green-beans",
        "Green Beans",
        "11053",
        "1 cup",
        "🫛",
        "cooked green beans",
        times=0.5,
        label="1/2 cup, cooked",
        plate={"veggie": 0.5},
    ),
    veggie(
        "red-pepper",
        "Red Pepper",
        "11821",
        "1 cup, sliced",
        "🫑",
        "red bell pepper slices",
        times=0.5,
        label="1/2 cup, sliced",
        plate={"veggie": 0.5},
    ),
    veggie(
        "corn-on-the-cob",
        "Corn on the Cob",
        "11168",
        '1 ear medium (6-3/4" to 7-1/2" long)',
        "🌽",
        "an ear of corn",
        label="1 medium ear",
        plate={"veggie": 0.69},  # 103 g; 1 cup of kernels = 149 g
    ),
    # Junk (8): sometimes foods count for no food group.
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
    # Grains (13: 9 plain, 4 combination foods). 1 ounce-equivalent: a slice of bread, 1/2 cup of
    # cooked rice, pasta or oatmeal, 3 cups of popcorn, a small tortilla.
    grains(
        "whole-wheat-bread",
        "Whole-Wheat Bread",
        "18075",
        "1 slice",
        "🍞",
        "a slice of whole-wheat bread",
        plate={"grains": 1.0},
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
        plate={"grains": 1.0},
    ),
    grains(
        "oatmeal",
        "Oatmeal",
        "08121",
        "1 cup",
        "🥣",
        "a bowl of oatmeal",
        label="1 cup, cooked",
        plate={"grains": 2.0},
    ),
    grains(
        "english-muffin",
        "Whole-Wheat English Muffin",
        "18266",
        "1 muffin",
        "🧇",
        "a toasted English muffin",
        plate={"grains": 2.0},  # MyPlate: 1 English muffin = 2 ounce-equivalents
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
        plate={"grains": 1.0},
    ),
    grains(
        "crackers",
        "Rye Crispbread Crackers",
        "18216",
        "1 crispbread, Wasa rye",
        "🍘",
        "three whole-grain rye crispbread crackers",
        times=3,
        label="3 crispbreads",
        plate={"grains": 1.0},  # 30 g, about 1 ounce
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
        plate={"grains": 2.0},  # MyPlate: 1 small (6") tortilla = 1 ounce-equivalent
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
        plate={"grains": 1.0},
    ),
    grains(
        "bagel",
        "Bagel",
        "18001",
        '1 small bagel (3" dia)',
        "🥯",
        "a plain bagel",
        label="1 small bagel",
        plate={"grains": 2.0},  # 69 g of bread, about 2 ounces
    ),
    grains(
        "cheese-pizza",
        "Cheese Pizza",
        "21299",
        "1 slice",
        "🍕",
        "a slice of cheese pizza",
        label="1 slice (1/8 of a large pizza)",
        # crust about 2 oz; cheese about 0.6 cup of dairy (200 mg calcium); sauce about 2 tbsp
        plate={"grains": 2.0, "dairy": 0.6, "veggie": 0.13},
    ),
    grains(
        "roast-beef-sub",
        "Roast Beef Sub",
        "21125",
        "6 inch sub",
        "🥖",
        "a roast beef sub with lettuce and tomato",
        label="6-inch sub",
        # a 6-inch roll (about 75 g), 2 oz of roast beef, lettuce and tomato
        plate={"grains": 2.5, "meat": 2.0, "veggie": 0.25},
    ),
    grains(
        "bean-burrito",
        "Bean and Cheese Burrito",
        "21061",
        "1 each burrito",
        "🌯",
        "a bean and cheese burrito",
        label="1 burrito",
        # a large flour tortilla, about 1/3 cup of beans (protein) and a little cheese
        plate={"grains": 2.0, "meat": 1.3, "dairy": 0.4},
    ),
    grains(
        "spaghetti-meat-sauce",
        "Spaghetti with Meat Sauce",
        "22401",
        "1 serving",
        "🍝",
        "a plate of spaghetti with meat sauce",
        label="1 plate (10 oz)",
        # about 1 cup of cooked pasta, 1 oz of beef, 1/2 cup of tomato sauce
        plate={"grains": 2.0, "meat": 1.0, "veggie": 0.5},
    ),
    # Meat (8): MyPlate's protein foods. 1 ounce-equivalent: 1 oz of meat or fish, an egg,
    # 1 tablespoon of peanut butter, 1/4 cup of cooked beans.
    meat(
        "chicken-breast",
        "Chicken Breast",
        "05064",
        "0.5 breast, bone and skin removed",
        "🍗",
        "roast chicken",
        label="1/2 breast, roasted",
        plate={"meat": 3.0},  # 86 g = 3 oz
    ),
    meat(
        "turkey",
        "Roast Turkey",
        "05220",
        "3 oz",
        "🦃",
        "slices of roast turkey",
        times=2 / 3,
        label="2 oz",
        plate={"meat": 2.0},
    ),
    meat(
        "boiled-eggs",
        "Hard-Boiled Eggs",
        "01129",
        "1 large",
        "🥚",
        "two hard-boiled eggs",
        times=2,
        label="2 large eggs",
        plate={"meat": 2.0},
    ),
    meat(
        "tuna",
        "Tuna",
        "15121",
        "1 oz",
        "🐟",
        "a scoop of tuna",
        times=2,
        label="2 oz",
        plate={"meat": 2.0},
    ),
    meat("salmon", "Salmon", "15086", "3 oz", "🍣", "a piece of salmon", plate={"meat": 3.0}),
    meat(
        "black-beans",
        "Black Beans",
        "16015",
        "1 cup",
        "🫘",
        "a bowl of black beans",
        times=0.5,
        label="1/2 cup, cooked",
        plate={"meat": 2.0},
    ),
    meat(
        "peanut-butter",
        "Peanut Butter",
        "16398",
        "2 tbsp",
        "🥜",
        "a spoon of peanut butter",
        plate={"meat": 2.0},
    ),
    meat(
        "hamburger",
        "Hamburger",
        "21107",
        "1 sandwich",
        "🍔",
        "a hamburger on a bun",
        label="1 hamburger",
        # a bun of about 45 g (1.5 oz) and a 1-oz patty
        plate={"grains": 1.5, "meat": 1.0},
    ),
    # Dairy (7). 1 cup: a cup of milk or yogurt, 1 1/2 oz of hard cheese.
    dairy("milk", "Low-Fat Milk", "01082", "1 cup", "🥛", "a glass of milk", plate={"dairy": 1.0}),
    dairy(
        "chocolate-milk",
        "Chocolate Milk",
        "01104",
        "1 cup",
        "🍫",
        "a glass of chocolate milk",
        plate={"dairy": 1.0},
    ),
    dairy(
        "yogurt",
        "Low-Fat Yogurt",
        "01117",
        "1 container (6 oz)",
        "🍦",
        "a cup of plain yogurt",
        plate={"dairy": 0.69},  # 170 g; 1 cup = 245 g
    ),
    dairy(
        "cheddar",
        "Cheddar Cheese",
        "01009",
        "1 slice (1 oz)",
        "🧀",
        "a slice of cheddar cheese",
        plate={"dairy": 0.67},  # 1 1/2 oz of cheese = 1 cup
    ),
    dairy(
        "string-cheese",
        "String Cheese",
        "01029",
        "1 oz",
        "🧀",
        "a stick of string cheese",
        label="1 stick (1 oz)",
        plate={"dairy": 0.67},
    ),
    dairy(
        "greek-yogurt",
        "Plain Greek Yogurt",
        "01256",
        "1 container",
        "🥣",
        "a cup of plain Greek yogurt",
        label="1 container (6 oz)",
        plate={"dairy": 0.69},
    ),
    dairy(
        "mac-and-cheese",
        "Macaroni and Cheese",
        "22970",
        "1 cup",
        "🧀",
        "a bowl of macaroni and cheese",
        # about 1/2 cup of cooked macaroni (1 oz) and 1/2 cup of dairy in the cheese sauce
        plate={"grains": 1.0, "dairy": 0.5},
    ),
)

# The grains cards made of whole grains (MyPlate: make half your grains whole). The others are
# enriched white flour (the bagel) or combination foods.
WHOLE_GRAIN_CARDS = frozenset(
    ("whole-wheat-bread", "brown-rice", "oatmeal", "english-muffin")
    + ("popcorn", "crackers", "corn-tortillas", "whole-wheat-pasta")
)
