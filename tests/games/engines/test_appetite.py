"""Appetite: scenario tests that read like the rule book."""

from __future__ import annotations

import pytest

from games.bots.base import RandomBot
from games.bots.driver import play_game
from games.engines import get_engine
from games.engines.base import IllegalAction, strings_in
from games.engines.messages import english

ENGINE = get_engine("appetite")


def stacked(*hands: list[str]) -> list[str]:
    """The deck order that deals these hands one card at a time, starting with the first seat."""
    return [hand[i] for i in range(len(hands[0])) for hand in hands]


def act(state, seat, kind, card=None):
    action = {"type": kind, "version": state["version"]}
    if card is not None:
        action["card"] = card
    new, _ = ENGINE.apply(state, seat, action)
    return new


def play_script(state, script):
    for seat, kind, *card in script:
        state = act(state, seat, kind, *card)
    return state


BOOK_HANDS = (
    ["lunch-6", "dessert-9", "lunch-1", "dinner-1"],  # Player 1
    ["breakfast-3", "dinner-3", "breakfast-7", "dessert-8"],  # Player 2
    ["lunch-5", "breakfast-4", "dinner-9", "dessert-7"],  # Player 3
    ["dinner-6", "dessert-1", "breakfast-9", "lunch-9"],  # Player 4
)


def test_the_books_example_hand_round_by_round():
    state = ENGINE.new_state(4, seed=1, deck=stacked(*BOOK_HANDS))
    assert state["phase"] == "play" and state["turn"] == 0 and ENGINE.appetite(state) == 10

    # Round 1: 6 of Lunches, 3 of Breakfasts, then everybody passes: Player 2 scores 9.
    state = play_script(
        state,
        [(0, "play", "lunch-6"), (1, "play", "breakfast-3"), (2, "pass"), (3, "pass"), (0, "pass")],
    )
    assert state["round"] == 1 and state["total"] == 9
    state = act(state, 1, "pass")
    assert state["sheets"][1]["breakfast"] == [9]
    assert state["round"] == 2 and ENGINE.appetite(state) == 20 and state["total"] == 9
    assert [e["card"] for e in state["table"]] == ["lunch-6", "breakfast-3"]  # the cards stay
    assert state["turn"] == 2 and state["must_play"]

    # Round 2: 5 of Lunches (14), 6 of Dinners satisfies 20: Player 4 scores 20 and a Dessert.
    state = play_script(state, [(2, "play", "lunch-5"), (3, "play", "dinner-6")])
    assert state["sheets"][3]["dinner"] == [20] and state["sheets"][3]["icons"] == 1
    assert state["table"] == [] and len(state["cleared"]) == 4
    assert state["round"] == 3 and state["total"] == 20 and state["turn"] == 0

    # Round 3 starts fresh: 9 of Desserts makes 29, three passes, 1 of Lunches satisfies 30.
    state = play_script(
        state,
        [(0, "play", "dessert-9"), (1, "pass"), (2, "pass"), (3, "pass")],
    )
    assert state["total"] == 29
    state = act(state, 0, "play", "lunch-1")
    assert state["sheets"][0]["lunch"] == [30] and state["sheets"][0]["icons"] == 1
    assert state["round"] == 4 and state["total"] == 30 and state["turn"] == 1

    # Round 4: 33, 37, pass, 38, pass, pass, 1 of Desserts makes 39, and everybody passes.
    state = play_script(
        state,
        [
            (1, "play", "dinner-3"),
            (2, "play", "breakfast-4"),
            (3, "pass"),
            (0, "play", "dinner-1"),
            (1, "pass"),
            (2, "pass"),
            (3, "play", "dessert-1"),
            (0, "pass"),
            (1, "pass"),
            (2, "pass"),
        ],
    )
    assert state["total"] == 39 and state["hand_number"] == 1
    state = act(state, 3, "pass")

    # Player 4 only gained a Dessert icon; the next hand is dealt by the next dealer.
    sheets = state["sheets"]
    assert sheets[0] == {"breakfast": [], "lunch": [30], "dinner": [], "dessert": [], "icons": 1}
    assert sheets[1] == {"breakfast": [9], "lunch": [], "dinner": [], "dessert": [], "icons": 0}
    assert sheets[2] == {"breakfast": [], "lunch": [], "dinner": [], "dessert": [], "icons": 0}
    assert sheets[3] == {"breakfast": [], "lunch": [], "dinner": [20], "dessert": [], "icons": 2}
    assert state["hand_number"] == 2 and state["dealer"] == 0 and state["total"] == 0
    assert [len(hand) for hand in state["hands"]] == [4, 4, 4, 4]
    assert sorted(ENGINE.all_cards(state)) == sorted(state["cards"])
    assert ENGINE.result(state) is None


