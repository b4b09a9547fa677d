"""The 2-player CHOMP! games: Underwater War, Quick CHOMP! and Double CHOMP!, on stacked piles."""

from __future__ import annotations

import pytest

from games.engines import get_engine
from games.engines.base import strings_in
from games.engines.messages import english
from tests.games.engines.test_chomp import flip, slap, table, texts

WAR = get_engine("underwater-war")
QUICK_CHOMP = get_engine("quick-chomp")
DOUBLE = get_engine("double-chomp")
FAST = {"tie_window_ms": 0}


def game(engine, piles, **kwargs):
    return table(piles, engine=engine, options=FAST, **kwargs)


# ----- Underwater War ---------------------------------------------------------------------------


def test_underwater_war_the_higher_card_takes_both():
    state, events = flip(game(WAR, [["shark-1", "seal-1"], ["seal-2", "shrimp-1"]]), WAR)
    assert sorted(state["discards"][0]) == ["seal-2", "shark-1"]
    assert texts(events)[-1] == "{s0}'s Shark was higher and took 2 cards."
    assert WAR.to_move(state) == {None}  # nobody slaps in a plain war flip


def test_underwater_war_a_tie_means_war_two_down_one_up():
    piles = [
        ["big-fish-1", "shrimp-1", "shrimp-2", "shark-1", "seal-3"],
        ["big-fish-2", "shrimp-3", "shrimp-4", "seal-1", "seal-4"],
    ]
    state, events = flip(game(WAR, piles), WAR)
    assert state["round_kind"] == "war" and "war!" in texts(events)[-1]
    state, events = flip(state, WAR)
    assert sorted(state["discards"][0]) == [
        "big-fish-1", "big-fish-2", "seal-1", "shark-1", "shrimp-1", "shrimp-2", "shrimp-3", "shrimp-4",
    ]  # fmt: skip
    assert texts(events)[-1] == (
        "{s0}'s Shark was higher and took 2 cards. {s0} also took the 6 cards waiting in the middle."
    )


def test_underwater_war_face_down_war_cards_stay_hidden():
    piles = [
        ["big-fish-1", "shrimp-1", "shrimp-2", "big-fish-3"],
        ["big-fish-2", "shrimp-3", "shrimp-4", "big-fish-4"],
    ]
    state, _ = flip(game(WAR, piles), WAR)
    state, _ = flip(state, WAR)  # the face-up cards tie again: another war is coming
    view = WAR.view(state, 0)
    assert view["aside_face_down"] == 4 and state["round_kind"] == "war"
    face_down = {"shrimp-1", "shrimp-2", "shrimp-3", "shrimp-4"}
    assert face_down <= WAR.hidden_cards(state, 0)
    assert not face_down & strings_in(view)
    assert {"big-fish-3", "big-fish-4"} <= strings_in(view)  # the face-up war cards are shown


def test_underwater_war_with_too_few_cards_your_last_card_is_face_up():
    piles = [["big-fish-1", "shrimp-1", "shrimp-2", "shark-1"], ["big-fish-2", "seal-1"]]
    state, _ = flip(game(WAR, piles), WAR)
    state, events = flip(state, WAR)
    assert state["result"]["winners"] == [0]  # the Shark beat the Seal, and seat 1 has nothing left
    assert "{s1} is washed up and out of the game." in texts(events)


def test_underwater_war_first_to_slap_the_eel_takes_the_cards():
    state, events = flip(game(WAR, [["electric-eel-1", "seal-1"], ["shark-1", "seal-2", "shrimp-1"]]), WAR)
    assert "first to slap the Eel" in texts(events)[-1]
    state, events = slap(state, 1, "shark-1", WAR)
    assert texts(events)[0] == "Bad Chomp! {s1} slapped a card that isn't the Electric Eel."
    state, events = slap(state, 0, "electric-eel-1", WAR)  # your own Eel counts
    assert sorted(state["discards"][0]) == ["electric-eel-1", "seal-2", "shark-1"]


def test_underwater_war_octopus_means_one_more_card_and_the_higher_takes_all():
    piles = [["octopus-1", "seal-1"], ["shark-1", "shrimp-1", "little-fish-1"]]
    state, _ = flip(game(WAR, piles), WAR)
    state, events = slap(state, 1, "octopus-1", WAR)
    assert texts(events)[0] == "Bad Chomp! {s1} slapped a card in an Ink Out."
    state, events = flip(state, WAR)  # seal beats shrimp: four cards and the Bad Chomp card
    assert sorted(state["discards"][0]) == ["little-fish-1", "octopus-1", "seal-1", "shark-1", "shrimp-1"]


def test_a_two_player_game_ends_when_one_player_has_every_card():
    state, events = flip(game(WAR, [["shark-1", "seal-1"], ["seal-2"]]), WAR)
    result = state["result"]
    assert result["winners"] == [0] and result["scores"] == [3, 0]
    assert english(result["reason"]) == "{s0} collected all the cards!"


# ----- Quick CHOMP! -----------------------------------------------------------------------------


