"""Duel, played out rule by rule with stacked decks of small made-up cards."""

from __future__ import annotations

import pytest

from games.engines import IllegalAction, get_engine
from games.engines.duel import meal_calories
from games.engines.messages import english

ENGINE = get_engine("duel")


def card(card_id, value, calories, category="junk", special=None):
    return {
        "id": card_id,
        "name": card_id.replace("-", " ").title(),
        "category": category,
        "special": special,
        "groups": {},
        "calories": calories,
        "vitamin_power": value,
        "value": value,
        "snack_attack": False,
        "in_play": True,
    }


CARDS = [
    card("salad", 45, 50, "veggie"),
    card("soup", 10, 40, "veggie"),
    card("kale", 60, 30, "veggie"),
    card("berries", 40, 20, "fruit"),
    card("big-feast", 90, 960, "grains"),
    card("cake", 1, 600),
    card("fries", 2, 400),
    card("water", 0, 0, "dairy"),
    card("water-2", 0, 0, "dairy"),
    card("ice", 5, 0, "dairy"),
    card("sugar-shock", 0, 150, special="sugar-shock"),
    card("exercise", 30, -200, "exercise", "exercise"),
    card("broccoli", 30, 30, "veggie", "broccoli"),
    card("spinach", 35, 20, "veggie", "spinach"),
    *[card(f"crumbs-{n}", 1, 10) for n in range(20)],
]
FILLERS = [c["id"] for c in CARDS if c["id"].startswith("crumbs")]


def deal(hand0, hand1, stock=(), cards=CARDS, **options):
    """A game whose hands (3 cards each, topped up with crumbs) and stock top are these."""
    spare = iter(c for c in FILLERS if c not in {*hand0, *hand1, *stock})
    hands = [list(h) + [next(spare) for _ in range(3 - len(h))] for h in (hand0, hand1)]
    return ENGINE.new_state(
        2, seed=1, deck=[*hands[0], *hands[1], *stock], cards=cards, options=options or None
    )


def restack(state, hand0, hand1):
    """The next round's deal, stacked: same cards, these hands (topped up), the rest as stock."""
    state = ENGINE.load(ENGINE.dump(state))
    every = sorted(ENGINE.all_cards(state))
    spare = iter(c for c in FILLERS if c not in {*hand0, *hand1})
    hands = [list(h) + [next(spare) for _ in range(3 - len(h))] for h in (hand0, hand1)]
    state["hands"] = hands
    state["stock"] = [c for c in every if c not in {*hands[0], *hands[1]}]
    return state


def play(state, seat, kind, **fields):
    state, _events = ENGINE.apply(state, seat, {"type": kind, **fields, "version": state["version"]})
    return state


def reveal(state, card0, card1):
    return play(play(state, 0, "reveal", card=card0), 1, "reveal", card=card1)


def next_round(state):
    """The table deals the next round (in a real game, after a short pause)."""
    (deal_again,) = ENGINE.legal_actions(state, None)
    assert deal_again["type"] == "next_round" and deal_again["after_ms"] > 0
    state, _events = ENGINE.apply(state, None, deal_again)
    return state


def meal_totals(state, seat):
    meal = ENGINE.view(state, None)["meals"][seat]
    return meal["value"], meal["calories"]


# ----- setting up -----------------------------------------------------------------------------------


def test_spinach_and_broccoli_are_taken_out_and_everyone_gets_three_cards():
    state = deal([], [])
    assert "broccoli" not in ENGINE.all_cards(state) and "spinach" not in ENGINE.all_cards(state)
    assert len(ENGINE.all_cards(state)) == len(CARDS) - 2
    assert [len(hand) for hand in state["hands"]] == [3, 3]
    with pytest.raises(IllegalAction):
        ENGINE.new_state(2, seed=1, deck=["broccoli"], cards=CARDS)


# ----- who goes first -------------------------------------------------------------------------------


def test_both_pick_a_card_face_down_and_the_opponent_cannot_see_it_before_both_are_shown():
    state = deal(["salad"], ["soup"])
    assert ENGINE.to_move(state) == {0, 1}
    state = play(state, 0, "reveal", card="salad")
    assert ENGINE.to_move(state) == {1}
    assert "salad" in ENGINE.hidden_cards(state, 1)
    assert "salad" not in str(ENGINE.view(state, 1))
    assert ENGINE.view(state, 1)["has_picked"] == [True, False]


def test_the_card_with_more_calories_goes_first_and_shown_cards_start_the_meals():
    state = reveal(deal(["soup"], ["salad"]), "soup", "salad")  # 40 vs 50 calories
    assert state["turn"] == 1
    assert state["meals"] == [["soup"], ["salad"]]
    assert meal_totals(state, 1) == (45, 50)


