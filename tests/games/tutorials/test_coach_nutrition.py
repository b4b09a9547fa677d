"""The nutrition the coaches of Snack Attack! and Build-A-Meal explain is true by the cards' own
numbers: every figure is read from the card records (and changes with them), and a comparison
says "beat" only when the numbers do."""

from __future__ import annotations

import copy
import re

from games.engines.cards import load_deck_records
from games.engines.messages import english
from games.tutorials import tutorial_for
from games.tutorials.food_facts import compare_value, vitamin_c
from nutrition.meals import CALORIE_LIMIT, card_servings, check_meal
from nutrition.nutrients import NUTRIENTS_BY_KEY
from tests.games.tutorials.lesson_driver import play

VITAMIN_C_DAY_MG = NUTRIENTS_BY_KEY["vitamin_c_mg"].daily_value


def _records() -> dict[str, dict]:
    return {card["id"]: card for card in load_deck_records("eat-right")}


def _steps(lesson):
    cards = lesson.state["cards"]
    for advice, move, state in zip(lesson.advice, lesson.learner_moves, lesson.states, strict=True):
        yield move, english(advice.say, cards=cards), english(advice.why, cards=cards), state


def _vitamin_c_words(card: dict) -> tuple[str, str]:
    mg = card["nutrients_per_serving"]["vitamin_c_mg"]
    return f"{round(mg)} mg of vitamin C", f"({round(100 * mg / VITAMIN_C_DAY_MG)}%)"


def test_snack_attack_eats_strawberries_and_broccoli_for_their_real_vitamin_c():
    records = _records()
    lesson = play(tutorial_for("snack-attack"))
    eaten = {move["card"]: why for move, _, why, _ in _steps(lesson) if move["type"] == "eat"}
    for food in ("strawberries", "broccoli"):
        mg_words, percent_words = _vitamin_c_words(records[food])
        assert mg_words in eaten[food] and percent_words in eaten[food]
    sugar = records["sugar-shock"]["nutrients_per_serving"]["added_sugars_g"]
    assert f"{round(sugar)} g of added sugar" in eaten["sugar-shock"]


def test_snack_attack_says_strawberries_beat_chips_only_because_their_numbers_do():
    records = _records()
    lesson = play(tutorial_for("snack-attack"))
    why = next(why for move, _, why, _ in _steps(lesson) if move["type"] == "return")
    strawberries, chips = records["strawberries"], records["potato-chips"]
    assert strawberries["value"] > chips["value"]
    assert (
        f"Strawberries beat Potato Chips on overall value, {strawberries['value']} to {chips['value']}" in why
    )
    # Were the junk food better, the coach would not say "beat".
    better_chips = dict(chips, value=strawberries["value"] + 1)
    words = english(compare_value(strawberries, better_chips), cards=records)
    assert "beat" not in words and str(better_chips["value"]) in words


def test_the_vitamin_c_words_follow_the_card_data():
    broccoli = copy.deepcopy(_records()["broccoli"])
    assert "almost a whole day's" in english(vitamin_c(broccoli))
    broccoli["nutrients_per_serving"]["vitamin_c_mg"] = 30.0
    words = english(vitamin_c(broccoli))
    assert "almost" not in words and "30 mg of vitamin C, 33% of what you need in a day" in words
    broccoli["nutrients_per_serving"]["vitamin_c_mg"] = 120.0
    assert "more than you need in a whole day (133%)" in english(vitamin_c(broccoli))


def test_a_lesson_on_changed_card_data_tells_the_new_numbers():
    records = copy.deepcopy(list(_records().values()))
    for card in records:
        if card["id"] == "strawberries":
            card["nutrients_per_serving"]["vitamin_c_mg"] = 45.0
    lesson = play(tutorial_for("snack-attack"), cards=records)
    why = next(why for move, _, why, _ in _steps(lesson) if move.get("card") == "strawberries")
    assert "45 mg of vitamin C, 50% of what you need in a day" in why


_PLATE = re.compile(
    r"(Your plate|That meal): grains (\d+)/2, fruit or veggies (\d+)/2, meat or dairy (\d+)/1, "
    r"calories (-?\d+)/600"
)


def test_build_a_meal_counts_every_plate_as_the_engines_meal_check_does():
    lesson = play(tutorial_for("build-a-meal"))
    seen = 0
    for move, say, why, state in _steps(lesson):
        plate = state["plates"][0]
        for label, grains, fruit_or_veggie, meat_or_dairy, calories in _PLATE.findall(why):
            cards = plate if label == "Your plate" else [*state["meals"][0][1], move["card"]]
            check = check_meal([state["cards"][c] for c in cards])
            assert (int(grains), int(fruit_or_veggie), int(meat_or_dairy), int(calories)) == (
                check.grains,
                check.fruit_or_veggie,
                check.meat_or_dairy,
                check.calories,
            )
            seen += 1
        if move["type"] == "serve":
            assert check_meal([state["cards"][c] for c in plate]).balanced and "Balanced!" in say
    assert seen >= 3  # both meals served, and the meal the Chocolate Bar joins


def test_build_a_meal_tells_each_cards_printed_servings_and_what_it_leaves_out():
    records = _records()
    lesson = play(tutorial_for("build-a-meal"))
    whys = " ".join(why for _, _, why, _ in _steps(lesson))
    for card_id in ("oatmeal", "broccoli", "milk", "roast-beef-sub", "apple"):
        card = records[card_id]
        for group, word in (("grains", "grain"), ("fruit", "fruit"), ("veggie", "veggie"), ("meat", "meat")):
            servings = card_servings(card, group)
            if servings:
                assert f"{servings} {word} serving" in whys.split(card["name"] + ":", 1)[1]
    # The sub's lettuce is a real quarter cup of veggies, less than one printed serving.
    assert records["roast-beef-sub"]["myplate"]["veggie"]["amount"] < 0.5
    assert "a little veggies too, less than a serving" in whys


def test_build_a_meal_shows_exercise_making_room_for_junk_by_the_real_calories():
    records = _records()
    lesson = play(tutorial_for("build-a-meal"))
    why = next(why for move, _, why, _ in _steps(lesson) if move.get("card") == "exhilarating-exercise")
    meal = [records[c] for c in ("roast-beef-sub", "apple", "chocolate-bar")]
    without = sum(card["calories"] for card in meal)
    assert without > CALORIE_LIMIT
    assert f"would have {without} calories: over 600. With Exercise too: {without - 200}." in why


def test_build_a_meal_with_a_lighter_chocolate_bar_does_not_claim_it_goes_over():
    records = copy.deepcopy(list(_records().values()))
    for card in records:
        if card["id"] == "chocolate-bar":
            card["calories"] = 100
    lesson = play(tutorial_for("build-a-meal"), cards=records)
    why = next(
        english(advice.why, cards=lesson.state["cards"])
        for advice, move in zip(lesson.advice, lesson.learner_moves, strict=True)
        if move.get("card") == "exhilarating-exercise"
    )
    assert "over" not in why and "that meal has 273 calories" in why
