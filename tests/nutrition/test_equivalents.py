"""MyPlate equivalents of a serving, estimated with MyPlate's "what counts as" tables (teachers'
own cards use them; the Eat Right deck's were worked out by hand, and the estimate agrees)."""

from __future__ import annotations

import pytest
from django.conf import settings

from nutrition.eat_right_deck import load_shipped_cards
from nutrition.eat_right_design import EAT_RIGHT_DESIGN
from nutrition.equivalents import estimate_plate, unit_grams
from nutrition.myplate import card_group_servings, plate_group_for
from nutrition.sr_files import read_release


def plate(category, description, grams, *, usda_group="0900", plate_group="fruits", cup_grams=None):
    return estimate_plate(
        category=category,
        plate_group=plate_group,
        usda_group=usda_group,
        description=description,
        grams=grams,
        cup_grams=cup_grams,
    )


def test_a_cup_is_read_from_the_foods_own_measures():
    measures = [(1.0, "medium (7 to 7-7/8 inches long)", 118.0), (1.0, "cup, sliced", 150.0)]
    assert unit_grams(measures, "cup") == 150.0
    assert unit_grams([(2.0, "tbsp", 32.0)], "tbsp") == 16.0
    assert unit_grams([(1.0, "slice", 32.0)], "cup") is None
    assert plate("fruit", "Bananas, raw", 75, cup_grams=150) == {"fruit": 0.5}


def test_half_a_cup_of_dried_fruit_is_a_cup_and_two_cups_of_raw_greens_are_one():
    assert plate("fruit", "Raisins, seedless", 82.5, cup_grams=165) == {"fruit": 1.0}
    assert plate("veggie", "Kale, raw", 67, usda_group="1100", plate_group="vegetables", cup_grams=67) == {
        "veggie": 0.5
    }


def test_cheese_counts_by_the_ounce_and_milk_by_the_cup():
    assert plate("dairy", "Cheese, cheddar", 42.52, usda_group="0100", plate_group="dairy") == {"dairy": 1.0}
    assert plate(
        "dairy", "Cheese, pasteurized process, American", 56.7, usda_group="0100", plate_group="dairy"
    ) == {"dairy": 1.0}
    assert plate(
        "dairy", "Milk, lowfat, fluid", 244, usda_group="0100", plate_group="dairy", cup_grams=244
    ) == {"dairy": 1.0}


def test_grains_count_ounces_or_half_cups_cooked():
    assert plate("grains", "Bread, whole-wheat", 28.35, usda_group="1800", plate_group="grains") == {
        "grains": 1.0
    }
    assert plate(
        "grains",
        "Rice, brown, long-grain, cooked",
        97.5,
        usda_group="2000",
        plate_group="grains",
        cup_grams=195,
    ) == {"grains": 1.0}


def test_protein_foods_count_eggs_peanut_butter_nuts_and_beans_their_own_way():
    def protein(description, grams, usda_group, cup_grams=None):
        return plate(
            "meat", description, grams, usda_group=usda_group, plate_group="protein", cup_grams=cup_grams
        )

    assert protein("Egg, whole, cooked, hard-boiled", 50, "0100") == {"meat": 1.0}
    assert protein("Peanut butter, smooth style, without salt", 16, "1600") == {"meat": 1.0}
    assert protein("Nuts, almonds", 14.17, "1200") == {"meat": 1.0}
    assert protein("Beans, black, mature seeds, cooked, boiled", 43, "1600", cup_grams=172) == {"meat": 1.0}
    assert protein("Chicken, broilers or fryers, breast, roasted", 85.05, "0500") == {"meat": 3.0}


def test_junk_and_exercise_count_for_no_group_and_a_mixed_dish_for_one_serving():
    assert plate("junk", "Candies, jellybeans", 28, usda_group="1900", plate_group="sometimes") == {}
    assert plate("exercise", "", 100) == {}
    assert plate("grains", "Pizza, cheese", 107, usda_group="2100", plate_group="mixed") == {"grains": 1.0}


@pytest.fixture(scope="module")
def release():
    return read_release(settings.USDA_SR_DIR)


def test_the_estimate_gives_every_single_food_eat_right_card_its_hand_made_servings(release):
    weights: dict[str, list] = {}
    for weight in release.weights:
        weights.setdefault(weight.ndb, []).append((weight.amount, weight.description, weight.grams))
    cards = load_shipped_cards()
    compared = 0
    for design in EAT_RIGHT_DESIGN:
        if not design.plate:
            continue  # junk and exercise
        food = release.foods[design.ndb]
        group = plate_group_for(ndb=food.ndb, usda_group=food.group, description=food.long_description)
        if group == "mixed":
            continue  # pizza, a sub, a burrito...: the teacher sets their groups
        estimate = estimate_plate(
            category=design.category,
            plate_group=group,
            usda_group=food.group,
            description=food.long_description,
            grams=cards[design.id]["serving_g"],
            cup_grams=unit_grams(weights.get(design.ndb, []), "cup"),
        )
        assert card_group_servings(estimate) == card_group_servings(design.plate), design.id
        compared += 1
    assert compared == 39  # 9 fruit, 8 veggie, 9 grains, 7 meat and 6 dairy cards: all but the mixed dishes
