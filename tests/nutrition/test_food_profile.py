"""What the formulas read about a USDA food besides its nutrients: its Nutri-Score kind, its
fruit and vegetables, and the vitamins added to it."""

import pytest
from django.conf import settings

from nutrition.food_profile import (
    ENRICHMENT,
    VITAMIN_KEYS,
    FoodProfile,
    added_vitamins,
    food_profile,
    fvl_percent,
    is_red_meat,
    nutri_score_kind,
)
from nutrition.myplate import plate_group_for
from nutrition.scoring import score_card
from nutrition.sr_files import read_release


@pytest.mark.parametrize(
    ("usda_group", "description", "kind"),
    [
        ("0100", "Milk, lowfat, fluid, 1% milkfat, with added vitamin A and vitamin D", "beverage"),
        (
            "0100",
            "Milk, chocolate, fluid, commercial, lowfat, with added vitamin A and vitamin D",
            "beverage",
        ),
        ("0100", "Milk, dry, nonfat, regular, without added vitamin A and vitamin D", "general"),
        ("0100", "Milk, canned, evaporated, with added vitamin A", "general"),
        ("0100", "Cheese, cheddar", "cheese"),
        ("0100", "Butter, salted", "fats"),
        ("0100", "Yogurt, plain, low fat, 12 grams protein per 8 ounce", "general"),
        ("1400", "Carbonated beverage, cola", "beverage"),
        ("1400", "Beverages, water, tap, drinking", "water"),
        ("1400", "Water, bottled, generic", "water"),
        ("1400", "Lemonade, low calorie, with non-nutritive sweetener, powder", "general"),
        ("0900", "Orange juice, raw", "beverage"),
        ("0900", "Orange juice, frozen concentrate, unsweetened, undiluted", "general"),
        ("0400", "Oil, olive, salad or cooking", "fats"),
        ("0400", "Salad dressing, ranch dressing, regular", "general"),
        ("1200", "Nuts, almonds", "fats"),
        ("1600", "Peanut butter, smooth style, without salt", "fats"),
        ("1600", "Beans, black, mature seeds, cooked, boiled, without salt", "general"),
    ],
)
def test_the_nutri_score_kind(usda_group, description, kind):
    assert nutri_score_kind(usda_group=usda_group, description=description, plate_group="") == kind


def test_red_meat_is_beef_pork_lamb_veal_game_and_their_products():
    assert is_red_meat(usda_group="1300", description="Beef, ground, 85% lean meat / 15% fat, raw")
    assert is_red_meat(usda_group="0700", description="Bologna, beef and pork")
    assert not is_red_meat(usda_group="0700", description="Frankfurter, chicken")
    assert not is_red_meat(usda_group="0500", description="Chicken, broilers or fryers, breast, meat only")


def test_fruit_vegetables_and_legumes_but_not_potatoes_nuts_or_most_oils():
    def share(usda_group, description, plate_group, ndb="00000"):
        return fvl_percent(ndb=ndb, usda_group=usda_group, description=description, plate_group=plate_group)

    assert share("0900", "Apples, raw, with skin", "fruits") == 100
    assert share("1100", "Sweet potato, cooked, baked in skin, flesh, without salt", "vegetables") == 100
    assert share("1100", "Potatoes, baked, flesh and skin, without salt", "vegetables") == 0
    assert share("1600", "Beans, black, mature seeds, cooked, boiled, without salt", "protein") == 100
    assert share("1600", "Peanut butter, smooth style, without salt", "protein") == 0
    assert share("0400", "Oil, olive, salad or cooking", "oils") == 100  # pressed fruit
    assert share("0400", "Oil, canola", "oils") == 0
    assert share("2100", "Fast foods, pizza", "mixed", ndb="21299") == 30  # the recipe's sauce


