"""The meal check on the real Eat Right cards, as a meal-balance lesson counts them."""

import itertools
import random
from dataclasses import replace

import pytest

from decks.needs import lesson_cards
from nutrition.eat_right_deck import load_shipped_cards
from nutrition.meal_words import meal_rule_rows
from nutrition.meals import BOOK_RULES, LESSON_RULES, check_meal, is_exercise

CARDS = load_shipped_cards()
EVERY_OPTION = replace(LESSON_RULES, one_vegetable=True, no_junk=True)


def plate(*card_ids):
    return [CARDS[card_id] for card_id in card_ids]


@pytest.mark.parametrize(
    "rules", [LESSON_RULES, EVERY_OPTION, BOOK_RULES], ids=["lesson", "every option", "game"]
)
def test_cheese_pizza_and_a_roast_beef_sub_are_not_a_balanced_meal(rules):
    # 581 calories, no fruit, 1/8 cup of pizza sauce and 1/4 cup of lettuce and tomato.
    check = check_meal(plate("cheese-pizza", "roast-beef-sub"), rules)
    assert check.calories == 581 and not check.balanced
    assert "fruit_or_veggie" in check.failed_rules


def test_the_lesson_says_how_little_vegetable_the_pizza_and_sub_have():
    rows = meal_rule_rows(plate("cheese-pizza", "roast-beef-sub"), rules=EVERY_OPTION)
    fruit_or_veggie = next(row for row in rows if row["rule"] == "fruit_or_veggie")
    assert fruit_or_veggie["numbers"] == "3/8 cup; needs 1 cup"
    assert "(Cheese Pizza: 1/8 cup, Roast Beef Sub: 1/4 cup)" in fruit_or_veggie["why"]


def test_spaghetti_a_chocolate_bar_and_ice_cream_is_told_to_drop_a_junk_card():
    meal = plate("spaghetti-meat-sauce", "chocolate-bar", "ice-cream")  # 627 calories
    for rules in (LESSON_RULES, BOOK_RULES):
        calories = check_meal(meal, rules).rows[-1]
        assert (calories.rule, calories.met) == ("calories", False)
        assert (calories.suggestion, calories.suggest) == ("chocolate-bar", "remove")
    rows = meal_rule_rows(meal, rules=LESSON_RULES, allowed=lesson_cards(list(CARDS.values())))
    assert rows[-1]["why"].endswith("Take off Chocolate Bar.")
    no_junk = next(row for row in rows if row["rule"] == "no_junk")
    assert no_junk["suggestion_card"] in {"chocolate-bar", "ice-cream"} and no_junk["suggest"] == "remove"


def test_a_meal_with_half_a_cup_of_real_vegetables_passes():
    meal = plate("whole-wheat-pasta", "whole-wheat-bread", "green-beans", "banana", "milk")
    check = check_meal(meal, EVERY_OPTION)
    assert check.balanced, check.reasons
    vegetable = next(row for row in check.rows if row.rule == "vegetable")
    assert vegetable.have == pytest.approx(1.0)  # 1/2 cup of green beans is one serving


def test_no_lesson_hint_ever_names_exhilarating_exercise():
    deck = list(CARDS.values())
    exercise = next(card for card in deck if is_exercise(card))
    offered = lesson_cards(deck)
    assert exercise not in offered  # a lesson leaves the card out: exercise is no eraser
    foods = [card for card in deck if not is_exercise(card)]
    rng = random.Random(21)
    plates = [rng.sample(foods, rng.randint(1, 7)) for _ in range(400)]
    plates += [list(pair) for pair in itertools.combinations(foods[:20], 2)]
    for meal in plates:
        for rules, allowed in ((LESSON_RULES, offered), (EVERY_OPTION, offered), (LESSON_RULES, deck)):
            for row in meal_rule_rows(meal, rules=rules, allowed=allowed):
                assert row["suggestion_card"] != exercise["id"], (meal, row)
                assert "Exhilarating Exercise" not in row["why"], (meal, row)
