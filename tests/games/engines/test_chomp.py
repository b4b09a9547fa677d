"""CHOMP! (3-6 players) scenarios from the rule book, on stacked piles."""

from __future__ import annotations

import pytest

from games.engines import get_engine
from games.engines.base import IllegalAction
from games.engines.cards import load_deck_records
from games.engines.messages import english

CHOMP = get_engine("chomp")
QUICK = {"tie_window_ms": 0}  # the first right slap wins at once (no tie window)


def table(piles, *, engine=CHOMP, options=None, discards=None):
    """A game whose piles are exactly `piles` (top first); the other cards are out of play."""
    state = engine.new_state(len(piles), seed=7, options=options or QUICK)
    used = {c for pile in piles for c in pile} | {c for pile in discards or [] for c in pile}
    state["piles"] = [list(pile) for pile in piles]
    state["discards"] = [list(pile) for pile in discards] if discards else [[] for _ in piles]
    state["out_of_play"] = [
        c for c in engine.all_cards(engine.new_state(len(piles), seed=7)) if c not in used
    ]
    return state


def flip(state, engine=CHOMP):
    (action,) = engine.legal_actions(state, None)
    assert action["type"] == "flip"
    return engine.apply(state, None, action)


def slap(state, seat, card, engine=CHOMP):
    return engine.apply(state, seat, {"type": "slap", "card": card, "version": state["version"]})


def table_acts(state, kind, engine=CHOMP):
    (action,) = engine.legal_actions(state, None)
    assert action["type"] == kind
    return engine.apply(state, None, action)


CARDS = {card["id"]: card for card in load_deck_records("chomp")}


def texts(events):
    """What the events say, in English, with seats as {s0}, {s1}..."""
    return [english(e["text"], cards=CARDS) for e in events]


def example_flip(extra=()):
    """The book's example: Seal, Shark, Big Fish, Big Fish (seats 0-3), then more cards."""
    piles = [["seal-1"], ["shark-1"], ["big-fish-1"], ["big-fish-2"]]
    for pile, more in zip(piles, extra, strict=False):
        pile.extend(more)
    state, _ = flip(table(piles))
    return state


# ----- dealing ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "each", "extras"), [(3, 16, 2), (4, 12, 2), (5, 10, 0), (6, 8, 2)])
def test_the_deal_is_equal_and_leftovers_stay_in_the_box(seats, each, extras):
    state = CHOMP.new_state(seats, seed=3)
    assert [len(p) for p in state["piles"]] == [each] * seats
    assert len(state["out_of_play"]) == extras
    assert not any(c.startswith("sequence") for c in CHOMP.all_cards(state))


def test_the_table_flips_after_the_countdown_and_everyone_shows_a_card():
    state = CHOMP.new_state(3, seed=3, options={"flip_countdown_ms": 2000})
    assert CHOMP.to_move(state) == {None}
    assert CHOMP.legal_actions(state, None) == [{"type": "flip", "after_ms": 2000, "version": 0}]
    state, events = flip(state)
    assert len(state["center"]) == 3 and texts(events)[0].startswith("Flip!")


# ----- the book's example -----------------------------------------------------------------------


def test_shark_slapping_first_takes_every_card():
    state, events = slap(example_flip(), 1, "big-fish-1")
    assert sorted(state["discards"][1]) == ["big-fish-1", "big-fish-2", "seal-1", "shark-1"]
    assert texts(events)[0] == "{s1}'s Shark chomped Seal and Big Fish ×2."


def test_seal_slapping_first_takes_both_big_fish_and_the_shark_goes_home():
    state, events = slap(example_flip(), 0, "big-fish-2")
    assert sorted(state["discards"][0]) == ["big-fish-1", "big-fish-2", "seal-1"]
    assert state["discards"][1] == ["shark-1"]
    assert texts(events)[0] == "{s0}'s Seal chomped Big Fish ×2. The rest went back to their owners."


@pytest.mark.parametrize("seat", [2, 3])
def test_a_big_fish_player_may_not_chomp_the_other_big_fish(seat):
    other = "big-fish-2" if seat == 2 else "big-fish-1"
    state, events = slap(example_flip(extra=[[], [], ["plankton-1"], ["plankton-2"]]), seat, other)
    assert f"Bad Chomp! {{s{seat}}} slapped a card the same as theirs." in texts(events)
    assert state["phase"] == "react"  # the round goes on


# ----- Bad Chomps -------------------------------------------------------------------------------


