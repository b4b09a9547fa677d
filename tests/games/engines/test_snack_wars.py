"""SNACK WARS: scenario tests that read like the rule book."""

from __future__ import annotations

import pytest

from games.bots.base import RandomBot
from games.bots.driver import play_game
from games.engines import get_engine
from games.engines.base import IllegalAction, strings_in
from games.engines.messages import english
from games.engines.snack_wars import score_collections

ENGINE = get_engine("snack-wars")


def act(state, seat, kind, **params):
    new, events = ENGINE.apply(state, seat, {"type": kind, **params, "version": state["version"]})
    return new


def records(*ids):
    return [ENGINE.new_state(2, seed=0)["cards"][card_id] for card_id in ids]


def test_the_books_scoring_example():
    delphine = records(
        "donut-1", "donut-2", "donut-3", "donut-4", "sushi-1", "sushi-2", "shrimp-tempura-1", "burger-1",
        "bonus-japan",
    )  # fmt: skip
    mathilde = records(
        "croissant-1", "croissant-2", "croissant-3", "sushi-3", "sushi-4", "shrimp-tempura-2", "burger-2",
        "bonus-french", "bonus-all-cuisines",
    )  # fmt: skip
    delphine_score, mathilde_score = score_collections([delphine, mathilde], [0, 0])
    # Delphine: the Donut majority (7) and her Japan bonus (3 Japan cards) make 10.
    assert delphine_score == {"total": 10, "majorities": {"donut": 7}, "bonuses": {"japan": 3}}
    # Mathilde: the Croissant majority (5), French bonus (3) and all-cuisines bonus (5) make 13.
    assert mathilde_score == {
        "total": 13,
        "majorities": {"croissant": 5},
        "bonuses": {"french": 3, "all-cuisines": 5},
    }
    # Nobody has a majority of Sushi (2 each), Shrimp Tempura or Burger (1 each): no points.


def test_the_raccoon_bonus_counts_raccoons_and_all_cuisines_needs_every_cuisine():
    (score,) = score_collections(
        [records("bonus-raccoons", "bonus-all-cuisines", "cheese-1", "sushi-1")], [3]
    )
    assert score["bonuses"] == {"raccoons": 3, "all-cuisines": 0}
    assert score["majorities"] == {"cheese": 1, "sushi": 3} and score["total"] == 7


def test_a_three_way_tie_at_the_top_scores_nothing_but_a_clear_leader_scores_once():
    a, b, c = records("macaron-1", "macaron-2"), records("macaron-3", "macaron-4"), records("macaron-5")
    assert [s["total"] for s in score_collections([a, b, c], [0, 0, 0])] == [0, 0, 0]
    assert [s["total"] for s in score_collections([a + b, c, []], [0, 0, 0])] == [9, 0, 0]


QUICK_GAME = (
    [
        "donut-1",
        "donut-2",
        "donut-3",
        "donut-4",
        "donut-5",
        "macaron-1",
        "macaron-2",
        "macaron-3",
        "macaron-4",
    ]
    + ["sushi-1", "sushi-2", "sushi-3", "sushi-4", "sushi-5", "ramen-1", "ramen-2", "ramen-3", "ramen-4"]
    + ["croissant-1", "croissant-2", "croissant-3", "croissant-4"]
    + ["burger-1", "burger-2", "burger-3", "burger-4"]
)