@pytest.mark.parametrize(
    ("usda_group", "description", "folic_acid", "expected", "how"),
    [
        (
            "0100",
            "Milk, lowfat, fluid, 1% milkfat, with added vitamin A and vitamin D",
            0,
            {"a", "d"},
            "fortified",
        ),
        (
            "0100",
            "Milk, nonfat, fluid, without added vitamin A and vitamin D (fat free or skim)",
            0,
            set(),
            "",
        ),
        (
            "0100",
            "Milk, canned, evaporated, with added vitamin D and without added vitamin A",
            0,
            {"d"},
            "fortified",
        ),
        (
            "1600",
            "Soymilk, original and vanilla, with added calcium, vitamins A and D",
            0,
            {"a", "d"},
            "fortified",
        ),
        (
            "0900",
            "Apple juice, canned or bottled, unsweetened, with added ascorbic acid",
            0,
            {"c"},
            "fortified",
        ),
        ("0800", "Cereals ready-to-eat, KELLOGG, KELLOGG'S FROSTED FLAKES", 100, "all", "fortified"),
        ("0800", "Cereals, oats, regular and quick, unenriched, cooked with water", 0, set(), ""),
        (
            "1400",
            "Beverages, SLIMFAST, Meal replacement, High Protein Shake, Ready-To-Drink",
            60,
            "all",
            "fortified",
        ),
        ("1600", "Peanut butter, smooth, vitamin and mineral fortified", 0, "all", "fortified"),
        (
            "1800",
            "Bagels, plain, enriched, with calcium propionate (includes onion, poppy, sesame)",
            90,
            "b",
            "enriched",
        ),
        ("2100", "Fast foods, hamburger; single, regular patty; plain", 30, "b", "enriched"),
        ("0500", "Turkey, breast, from whole bird, non-enhanced, meat only, roasted", 0, set(), ""),
        ("1100", "Broccoli, raw", 0, set(), ""),
    ],
)
def test_vitamins_added_in_the_factory(usda_group, description, folic_acid, expected, how):
    keys, kind = added_vitamins(
        usda_group=usda_group, description=description, nutrients={"folic_acid_ug": folic_acid}
    )
    letters = {"a": "vitamin_a_rae_ug", "c": "vitamin_c_mg", "d": "vitamin_d_ug"}
    if expected == "all":
        assert keys == VITAMIN_KEYS
    elif expected == "b":
        assert set(keys) == set(ENRICHMENT)
    else:
        assert set(keys) == {letters[letter] for letter in expected}
    assert kind == how


def test_a_profile_round_trips_through_a_card_record():
    profile = FoodProfile(kind="beverage", fvl_percent=40, sweeteners=True, added_vitamins=("vitamin_d_ug",))
    assert FoodProfile.from_dict(profile.to_dict()) == profile
    assert FoodProfile.from_dict(None) == FoodProfile()


@pytest.fixture(scope="module")
def ranked_by_vitamin_power():
    """Every USDA food, 100 g of it (at most its first 100 kcal), by vitamin power."""
    release = read_release(settings.USDA_SR_DIR)
    rows = []
    for food in release.foods.values():
        plate = plate_group_for(ndb=food.ndb, usda_group=food.group, description=food.long_description)
        profile = food_profile(
            ndb=food.ndb,
            usda_group=food.group,
            description=food.long_description,
            plate_group=plate,
            nutrients=food.nutrients,
        )
        rows.append((score_card(food.nutrients, 100, profile).vitamin_power, food.long_description, profile))
    return sorted(rows, key=lambda row: -row[0])


def test_fortified_foods_never_lead_a_ranking_of_whole_foods(ranked_by_vitamin_power):
    leaders = ranked_by_vitamin_power[:100]
    assert not [description for _power, description, profile in leaders if profile.fortified]
    fortified = [row for row in ranked_by_vitamin_power if row[2].fortification == "fortified"]
    assert len(fortified) > 500  # breakfast cereals, shakes, drinks, milks with added A and D...
    by_name = {description: power for power, description, _profile in ranked_by_vitamin_power}
    # The old numbers crowned them: Frosted Flakes 106 over broccoli 95, a diet shake 156 over spinach.
    assert by_name["Cereals ready-to-eat, KELLOGG, KELLOGG'S FROSTED FLAKES"] < by_name["Broccoli, raw"]
    shake = "Beverages, SLIMFAST, Meal replacement,  High Protein Shake, Ready-To-Drink, 3-2-1 plan"
    assert by_name[shake] < by_name["Spinach, cooked, boiled, drained, without salt"]