def test_bad_chomp_slapping_a_higher_card():
    state, events = slap(example_flip(extra=[["shrimp-1"]]), 0, "shark-1")
    assert texts(events)[0] == "Bad Chomp! {s0} slapped a card higher on the food chain than theirs."
    assert state["penalty"] == [{"seat": 0, "card": "shrimp-1"}]


def test_bad_chomp_slapping_your_own_card():
    state, events = slap(example_flip(extra=[[], ["shrimp-1"]]), 1, "shark-1")
    assert texts(events)[0] == "Bad Chomp! {s1} slapped their own card."


def test_bad_chomp_slapping_a_card_that_is_not_the_lowest():
    state, events = slap(example_flip(extra=[[], ["shrimp-1"]]), 1, "seal-1")
    assert texts(events)[0] == "Bad Chomp! {s1} slapped a card that isn't the lowest creature."


def test_bad_chomp_during_an_ink_out():
    state, _ = flip(table([["octopus-1", "seal-1"], ["shark-1", "shrimp-1"], ["big-fish-1", "plankton-1"]]))
    assert state["round_kind"] == "ink"
    state, events = slap(state, 1, "big-fish-1")
    assert texts(events)[0] == "Bad Chomp! {s1} slapped a card in an Ink Out."


def test_the_bad_chomp_card_goes_to_this_rounds_winner():
    state = example_flip(extra=[[], [], ["shrimp-1"]])
    state, _ = slap(state, 2, "big-fish-2")  # Bad Chomp: shrimp-1 goes face down in the middle
    state, events = slap(state, 1, "big-fish-2")
    assert "shrimp-1" in state["discards"][1] and state["penalty"] == []
    assert "{s1} also took the 1 card waiting in the middle." in texts(events)[0]


def test_the_winner_takes_both_of_a_bad_chompers_cards():
    """The book: a Bad Chomper puts their top card face down in the middle, and the round's winner
    takes both of their cards (that one and the one they turned over) with what she can chomp."""
    # Seal, Shark, Big Fish, Big Fish. The Shark's owner slaps their own card: a Bad Chomp, and
    # their next card (a Shrimp) goes face down in the middle.
    state = example_flip(extra=[[], ["shrimp-1"]])
    state, _ = slap(state, 1, "shark-1")
    # The Seal's owner chomps first: the Seal takes both Big Fish, and both of the Bad
    # Chomper's cards, even the Shark it could never chomp.
    state, events = slap(state, 0, "big-fish-1")
    assert sorted(state["discards"][0]) == ["big-fish-1", "big-fish-2", "seal-1", "shark-1", "shrimp-1"]
    assert state["discards"][1] == [] and state["penalty"] == [] and state["aside"] == []
    assert "{s0} also took the 2 cards waiting in the middle." in texts(events)[0]


def test_with_no_winner_a_bad_chompers_cards_stay_in_the_center():
    """The book: with no winner that round, both of the Bad Chomper's cards stay in the center, and
    the next round's winner takes them."""
    state = example_flip(
        extra=[["big-fish-3"], ["seal-2"], ["plankton-1", "little-fish-1"], ["little-fish-2"]]
    )
    state, _ = slap(state, 2, "big-fish-2")  # a Bad Chomp: plankton-1 goes face down to the middle
    state, events = table_acts(state, "time-up")
    # Everyone else takes their card back; the Bad Chomper's Big Fish stays, face up, with the
    # face-down Plankton.
    assert state["discards"] == [["seal-1"], ["shark-1"], [], ["big-fish-2"]]
    assert state["aside"] == ["big-fish-1"] and state["penalty"] == [{"seat": 2, "card": "plankton-1"}]
    assert "The 2 cards in the middle wait for the next winner." in texts(events)[0]
    state, _ = flip(state)  # big fish, seal, little fish, little fish: little fish lowest
    state, _ = slap(state, 1, "little-fish-1")
    # The Seal chomps the Big Fish and both Little Fish, and takes both of the Bad Chomper's cards.
    assert sorted(state["discards"][1]) == [
        "big-fish-1", "big-fish-3", "little-fish-1", "little-fish-2", "plankton-1", "seal-2", "shark-1",
    ]  # fmt: skip
    assert state["aside"] == [] and state["penalty"] == []