def test_equal_calories_the_lower_overall_value_goes_first():
    state = reveal(deal(["ice"], ["water"]), "ice", "water")  # both 0 calories, value 5 vs 0
    assert state["turn"] == 1


def test_a_full_tie_in_the_first_round_is_settled_by_a_coin_toss_from_the_seed():
    starters = set()
    for seed in range(8):
        state = ENGINE.new_state(2, seed=seed, deck=["water", "crumbs-0", "crumbs-1", "water-2"], cards=CARDS)
        state, events = ENGINE.apply(state, 0, {"type": "reveal", "card": "water", "version": 0})
        state, events = ENGINE.apply(state, 1, {"type": "reveal", "card": "water-2", "version": 1})
        assert any("coin toss" in english(e["text"]) for e in events)
        starters.add(state["turn"])
    assert starters == {0, 1}


# ----- eating ---------------------------------------------------------------------------------------


def test_eating_to_100_value_wins_the_round():
    state = reveal(deal(["salad", "kale"], ["soup"]), "salad", "soup")
    assert state["turn"] == 0
    state = play(state, 0, "eat", card="kale")  # 45 + 60 = 105 value, 80 calories
    assert state["round_wins"] == [1, 0]
    assert state["round_history"][-1]["reason"] == "eat-value"
    # The finished meals stay on the table until the table deals the next round.
    assert state["phase"] == "round_over" and ENGINE.to_move(state) == {None}
    assert meal_totals(state, 0) == (105, 80)
    with pytest.raises(IllegalAction):
        play(state, 0, "draw")
    state = next_round(state)
    assert state["round"] == 2 and state["phase"] == "reveal"


def test_eating_to_1000_calories_loses_the_round():
    state = reveal(deal(["salad", "cake", "fries"], ["soup"]), "salad", "soup")
    state = play(state, 0, "eat", card="cake")  # 650 calories
    state = play(state, 1, "draw")
    state = play(state, 0, "eat", card="fries")  # 1050 calories
    assert state["round_wins"] == [0, 1]
    assert state["round_history"][-1]["reason"] == "eat-calories"


def test_eating_to_100_value_and_1000_calories_at_once_loses_the_round():
    state = reveal(deal(["salad", "big-feast"], ["soup"]), "salad", "soup")
    state = play(state, 0, "eat", card="big-feast")  # 135 value and 1010 calories together
    assert state["round_wins"] == [0, 1]
    assert state["round_history"][-1]["reason"] == "eat-both"


def test_eaten_exercise_lowers_calories_but_adds_no_value():
    state = reveal(deal(["salad", "exercise"], ["soup"]), "salad", "soup")
    state = play(state, 0, "eat", card="exercise")
    assert meal_totals(state, 0) == (45, 0)  # 50 - 200 stops at 0: a meal has no negative calories


def test_sugar_shock_is_an_ordinary_junk_food_in_duel():
    state = reveal(deal(["salad", "sugar-shock"], ["soup"]), "salad", "soup")
    state = play(state, 0, "attack", card="sugar-shock")
    assert meal_totals(state, 1) == (10, 190)


# ----- attacking ------------------------------------------------------------------------------------


def test_attacking_the_opponent_to_1000_calories_wins_the_round():
    state = reveal(deal(["salad", "cake", "fries"], ["soup"]), "salad", "soup")
    state = play(state, 0, "attack", card="cake")  # seat 1: 640 calories
    state = play(state, 1, "draw")
    state = play(state, 0, "attack", card="fries")  # seat 1: 1040 calories
    assert state["round_wins"] == [1, 0]
    assert state["round_history"][-1]["reason"] == "attack-calories"


def test_attacking_the_opponent_to_100_value_loses_the_round():
    state = reveal(deal(["salad", "kale", "berries"], ["soup"]), "salad", "soup")
    state = play(state, 0, "attack", card="kale")  # seat 1: 70 value
    state = play(state, 1, "draw")
    state = play(state, 0, "attack", card="berries")  # seat 1: 110 value
    assert state["round_wins"] == [0, 1]
    assert state["round_history"][-1]["reason"] == "attack-value"


def test_attacking_to_100_value_and_1000_calories_at_once_loses_the_round():
    state = reveal(deal(["salad", "big-feast"], ["soup"]), "salad", "soup")
    state = play(state, 0, "attack", card="big-feast")  # seat 1: 100 value and 1000 calories
    assert state["round_wins"] == [0, 1]
    assert state["round_history"][-1]["reason"] == "attack-both"


