"""The balanced-meal checklist in words: one row per rule, naming groups, cards and a card to try."""

from __future__ import annotations

from django.utils import translation

from nutrition.meal_words import card_amounts_words, kitchen_fraction, meal_rule_rows, real_amount_words
from nutrition.meals import MealRules
from tests.nutrition.test_meals import (
    ALLOWED,
    APPLE,
    BREAD,
    CARROT,
    DONUT,
    GREEN_BEANS,
    MILK,
    PIZZA,
    PIZZA_SLICE,
    RICE,
    SUB,
    card,
    real,
)


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
    assert meat_or_dairy["why"] in {
        f"You have no meat or dairy servings; a balanced meal needs 1. Try {name}."
        for name in ("Milk", "Chicken")
    }
    assert calories["ok"]


def test_too_many_calories_names_every_card_with_its_calories_and_what_to_take_off():
    rows = meal_rule_rows([PIZZA, APPLE, CARROT, card("fries", 171)], allowed=[BREAD])
    assert rows[-1]["why"] == (
        "Your meal has 601 calories (Pizza 285, Apple 95, Carrot 50, Fries 171); the limit is 600. "
        "Take off Fries."  # the pizza is the meal's grains; the fries are an extra
    )
    rows = meal_rule_rows([PIZZA, APPLE, card("corn", 300, veggie=1)])
    swap = "Swap Corn for another food of the same group, so the meal fits the calorie limit."
    assert rows[-1]["why"].endswith(swap)


def test_a_lesson_words_real_servings_in_cups_and_ounces():
    rules = MealRules(one_vegetable=True, real_servings=True)
    grains, fruit_or_veggie, meat_or_dairy, vegetable, _calories = meal_rule_rows(
        [PIZZA_SLICE, SUB], rules=rules, allowed=[GREEN_BEANS]
    )
    assert grains["numbers"] == "4 1/2 oz; needs 2 oz" and grains["ok"]
    assert fruit_or_veggie["numbers"] == "3/8 cup; needs 1 cup"  # never "1 cup of 1 cup"
    assert fruit_or_veggie["why"] == (
        "You have 3/8 cup of fruit and veggies (Pizza: 1/8 cup, Sub: 1/4 cup); a balanced meal needs 1 cup. "
        "Try Green-Beans."
    )
    assert vegetable["why"].startswith("Your meal has only 3/8 cup of veggies (Pizza: 1/8 cup, Sub: 1/4 cup)")
    assert meat_or_dairy["ok"]


def test_kitchen_fractions_never_say_more_than_there_is():
    assert [kitchen_fraction(x) for x in (0, 0.05, 0.13, 0.38, 0.5, 0.96, 1.0, 1.5, 2.26)] == [
        "0",
        "less than 1/8",
        "1/8",
        "3/8",
        "1/2",
        "7/8",
        "1",
        "1 1/2",
        "2 1/4",
    ]
    assert card_amounts_words(PIZZA_SLICE) == "2 oz grains · 1/8 cup veggies · 1/2 cup dairy · 285 cal"


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


def test_nothing_at_all_takes_the_plural_in_both_languages():
    # "0 cups of 1/2 cup", never "0 cup"; 1/2 and 1 stay singular, more than one is plural.
    with translation.override("en"):
        assert real_amount_words("fruit", 0) == "0 cups"
        assert real_amount_words("fruit", 1) == "1/2 cup"  # a fruit serving is half a cup
        assert real_amount_words("fruit", 2) == "1 cup"
        assert real_amount_words("fruit", 4) == "2 cups"
        assert real_amount_words("meat_or_dairy", 1) == "1 oz of protein or 1/2 cup of dairy"
    with translation.override("es"):
        assert real_amount_words("fruit", 0) == "0 tazas"
        assert real_amount_words("meat_or_dairy", 2) == "2 oz de proteína o 1 taza de lácteos"


def test_a_lesson_says_meat_or_dairy_in_ounces_and_cups_never_servings():
    """Ounces of protein foods and cups of dairy don't add up: a lesson says each in its own unit
    ("Tuna: 2 oz of protein"), never "2 servings" (issue 31)."""
    tuna = real("tuna", 49, "meat", meat=2.0)
    cheese = real("string-cheese", 40, "dairy", dairy=0.25)
    burrito = real("burrito", 379, "grains", grains=2.0, meat=1.25, dairy=0.38)
    rules = MealRules(grains=0, fruit_or_veggie=0, real_servings=True)
    (met, _calories) = meal_rule_rows([tuna], rules=rules)
    assert met["numbers"] == "2 oz of protein; needs 1 oz of protein or 1/2 cup of dairy"
    (short, _calories) = meal_rule_rows([cheese], rules=rules, allowed=[tuna])
    assert short["numbers"] == "1/4 cup of dairy; needs 1 oz of protein or 1/2 cup of dairy"
    assert short["why"] == (
        "You have 1/4 cup of dairy (String-Cheese: 1/4 cup of dairy); "
        "a balanced meal needs 1 oz of protein or 1/2 cup of dairy. Try Tuna."
    )
    (both, _calories) = meal_rule_rows(
        [burrito], rules=MealRules(grains=0, fruit_or_veggie=0, meat_or_dairy=2, real_servings=True)
    )
    assert (
        both["numbers"] == "1 1/4 oz of protein and 3/8 cup of dairy; needs 2 oz of protein or 1 cup of dairy"
    )
    (none, _calories) = meal_rule_rows([], rules=rules, allowed=[tuna])
    assert (
        none["why"]
        == "You have no meat or dairy; a balanced meal needs 1 oz of protein or 1/2 cup of dairy. Try Tuna."
    )
    assert card_amounts_words(tuna) == "2 oz protein · 49 cal"
    with translation.override("es"):
        (met, _calories) = meal_rule_rows([tuna], rules=rules)
        assert met["numbers"] == "2 oz de proteína; necesita 1 oz de proteína o 1/2 taza de lácteos"