def test_two_players_get_five_cards_and_four_players_get_four():
    assert [len(h) for h in ENGINE.new_state(2, seed=3)["hands"]] == [5, 5]
    assert [len(h) for h in ENGINE.new_state(3, seed=3)["hands"]] == [4, 4, 4]


def test_you_cant_play_the_same_suit_twice_in_a_row():
    state = ENGINE.new_state(4, seed=1, deck=stacked(*BOOK_HANDS))
    state = act(state, 0, "play", "lunch-6")
    state = act(state, 1, "pass")
    with pytest.raises(IllegalAction, match="You can't play a Lunch right after a Lunch."):
        act(state, 2, "play", "lunch-5")


def test_a_card_may_not_take_the_total_over_the_appetite():
    state = ENGINE.new_state(4, seed=1, deck=stacked(*BOOK_HANDS))
    state = act(state, 0, "play", "lunch-6")
    with pytest.raises(IllegalAction, match="more than the Appetite of 10"):
        act(state, 1, "play", "breakfast-7")
    assert {"type": "play", "card": "breakfast-7", "version": 1} not in ENGINE.legal_actions(state, 1)


def test_the_starter_of_a_round_must_play():
    state = ENGINE.new_state(4, seed=1, deck=stacked(*BOOK_HANDS))
    with pytest.raises(IllegalAction, match="At the start of a round you must play a card."):
        act(state, 0, "pass")
    assert {"type": "pass", "version": 0} not in ENGINE.legal_actions(state, 0)


CANT_PLAY_HANDS = (
    ["lunch-1", "lunch-4", "breakfast-5", "dessert-6"],
    ["dinner-3", "lunch-7", "breakfast-8", "dessert-9"],
    ["breakfast-2", "dinner-7", "dinner-8", "dinner-9"],
)


def test_a_starter_who_cant_play_says_so_and_the_next_player_must_play():
    state = ENGINE.new_state(3, seed=1, deck=stacked(*CANT_PLAY_HANDS))
    state = play_script(
        state,
        [
            (0, "play", "lunch-1"),
            (1, "pass"),
            (2, "play", "breakfast-2"),
            (0, "pass"),
            (1, "play", "dinner-3"),
            (2, "pass"),
            (0, "pass"),
            (1, "pass"),
        ],
    )
    assert state["sheets"][1]["dinner"] == [6] and state["round"] == 2 and state["turn"] == 2
    # Only Dinners left, after a Dinner: "I can't play".
    assert ENGINE.legal_actions(state, 2) == [{"type": "cant_play", "version": state["version"]}]
    with pytest.raises(IllegalAction, match="can't play"):
        act(state, 2, "pass")
    state = act(state, 2, "cant_play")
    assert state["turn"] == 0 and state["must_play"]
    with pytest.raises(IllegalAction, match="At the start of a round you must play a card."):
        act(state, 0, "pass")
    state = act(state, 0, "play", "lunch-4")
    assert state["total"] == 10  # 6 + 4, still short of 20
    assert not state["must_play"]


def test_when_nobody_can_play_the_hand_ends_without_a_score():
    state = ENGINE.new_state(3, seed=1, deck=stacked(*CANT_PLAY_HANDS))
    state = play_script(
        state,
        [(0, "play", "lunch-1"), (1, "pass"), (2, "play", "breakfast-2"), (0, "pass")],
    )
    state = play_script(state, [(1, "play", "dinner-3"), (2, "pass"), (0, "pass"), (1, "pass")])
    # Give seats 0 and 1 only Dinners too (swapped with the deck), so nobody can follow the Dinner.
    dinners = [c for c in state["deck"] if c.startswith("dinner-")]
    for seat in (0, 1):
        for i, card in enumerate(list(state["hands"][seat])):
            swap = dinners.pop()
            state["deck"][state["deck"].index(swap)] = card
            state["hands"][seat][i] = swap
    state = play_script(state, [(2, "cant_play"), (0, "cant_play")])
    before = [dict(s) for s in state["sheets"]]
    state = act(state, 1, "cant_play")
    assert state["hand_number"] == 2 and state["round"] == 1 and state["dealer"] == 0
    assert [{k: s[k] for k in before[0]} for s in state["sheets"]] == before


