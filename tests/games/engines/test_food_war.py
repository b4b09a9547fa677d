"""Food War (and Vitamin War, Calorie War), rule by rule, on small made-up decks."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.bots.driver import next_move, play_game
from games.engines import get_engine
from games.engines.base import IllegalAction, events_for, strings_in
from games.engines.cards import DATA_DIR
from games.engines.messages import english

ENGINE = get_engine("food-war")


def card(card_id, value, vitamin_power=0, calories=100, category="fruit"):
    return {
        "id": card_id,
        "name": card_id.title(),
        "category": category,
        "special": None,
        "groups": {},
        "calories": calories,
        "vitamin_power": vitamin_power,
        "value": value,
        "snack_attack": False,
        "in_play": True,
    }


def new_game(cards, deck, seats=2, **options):
    """`deck` is dealt one card at a time from the first seat: seat s gets deck[s::seats]."""
    return ENGINE.new_state(seats, seed=3, options=options, deck=deck, cards=cards)


def play(state, seat, **move):
    new, _events = ENGINE.apply(state, seat, {**move, "version": state["version"]})
    return new


def flip_all(state, seats=None):
    for seat in seats if seats is not None else sorted(s for s in ENGINE.to_move(state) if s is not None):
        state = play(state, seat, type="flip")
    return state


# ----- dealing -----------------------------------------------------------------------------------


def test_every_card_is_dealt_one_at_a_time_and_some_may_get_one_more():
    cards = [card(f"c{i}", i) for i in range(7)]
    state = new_game(cards, [f"c{i}" for i in range(7)], seats=3)
    assert state["stacks"] == [["c0", "c3", "c6"], ["c1", "c4"], ["c2", "c5"]]


def test_nobody_sees_any_stack_not_even_their_own():
    cards = [card(f"c{i}", i) for i in range(6)]
    state = new_game(cards, [c["id"] for c in cards])
    for seat in (None, 0, 1):
        view = ENGINE.view(state, seat)
        assert view["stack_sizes"] == [3, 3]
        assert not strings_in(view) & {c["id"] for c in cards}


def test_a_flipped_card_stays_face_down_until_everyone_has_flipped():
    cards = [card("apple", 9), card("bread", 4), card("pear", 1), card("rice", 2)]
    state = new_game(cards, ["apple", "bread", "pear", "rice"])
    state = play(state, 0, type="flip")
    assert ENGINE.to_move(state) == {1, None}
    assert "apple" not in strings_in(ENGINE.view(state, 1))
    assert "apple" in ENGINE.hidden_cards(state, 0)
    with pytest.raises(IllegalAction):
        play(state, 0, type="flip")


# ----- a round -------------------------------------------------------------------------------------


def test_the_highest_value_wins_both_cards_to_the_bottom_in_the_order_turned_up():
    cards = [card("apple", 3), card("bread", 8), card("pear", 1), card("rice", 2)]
    state = new_game(cards, ["apple", "bread", "pear", "rice"])
    state = flip_all(state)
    assert state["stacks"] == [["pear"], ["rice", "apple", "bread"]]
    assert state["rounds_played"] == 1
    last = ENGINE.view(state, 0)["last_round"]
    assert last["winner"] == 1 and [p["card"]["id"] for p in last["plays"]] == ["apple", "bread"]
    assert ENGINE.view(state, None)["last_round_cards"] == [
        {"seat": 0, "card": "apple"},
        {"seat": 1, "card": "bread"},
    ]


@pytest.mark.parametrize(
    ("stat", "winner"),
    [("value", 0), ("vitamin_power", 1), ("calories", 1)],
)
def test_vitamin_war_and_calorie_war_compare_another_number(stat, winner):
    cards = [
        card("apple", 9, vitamin_power=2, calories=80),
        card("fries", 2, vitamin_power=3, calories=400),
        card("pear", 1),
        card("rice", 1),
    ]
    state = new_game(cards, ["apple", "fries", "pear", "rice"], stat=stat)
    state = flip_all(state)
    assert ENGINE.result(state) is None
    assert len(state["stacks"][winner]) == 3


def test_exercise_is_the_lowest_card_in_calorie_war():
    cards = [card("exercise", 0, calories=-200, category="exercise"), card("celery", 1, calories=10)]
    cards += [card("pear", 1), card("rice", 1)]
    state = new_game(cards, ["exercise", "celery", "pear", "rice"], stat="calories")
    assert len(flip_all(state)["stacks"][1]) == 3


@pytest.mark.parametrize("limit", [{}, {"rounds": 1}], ids=["every card won", "round limit"])
def test_calorie_wars_end_says_more_calories_is_not_better_in_a_real_meal(limit):
    cards = [card("fries", 2, calories=400), card("apple", 9, calories=80)]
    state = flip_all(new_game(cards, ["fries", "apple"], stat="calories", **limit))
    reason = english(ENGINE.result(state)["reason"])
    assert reason.endswith(
        "In Calorie War the most calories wins. In a real meal, more calories isn't better: "
        "your body needs just enough to play and grow."
    )
    food_war = flip_all(new_game(cards, ["fries", "apple"], **limit))
    assert "real meal" not in english(ENGINE.result(food_war)["reason"])


# ----- ties ----------------------------------------------------------------------------------------


def test_only_the_tied_players_turn_up_another_card():
    cards = [card(n, v) for n, v in [("a1", 5), ("b1", 5), ("c1", 3), ("a2", 9), ("b2", 4), ("c2", 8)]]
    state = new_game(cards, ["a1", "b1", "c1", "a2", "b2", "c2"], seats=3)
    state = flip_all(state)
    assert ENGINE.to_move(state) == {0, 1, None}  # the third player waits
    assert ENGINE.view(state, 2)["tie"] is True
    assert [p["card"]["id"] for p in ENGINE.view(state, 2)["pile"]] == ["a1", "b1", "c1"]
    with pytest.raises(IllegalAction):
        play(state, 2, type="flip")
    state = flip_all(state)
    assert state["stacks"][0] == ["a1", "b1", "c1", "a2", "b2"]
    assert state["stacks"][2] == ["c2"]


def test_ties_can_chain_until_someone_wins():
    deck = ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4"]
    values = {"a1": 5, "b1": 5, "a2": 7, "b2": 7, "a3": 2, "b3": 6, "a4": 1, "b4": 1}
    state = new_game([card(n, values[n]) for n in deck], deck)
    state = flip_all(state)
    state = flip_all(state)
    assert state["wave"] == 2 and len(state["pile"]) == 4
    state = flip_all(state)
    assert state["stacks"] == [["a4"], ["b4", "a1", "b1", "a2", "b2", "a3", "b3"]]


def test_a_tied_player_with_no_card_left_drops_out_and_the_other_wins_the_middle():
    deck = ["c1", "a1", "b1", "c2", "a2"]
    values = {"a1": 5, "b1": 5, "c1": 1, "a2": 1, "c2": 1}
    state = new_game([card(n, values[n]) for n in deck], deck, seats=3)
    assert state["stacks"][2] == ["b1"]
    state = flip_all(state)
    # seat 2 has nothing left for the tie, so seat 1 takes the middle without flipping again
    assert state["stacks"][2] == []
    assert state["stacks"][1] == ["a2", "c1", "a1", "b1"]
    assert 2 in ENGINE.view(state, 0)["out"]


def test_when_every_tied_player_runs_out_a_coin_toss_picks_who_takes_the_middle():
    deck = ["c1", "a1", "b1", "c2"]
    values = {"a1": 5, "b1": 5, "c1": 1, "c2": 1}
    state = new_game([card(n, values[n]) for n in deck], deck, seats=3)
    state = flip_all(state)
    winners = [seat for seat in (1, 2) if state["stacks"][seat]]
    assert len(winners) == 1
    assert state["stacks"][winners[0]] == ["c1", "a1", "b1"]
    assert state["stacks"][0] == ["c2"]


# ----- out, and the end ------------------------------------------------------------------------------


def test_the_player_who_wins_every_card_wins_the_game():
    cards = [card("apple", 9), card("pear", 1)]
    state = flip_all(new_game(cards, ["apple", "pear"]))
    result = ENGINE.result(state)
    assert result["winners"] == [0] and result["scores"] == [2, 0]
    assert ENGINE.to_move(state) == set()


def test_a_player_with_no_cards_is_out_and_no_longer_flips():
    deck = ["a1", "b1", "c1", "a2", "b2"]
    values = {"a1": 9, "b1": 2, "c1": 1, "a2": 1, "b2": 5}
    state = new_game([card(n, values[n]) for n in deck], deck, seats=3)
    state = flip_all(state)
    assert state["stacks"][2] == []
    assert ENGINE.to_move(state) == {0, 1, None}


def test_the_round_limit_ends_the_game_and_most_cards_wins():
    deck = ["a1", "b1", "a2", "b2", "a3", "b3"]
    values = {"a1": 9, "b1": 2, "a2": 1, "b2": 5, "a3": 7, "b3": 3}
    state = new_game([card(n, values[n]) for n in deck], deck, rounds=1)
    state = flip_all(state)
    result = ENGINE.result(state)
    assert result["scores"] == [4, 2] and result["winners"] == [0]
    assert "1 round was played" in english(result["reason"])


def test_a_draw_on_cards_is_a_shared_win():
    deck = ["a1", "b1", "a2", "b2"]
    values = {"a1": 9, "b1": 2, "a2": 1, "b2": 5}
    state = new_game([card(n, values[n]) for n in deck], deck, rounds=2)
    state = flip_all(flip_all(state))
    assert ENGINE.result(state)["winners"] == [0, 1]


def test_time_up_gives_back_the_cards_of_an_unfinished_tie_and_counts():
    deck = ["a1", "b1", "a2", "b2", "a3", "b3"]
    values = {"a1": 5, "b1": 5, "a2": 1, "b2": 2, "a3": 1, "b3": 1}
    state = new_game([card(n, values[n]) for n in deck], deck, minutes=10)
    state = flip_all(state)
    state = play(state, 0, type="flip")  # in the middle of the tie
    assert ENGINE.legal_actions(state, None)[-1] == {
        "type": "time_up",
        "after_ms": 600_000,
        "clock_ms": 600_000,
        "version": 3,
    }
    state = play(state, None, type="time_up", after_ms=600_000, clock_ms=600_000)
    result = ENGINE.result(state)
    assert result["scores"] == [3, 3] and result["winners"] == [0, 1]
    assert sorted(ENGINE.all_cards(state)) == sorted(deck)


def test_time_up_is_only_there_with_a_time_limit():
    cards = [card("apple", 9), card("pear", 1)]
    state = new_game(cards, ["apple", "pear"], auto_flip_seconds=0)
    assert ENGINE.to_move(state) == {0, 1}
    with pytest.raises(IllegalAction):
        play(state, None, type="time_up", after_ms=600_000, clock_ms=600_000)


def test_the_table_flips_for_slow_players_when_the_timer_runs_out():
    cards = [card("apple", 9), card("pear", 1), card("rice", 1), card("bread", 1)]
    state = new_game(cards, ["apple", "pear", "rice", "bread"], auto_flip_seconds=5)
    state = play(state, 0, type="flip")
    table_moves = ENGINE.legal_actions(state, None)
    assert table_moves[0]["type"] == "reveal" and table_moves[0]["after_ms"] == 5000
    state = play(state, None, type="reveal", after_ms=5000)
    assert state["rounds_played"] == 1 and len(state["stacks"][0]) == 3


def test_only_flipping_is_allowed():
    cards = [card("apple", 9), card("pear", 1)]
    state = new_game(cards, ["apple", "pear"])
    with pytest.raises(IllegalAction, match="only thing you do is flip"):
        play(state, 0, type="eat")


# ----- whole games -------------------------------------------------------------------------------


@pytest.mark.skipif(not (DATA_DIR / "eat-right.json").exists(), reason="the Eat Right deck file is missing")
@pytest.mark.parametrize("stat", ["value", "vitamin_power", "calories"])
def test_whole_games_on_the_real_deck_end_with_a_fair_winner(stat):
    bots = {seat: get_bot("food-war", "strong") for seat in range(4)}
    played = play_game(ENGINE, bots, seats=4, seed=2, options={"stat": stat, "rounds": 60})
    result = played.state["result"]
    assert sum(result["scores"]) == 54
    assert all(result["scores"][w] == max(result["scores"]) for w in result["winners"])


def test_no_event_names_a_card_before_it_is_turned_up():
    cards = [card(f"c{i}", i % 4) for i in range(12)]
    state = ENGINE.new_state(3, seed=4, cards=cards)
    bots = {seat: get_bot("food-war", "beginner") for seat in range(3)}
    rng = random.Random(4)
    while ENGINE.result(state) is None:
        seat, action = next_move(ENGINE, state, bots, rng)
        after, events = ENGINE.apply(state, seat, action)
        for viewer in (None, 0, 1, 2):
            secret = ENGINE.hidden_cards(state, viewer) & ENGINE.hidden_cards(after, viewer)
            assert not strings_in(events_for(events, viewer)) & secret
        state = after


def test_flips_made_at_the_same_moment_both_count():
    cards = [card(f"c{i}", i) for i in range(6)]
    state = new_game(cards, [c["id"] for c in cards], seats=3)
    first = {"type": "flip", "version": state["version"]}
    second = {"type": "flip", "version": state["version"]}
    state, _ = ENGINE.apply(state, 0, first)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, 1, second)  # stale as it stands...
    state, _ = ENGINE.apply(state, 1, ENGINE.rebase_action(state, 1, second))  # ...but the server rebases it
    assert sorted(int(seat) for seat in state["face_down"]) == [0, 1]
    # a flip from an earlier round is not moved into the next one
    state = play(state, 2, type="flip")
    assert ENGINE.rebase_action(state, 0, first) == first
