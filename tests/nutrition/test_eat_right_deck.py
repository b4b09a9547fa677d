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
    card_record_score,
)
from nutrition.food_profile import ENRICHMENT, FoodProfile
from nutrition.management.commands.build_eat_right_deck import deck_json
from nutrition.model_agreement import agreement, card_models
from nutrition.myplate import card_group_servings
from nutrition.scoring import VALUE_BANDS, score_card
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
        score = card_record_score(card)
        assert (score.calories, score.vitamin_power, score.value) == (
            card["calories"],
            card["vitamin_power"],
            card["value"],
        )


def test_the_deck_has_the_required_fields_and_unique_ids(shipped, cards):
    assert shipped["deck"]["slug"] == "eat-right" and shipped["deck"]["choices"]
    required = {"id", "name", "category", "special", "groups", "calories", "vitamin_power", "value"}
    required |= {"snack_attack", "in_play", "ndb", "serving_g", "serving_label", "usda_description"}
    required |= {"nutrients_per_100g", "nutrients_per_serving", "myplate", "plate_group", "profile"}
    for card in cards:
        assert required <= card.keys(), card["id"]
        assert card["category"] in CATEGORIES
        assert card["in_play"] is True
        assert all(isinstance(card[k], int) for k in ("calories", "value"))
        assert isinstance(card["vitamin_power"], int | float)  # one decimal
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
    assert sugar["nutrients_per_serving"]["sugars_g"] > 30 and sugar["profile"]["kind"] == "beverage"
    assert sugar["value"] <= 2 and sugar["vitamin_power"] == 0


def test_every_food_card_names_a_usda_food_and_a_serving(cards, release):
    for card in cards:
        if card["category"] == "exercise":
            continue
        assert card["ndb"] in release.foods, card["id"]
        assert card["usda_description"] == release.foods[card["ndb"]].long_description
        assert card["serving_g"] > 0 and card["serving_label"]


def test_combination_foods_count_their_whole_servings_and_stay_out_of_snack_attack(cards):
    combos = {card["id"]: card["groups"] for card in cards if len(card["myplate"]) > 1}
    assert set(combos) == {
        "cheese-pizza",
        "roast-beef-sub",
        "bean-burrito",
        "spaghetti-meat-sauce",
        "hamburger",
        "mac-and-cheese",
    }
    assert all(card["category"] in {"grains", "meat", "dairy"} for card in cards if card["id"] in combos)
    # The pizza's 2 tbsp of sauce (1/8 cup) and the sub's lettuce and tomato (1/4 cup) are no
    # vegetable serving, the burrito's 0.4 cup of cheese no dairy serving: only full servings count.
    assert combos["cheese-pizza"] == {"grains": 2, "dairy": 1}
    assert combos["roast-beef-sub"] == {"grains": 2, "meat": 2}
    assert combos["bean-burrito"] == {"grains": 2, "meat": 1}
    assert combos["spaghetti-meat-sauce"] == {"grains": 2, "meat": 1, "veggie": 1}  # a full 1/2 cup


