"""Every word the card pictures and pages take from the deck data, marked for translation.

makemessages cannot read foodcards/data/*.json, so this module lists each card name, each Eat
Right serving and each deck's description and notes with gettext_noop; the pictures and pages
translate them with gettext. Written by `python manage.py card_names`;
tests/foodcards/test_card_names.py checks it lists exactly what the data holds.
"""

from django.utils.translation import gettext_noop

CARD_NAMES = {
    "eat-right": (
        gettext_noop("Apple"),
        gettext_noop("Banana"),
        gettext_noop("Orange"),
        gettext_noop("Strawberries"),
        gettext_noop("Grapes"),
        gettext_noop("Blueberries"),
        gettext_noop("Watermelon"),
        gettext_noop("Pineapple"),
        gettext_noop("Raisins"),
        gettext_noop("Broccoli"),
        gettext_noop("Spinach"),
        gettext_noop("Carrots"),
        gettext_noop("Sweet Potato"),
        gettext_noop("Cherry Tomatoes"),
        gettext_noop("Green Beans"),
        gettext_noop("Red Pepper"),
        gettext_noop("Corn on the Cob"),
        gettext_noop("Sugar Shock"),
        gettext_noop("Frosted Doughnut"),
        gettext_noop("Potato Chips"),
        gettext_noop("French Fries"),
        gettext_noop("Chocolate Bar"),
        gettext_noop("Chocolate Chip Cookies"),
        gettext_noop("Ice Cream"),
        gettext_noop("Cheese Puffs"),
        gettext_noop("Exhilarating Exercise"),
        gettext_noop("Whole-Wheat Bread"),
        gettext_noop("Brown Rice"),
        gettext_noop("Oatmeal"),
        gettext_noop("Whole-Wheat English Muffin"),
        gettext_noop("Popcorn"),
        gettext_noop("Rye Crispbread Crackers"),
        gettext_noop("Corn Tortillas"),
        gettext_noop("Whole-Wheat Pasta"),
        gettext_noop("Bagel"),
        gettext_noop("Cheese Pizza"),
        gettext_noop("Roast Beef Sub"),
        gettext_noop("Bean and Cheese Burrito"),
        gettext_noop("Spaghetti with Meat Sauce"),
        gettext_noop("Chicken Breast"),
        gettext_noop("Roast Turkey"),
        gettext_noop("Hard-Boiled Eggs"),
        gettext_noop("Tuna"),
        gettext_noop("Salmon"),
        gettext_noop("Black Beans"),
        gettext_noop("Peanut Butter"),
        gettext_noop("Hamburger"),
        gettext_noop("Low-Fat Milk"),
        gettext_noop("Chocolate Milk"),
        gettext_noop("Low-Fat Yogurt"),
        gettext_noop("Cheddar Cheese"),
        gettext_noop("String Cheese"),
        gettext_noop("Plain Greek Yogurt"),
        gettext_noop("Macaroni and Cheese"),
    ),
    "chomp": (
        gettext_noop("Shark"),
        gettext_noop("Seal"),
        gettext_noop("Big Fish"),
        gettext_noop("Little Fish"),
        gettext_noop("Shrimp"),
        gettext_noop("Plankton"),
        gettext_noop("Electric Eel"),
        gettext_noop("Octopus"),
        gettext_noop("Food chain"),
    ),
    "appetite": (
        gettext_noop("1 of Breakfasts"),
        gettext_noop("2 of Breakfasts"),
        gettext_noop("3 of Breakfasts"),
        gettext_noop("4 of Breakfasts"),
        gettext_noop("5 of Breakfasts"),
        gettext_noop("6 of Breakfasts"),
        gettext_noop("7 of Breakfasts"),
        gettext_noop("8 of Breakfasts"),
        gettext_noop("9 of Breakfasts"),
        gettext_noop("1 of Lunches"),
        gettext_noop("2 of Lunches"),
        gettext_noop("3 of Lunches"),
        gettext_noop("4 of Lunches"),
        gettext_noop("5 of Lunches"),
        gettext_noop("6 of Lunches"),
        gettext_noop("7 of Lunches"),
        gettext_noop("8 of Lunches"),
        gettext_noop("9 of Lunches"),
        gettext_noop("1 of Dinners"),
        gettext_noop("2 of Dinners"),
        gettext_noop("3 of Dinners"),
        gettext_noop("4 of Dinners"),
        gettext_noop("5 of Dinners"),
        gettext_noop("6 of Dinners"),
        gettext_noop("7 of Dinners"),
        gettext_noop("8 of Dinners"),
        gettext_noop("9 of Dinners"),
        gettext_noop("1 of Desserts"),
        gettext_noop("2 of Desserts"),
        gettext_noop("3 of Desserts"),
        gettext_noop("4 of Desserts"),
        gettext_noop("5 of Desserts"),
        gettext_noop("6 of Desserts"),
        gettext_noop("7 of Desserts"),
        gettext_noop("8 of Desserts"),
        gettext_noop("9 of Desserts"),
    ),
    "snack-wars": (
        gettext_noop("Raccoon"),
        gettext_noop("Cheese"),
        gettext_noop("Burger"),
        gettext_noop("Sushi"),
        gettext_noop("Ramen"),
        gettext_noop("Croissant"),
        gettext_noop("Milkshake"),
        gettext_noop("Donut"),
        gettext_noop("Shrimp Tempura"),
        gettext_noop("Macaron"),
        gettext_noop("French cuisine bonus"),
        gettext_noop("Japan cuisine bonus"),
        gettext_noop("American cuisine bonus"),
        gettext_noop("World tour bonus"),
        gettext_noop("Raccoon bonus"),
    ),
}