def test_redeal_a_hand_of_four_breakfasts_once():
    hands = (
        ["breakfast-1", "breakfast-2", "breakfast-3", "breakfast-4"],
        ["lunch-1", "lunch-2", "dinner-3", "dessert-4"],
    )
    # Two players get five cards: add a fifth card each.
    hands5 = (hands[0] + ["breakfast-5"], hands[1] + ["lunch-3"])
    deck = stacked(*hands5) + ["dinner-1", "dinner-2", "dinner-4", "dinner-5", "dinner-6"]
    state = ENGINE.new_state(2, seed=2, deck=deck)
    assert state["phase"] == "redeal" and state["turn"] == 0
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} == {"redeal", "keep"}
    with pytest.raises(IllegalAction, match="First choose"):
        act(state, 0, "play", "breakfast-1")
    state = act(state, 0, "redeal")
    assert state["hands"][0] == ["dinner-1", "dinner-2", "dinner-4", "dinner-5", "dinner-6"]
    assert state["deck"][-5:] == hands5[0]
    # New hand is five Dinners, but the redeal is once per hand: play starts.
    assert state["phase"] == "play" and state["turn"] == 0
    view = ENGINE.view(state, 1)
    assert [c["id"] for c in view["revealed"][0]["cards"]] == hands5[0]
    assert "dinner-1" not in strings_in(view)


def test_satisfying_with_a_dessert_marks_two_icons_and_four_icons_write_30():
    hands = (
        ["dinner-7", "lunch-1", "lunch-2", "dinner-1", "breakfast-9"],
        ["dessert-3", "lunch-3", "dinner-2", "lunch-9", "dinner-9"],
    )
    state = ENGINE.new_state(2, seed=2, deck=stacked(*hands))
    state["sheets"][1]["icons"] = 2
    state = act(state, 0, "play", "dinner-7")
    state = act(state, 1, "play", "dessert-3")  # 10: one icon for scoring, one bonus icon
    sheet = state["sheets"][1]
    assert sheet["dessert"] == [30] and sheet["icons"] == 0
    assert sheet["breakfast"] == sheet["lunch"] == sheet["dinner"] == []
    assert state["table"] == [] and state["round"] == 2 and state["turn"] == 0


def test_a_full_column_scores_nothing_but_the_dessert_bonus_still_counts():
    hands = (
        ["lunch-9", "dinner-1", "dinner-2", "lunch-3", "dessert-4"],
        ["breakfast-1", "breakfast-2", "breakfast-3", "dessert-1", "dessert-2"],
    )
    state = ENGINE.new_state(2, seed=2, deck=stacked(*hands), options={"boxes": 2})
    state["sheets"][1]["breakfast"] = [5, 5]  # full
    state = act(state, 0, "play", "lunch-9")  # 9
    state = act(state, 1, "play", "breakfast-1")  # 10: satisfied, but Breakfasts are full
    assert state["sheets"][1]["breakfast"] == [5, 5] and state["sheets"][1]["icons"] == 1


def test_filling_two_columns_ends_the_game_at_once_and_the_highest_total_wins():
    hands = (
        ["lunch-9", "dinner-1", "dinner-2", "lunch-3", "dessert-4"],
        ["breakfast-1", "breakfast-2", "breakfast-3", "dessert-1", "dessert-2"],
    )
    state = ENGINE.new_state(2, seed=2, deck=stacked(*hands), options={"boxes": 2})
    state["sheets"][1]["lunch"] = [10, 10]
    state["sheets"][1]["breakfast"] = [5]
    state["sheets"][0]["dinner"] = [40, 40]
    state = act(state, 0, "play", "lunch-9")
    state = act(state, 1, "play", "breakfast-1")
    result = ENGINE.result(state)
    assert result["scores"] == [80, 35] and result["winners"] == [0]
    assert "filled two columns" in english(result["reason"])
    assert ENGINE.to_move(state) == set()


def test_the_hand_limit_ends_a_long_game_fairly():
    played = play_game(
        ENGINE,
        {s: RandomBot(game="appetite") for s in range(3)},
        seats=3,
        seed=4,
        options={"max_hands": 1, "boxes": 6},
    )
    result = ENGINE.result(played.state)
    assert "limit of 1 hand." in english(result["reason"])
    best = max(result["scores"])
    assert result["winners"] == [s for s, score in enumerate(result["scores"]) if score == best]


def test_views_hide_other_hands_and_the_deck():
    state = ENGINE.new_state(4, seed=9)
    for seat in (None, 0, 1, 2, 3):
        view = ENGINE.view(state, seat)
        assert not strings_in(view) & ENGINE.hidden_cards(state, seat)
        assert view["hand_sizes"] == [4, 4, 4, 4] and "status" in view
    assert {c["id"] for c in ENGINE.view(state, 2)["hand"]} == set(state["hands"][2])