def test_a_whole_game_draw_take_discard_and_score():
    state = ENGINE.new_state(2, seed=1, deck=QUICK_GAME)
    # First turn: nine cards face up, seen by everybody.
    assert state["drawn"] == QUICK_GAME[:9] and state["turn"] == 0
    assert [c["id"] for c in ENGINE.view(state, 1)["drawn"]] == QUICK_GAME[:9]
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "take_food", "value": 7, "version": 0},
        {"type": "take_food", "value": 9, "version": 0},
    ]
    state = act(state, 0, "take_food", value=7)
    assert state["collections"][0] == QUICK_GAME[:5]
    assert state["discard"] == QUICK_GAME[5:9] and state["turn"] == 1
    state = act(state, 1, "take_food", value=3)
    # Five cards in the collection: draw four to make nine.
    assert state["turn"] == 0 and state["drawn"] == QUICK_GAME[18:22]
    state = act(state, 0, "take_food", value=5)
    state = act(state, 1, "take_food", value=2)
    result = ENGINE.result(state)
    assert result["winners"] == [0] and result["scores"] == [12, 5]
    assert english(result["reason"]) == "Every collection has 9 cards."
    assert sorted(ENGINE.all_cards(state)) == sorted(state["cards"])


def test_take_only_one_bonus_card():
    deck = ["bonus-french", "bonus-japan", "cheese-1"] + [f"raccoon-{n}" for n in range(1, 7)]
    state = ENGINE.new_state(2, seed=1, deck=deck)
    bonus_moves = [a for a in ENGINE.legal_actions(state, 0) if a["type"] == "take_bonus"]
    assert [a["card"] for a in bonus_moves] == ["bonus-french", "bonus-japan"]
    state = act(state, 0, "take_bonus", card="bonus-japan")
    assert state["collections"][0] == ["bonus-japan"] and "bonus-french" in state["discard"]


RACCOON_GAME = (
    [
        "donut-1",
        "donut-2",
        "donut-3",
        "cheese-1",
        "sushi-1",
        "ramen-1",
        "burger-1",
        "milkshake-1",
        "macaron-1",
    ]
    + ["raccoon-1", "raccoon-2", "cheese-2", "sushi-2", "ramen-2", "burger-2", "milkshake-2", "macaron-2"]
    + ["croissant-1"]
)


def test_raccoons_steal_one_card_at_a_time_and_the_victim_draws_again():
    state = ENGINE.new_state(2, seed=1, deck=RACCOON_GAME)
    state = act(state, 0, "take_food", value=7)
    state = act(state, 1, "take_raccoons")
    assert state["phase"] == "steal" and state["steals_left"] == 2 and state["turn"] == 1
    legal = ENGINE.legal_actions(state, 1)
    assert {"type": "steal", "victim": 0, "card": "donut-2", "version": state["version"]} in legal
    assert {"type": "stop_stealing", "version": state["version"]} in legal
    with pytest.raises(IllegalAction, match="You can't steal from yourself!"):
        act(state, 1, "steal", victim=1, card="donut-1")
    with pytest.raises(IllegalAction, match="doesn't have that card"):
        act(state, 1, "steal", victim=0, card="cheese-1")
    with pytest.raises(IllegalAction, match="Your Raccoons are waiting"):
        act(state, 1, "take_food", value=1)
    state = act(state, 1, "steal", victim=0, card="donut-1")
    assert state["steals_left"] == 1 and state["turn"] == 1
    state = act(state, 1, "steal", victim=0, card="donut-2")
    # Both raccoons used: the turn ends, the unused draw is discarded.
    assert state["collections"][1] == ["donut-1", "donut-2"] and state["raccoons"][1] == [
        "raccoon-1",
        "raccoon-2",
    ]
    assert state["collections"][0] == ["donut-3"]
    assert state["turn"] == 0 and len(state["drawn"]) == 8  # robbed of two: draws back up to nine
    view = ENGINE.view(state, 0)
    assert view["raccoon_counts"] == [0, 2] and "raccoon-1" not in strings_in(view)
    assert view["scores"][1]["total"] == 7
    last = view["last_turn"]
    assert last["seat"] == 1 and last["took"] == "raccoons" and last["count"] == 2
    assert [(s["victim"], s["card"]["id"]) for s in last["stole"]] == [(0, "donut-1"), (0, "donut-2")]
    assert len(last["discarded"]) == 7