SERVING_LABELS = (
    gettext_noop("1 small apple"),
    gettext_noop("1 small banana"),
    gettext_noop("1 orange"),
    gettext_noop("1 cup, whole"),
    gettext_noop("1 cup"),
    gettext_noop("1/2 cup"),
    gettext_noop("1 cup, diced"),
    gettext_noop("1/2 cup, chunks"),
    gettext_noop("1 small box"),
    gettext_noop("1 cup chopped"),
    gettext_noop("1/2 cup, cooked"),
    gettext_noop("1 medium carrot"),
    gettext_noop("1 medium sweet potato"),
    gettext_noop("1/2 cup, sliced"),
    gettext_noop("1 medium ear"),
    gettext_noop("1 can of cola (12 fl oz)"),
    gettext_noop("1 medium doughnut"),
    gettext_noop("1 oz bag"),
    gettext_noop("1 small order"),
    gettext_noop("1 bar (1.55 oz)"),
    gettext_noop("3 cookies"),
    gettext_noop("active play"),
    gettext_noop("1 slice"),
    gettext_noop("1 cup, cooked"),
    gettext_noop("1 muffin"),
    gettext_noop("3 cups, air-popped"),
    gettext_noop("3 crispbreads"),
    gettext_noop("2 tortillas"),
    gettext_noop("1 small bagel"),
    gettext_noop("1 slice (1/8 of a large pizza)"),
    gettext_noop("6-inch sub"),
    gettext_noop("1 burrito"),
    gettext_noop("1 plate (10 oz)"),
    gettext_noop("1/2 breast, roasted"),
    gettext_noop("2 oz"),
    gettext_noop("2 large eggs"),
    gettext_noop("3 oz"),
    gettext_noop("2 tbsp"),
    gettext_noop("1 hamburger"),
    gettext_noop("1 container (6 oz)"),
    gettext_noop("1 slice (1 oz)"),
    gettext_noop("1 stick (1 oz)"),
)