def test_a_card_bad_chompers_turned_over_counts_once_when_the_winner_can_chomp_it_anyway():
    state = example_flip(extra=[[], [], ["shrimp-1"]])
    state, _ = slap(state, 2, "seal-1")  # Bad Chomp (the Seal is higher): shrimp-1 to the middle
    state, events = slap(state, 1, "big-fish-2")  # the Shark chomps everything
    assert sorted(state["discards"][1]) == ["big-fish-1", "big-fish-2", "seal-1", "shark-1", "shrimp-1"]
    assert CHOMP.all_cards(state).count("big-fish-1") == 1


def test_one_slap_per_player_per_flip():
    state = example_flip(extra=[["shrimp-1"]])
    state, _ = slap(state, 0, "shark-1")
    assert 0 not in CHOMP.to_move(state)
    with pytest.raises(IllegalAction, match="already slapped"):
        slap(state, 0, "big-fish-1")


# ----- Electric Eel and Octopus -----------------------------------------------------------------


def test_ink_out_then_the_next_winner_takes_the_set_aside_cards():
    piles = [["octopus-1", "seal-1"], ["shark-1", "big-fish-1"], ["big-fish-2", "shrimp-1"]]
    state, events = flip(table(piles))
    assert "Ink Out" in texts(events)[-1] and CHOMP.legal_actions(state, None)[0]["type"] == "flip"
    state, _ = flip(state)
    assert sorted(e["card"] for e in CHOMP.view(state, None)["aside"]) == [
        "big-fish-2",
        "octopus-1",
        "shark-1",
    ]
    state, events = slap(state, 1, "shrimp-1")  # Big Fish chomps the Shrimp
    assert sorted(state["discards"][1]) == ["big-fish-1", "big-fish-2", "octopus-1", "shark-1", "shrimp-1"]
    assert state["discards"][0] == ["seal-1"]  # the Seal could not be chomped: back to its owner
    assert texts(events)[0].startswith("{s1}'s Big Fish chomped Shrimp. {s1} also took the 3 cards")


def test_electric_eel_beats_octopus_and_starts_a_feeding_frenzy():
    state, events = flip(table([["octopus-1"], ["electric-eel-1"], ["shark-1"]]))
    assert state["round_kind"] == "frenzy" and "The Eel beats the Octopus!" in texts(events)[-1]
    state, events = slap(state, 0, "shark-1")  # anything but your own, even a Shark
    assert sorted(state["discards"][0]) == ["electric-eel-1", "octopus-1", "shark-1"]
    assert texts(events)[0] == "Feeding Frenzy! {s0} took all 3 cards."


def test_in_a_feeding_frenzy_slapping_your_own_card_is_a_bad_chomp():
    state, _ = flip(table([["electric-eel-1", "shrimp-1"], ["seal-1"], ["shark-1"]]))
    state, events = slap(state, 0, "electric-eel-1")
    assert texts(events)[0] == "Bad Chomp! {s0} slapped their own card."


# ----- special flips ----------------------------------------------------------------------------


def test_all_same_flip_is_set_aside_and_the_next_winner_takes_it():
    piles = [
        ["big-fish-1", "seal-1"],
        ["big-fish-2", "shrimp-1", "little-fish-1"],
        ["big-fish-3", "plankton-1"],
    ]
    state, events = flip(table(piles))
    assert state["round_kind"] == "same" and "set aside" in texts(events)[-1]
    state, events = slap(state, 1, "big-fish-3")
    assert "Bad Chomp! {s1} slapped when nobody could chomp." in texts(events)
    state, _ = flip(state)  # seal, little fish, plankton (shrimp-1 paid for the Bad Chomp)
    state, _ = slap(state, 0, "plankton-1")
    assert sorted(state["discards"][0]) == [
        "big-fish-1", "big-fish-2", "big-fish-3", "little-fish-1", "plankton-1", "seal-1", "shrimp-1",
    ]  # fmt: skip


def test_when_all_but_one_flip_the_lowest_the_high_card_wins_at_once():
    state, events = flip(table([["shark-1", "seal-1"], ["plankton-1", "shrimp-1"], ["plankton-2", "seal-2"]]))
    assert sorted(state["discards"][0]) == ["plankton-1", "plankton-2", "shark-1"]
    assert texts(events)[-1] == "{s0}'s Shark won at once and chomped Plankton ×2."
    assert state["phase"] == "flip" and CHOMP.to_move(state) == {None}


