"""Build-A-Meal, played out rule by rule with stacked decks of small made-up cards."""

from __future__ import annotations

import pytest

from games.engines import IllegalAction, get_engine
from games.engines.messages import english

ENGINE = get_engine("build-a-meal")


def card(card_id, calories, category="junk", special=None, value=5, **groups):
    return {
        "id": card_id,
        "name": card_id.replace("-", " ").title(),
        "category": category,
        "special": special,
        "groups": groups,
        "calories": calories,
        "vitamin_power": value,
        "value": value,
        "snack_attack": category in ("fruit", "veggie", "junk", "exercise"),
        "in_play": True,
    }


CARDS = [
    card("bread", 80, "grains", grains=1),
    card("rice", 100, "grains", grains=1),
    card("pizza", 285, "grains", grains=2, dairy=1),
    card("apple", 95, "fruit", fruit=1),
    card("banana", 105, "fruit", fruit=1),
    card("carrot", 50, "veggie", veggie=1),
    card("peas", 60, "veggie", veggie=1),
    card("broccoli", 30, "veggie", "broccoli", veggie=1),
    card("spinach", 20, "veggie", "spinach", veggie=1),
    card("milk", 100, "dairy", dairy=1),
    card("chicken", 140, "meat", meat=1),
    card("fries", 171),
    card("donut", 240),
    card("sugar-shock", 150, special="sugar-shock", value=0),
    card("exercise", -200, "exercise", "exercise", value=0),
    *[card(f"crumbs-{n}", 300) for n in range(24)],
]
BY_ID = {c["id"]: c for c in CARDS}
FILLERS = [c["id"] for c in CARDS if c["id"].startswith("crumbs")]


def deal(hands, discard, stock=(), cards=CARDS, **options):
    """A game whose hands (8 cards each, topped up with crumbs), first discard and stock top
    are exactly these."""
    spare = iter(c for c in FILLERS if c not in {*sum(hands, []), discard, *stock})
    full_hands = [list(hand) + [next(spare) for _ in range(8 - len(hand))] for hand in hands]
    order = [*sum(full_hands, []), discard, *stock]
    return ENGINE.new_state(len(hands), seed=1, deck=order, cards=cards, options=options or None)


def play(state, seat, kind, **fields):
    state, _events = ENGINE.apply(state, seat, {"type": kind, **fields, "version": state["version"]})
    return state


def serve(state, seat, cards):
    for card_id in cards:
        state = play(state, seat, "plate", card=card_id)
    return play(state, seat, "serve")


BALANCED = ["bread", "rice", "apple", "carrot", "milk"]  # 425 calories


# ----- setting up ---------------------------------------------------------------------------------


def test_everyone_gets_eight_cards_and_the_stock_top_starts_the_discard_pile():
    state = deal([["bread"], ["rice"]], discard="apple", stock=["carrot"])
    assert [len(hand) for hand in state["hands"]] == [8, 8]
    assert state["discard"] == ["apple"]
    assert state["stock"][0] == "carrot"
    assert len(ENGINE.all_cards(state)) == len(CARDS)
    assert ENGINE.to_move(state) == {0}


# ----- a turn: draw, build, discard -----------------------------------------------------------------


def test_a_turn_is_draw_then_build_then_discard():
    state = deal([BALANCED, []], discard="donut", stock=["peas"])
    with pytest.raises(IllegalAction, match="First draw a card"):
        play(state, 0, "plate", card="bread")
    state = play(state, 0, "draw", **{"from": "discard"})
    assert "donut" in state["hands"][0]
    with pytest.raises(IllegalAction, match="already drew"):
        play(state, 0, "draw", **{"from": "stock"})
    state = serve(state, 0, BALANCED)
    assert state["meals"][0] == [BALANCED]
    state = play(state, 0, "discard", card="donut")
    assert state["discard"][-1] == "donut"
    assert state["turn"] == 1 and state["phase"] == "draw"


def test_a_plate_that_is_not_balanced_yet_is_refused_with_the_missing_rule():
    state = play(deal([BALANCED, []], discard="donut"), 0, "draw", **{"from": "stock"})
    for card_id in ("bread", "apple", "carrot", "milk"):
        state = play(state, 0, "plate", card=card_id)
    with pytest.raises(IllegalAction, match="Needs 1 more grain serving"):
        play(state, 0, "serve")


def test_a_balanced_meal_at_601_calories_is_refused_and_exercise_makes_it_fit():
    # Pizza (2 grains + 1 dairy) 285 + apple 95 + carrot 50 + fries 171 = 601 calories.
    state = play(
        deal([["pizza", "apple", "carrot", "fries", "exercise"], []], discard="donut"),
        0,
        "draw",
        **{"from": "stock"},
    )
    for card_id in ("pizza", "apple", "carrot", "fries"):
        state = play(state, 0, "plate", card=card_id)
    with pytest.raises(IllegalAction, match="Too many calories: 601 of 600"):
        play(state, 0, "serve")
    state = play(state, 0, "plate", card="exercise")
    state = play(state, 0, "serve")
    assert state["meals"][0] == [["pizza", "apple", "carrot", "fries", "exercise"]]