DECK_TEXTS = (
    gettext_noop(
        "54 food cards built from USDA nutrient data: fruit, veggies, grains, meat and beans, dairy, junk food and one exercise card. Each card shows calories, vitamin power and overall value for one child-size serving."
    ),
    gettext_noop(
        "The deck has 54 cards: 9 fruit, 8 veggie, 13 grains, 8 meat, 7 dairy, 8 junk and 1 exercise."
    ),
    gettext_noop("The Snack Attack subset is the 26 fruit, veggie, junk and exercise cards."),
    gettext_noop(
        "Sugar Shock is a real 12 fl oz can of cola (USDA 14148): 39 g of sugar and nothing else good."
    ),
    gettext_noop(
        "Exhilarating Exercise is not a food: it has no USDA number, -200 calories, 0 vitamin power and 0 value."
    ),
    gettext_noop(
        "Every serving is a realistic portion for a child of about 8 to 12, taken from a USDA household measure (WEIGHT.txt), sometimes a half or a multiple of one (half a cup of rice, 3 cups of popcorn, 2 tortillas)."
    ),
    gettext_noop(
        "Food groups count whole MyPlate servings: grains and meat in ounce-equivalents (a slice of bread, 1 oz of meat, an egg, 1 tbsp of peanut butter, 1/4 cup of beans), fruit, veggie and dairy in half cups (1 cup of milk is 2, 1 oz of cheese is 1). Only whole servings count, never rounded up: the pizza's 2 tablespoons of sauce are no veggie serving, the burrito's cheese no dairy serving. A meal-balance lesson counts the real amounts, fractions and all."
    ),
    gettext_noop(
        "Six combination foods count for several groups and stay out of Snack Attack: cheese pizza, roast beef sub, bean and cheese burrito, spaghetti with meat sauce (grains cards), the hamburger (a meat card) and macaroni and cheese (a dairy card)."
    ),
    gettext_noop("Junk food and exercise count for no food group."),
    gettext_noop(
        "Beans, eggs and peanut butter are meat cards, because MyPlate puts them in the protein group (beans could count as a vegetable too; we always count them as protein)."
    ),
    gettext_noop(
        "The crackers are whole-grain rye crispbread: the regular whole-wheat crackers (USDA 18235) carry 704 mg of sodium per 100 g and score no better than potato chips."
    ),
    gettext_noop("Calories = USDA kcal per 100 g x serving grams / 100, rounded."),
    gettext_noop(
        "Overall value: the Nutri-Score 2023 of the food (per 100 g, whatever the serving). Its letter gives the card's range (A 12 to 48, B 9 to 12, C 5 to 9, D 2 to 5, E 0 to 2) and its points the place in it; foods with the same points are told apart by the Nutrient Rich Foods index (NRF9.3) of 100 calories of them."
    ),
    gettext_noop(
        "Vitamin power: the vitamin part of the Nutrient Rich Foods index (Drewnowski 2005; Fulgoni, Keast and Drewnowski 2009): each of eleven vitamins' % of a day's need in 100 calories of the food, each up to 100, added up, with one decimal, whatever the serving. Vitamins added in the factory (folic acid, enriched flour's B vitamins, the A and D added to milk, any vitamin of a food whose nutrients show a premix) don't count."
    ),
    gettext_noop(
        "Added sugars are estimated (USDA SR has no figure): fruit, vegetables, protein foods and plain dairy have none; grains have 1 g per 100 g of their own; mixed dishes 3 g (their tomatoes, vegetables and milk); flavoured dairy, ice cream and other milk sweets 5 g (lactose); peanut butter the 4 g of peanuts; everything else counts all its sugar as added."
    ),
    gettext_noop(
        "Cheese, pizza and the hamburger score low on value because of their saturated fat and salt, raisins because of their sugar: the Nutri-Score decides, not us, and that is part of the lesson."
    ),
    gettext_noop(
        "Heavily vitamin-fortified foods (breakfast cereals) were left out so vitamin power stays a lesson about whole foods."
    ),
    gettext_noop(
        "52 sea-creature cards: the food chain Shark > Seal > Big Fish > Little Fish > Shrimp > Plankton, with Electric Eel and Octopus action cards. The two food-chain sequence cards are reference cards, kept out of play."
    ),
    gettext_noop(
        "Four meal suits (Breakfasts, Lunches, Dinners, Desserts), each numbered 1 to 9; Breakfasts, Lunches and Dinners have two extra cards each."
    ),
    gettext_noop(
        "The rule book does not say which cards are the extra copies: we chose an extra 1 and an extra 5 in Breakfasts, Lunches and Dinners (small cards make exact Appetites reachable more often), 42 cards in all."
    ),
    gettext_noop("60 cards: 10 Raccoons, 45 Food cards (nine foods, five of each) and 5 Bonus cards."),
    gettext_noop("45 Food cards over 9 foods: five copies of each food."),
    gettext_noop(
        "Values and cuisines: the book shows Donut 7 and Croissant 5; we gave each cuisine three foods worth 15 in all. French: Cheese 1, Croissant 5, Macaron 9. Japan: Sushi 3, Ramen 4, Shrimp Tempura 8. American: Burger 2, Milkshake 6, Donut 7."
    ),
    gettext_noop(
        "Bonus cards: 1 point per French, per Japan, per American food card; 5 points for at least one card of each cuisine; and the fifth card (its icon is not printed in the book) gives 1 point per Raccoon card the player collected during the game."
    ),
)