def test_ties_set_the_cards_aside_and_everyone_flips_again():
    piles = [["shark-1", "seal-1"], ["seal-2", "shrimp-1"], ["big-fish-1", "little-fish-1"]]
    state, _ = flip(table(piles, options={"tie_window_ms": 150}))
    state, events = slap(state, 0, "big-fish-1")
    assert state["phase"] == "claimed" and texts(events) == ["{s0} slapped first!"]
    assert CHOMP.legal_actions(state, None) == [
        {"type": "settle", "after_ms": 150, "version": state["version"]}
    ]
    state, events = slap(state, 1, "big-fish-1")
    assert texts(events)[0].startswith("Tie! {s0} and {s1} slapped at the same time.")
    state, _ = flip(state)  # seal, shrimp, little fish: the Seal and the Little Fish may chomp the Shrimp
    state, _ = slap(state, 2, "shrimp-1")
    state, _ = table_acts(state, "settle")
    assert sorted(state["discards"][2]) == ["big-fish-1", "little-fish-1", "seal-2", "shark-1", "shrimp-1"]
    assert state["discards"][0] == ["seal-1"]


def test_after_a_tie_a_slap_aimed_at_the_old_race_is_too_late():
    piles = [
        ["shark-1", "seal-1"],
        ["seal-2", "shrimp-1"],
        ["big-fish-1", "little-fish-1"],
        ["seal-3", "shark-2"],
    ]
    state, _ = flip(table(piles, options={"tie_window_ms": 150}))  # shark, seal, big fish, seal
    seen = state["version"]
    state, _ = slap(state, 0, "big-fish-1")
    state, _ = CHOMP.apply(
        state, 1, CHOMP.rebase_action(state, 1, {"type": "slap", "card": "big-fish-1", "version": seen})
    )
    assert state["round_kind"] == "tie"
    late = CHOMP.rebase_action(state, 3, {"type": "slap", "card": "big-fish-1", "version": seen})
    with pytest.raises(IllegalAction) as refused:
        CHOMP.apply(state, 3, late)
    assert refused.value.code == "stale" and state["penalty"] == []


def test_one_right_slap_wins_when_the_tie_window_closes():
    state, _ = flip(table([["shark-1"], ["seal-1"], ["big-fish-1"]], options={"tie_window_ms": 100}))
    state, _ = slap(state, 1, "big-fish-1")
    state, events = table_acts(state, "settle")
    assert sorted(state["discards"][1]) == ["big-fish-1", "seal-1"]


def test_nobody_slaps_in_time_and_the_cards_go_home():
    state, _ = flip(table([["shark-1"], ["seal-1"], ["big-fish-1"]], options={"reaction_window_ms": 3000}))
    assert CHOMP.legal_actions(state, None)[0] == {
        "type": "time-up",
        "after_ms": 3000,
        "version": state["version"],
    }
    state, events = table_acts(state, "time-up")
    assert state["discards"] == [["shark-1"], ["seal-1"], ["big-fish-1"]]
    assert texts(events)[0].startswith("Time's up!")


# ----- slaps that come too late -----------------------------------------------------------------


def test_a_slap_after_the_round_was_won_is_too_late_not_a_bad_chomp():
    state = example_flip(extra=[["little-fish-1"], ["seal-2"], ["shrimp-2"], ["shark-2"]])
    seen = state["version"]
    state, _ = slap(state, 1, "big-fish-1")
    late = {"type": "slap", "card": "big-fish-2", "version": seen}
    with pytest.raises(IllegalAction, match="Too late") as refused:
        CHOMP.apply(state, 0, late)
    assert refused.value.code == "stale" and state["penalty"] == []
    flipped, _ = flip(state)  # a slap from the last round is still too late on the new flip
    with pytest.raises(IllegalAction, match="Too late"):
        CHOMP.apply(flipped, 0, late)


def test_a_slap_before_the_flip_is_refused_kindly():
    state = table([["shark-1"], ["seal-1"], ["big-fish-1"]])
    with pytest.raises(IllegalAction, match="Wait for the cards to flip"):
        slap(state, 0, "seal-1")


def test_a_slap_overtaken_on_the_same_flip_can_be_rebased_and_still_counts():
    state = example_flip(extra=[[], [], ["shrimp-1"]])
    seen = state["version"]
    state, _ = slap(state, 2, "big-fish-2")  # someone's Bad Chomp bumps the version
    mine = {"type": "slap", "card": "big-fish-1", "version": seen}
    with pytest.raises(IllegalAction) as refused:
        CHOMP.apply(state, 0, mine)
    assert refused.value.code == "stale" and "just before you" in refused.value.message
    state, _ = CHOMP.apply(state, 0, CHOMP.rebase_action(state, 0, mine))
    assert "seal-1" in state["discards"][0]


