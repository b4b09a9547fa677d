"""The shipped Eat Right deck: computed from USDA data, and shaped for the games' rules."""

import json
import random
import statistics
from collections import Counter

import pytest
from django.conf import settings
from django.core.management import call_command

from nutrition import scoring
from nutrition.eat_right_deck import (
    CATEGORIES,
    EAT_RIGHT_DESIGN,
    SHIPPED_DECK_FILE,
    WHOLE_GRAIN_CARDS,
    DeckDesignError,
    build_eat_right_deck,
    build_eat_right_records,
)
from nutrition.management.commands.build_eat_right_deck import deck_json
from nutrition.myplate import card_group_servings
from nutrition.scoring import score_card
from nutrition.sr_files import read_release


@pytest.fixture(scope="module")
def release():
    return read_release(settings.USDA_SR_DIR)


@pytest.fixture(scope="module")
def shipped():
    return json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards(shipped):
    return shipped["cards"]


def test_the_shipped_file_is_exactly_what_the_usda_data_gives(release):
    expected = deck_json(build_eat_right_deck(settings.USDA_SR_DIR, release=release))
    assert SHIPPED_DECK_FILE.read_text(encoding="utf-8") == expected, "run manage.py build_eat_right_deck"


def test_the_build_command_writes_the_same_file(tmp_path):
    output = tmp_path / "eat-right.json"
    call_command("build_eat_right_deck", "--usda-dir", str(settings.USDA_SR_DIR), "--output", str(output))
    assert output.read_text(encoding="utf-8") == SHIPPED_DECK_FILE.read_text(encoding="utf-8")
    call_command("build_eat_right_deck", "--check", "--output", str(output))


def test_card_numbers_can_be_recomputed_without_the_usda_files(cards):
    for card in cards:
        if card["ndb"] is None:
            continue
        score = score_card(card["nutrients_per_100g"], card["serving_g"])
        assert (score.calories, score.vitamin_power, score.value) == (
            card["calories"],
            card["vitamin_power"],
            card["value"],
        )


def test_the_deck_has_the_required_fields_and_unique_ids(shipped, cards):
    assert shipped["deck"]["slug"] == "eat-right" and shipped["deck"]["choices"]
    required = {"id", "name", "category", "special", "groups", "calories", "vitamin_power", "value"}
    required |= {"snack_attack", "in_play", "ndb", "serving_g", "serving_label", "usda_description"}
    required |= {"nutrients_per_100g", "nutrients_per_serving", "myplate", "plate_group"}
    for card in cards:
        assert required <= card.keys(), card["id"]
        assert card["category"] in CATEGORIES
        assert card["in_play"] is True
        assert all(isinstance(card[k], int) for k in ("calories", "vitamin_power", "value"))
    ids = [card["id"] for card in cards]
    assert len(ids) == len(set(ids)) == 54
    # No id is the start of another one ("apple" / "apple-pie"), so id prefixes never mislead.
    assert not [(a, b) for a in ids for b in ids if a != b and b.startswith(a)]


def test_snack_attack_uses_exactly_26_cards(cards):
    snack = [card for card in cards if card["snack_attack"]]
    assert len(snack) == 26
    assert {card["category"] for card in snack} == {"fruit", "veggie", "junk", "exercise"}
    assert all(
        card["snack_attack"] == (card["category"] in {"fruit", "veggie", "junk", "exercise"})
        for card in cards
    )


def test_each_special_card_exists_once(cards):
    specials = {card["special"]: card for card in cards if card["special"]}
    assert sorted(card["special"] for card in cards if card["special"]) == sorted(specials)
    assert {key: card["category"] for key, card in specials.items()} == {
        "sugar-shock": "junk",
        "exercise": "exercise",
        "broccoli": "veggie",
        "spinach": "veggie",
    }
    exercise = specials["exercise"]
    assert (exercise["calories"], exercise["value"], exercise["vitamin_power"], exercise["ndb"]) == (
        -200,
        0,
        0,
        None,
    )
    sugar = specials["sugar-shock"]
    assert sugar["nutrients_per_serving"]["sugars_g"] > 30 and sugar["value"] == 0


def test_every_food_card_names_a_usda_food_and_a_serving(cards, release):
    for card in cards:
        if card["category"] == "exercise":
            continue
        assert card["ndb"] in release.foods, card["id"]
        assert card["usda_description"] == release.foods[card["ndb"]].long_description
        assert card["serving_g"] > 0 and card["serving_label"]