def test_groups_are_whole_myplate_servings_never_rounded_up(cards):
    by_id = {card["id"]: card for card in cards}
    for card in cards:
        assert all(isinstance(n, int) and n >= 1 for n in card["groups"].values()), card["id"]
        assert set(card["groups"]) <= set(card["myplate"]), card["id"]
        assert card["groups"] == card_group_servings(
            {group: plate["amount"] for group, plate in card["myplate"].items()}
        )
        for group, plate in card["myplate"].items():
            per_serving = 0.5 if plate["unit"] == "cup" else 1.0
            assert card["groups"].get(group, 0) * per_serving <= plate["amount"] + 1e-9, (card["id"], group)
        if card["category"] in {"junk", "exercise"}:
            assert card["groups"] == {}
        else:
            assert (
                card["category"] in card["groups"] or card["id"] == "hamburger" and "meat" in card["groups"]
            )
    # MyPlate's own examples: 1 small apple = 1 cup; an English muffin, a small bagel, two
    # corn tortillas = 2 ounce-equivalents; a cup of milk = 1 cup; 2 tbsp of peanut butter = 2 oz;
    # 1 medium carrot = 1/2 cup.
    assert by_id["apple"]["groups"] == {"fruit": 2}
    assert by_id["english-muffin"]["groups"] == by_id["bagel"]["groups"] == {"grains": 2}
    assert by_id["corn-tortillas"]["groups"] == {"grains": 2}
    assert by_id["milk"]["groups"] == {"dairy": 2}
    assert by_id["peanut-butter"]["groups"] == by_id["black-beans"]["groups"] == {"meat": 2}
    assert (
        by_id["spinach"]["groups"]
        == by_id["green-beans"]["groups"]
        == by_id["carrots"]["groups"]
        == {"veggie": 1}
    )


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


FRESH_FRUIT = {
    "apple",
    "banana",
    "orange",
    "strawberries",
    "grapes",
    "blueberries",
    "watermelon",
    "pineapple",
}
PLAIN_DAIRY = {"milk", "yogurt", "greek-yogurt"}
BEANS_FISH_POULTRY_EGGS = {"black-beans", "tuna", "salmon", "chicken-breast", "turkey", "boiled-eggs"}


def test_every_junk_card_is_worth_less_than_every_whole_food_both_models_rank_above_it(cards):
    """Orderings both Nutri-Score 2023 and NRF9.3 agree on, over the whole deck."""
    by_id = {card["id"]: card for card in cards}
    junk = [card for card in cards if card["category"] == "junk"]
    vegetables = {card["id"] for card in cards if card["category"] == "veggie"}
    better = FRESH_FRUIT | vegetables | WHOLE_GRAIN_CARDS | PLAIN_DAIRY | BEANS_FISH_POULTRY_EGGS
    assert len(junk) == 8 and len(better) == 8 + 8 + 8 + 3 + 6
    for bad in junk:
        for food in better:
            assert bad["value"] < by_id[food]["value"], f"{bad['id']} {bad['value']} >= {food}"
    assert by_id["milk"]["value"] > by_id["chocolate-milk"]["value"]
    for food in FRESH_FRUIT | vegetables:
        assert by_id[food]["value"] > by_id["chocolate-milk"]["value"], food


def test_the_overall_value_follows_the_published_models_over_the_whole_deck(cards):
    figures = agreement(card_models(cards))
    assert figures["value_nutri_score"] >= 0.9, figures
    assert figures["value_nrf93"] >= 0.9, figures


def test_the_overall_value_is_the_nutri_score_in_its_letters_bands(cards):
    """A monotonic map: a better Nutri-Score letter is worth more; inside one letter fewer points
    never make a card worth less."""
    rows = card_models(cards)
    for a in rows:
        for b in rows:
            if "ABCDE".index(a.grade) < "ABCDE".index(b.grade):
                assert a.value >= b.value, (a, b)
            kinds_match = card_kind(cards, a.card_id) == card_kind(cards, b.card_id)
            if kinds_match and a.grade == b.grade and a.nutri_score < b.nutri_score:
                assert a.value >= b.value, (a, b)


def card_kind(cards, card_id):
    return next(card["profile"]["kind"] for card in cards if card["id"] == card_id)


def test_the_value_does_not_depend_on_the_portion(cards):
    """Half a cup of blueberries is worth what a cup is (the old formula gave 9 and 18)."""
    blueberries = next(card for card in cards if card["id"] == "blueberries")
    profile = FoodProfile.from_dict(blueberries["profile"])
    values = {score_card(blueberries["nutrients_per_100g"], g, profile).value for g in (74, 148, 296)}
    assert values == {blueberries["value"]}