# ----- running out, elimination, the end --------------------------------------------------------


def test_an_empty_pile_is_refilled_by_shuffling_the_discards():
    state = table([[], ["seal-1"], ["big-fish-1"]], discards=[["shark-1", "shark-2"], [], []])
    state, events = flip(state)
    assert "{s0} shuffled their discard pile to make a new pile." in texts(events)
    assert state["discards"][0] == [] and len(state["piles"][0]) == 1
    assert {e["seat"] for e in CHOMP.view(state, None)["center"]} == {0, 1, 2}


def test_a_player_with_no_cards_left_is_washed_up():
    piles = [["shark-1", "seal-1"], ["seal-2", "big-fish-1"], ["big-fish-2", "shrimp-1"], ["little-fish-1"]]
    state, _ = flip(table(piles))
    state, events = slap(state, 0, "little-fish-1")
    assert "{s3} is washed up and out of the game." in texts(events)
    assert state["in_game"] == [True, True, True, False] and state.get("result") is None
    state, _ = flip(state)
    assert {e["seat"] for e in CHOMP.view(state, None)["center"]} == {0, 1, 2}
    with pytest.raises(IllegalAction, match="washed up"):
        slap(state, 3, "seal-1")


def test_running_out_during_an_ink_out_means_sitting_out_the_extra_flip():
    piles = [["octopus-1", "seal-1"], ["shark-1", "big-fish-1"], ["shrimp-1"], ["seal-2", "little-fish-1"]]
    state, _ = flip(table(piles))
    state, events = flip(state)
    assert "{s2} had no card to flip and sat out." in texts(events)
    state, events = slap(state, 0, "little-fish-1")  # the Seal chomps Big Fish and Little Fish
    assert "{s2} is washed up and out of the game." in texts(events)


def test_last_two_count_their_cards_by_default():
    state, _ = flip(table([["shark-1", "seal-1", "seal-2"], ["big-fish-1", "shrimp-1"], ["plankton-1"]]))
    state, _ = slap(state, 0, "plankton-1")
    result = state["result"]
    assert result["winners"] == [0] and result["scores"] == [5, 1, 0]
    assert english(result["reason"]) == "Only two players were left, so they counted their cards."


def test_last_two_may_carry_on_with_a_two_player_game():
    piles = [["shark-1", "seal-1", "seal-2"], ["big-fish-1", "shrimp-1"], ["plankton-1"]]
    state, _ = flip(table(piles, options={**QUICK, "last_two": "quick-chomp"}))
    state, events = slap(state, 0, "plankton-1")
    assert state.get("result") is None and state["mode"] == "quick-chomp"
    assert "Quick CHOMP! goes on with them" in texts(events)[-1]
    state, _ = flip(state)  # seal vs shrimp: race to slap the lower card, whoever's it is
    state, _ = slap(state, 1, "shrimp-1")
    assert sorted(state["discards"][1]) == ["seal-1", "shrimp-1"]


def test_the_flip_limit_ends_the_game_with_most_cards_winning():
    piles = [["shark-1", "seal-1"], ["big-fish-1", "shrimp-1"], ["seal-2", "plankton-1"]]
    state = table(piles, options={**QUICK, "max_rounds": 5})
    state["round"] = 4
    state, _ = flip(state)
    state, events = slap(state, 0, "big-fish-1")
    assert state["result"]["winners"] == [0] and state["result"]["scores"] == [4, 1, 1]
    assert "flip limit" in english(state["result"]["reason"])


# ----- what players see -------------------------------------------------------------------------


def test_views_show_counts_and_face_up_cards_but_no_pile():
    state = example_flip(extra=[["shrimp-1"]])
    view = CHOMP.view(state, 2)
    assert english(view["status"]) == "Chomp! Slap the lowest creature if your card is higher."
    assert [p["pile"] for p in view["players"]] == [1, 0, 0, 0]
    assert [c["name"] for c in view["center"]] == ["Seal", "Shark", "Big Fish", "Big Fish"]
    assert "shrimp-1" not in str(view) and view["table_action"]["type"] == "time-up"
    state, _ = slap(state, 0, "shark-1")  # shrimp-1 goes face down in the middle: still hidden
    view = CHOMP.view(state, 0)
    assert "shrimp-1" not in str(view) and view["middle_face_down"] == 1