def test_combination_foods_count_for_every_group_they_contain_and_stay_out_of_snack_attack(cards):
    combos = {card["id"]: card["groups"] for card in cards if len(card["groups"]) > 1}
    assert set(combos) == {
        "cheese-pizza",
        "roast-beef-sub",
        "bean-burrito",
        "spaghetti-meat-sauce",
        "hamburger",
        "mac-and-cheese",
    }
    assert all(card["category"] in {"grains", "meat", "dairy"} for card in cards if card["id"] in combos)
    assert combos["cheese-pizza"] == {"grains": 2, "dairy": 1, "veggie": 1}  # the sauce is a veggie
    assert combos["bean-burrito"] == {"grains": 2, "meat": 1, "dairy": 1}  # and the cheese a dairy
    assert combos["spaghetti-meat-sauce"] == {"grains": 2, "meat": 1, "veggie": 1}


def test_groups_are_whole_myplate_servings_half_cups_and_ounce_equivalents(cards):
    by_id = {card["id"]: card for card in cards}
    for card in cards:
        assert all(isinstance(n, int) and n >= 1 for n in card["groups"].values()), card["id"]
        assert set(card["groups"]) == set(card["myplate"]), card["id"]
        assert card["groups"] == card_group_servings(
            {group: plate["amount"] for group, plate in card["myplate"].items()}
        )
        if card["category"] in {"junk", "exercise"}:
            assert card["groups"] == {}
        else:
            assert (
                card["category"] in card["groups"] or card["id"] == "hamburger" and "meat" in card["groups"]
            )
    # MyPlate's own examples: 1 small apple = 1 cup; an English muffin, a small bagel, two
    # corn tortillas = 2 ounce-equivalents; a cup of milk = 1 cup; 2 tbsp of peanut butter = 2 oz.
    assert by_id["apple"]["groups"] == {"fruit": 2}
    assert by_id["english-muffin"]["groups"] == by_id["bagel"]["groups"] == {"grains": 2}
    assert by_id["corn-tortillas"]["groups"] == {"grains": 2}
    assert by_id["milk"]["groups"] == {"dairy": 2}
    assert by_id["peanut-butter"]["groups"] == by_id["black-beans"]["groups"] == {"meat": 2}
    assert by_id["spinach"]["groups"] == by_id["green-beans"]["groups"] == {"veggie": 1}


def test_fruit_and_veggie_cups_agree_with_the_usda_weight_of_a_cup(cards, release):
    """A plain fruit or veggie card's cups are its grams over one of USDA's 1-cup measures of the
    food (sliced, chopped, whole...), within 20 %."""
    cups = {}
    for weight in release.weights:
        if weight.amount == 1 and weight.description.startswith("cup"):
            cups.setdefault(weight.ndb, []).append(weight.grams)
    checked = 0
    for card in cards:
        if card["category"] not in {"fruit", "veggie"} or card["id"] == "raisins" or card["ndb"] not in cups:
            continue
        amount = card["myplate"][card["category"]]["amount"]
        measured = [card["serving_g"] / grams for grams in cups[card["ndb"]]]
        assert any(amount == pytest.approx(m, rel=0.2) for m in measured), (card["id"], amount, measured)
        checked += 1
    assert checked >= 14


def test_servings_are_child_portions(cards):
    for card in cards:
        if card["category"] in {"fruit", "veggie"}:
            assert 0.45 <= card["myplate"][card["category"]]["amount"] <= 1.0, card["id"]
        if card["ndb"]:
            assert 10 <= card["calories"] <= 400, card["id"]


def test_every_junk_card_is_worth_less_than_every_fruit_veggie_and_whole_grain_card(cards):
    junk = [card for card in cards if card["category"] == "junk"]
    good = [
        card for card in cards if card["category"] in {"fruit", "veggie"} or card["id"] in WHOLE_GRAIN_CARDS
    ]
    assert len(junk) == 8 and len(good) == 9 + 8 + 8
    best_junk = max(junk, key=lambda card: card["value"])
    worst_good = min(good, key=lambda card: card["value"])
    for bad in junk:
        for food in good:
            assert bad["value"] < food["value"], f"{bad['id']} {bad['value']} >= {food['id']} {food['value']}"
    assert best_junk["value"] < worst_good["value"]


def test_enriched_flour_does_not_crown_vitamin_power(cards):
    by_id = {card["id"]: card for card in cards}
    enriched = ["roast-beef-sub", "cheese-pizza", "hamburger", "bagel", "bean-burrito", "mac-and-cheese"]
    vegetables = ["broccoli", "spinach", "sweet-potato", "carrots", "red-pepper"]
    for flour in enriched:
        for veg in vegetables:
            assert by_id[flour]["vitamin_power"] < by_id[veg]["vitamin_power"], (flour, veg)
    top = sorted(cards, key=lambda card: -card["vitamin_power"])[:5]
    assert {card["category"] for card in top} <= {"veggie", "fruit", "meat"}  # salmon is a meat card
    assert by_id["french-fries"]["vitamin_power"] < by_id["apple"]["vitamin_power"]
    assert by_id["french-fries"]["vitamin_power"] < by_id["banana"]["vitamin_power"]
    assert by_id["sugar-shock"]["vitamin_power"] == 0


