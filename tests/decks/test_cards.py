"""A teacher's card is made by the same code as the Eat Right deck: its numbers are the formulas'."""

from __future__ import annotations

import pytest

from decks import services
from decks.cards import Measure, serving_label, short_name
from nutrition.eat_right_deck import EAT_RIGHT_DESIGN, load_shipped_cards
from nutrition.models import Food
from nutrition.scoring import round_half_up, score_card
from nutrition.services import card_score_for
from tests.decks.conftest import FOODS

pytestmark = pytest.mark.django_db

SAME_FIELDS = (
    "category",
    "calories",
    "vitamin_power",
    "value",
    "groups",
    "myplate",
    "snack_attack",
    "ndb",
    "serving_g",
    "serving_label",
    "usda_measure",
    "plate_group",
    "nutrients_per_100g",
    "nutrients_per_serving",
)


def _measure_seq(ndb: str, label: str) -> int:
    food = Food.objects.get(ndb=ndb)
    return next(m.seq for m in food.measures.all() if m.label == label)


@pytest.fixture
def deck(foods, teacher):
    return services.deck_create(owner=teacher, name="Our class deck")


@pytest.mark.parametrize(
    "design", [d for d in EAT_RIGHT_DESIGN if d.ndb in FOODS], ids=lambda design: design.id
)
def test_the_same_food_and_serving_make_the_eat_right_card(deck, design):
    shipped = load_shipped_cards()[design.id]
    card = services.card_add_food(
        deck=deck,
        ndb=design.ndb,
        measure_seq=_measure_seq(design.ndb, design.measure),
        times=design.times,
        category=design.category,
        special=design.special if design.special != "exercise" else None,
        name=design.name,
    )
    mine = card.record
    if design.label:  # the Eat Right card names its serving by hand ("1 small apple")
        mine = {**mine, "serving_label": shipped["serving_label"]}
    assert {key: mine[key] for key in SAME_FIELDS} == {key: shipped[key] for key in SAME_FIELDS}
    assert mine["special"] == shipped["special"]
    assert mine["id"] != shipped["id"] and mine["id"].startswith("my-")


def test_a_new_food_card_scores_by_the_formulas(deck):
    kiwi = Food.objects.get(ndb="09148")
    cup = next(m for m in kiwi.measures.all() if m.description == "cup, sliced")
    card = services.card_add_food(deck=deck, ndb="09148", measure_seq=cup.seq, times=0.5, category="fruit")
    record = card.record
    grams = round(cup.grams * 0.5, 2)
    assert record["serving_g"] == grams and record["serving_label"] == "1/2 cup, sliced"
    # Calories straight from USDA's kcal per 100 g; vitamin power and value from nutrition.scoring.
    assert record["calories"] == round_half_up(kiwi.nutrients["energy_kcal"] * grams / 100)
    score = score_card(kiwi.nutrients_for_scoring(), grams, kiwi.profile())
    assert (record["calories"], record["vitamin_power"], record["value"]) == (
        score.calories,
        score.vitamin_power,
        score.value,
    )
    # ... which is also the card the food explorer shows for that serving.
    explorer = card_score_for(ndb="09148", grams=grams)
    assert (explorer.calories, explorer.vitamin_power, explorer.value) == (
        score.calories,
        score.vitamin_power,
        score.value,
    )
    assert record["groups"] == {"fruit": 1}  # half a cup of fruit: 1 serving
    assert record["profile"] == kiwi.profile().to_dict()  # what the numbers were worked out with
    assert record["snack_attack"] is True and record["name"] == "Kiwifruit"


def test_junk_food_counts_for_no_group_and_a_mixed_dish_gets_the_groups_the_teacher_sets(deck):
    cake = services.card_add_food(deck=deck, ndb="18120", category="junk")
    assert cake.record["groups"] == {} and cake.record["snack_attack"] is True
    # The Eat Right deck's pizza is a grains card: the same food and category take its food groups.
    pizza = services.card_add_food(deck=deck, ndb="21299", category="grains")
    assert pizza.record["groups"] == {"grains": 2, "dairy": 1}  # its 1/8 cup of sauce is no serving
    assert pizza.record["myplate"]["veggie"]["amount"] == 0.13
    # As a dairy card it is a mixed dish no table splits: one serving until the teacher says more.
    pizza = services.card_update(
        deck=deck,
        card_id=pizza.card_id,
        measure_seq=pizza.measure_seq,
        times=1,
        category="dairy",
        name="Pizza",
    )
    assert pizza.record["groups"] == {"dairy": 1}
    pizza = services.card_update(
        deck=deck,
        card_id=pizza.card_id,
        measure_seq=pizza.measure_seq,
        times=1,
        category="dairy",
        name="Pizza",
        plate={"grains": 2.5, "dairy": 1.0, "veggie": 0.13},
    )
    assert pizza.record["groups"] == {"grains": 2, "dairy": 2}  # whole servings only, never rounded up
    assert pizza.record["myplate"]["dairy"] == {"amount": 1.0, "unit": "cup"}
    assert pizza.record["snack_attack"] is False


def test_a_card_takes_the_suggested_category_and_a_short_name_by_default(deck):
    chips = services.card_add_food(deck=deck, ndb="19411")
    assert chips.record["category"] == "junk" and chips.record["name"] == "Potato chips"
    eggs = services.card_add_food(deck=deck, ndb="01129")
    assert eggs.record["category"] == "meat"  # eggs are protein foods, not dairy


def test_names_and_serving_words():
    assert (
        short_name("Apples, raw, with skin (Includes foods for USDA's Food Distribution Program)") == "Apples"
    )
    assert short_name("Snacks, potato chips, plain, salted") == "Potato chips"
    assert short_name("Candies, jellybeans") == "Jellybeans"
    cup = Measure(3, 1.0, "cup, sliced", 180.0)
    assert serving_label(cup, 0.5) == "1/2 cup, sliced"
    assert serving_label(cup, 1.5) == "1 1/2 cup, sliced"
    assert serving_label(Measure(1, 1.0, "large", 50.0), 2) == "2 large"
    assert serving_label(Measure(0, 100.0, "g", 100.0), 0.3) == "30 g"
