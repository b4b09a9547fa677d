"""The balanced-meal checklist in words: one row per rule, naming groups, cards and a card to try."""

from __future__ import annotations

from nutrition.meal_words import meal_rule_rows
from nutrition.meals import MealRules
from tests.nutrition.test_meals import ALLOWED, APPLE, BREAD, CARROT, DONUT, MILK, PIZZA, RICE, card


def test_a_met_rule_has_its_numbers_and_no_explanation():
    rows = meal_rule_rows([BREAD, RICE, APPLE, CARROT, MILK])
    assert [row["ok"] for row in rows] == [True, True, True, True]
    assert rows[0] == {
        "rule": "grains",
        "label": "Grains",
        "ok": True,
        "numbers": "2 of 2 servings",
        "why": "",
        "explanation": "",
        "suggestion": "",
        "suggestion_card": None,
        "suggest": "",
    }
    assert rows[-1]["numbers"] == "425 of at most 600"


def test_an_unmet_rule_explains_itself_with_the_cards_and_a_card_to_try():
    grains, fruit_or_veggie, meat_or_dairy, calories = meal_rule_rows([BREAD, APPLE], allowed=ALLOWED)
    assert grains["why"] == "You have 1 grain serving (Bread: 1); a balanced meal needs 2. Try Rice."
    assert fruit_or_veggie["explanation"] == (
        "You have 1 fruit or veggie serving (Apple: 1); a balanced meal needs 2."
    )
    assert meat_or_dairy["why"] == "You have no meat or dairy servings; a balanced meal needs 1. Try Milk."
    assert calories["ok"]


def test_too_many_calories_names_every_card_with_its_calories():
    rows = meal_rule_rows([PIZZA, APPLE, CARROT, card("fries", 171)], allowed=[BREAD])
    assert rows[-1]["why"] == (
        "Your meal has 601 calories (Pizza 285, Apple 95, Carrot 50, Fries 171); the limit is 600. "
        "Take off Pizza."
    )


def test_the_lesson_extras_have_their_own_words():
    rules = MealRules(grains=0, fruit_or_veggie=0, meat_or_dairy=0, one_vegetable=True, no_junk=True)
    vegetable, junk, _calories = meal_rule_rows([APPLE, DONUT], rules=rules, allowed=ALLOWED)
    assert vegetable["label"] == "A vegetable"
    assert vegetable["why"] == "Your meal has no vegetable; this meal needs at least one. Try Carrot."
    assert junk["why"] == "Junk food isn't allowed in this meal: Donut. Take off Donut."
    assert junk["numbers"] == "1 junk card"


def test_without_allowed_cards_there_is_no_suggestion():
    rows = meal_rule_rows([BREAD])
    assert rows[0]["suggestion"] == "" and rows[0]["suggestion_card"] is None
    assert rows[0]["why"] == "You have 1 grain serving (Bread: 1); a balanced meal needs 2."