def test_stop_stealing_keeps_the_raccoons():
    state = ENGINE.new_state(2, seed=1, deck=RACCOON_GAME)
    state = act(state, 0, "take_food", value=7)
    state = act(state, 1, "take_raccoons")
    state = act(state, 1, "stop_stealing")
    assert state["raccoons"][1] == ["raccoon-1", "raccoon-2"] and state["collections"][1] == []
    assert state["turn"] == 0 and state["collections"][0] == ["donut-1", "donut-2", "donut-3"]


def test_raccoons_on_the_very_first_turn_have_nothing_to_steal():
    state = ENGINE.new_state(2, seed=1, deck=["raccoon-1", "cheese-1"])
    drawn_raccoons = [c for c in state["drawn"] if c.startswith("raccoon-")]
    state, events = ENGINE.apply(state, 0, {"type": "take_raccoons", "version": 0})
    assert "nothing to steal" in english(events[0]["text"])
    assert state["turn"] == 1 and state["raccoons"][0] == drawn_raccoons and state["collections"][0] == []


def test_choices_that_are_not_in_the_draw_are_refused_kindly():
    state = ENGINE.new_state(2, seed=1, deck=QUICK_GAME)
    with pytest.raises(IllegalAction, match="You didn't draw any food worth 4."):
        act(state, 0, "take_food", value=4)
    with pytest.raises(IllegalAction, match="You didn't draw any Raccoons."):
        act(state, 0, "take_raccoons")
    with pytest.raises(IllegalAction, match="You need to take Raccoons before you can steal."):
        act(state, 0, "steal", victim=1, card="donut-1")
    with pytest.raises(IllegalAction, match="It isn't your turn."):
        act(state, 1, "take_food", value=7)


def test_a_player_with_nine_cards_skips_and_an_empty_deck_reshuffles_the_discard_pile():
    state = ENGINE.new_state(3, seed=1, deck=QUICK_GAME)
    # Seat 1 already has a full collection; the deck is down to two cards, the rest discarded.
    full = [c for c in state["deck"] if c.startswith(("milkshake", "shrimp"))][:9]
    for card_id in full:
        state["deck"].remove(card_id)
    state["collections"][1] = full
    state["discard"], state["deck"] = state["deck"][2:], state["deck"][:2]
    state = act(state, 0, "take_food", value=7)
    assert state["turn"] == 2 and len(state["drawn"]) == 9
    # Two cards came from the old deck, then the discard pile became the new deck.
    assert state["drawn"][:2] == QUICK_GAME[9:11] and state["discard"] == []
    assert len(state["deck"]) == 60 - 9 - 5 - 9
    assert sorted(ENGINE.all_cards(state)) == sorted(state["cards"])


def test_the_turn_limit_ends_the_game_and_scores_collections_as_they_are():
    played = play_game(
        ENGINE,
        {s: RandomBot(game="snack-wars") for s in range(3)},
        seats=3,
        seed=2,
        options={"max_turns": 10},
    )
    result = ENGINE.result(played.state)
    assert "limit of 10 turns" in english(result["reason"]) and played.state["turns_taken"] == 10
    assert result["scores"] == [s["total"] for s in ENGINE.scores(played.state)]


def test_shared_victory_on_a_tie():
    state = ENGINE.new_state(2, seed=1, deck=QUICK_GAME)
    state["collections"] = [["macaron-5"], ["shrimp-tempura-1", "cheese-5"]]  # 9 and 8 + 1
    events = ENGINE._finish(state, "Test.")
    assert state["result"]["winners"] == [0, 1] and "shared the win" in english(events[0]["text"])


def test_views_show_collections_and_hide_the_deck():
    state = ENGINE.new_state(4, seed=9)
    for seat in (None, 0, 1, 2, 3):
        view = ENGINE.view(state, seat)
        assert not strings_in(view) & ENGINE.hidden_cards(state, seat)
        assert view["deck_size"] == 60 - 9 and "status" in view