def test_vitamin_power_counts_every_natural_vitamin_up_to_a_whole_day(cards):
    by_id = {card["id"]: card for card in cards}
    junk = [card for card in cards if card["category"] == "junk"]
    good = sorted(card["vitamin_power"] for card in cards if card["category"] in {"fruit", "veggie"})
    assert all(card["vitamin_power"] < statistics.median(good) for card in junk)
    # The beans' folate counts in full, and spinach's vitamin K only up to a whole day.
    beans = card_record_score(by_id["black-beans"])
    folate = next(line for line in beans.vitamin_lines if line.key == "food_folate_ug")
    assert folate.percent_dv >= 25 and folate.points == folate.percent_dv
    spinach = card_record_score(by_id["spinach"])
    vitamin_k = next(line for line in spinach.vitamin_lines if line.key == "vitamin_k_ug")
    assert vitamin_k.percent_dv > 100 and vitamin_k.points == 100 and vitamin_k.capped


def test_enriched_flour_does_not_crown_vitamin_power(cards):
    by_id = {card["id"]: card for card in cards}
    enriched = [card for card in cards if (card["profile"] or {}).get("fortification") == "enriched"]
    assert {"bagel", "cheese-pizza", "doughnut"} <= {card["id"] for card in enriched}
    for card in enriched:
        lines = {line.key: line for line in card_record_score(card).vitamin_lines}
        assert all(lines[key].added and lines[key].points == 0 for key in ENRICHMENT), card["id"]
        for veg in ["broccoli", "spinach", "sweet-potato", "carrots", "red-pepper"]:
            assert card["vitamin_power"] < by_id[veg]["vitamin_power"], (card["id"], veg)
    top = sorted(cards, key=lambda card: -card["vitamin_power"])[:5]
    assert {card["category"] for card in top} <= {"veggie", "fruit", "meat"}  # salmon and tuna are meat cards
    assert not any(card["profile"]["added_vitamins"] for card in top)
    assert by_id["sugar-shock"]["vitamin_power"] == 0


def test_the_numbers_suit_the_games(cards):
    foods = [card for card in cards if card["category"] != "exercise"]
    assert all(10 <= card["calories"] <= 400 for card in foods)
    assert all(0 <= card["value"] <= VALUE_BANDS["A"][1] for card in cards)
    good = [card["value"] for card in cards if card["category"] in {"fruit", "veggie"}]
    assert 10 <= statistics.median(good) <= 35
    assert all(0 <= card["vitamin_power"] <= 11 * scoring.VITAMIN_CAP_PCT for card in cards)
    by_id = {card["id"]: card for card in cards}
    assert by_id["broccoli"]["calories"] == 31 and by_id["broccoli"]["serving_g"] == 91
    # Food War, Vitamin War and Calorie War: two random cards tie no more often than on the old
    # printed deck (1 in 18).
    for stat in ("value", "calories", "vitamin_power"):
        counts = Counter(card[stat] for card in cards)
        ties = sum(n * (n - 1) for n in counts.values()) / (len(cards) * (len(cards) - 1))
        assert ties < 1 / 18, stat


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
        "sugar-shock": "Cola scores 2",
        "banana": "a banana 15",
        "broccoli": "broccoli 26",
        "black-beans": "black beans 37",
    }.items():
        assert words in text and words.endswith(f" {by_id[card_id]['value']}"), card_id
    for card_id, words in {
        "doughnut": "a doughnut 7.6",
        "crackers": "crackers 7.7",
        "apple": "an apple 30.0",
        "potato-chips": "chips 35.9",
        "broccoli": "broccoli 357.6",
        "spinach": "spinach 596.2",
    }.items():
        assert words in text and words.endswith(f" {by_id[card_id]['vitamin_power']:.1f}"), card_id
    assert max(card["vitamin_power"] for card in cards) == 596.2 and "0 to 1100" in text
    assert f"Overall value (0 to {scoring.VALUE_BANDS['A'][1]})" in text