def test_adding_a_card_must_keep_the_meal_within_600_calories_unless_exercise_makes_room():
    state = play(
        deal([["pizza", "apple", "carrot", "fries", "exercise"], []], discard="donut"),
        0,
        "draw",
        **{"from": "stock"},
    )
    state = serve(state, 0, ["pizza", "apple", "carrot"])  # 430 calories
    with pytest.raises(IllegalAction, match="too many calories: 601 of 600"):
        play(state, 0, "add", card="fries", meal=0)
    state = play(state, 0, "add", card="exercise", meal=0)
    state = play(state, 0, "add", card="fries", meal=0)
    assert state["meals"][0] == [["pizza", "apple", "carrot", "exercise", "fries"]]


def test_cards_that_count_for_several_groups_bring_all_their_servings():
    # Pizza alone brings both grain servings and the dairy serving.
    state = play(deal([["pizza", "apple", "carrot"], []], discard="donut"), 0, "draw", **{"from": "stock"})
    state = serve(state, 0, ["pizza", "apple", "carrot"])
    assert len(state["meals"][0]) == 1


def test_junk_food_can_be_part_of_a_meal_within_the_limit():
    state = play(deal([[*BALANCED, "sugar-shock"], []], discard="donut"), 0, "draw", **{"from": "stock"})
    state = serve(state, 0, [*BALANCED, "sugar-shock"])  # 425 + 150 = 575
    assert len(state["meals"][0][0]) == 6


def test_cards_left_on_the_plate_go_back_to_the_hand_when_you_discard():
    state = play(deal([BALANCED, []], discard="donut"), 0, "draw", **{"from": "stock"})
    state = play(state, 0, "plate", card="bread")
    with pytest.raises(IllegalAction, match="on your plate"):
        play(state, 0, "discard", card="bread")
    state = play(state, 0, "discard", card="milk")
    assert "bread" in state["hands"][0] and state["plates"][0] == []


def test_other_players_cannot_see_what_is_on_your_plate():
    state = play(deal([BALANCED, []], discard="donut"), 0, "draw", **{"from": "stock"})
    state = play(state, 0, "plate", card="bread")
    assert "bread" in ENGINE.view(state, 0)["plate"]
    assert "bread" not in str(ENGINE.view(state, 1))
    assert "bread" not in str(ENGINE.view(state, None))


# ----- special cards --------------------------------------------------------------------------------


def test_sugar_shock_ruins_a_laid_down_meal_and_the_victim_draws_as_many_cards():
    state = deal(
        [BALANCED, ["sugar-shock"]],
        discard="donut",
        stock=["peas", "banana", "chicken", "fries", "spinach", "broccoli"],
    )
    assert ENGINE.to_move(state) == {0}  # nothing to shock yet
    state = play(state, 0, "draw", **{"from": "stock"})  # peas
    state = serve(state, 0, BALANCED)
    # Sugar Shock may be played at any time, even in someone else's turn.
    assert ENGINE.to_move(state) == {0, 1}
    assert ENGINE.legal_actions(state, 1) == [
        {"type": "sugar_shock", "card": "sugar-shock", "target": 0, "meal": 0, "version": state["version"]}
    ]
    hand_before = list(state["hands"][0])
    state = play(state, 1, "sugar_shock", card="sugar-shock", target=0, meal=0)
    assert state["meals"][0] == []
    assert state["discard"] == ["donut", *BALANCED, "sugar-shock"]
    assert state["hands"][0] == [*hand_before, "banana", "chicken", "fries", "spinach", "broccoli"]
    assert "sugar-shock" not in state["hands"][1]
    assert state["turn"] == 0 and state["phase"] == "play"  # seat 0 carries on with the turn


def test_outside_your_turn_only_sugar_shock_may_be_played():
    state = deal([BALANCED, ["sugar-shock"]], discard="donut")
    state = serve(play(state, 0, "draw", **{"from": "stock"}), 0, BALANCED)
    with pytest.raises(IllegalAction, match="only play Sugar Shock"):
        play(state, 1, "draw", **{"from": "stock"})


def test_sugar_shock_cannot_hit_your_own_meal():
    state = deal([[*BALANCED, "sugar-shock"], []], discard="donut")
    state = serve(play(state, 0, "draw", **{"from": "stock"}), 0, BALANCED)
    with pytest.raises(IllegalAction, match="your own meal"):
        play(state, 0, "sugar_shock", card="sugar-shock", target=0, meal=0)


def test_broccoli_in_a_meal_gives_another_turn_after_the_discard():
    meal = ["bread", "rice", "apple", "broccoli", "milk"]
    state = deal([meal, []], discard="donut")
    state = serve(play(state, 0, "draw", **{"from": "stock"}), 0, meal)
    state = play(state, 0, "discard", card=state["hands"][0][0])
    assert state["turn"] == 0 and state["phase"] == "draw"
    state = play(state, 0, "draw", **{"from": "stock"})
    state = play(state, 0, "discard", card=state["hands"][0][0])
    assert state["turn"] == 1  # only one extra turn


