"""Vitamin Power: the vitamin part of the Nutrient Rich Foods index, per 100 kcal, over the whole
deck and over every USDA food (issue 30)."""

import copy
import json
import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from nutrition.eat_right_deck import SHIPPED_DECK_FILE, card_record_score
from nutrition.food_profile import FoodProfile, food_profile, is_alcoholic
from nutrition.model_agreement import card_models, spearman
from nutrition.myplate import plate_group_for
from nutrition.scoring import score_card
from nutrition.sr_files import read_release


@pytest.fixture(scope="module")
def cards():
    return {card["id"]: card for card in json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))["cards"]}


def test_vitamin_power_is_each_vitamins_percent_in_100_kcal_capped_at_100_and_added_up():
    # 200 kcal in 100 g, so 100 kcal is 50 g: 45 mg of vitamin C (50 % of 90 mg), 1.2 µg of
    # B12 (50 % of 2.4 µg) and 150 µg of vitamin K (125 % of 120 µg, capped at 100).
    food = {"energy_kcal": 200, "vitamin_c_mg": 90, "vitamin_b12_ug": 2.4, "vitamin_k_ug": 300}
    score = score_card(food, 30)
    assert score.vitamin_power == 200.0
    assert score_card(food, 300).vitamin_power == 200.0  # the serving does not matter
    tiny = {"energy_kcal": 100, "vitamin_c_mg": 0.9}  # 1 % of a day: no cut-off, it counts
    assert score_card(tiny, 100).vitamin_power == 1.0
    assert score_card({"energy_kcal": 0, "vitamin_c_mg": 10}, 100).vitamin_power == 0  # no 100 kcal


def test_no_junk_card_ties_a_food_card_in_vitamin_power(cards):
    junk = [card for card in cards.values() if card["category"] == "junk"]
    foods = [card for card in cards.values() if card.get("ndb") and card["category"] != "junk"]
    assert (len(junk), len(foods)) == (8, 45)
    ties = [(j["id"], f["id"]) for j in junk for f in foods if j["vitamin_power"] == f["vitamin_power"]]
    assert ties == []
    assert cards["apple"]["vitamin_power"] > cards["doughnut"]["vitamin_power"]
    # True, and the card says why: chips have some vitamin E and B6.
    assert cards["potato-chips"]["vitamin_power"] > cards["apple"]["vitamin_power"]


def test_vitamin_power_follows_nrf93_per_100_kcal_over_the_deck(cards):
    rows = card_models(list(cards.values()))
    rho = spearman([row.vitamin_power for row in rows], [row.nrf93 for row in rows])
    assert rho >= 0.8


def _vitamin_words(card: dict) -> str:
    with translation.override("en"):
        html = render_to_string("nutrition/_vitamin_words.html", {"score": card_record_score(card)})
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_the_why_names_the_vitamins_that_make_the_power_and_follows_the_record(cards):
    broccoli = copy.deepcopy(cards["broccoli"])
    words = _vitamin_words(broccoli)
    assert "comes mostly from" in words and "Vitamin K" in words and "Vitamin C" in words
    broccoli["nutrients_per_100g"]["vitamin_k_ug"] = 0.0
    broccoli["nutrients_per_100g"]["vitamin_c_mg"] = 0.0
    words = _vitamin_words(broccoli)
    assert "Vitamin K" not in words and "Vitamin C" not in words and "Folate" in words
    chips = _vitamin_words(cards["potato-chips"])
    assert "Vitamin E" in chips and "Vitamin B6" in chips
    sugar = _vitamin_words(cards["sugar-shock"])
    assert "vitamin power is 0" in sugar


def _profile(food) -> FoodProfile:
    plate = plate_group_for(ndb=food.ndb, usda_group=food.group, description=food.long_description)
    return food_profile(
        ndb=food.ndb,
        usda_group=food.group,
        description=food.long_description,
        plate_group=plate,
        nutrients=food.nutrients,
    )


@pytest.fixture(scope="module")
def ranking():
    """Every USDA food by vitamin power, best first: (power, ndb, group, description, profile)."""
    release = read_release(settings.USDA_SR_DIR)
    rows = []
    for food in release.foods.values():
        profile = _profile(food)
        power = score_card(food.nutrients, 100, profile).vitamin_power
        rows.append((power, food.ndb, food.group, food.long_description, profile))
    return sorted(rows, key=lambda row: (-row[0], row[1]))


# What a child must not find at the top of a vitamin ranking (issue 30): sweetened and energy
# drinks, powders and supplements (all of them USDA beverages, cereals, sweets or snacks, or
# say so) and alcohol.
_NOT_NATURAL = re.compile(r"powder|supplement|energy|shake|drink mix|formula|fortified|vitamin", re.I)


def test_the_top_100_of_the_vitamin_ranking_are_natural_foods(ranking):
    top = ranking[:100]
    assert not [row[3] for row in top if row[4].fortified]
    assert not [row[3] for row in top if row[2] in ("1400", "0800", "1900", "2500")]
    assert not [row[3] for row in top if _NOT_NATURAL.search(row[3])]
    assert not [row[3] for row in top if is_alcoholic(usda_group=row[2], description=row[3])]


@pytest.mark.parametrize(
    "description",
    [
        "Energy drink, ROCKSTAR, sugar free",
        "Energy Drink, Monster",
        "Beverages, OCEAN SPRAY, Cran-Energy, Cranberry Energy Juice Drink",
        "Orange-flavor drink, breakfast type, low calorie, powder",
        "Beverages, PEPSICO, SoBe Lifewater",
        "Beverages, QUAKER OATS, Propel Zero, fruit-flavored, non-carbonated",
        "SILK Plain, soymilk",
    ],
)
def test_fortified_drinks_are_found_from_their_nutrients_and_score_no_vitamin_power(ranking, description):
    power, _ndb, _group, _text, profile = next(row for row in ranking if row[3] == description)
    assert profile.fortified and profile.fortification == "fortified"
    assert power == 0


def test_natural_vitamins_stay_natural(ranking):
    by_name = {row[3]: row for row in ranking}
    for description in (
        "Snacks, potato chips, plain, salted",
        "Broccoli, raw",
        "Orange juice, raw",
        "Coffee, brewed from grounds, prepared with tap water",
        "Milk, whole, 3.25% milkfat, with added vitamin D",
    ):
        profile = by_name[description][4]
        only_milk_vitamin_d = profile.added_vitamins == ("vitamin_d_ug",)
        assert profile.fortification != "fortified" or only_milk_vitamin_d, description
    assert by_name["Snacks, potato chips, plain, salted"][0] > 0