def test_quick_chomp_race_to_slap_the_lower_card_even_your_own():
    state, _ = flip(game(QUICK_CHOMP, [["seal-1", "big-fish-1"], ["shrimp-1", "big-fish-2"]]), QUICK_CHOMP)
    assert english(QUICK_CHOMP.view(state, 0)["status"]) == "Quick! Slap the lower card."
    state, events = slap(state, 1, "shrimp-1", QUICK_CHOMP)
    assert sorted(state["discards"][1]) == ["seal-1", "shrimp-1"]
    assert texts(events)[0] == "{s1} slapped first and took all 2 cards."


def test_quick_chomp_slapping_the_higher_card_is_a_bad_chomp():
    state, _ = flip(game(QUICK_CHOMP, [["seal-1", "big-fish-1"], ["shrimp-1", "big-fish-2"]]), QUICK_CHOMP)
    state, events = slap(state, 0, "seal-1", QUICK_CHOMP)
    assert texts(events)[0] == "Bad Chomp! {s0} slapped the higher card."


def test_quick_chomp_ties_go_to_war_and_the_higher_face_up_card_wins():
    piles = [
        ["seal-1", "shrimp-1", "shrimp-2", "plankton-1", "big-fish-1"],
        ["seal-2", "shrimp-3", "shrimp-4", "shark-1"],
    ]
    state, _ = flip(game(QUICK_CHOMP, piles), QUICK_CHOMP)
    assert state["round_kind"] == "war"
    state, _ = flip(state, QUICK_CHOMP)
    assert len(state["discards"][1]) == 8  # the Shark is higher than the Plankton


def test_quick_chomp_octopus_showdown_is_won_by_the_higher_card():
    piles = [["octopus-1", "shrimp-1", "big-fish-1"], ["seal-1", "shark-1", "big-fish-2"]]
    state, _ = flip(game(QUICK_CHOMP, piles), QUICK_CHOMP)
    state, _ = flip(state, QUICK_CHOMP)
    assert sorted(state["discards"][1]) == ["octopus-1", "seal-1", "shark-1", "shrimp-1"]


def test_quick_chomp_eel_goes_to_the_first_to_slap_it():
    state, _ = flip(game(QUICK_CHOMP, [["shark-1", "seal-1"], ["electric-eel-1", "seal-2"]]), QUICK_CHOMP)
    state, _ = slap(state, 0, "electric-eel-1", QUICK_CHOMP)
    assert sorted(state["discards"][0]) == ["electric-eel-1", "shark-1"]


# ----- Double CHOMP! ----------------------------------------------------------------------------


def test_double_chomp_each_flips_two_and_the_first_to_slap_the_lowest_takes_all_four():
    piles = [["shark-1", "little-fish-1", "seal-3"], ["seal-1", "shrimp-1", "seal-2"]]
    state, _ = flip(game(DOUBLE, piles), DOUBLE)
    assert [(e["seat"], e["card"]) for e in DOUBLE.view(state, None)["center"]] == [
        (0, "shark-1"), (0, "little-fish-1"), (1, "seal-1"), (1, "shrimp-1"),
    ]  # fmt: skip
    state, events = slap(state, 1, "little-fish-1", DOUBLE)
    assert texts(events)[0] == "Bad Chomp! {s1} slapped a card that isn't the lowest creature."
    state, events = slap(state, 0, "shrimp-1", DOUBLE)
    assert sorted(state["discards"][0]) == ["little-fish-1", "seal-1", "seal-2", "shark-1", "shrimp-1"]


def test_double_chomp_if_both_flip_the_lowest_nobody_may_chomp():
    piles = [["shark-1", "shrimp-1", "seal-3"], ["seal-1", "shrimp-2", "big-fish-1"]]
    state, events = flip(game(DOUBLE, piles), DOUBLE)
    assert state["phase"] == "aside" and texts(events)[-1].startswith("Both players flipped the lowest")


def test_double_chomp_all_but_one_lowest_wins_at_once():
    piles = [["shrimp-1", "shrimp-2", "seal-3"], ["seal-1", "shrimp-3", "big-fish-1"]]
    state, events = flip(game(DOUBLE, piles), DOUBLE)
    assert sorted(state["discards"][1]) == ["seal-1", "shrimp-1", "shrimp-2", "shrimp-3"]


def test_double_chomp_octopus_ink_out_and_eel_frenzy_work_as_in_chomp():
    piles = [
        ["octopus-1", "shrimp-1", "electric-eel-1", "seal-3"],
        ["seal-1", "big-fish-1", "shark-1", "plankton-1"],
    ]
    state, events = flip(game(DOUBLE, piles), DOUBLE)
    assert state["round_kind"] == "ink"
    state, events = flip(state, DOUBLE)
    assert state["round_kind"] == "frenzy"
    state, events = slap(state, 1, "seal-3", DOUBLE)  # any card that isn't yours
    assert len(state["discards"][1]) == 8 and state["result"]["winners"] == [1]


@pytest.mark.parametrize("engine", [WAR, QUICK_CHOMP, DOUBLE], ids=lambda e: e.slug)
def test_two_player_games_need_exactly_two_players(engine):
    assert (engine.min_seats, engine.max_seats) == (2, 2)
    state = engine.new_state(2, seed=1)
    assert [len(p) for p in state["piles"]] == [25, 25] and state["out_of_play"] == []
