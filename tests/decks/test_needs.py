"""A deck checks itself against each Eat Right game's needs, asked of the engines themselves."""

from __future__ import annotations

import pytest

from decks import needs
from games.engines.build_a_meal import HAND_SIZE as MEAL_HAND
from games.engines.duel import HAND_SIZE as DUEL_HAND
from games.engines.snack_attack import BOOK_DECK_SIZE
from nutrition.eat_right_deck import load_shipped_cards
from nutrition.meals import MealRules

EAT_RIGHT = list(load_shipped_cards().values())
SNACKS = [card for card in EAT_RIGHT if card["snack_attack"]]
OTHERS = [card for card in EAT_RIGHT if not card["snack_attack"]]


def by_key(records):
    return {check.key: check for check in needs.deck_checks(records)}


def test_the_eat_right_deck_is_ready_for_everything():
    checks = by_key(EAT_RIGHT)
    assert list(checks) == ["food-war", "snack-attack", "build-a-meal", "duel", "lesson"]
    assert all(check.ok for check in checks.values()), checks
    assert checks["snack-attack"].message == "Ready for 2 to 8 players, with 26 cards."
    assert checks["food-war"].seats == (2, 3, 4, 5, 6, 7, 8)
    assert (
        checks["duel"].message == "Ready for 2 players, with 52 cards. (Duel leaves out Broccoli, Spinach.)"
    )


def test_snack_attack_needs_exactly_the_books_26_snack_cards():
    assert BOOK_DECK_SIZE == 26
    check = needs.game_check("snack-attack", SNACKS[:23] + OTHERS)
    assert not check.ok
    assert (
        check.message == "Snack Attack needs exactly 26 fruit, veggie, junk and exercise cards: you have 23."
    )
    too_many = SNACKS + [{**SNACKS[0], "id": "apple-2"}]
    assert needs.game_check("snack-attack", too_many).message.endswith("you have 27.")


def test_duel_leaves_broccoli_and_spinach_out_of_its_count():
    specials = [card for card in SNACKS if card.get("special") in ("broccoli", "spinach")]
    plain = [card for card in SNACKS if not card.get("special")][: 2 * DUEL_HAND - 3]
    check = needs.game_check("duel", plain + specials)
    assert not check.ok
    assert check.message == "Duel needs at least 6 cards: you have 3. (Duel leaves out Broccoli, Spinach.)"
    six = [card for card in SNACKS if not card.get("special")][: 2 * DUEL_HAND]
    assert needs.game_check("duel", six + specials).message == (
        "Ready for 2 players, with 6 cards. (Duel leaves out Broccoli, Spinach.)"
    )


def test_build_a_meal_needs_a_hand_per_player_and_cards_that_make_a_balanced_meal():
    deck = [card for card in EAT_RIGHT if card["category"] in ("fruit", "grains", "dairy")][
        : 3 * MEAL_HAND + 1
    ]
    check = needs.game_check("build-a-meal", deck)
    assert check.ok and check.seats == (2, 3)
    assert check.message == (
        "Ready for 2 to 3 players, with 25 cards. "
        "Build-A-Meal needs at least 33 cards for 4 players: you have 25."
    )
    junk = [card for card in EAT_RIGHT if card["category"] in ("junk", "fruit", "veggie")]
    check = needs.game_check("build-a-meal", junk)
    assert not check.ok and check.message.startswith("Build-A-Meal needs cards that make a balanced meal.")


def test_food_war_deals_at_least_one_card_to_every_player():
    check = needs.game_check("food-war", EAT_RIGHT[:3])
    assert check.ok and check.seats == (2, 3)
    assert check.message == (
        "Ready for 2 to 3 players, with 3 cards. Food War deals every card, at least one to each player: "
        "4 players need 4 cards, you have 3."
    )
    assert not needs.game_check("food-war", EAT_RIGHT[:1]).ok


def test_a_lesson_needs_cards_that_make_a_balanced_meal():
    check = needs.lesson_check(EAT_RIGHT)
    assert check.ok and check.message.startswith("Ready: for example ")
    no_dairy_or_meat = [
        c
        for c in EAT_RIGHT
        if c["category"] in ("fruit", "veggie", "grains")
        and c["groups"].keys() <= {"fruit", "veggie", "grains"}
    ]
    check = needs.lesson_check(no_dairy_or_meat)
    assert not check.ok and check.message.startswith("No balanced meal can be made from these cards.")
    no_exercise = [c for c in EAT_RIGHT if c["category"] != "exercise"]
    check = needs.lesson_check(no_exercise, MealRules(calorie_limit=100))
    assert not check.ok and check.message.endswith("has 181 calories: the limit is 100.")


def test_a_deck_choice_is_refused_at_a_table_size_it_does_not_fit():
    deck = [card for card in EAT_RIGHT if card["category"] in ("fruit", "grains", "dairy")][
        : 3 * MEAL_HAND + 1
    ]
    assert needs.fit_refusal("build-a-meal", deck, 3) is None
    assert (
        needs.fit_refusal("build-a-meal", deck, 4)
        == "Build-A-Meal needs at least 33 cards for 4 players: you have 25."
    )


@pytest.mark.parametrize("slug", ["food-war", "snack-attack", "build-a-meal", "duel"])
def test_every_eat_right_game_is_checked(slug):
    assert slug in needs.eat_right_games()