def test_spinach_added_to_a_meal_also_gives_another_turn():
    state = deal([[*BALANCED, "spinach"], []], discard="donut")
    state = serve(play(state, 0, "draw", **{"from": "stock"}), 0, BALANCED)
    state = play(state, 0, "add", card="spinach", meal=0)
    state = play(state, 0, "discard", card=state["hands"][0][0])
    assert state["turn"] == 0


# ----- when the stock runs out ----------------------------------------------------------------------


def small_deck(extra):
    """Exactly 16 dealt cards + a first discard + `extra` stock cards: a stock that runs out fast."""
    ids = [*FILLERS[:16], "donut", *extra]
    return [BY_ID[c] for c in ids], ids


def test_the_discard_pile_is_turned_over_without_shuffling_when_the_stock_is_empty():
    cards, order = small_deck(["apple"])
    state = ENGINE.new_state(2, seed=1, deck=order, cards=cards)
    state = play(state, 0, "draw", **{"from": "stock"})  # the last stock card
    state = play(state, 0, "discard", card="apple")  # discard pile: donut, apple (apple on top)
    assert state["stock"] == []
    assert [a["type"] for a in ENGINE.legal_actions(state, 1)] == ["draw", "turn_over"]
    with pytest.raises(IllegalAction, match="stock is empty"):
        play(state, 1, "draw", **{"from": "stock"})
    state = play(state, 1, "turn_over")
    # Turned over as it lay: the oldest discard (donut) is now on top, so it is drawn first.
    assert state["hands"][1][-1] == "donut"
    assert state["stock"] == ["apple"]
    assert state["discard"] == []
    assert state["turnovers"] == 1


def test_instead_of_turning_it_over_the_next_player_may_take_the_discard_top():
    cards, order = small_deck(["apple"])
    state = ENGINE.new_state(2, seed=1, deck=order, cards=cards)
    state = play(play(state, 0, "draw", **{"from": "stock"}), 0, "discard", card="apple")
    state = play(state, 1, "draw", **{"from": "discard"})
    assert state["hands"][1][-1] == "apple" and state["discard"] == ["donut"]


def test_the_game_is_a_draw_when_the_stock_runs_out_once_too_often():
    cards, order = small_deck(["apple"])
    state = ENGINE.new_state(2, seed=1, deck=order, cards=cards, options={"turnovers": 1})
    state = play(play(state, 0, "draw", **{"from": "stock"}), 0, "discard", card="apple")
    state = play(state, 1, "turn_over")
    state = play(state, 1, "discard", card="donut")
    state = play(play(state, 0, "draw", **{"from": "stock"}), 0, "discard", card="apple")
    result = ENGINE.result(state)
    assert result["winners"] == []
    assert "draw" in english(result["reason"])
    assert ENGINE.to_move(state) == set()


def test_the_game_is_a_draw_after_the_turn_limit():
    state = deal([[], []], discard="donut", turn_limit=20)
    for _ in range(20):
        seat = state["turn"]
        state = play(state, seat, "draw", **{"from": "discard"})
        state = play(state, seat, "discard", card=state["hands"][seat][-1])
    assert ENGINE.result(state)["winners"] == []
    assert "20 turns" in english(ENGINE.result(state)["reason"])


# ----- winning --------------------------------------------------------------------------------------


def test_laying_down_every_card_after_two_balanced_meals_wins_and_the_last_discard_may_empty_the_hand():
    state = deal([[*BALANCED, "pizza", "peas", "banana"], []], discard="donut", stock=["fries"])
    state = play(state, 0, "draw", **{"from": "stock"})
    state = serve(state, 0, BALANCED)
    state = serve(state, 0, ["pizza", "peas", "banana"])
    assert state["hands"][0] == ["fries"]
    state = play(state, 0, "discard", card="fries")
    result = ENGINE.result(state)
    assert result["winners"] == [0]
    assert result["scores"] == [2, 0]


def test_an_empty_hand_with_only_one_meal_does_not_win_and_the_turn_ends_without_a_discard():
    state = deal([[*BALANCED, "peas", "exercise", "banana"], []], discard="chicken")
    state = play(state, 0, "draw", **{"from": "discard"})
    state = serve(state, 0, BALANCED)  # 425 calories
    for card_id in ("peas", "exercise", "banana", "chicken"):  # 485, 285, 390, 530
        state = play(state, 0, "add", card=card_id, meal=0)
    assert state["hands"][0] == []
    assert ENGINE.result(state) is None
    assert state["turn"] == 1


def test_a_meal_ruined_by_sugar_shock_no_longer_counts_towards_winning():
    state = deal(
        [[*BALANCED, "pizza", "peas", "banana"], ["sugar-shock"]], discard="donut", stock=["fries", "chicken"]
    )
    state = play(state, 0, "draw", **{"from": "stock"})
    state = serve(state, 0, BALANCED)
    state = serve(state, 0, ["pizza", "peas", "banana"])
    state = play(state, 1, "sugar_shock", card="sugar-shock", target=0, meal=1)
    state = play(state, 0, "discard", card="fries")
    assert ENGINE.result(state) is None
    assert len(state["meals"][0]) == 1


# ----- bots -----------------------------------------------------------------------------------------