def test_the_numbers_suit_the_games(cards):
    foods = [card for card in cards if card["category"] != "exercise"]
    assert all(10 <= card["calories"] <= 400 for card in foods)
    assert all(card["value"] <= 5 for card in cards if card["category"] == "junk")
    good = [card["value"] for card in cards if card["category"] in {"fruit", "veggie"}]
    assert 10 <= statistics.median(good) <= 35
    assert all(0 <= card["vitamin_power"] <= 120 for card in cards)
    by_id = {card["id"]: card for card in cards}
    assert by_id["broccoli"]["value"] > 40 > 5 > by_id["doughnut"]["value"]
    assert by_id["broccoli"]["calories"] == 31 and by_id["broccoli"]["serving_g"] == 91
    # Food War: two random cards tie rarely (the old per-serving deck: 1 in 18 on value), on
    # every stat it can be played with.
    for stat in ("value", "vitamin_power", "calories"):
        counts = Counter(card[stat] for card in cards)
        ties = sum(n * (n - 1) for n in counts.values()) / (len(cards) * (len(cards) - 1))
        assert ties < 0.045, stat


def test_a_balanced_meal_fits_in_600_calories(cards):
    """The cheapest 2 grains + 2 fruit or veggie + 1 meat or dairy servings leave room under 600."""

    def cheapest(group, servings):
        per_serving = sorted(
            card["calories"] / card["groups"][group] for card in cards if card["groups"].get(group)
        )
        return sum(per_serving[:servings])

    meal = cheapest("grains", 2) + min(cheapest("fruit", 2), cheapest("veggie", 2)) + cheapest("dairy", 1)
    assert meal < 400
    typical = {
        group: statistics.median(card["calories"] for card in cards if card["category"] == group)
        for group in ("fruit", "veggie", "grains", "meat", "dairy")
    }
    assert 2 * typical["grains"] + typical["fruit"] + typical["veggie"] + typical["dairy"] <= 600


def test_a_duel_round_takes_several_cards(cards):
    """Eating random cards (Duel leaves out Broccoli and Spinach) reaches 100 value or 1,000
    calories after several cards, not two or three."""
    deck = [card for card in cards if card["special"] not in {"broccoli", "spinach"}]
    rng = random.Random(7)
    to_value, to_calories = [], []
    for _ in range(2000):
        rng.shuffle(deck)
        value = calories = 0
        reached_value = reached_calories = None
        for count, card in enumerate(deck, start=1):
            value += card["value"]
            calories += card["calories"]
            reached_value = reached_value or (count if value >= 100 else None)
            reached_calories = reached_calories or (count if calories >= 1000 else None)
        to_value.append(reached_value)
        to_calories.append(reached_calories)
    assert 6 <= statistics.mean(to_value) <= 14
    assert 6 <= statistics.mean(to_calories) <= 14


def test_a_design_naming_an_unknown_measure_is_refused(release, monkeypatch):
    import nutrition.eat_right_deck as deck

    broken = (EAT_RIGHT_DESIGN[0].__class__(**{**EAT_RIGHT_DESIGN[0].__dict__, "measure": "1 bucket"}),)
    monkeypatch.setattr(deck, "EAT_RIGHT_DESIGN", broken)
    with pytest.raises(DeckDesignError, match="Card 'apple': food 09003 has no measure '1 bucket'"):
        build_eat_right_records(settings.USDA_SR_DIR, release=release)


def test_the_scoring_docstring_examples_are_the_shipped_cards(cards):
    """nutrition.scoring's explanation quotes real cards: keep it true."""
    by_id = {card["id"]: card for card in cards}
    text = " ".join(scoring.__doc__.split())
    for card_id, words in {
        "sugar-shock": "cola scores 0",
        "bagel": "a bagel 8",
        "apple": "an apple 14",
        "broccoli": "broccoli 95",
        "spinach": "half a cup of spinach 114",
    }.items():
        assert words in text and words.endswith(f" {by_id[card_id]['vitamin_power']}"), card_id
    assert max(card["vitamin_power"] for card in cards) == 114 and "0 to about 120" in text
    assert max(card["value"] for card in cards) == 65 and "0 to about 65" in text
    assert f"The most a bite can score is {6 * scoring.VITAMIN_SLOT_CAP_PCT:.0f}" in text