# ----- drawing and running out ----------------------------------------------------------------------


def test_drawing_takes_the_stock_top_and_ends_the_turn():
    state = reveal(deal(["salad"], ["soup"], stock=["kale"]), "salad", "soup")
    state = play(state, 0, "draw")
    assert state["hands"][0][-1] == "kale"
    assert state["turn"] == 1


def test_with_no_stock_and_no_cards_the_round_goes_to_the_meal_with_more_value():
    six = [card(f"c{n}", 5 if n < 3 else 3, 10) for n in range(6)]
    state = ENGINE.new_state(2, seed=1, deck=[c["id"] for c in six], cards=six)
    state = reveal(state, "c0", "c3")  # equal calories: seat 1 has the lower value and starts
    assert state["turn"] == 1
    with pytest.raises(IllegalAction, match="stock is empty"):
        play(state, 1, "draw")
    state = play(state, 1, "eat", card="c4")
    state = play(state, 0, "eat", card="c1")
    state = play(state, 1, "eat", card="c5")
    state = play(state, 0, "eat", card="c2")
    # Seat 1 must move but has no cards and there is no stock: 15 value beats 9 value.
    ended = state["version"] - 1  # the index of the move that ended the round (the last eat)
    assert state["round_history"][-1] == {"round": 1, "winner": 0, "reason": "out-of-cards", "index": ended}
    assert state["round_wins"] == [1, 0]


# ----- the match ------------------------------------------------------------------------------------


def win_round(state, winner):
    """Stack the round so `winner` shows salad, starts, and eats kale to 105 value."""
    loser = 1 - winner
    hands = {winner: ["salad", "kale"], loser: ["soup"]}
    state = restack(state, hands[0], hands[1])
    state = reveal(state, hands[0][0], hands[1][0])
    assert state["turn"] == winner
    state = play(state, winner, "eat", card="kale")
    return next_round(state) if ENGINE.result(state) is None else state


def test_the_first_to_win_three_rounds_wins_the_match():
    state = deal([], [])
    for round_winner in (0, 1, 0):
        state = win_round(state, round_winner)
        assert ENGINE.result(state) is None
    state = win_round(state, 0)
    result = ENGINE.result(state)
    assert result["winners"] == [0]
    assert result["scores"] == [3, 1]
    assert ENGINE.to_move(state) == set()
    assert state["round"] == 4


def test_the_match_length_is_an_option():
    state = win_round(deal([], [], rounds_to_win=1), 1)
    assert ENGINE.result(state)["winners"] == [1]


def test_every_new_round_is_dealt_again_and_starts_with_a_new_show_of_cards():
    state = win_round(deal([], []), 0)
    assert state["round"] == 2
    assert state["phase"] == "reveal"
    assert state["meals"] == [[], []]
    assert [len(hand) for hand in state["hands"]] == [3, 3]
    assert sorted(ENGINE.all_cards(state)) == sorted(
        c["id"] for c in CARDS if c["id"] not in ("broccoli", "spinach")
    )


def test_a_full_tie_after_a_lost_round_lets_the_loser_start():
    state = win_round(deal([], []), 0)  # seat 1 lost round 1
    state = restack(state, ["water"], ["water-2"])
    state = reveal(state, "water", "water-2")
    assert state["turn"] == 1


# ----- refusals -------------------------------------------------------------------------------------


def test_moves_before_the_show_of_cards_are_explained():
    state = deal(["salad"], ["soup"])
    with pytest.raises(IllegalAction, match="pick a card to show"):
        play(state, 0, "eat", card="salad")
    state = reveal(state, "salad", "soup")
    with pytest.raises(IllegalAction, match="isn't in your hand"):
        play(state, 0, "eat", card="soup")
    with pytest.raises(IllegalAction, match="isn't your turn"):
        play(state, 1, "draw")


# ----- bots -----------------------------------------------------------------------------------------


def test_a_meal_never_has_fewer_than_0_calories():
    """Exercise takes 200 off, but an 87-calorie meal goes to 0, not -113 (the book is silent;
    the rules page says what the site chose), and the next card counts from 0."""
    apple = {"id": "apple", "calories": 87, "value": 20}
    exercise = {"id": "exhilarating-exercise", "calories": -200, "special": "exercise"}
    chips = {"id": "chips", "calories": 150, "value": 4}
    assert meal_calories([apple, exercise]) == 0
    assert meal_calories([apple, exercise, chips]) == 150
    assert meal_calories([chips, apple, exercise]) == 37
