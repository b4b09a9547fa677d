"""Snack Attack!, rule by rule, on small made-up decks (fields per docs/engines.md)."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.bots.driver import next_move
from games.engines import get_engine
from games.engines.base import IllegalAction, events_for, strings_in
from games.engines.cards import DATA_DIR
from games.engines.messages import english

ENGINE = get_engine("snack-attack")


def card(card_id, category, special=None):
    return {
        "id": card_id,
        "name": card_id.replace("-", " ").title(),
        "category": category,
        "special": special,
        "groups": {},
        "calories": 100,
        "vitamin_power": 5,
        "value": 5,
        "snack_attack": category in {"fruit", "veggie", "junk", "exercise"},
        "in_play": True,
    }


CARDS = [
    card("apple", "fruit"),
    card("banana", "fruit"),
    card("pear", "fruit"),
    card("grape", "fruit"),
    card("carrot", "veggie"),
    card("pea", "veggie"),
    card("broccoli", "veggie", "broccoli"),
    card("spinach", "veggie", "spinach"),
    card("chips", "junk"),
    card("candy", "junk"),
    card("fries", "junk"),
    card("sugar-shock", "junk", "sugar-shock"),
    card("exhilarating-exercise", "exercise", "exercise"),
    card("bread", "grains"),
    card("milk", "dairy"),
]
SNACKS = [c["id"] for c in CARDS if c["snack_attack"]]


def new_game(seats=2, deck=None, **options):
    return ENGINE.new_state(seats, seed=7, options=options, deck=deck, cards=CARDS)


def table(seats=2, *, hands=None, eaten=None, turn=0, shopped=True, **options):
    """A game part-way through: the given hands and eaten piles, every other snack in the store."""
    state = new_game(seats, **options)
    hands = hands or {}
    eaten = eaten or {}
    placed = {c for cards in [*hands.values(), *eaten.values()] for c in cards}
    state["store"] = [c for c in SNACKS if c not in placed]
    state["hands"] = [list(hands.get(seat, [])) for seat in range(seats)]
    state["eaten"] = [list(eaten.get(seat, [])) for seat in range(seats)]
    state["shopped"] = [shopped] * seats
    state["turn"] = turn
    return state


def listed(state, seat, move):
    """The legal action with these fields, or the bare move when none matches, so refusals can
    be tested."""
    for action in ENGINE.legal_actions(state, seat):
        if {k: v for k, v in action.items() if k not in ("version", "label")} == move:
            return action
    return {**move, "version": state["version"]}


def play(state, seat, **move):
    new, _events = ENGINE.apply(state, seat, listed(state, seat, move))
    return new


def play_with_events(state, seat, **move):
    return ENGINE.apply(state, seat, listed(state, seat, move))


def spot(state, card_id):
    return state["store"].index(card_id)


def refused(state, seat, **move):
    with pytest.raises(IllegalAction) as error:
        play(state, seat, **move)
    return error.value.message


# ----- the deal --------------------------------------------------------------------------------


def test_only_fruit_veggie_junk_and_exercise_cards_play():
    state = new_game()
    assert sorted(state["store"]) == sorted(SNACKS)
    assert "bread" not in ENGINE.all_cards(state) and "milk" not in ENGINE.all_cards(state)


@pytest.mark.skipif(not (DATA_DIR / "eat-right.json").exists(), reason="the Eat Right deck file is missing")
def test_the_real_deck_has_exactly_26_snack_attack_cards_with_every_special():
    state = ENGINE.new_state(2, seed=1)
    cards = ENGINE.all_cards(state)
    assert len(cards) == 26
    specials = {state["cards"][c]["special"] for c in cards}
    assert {"sugar-shock", "exercise", "broccoli", "spinach"} <= specials
    assert {state["cards"][c]["category"] for c in cards} == {"fruit", "veggie", "junk", "exercise"}


def test_the_store_is_face_down_and_nobody_starts_with_cards():
    state = new_game(3)
    assert state["hands"] == [[], [], []]
    for seat in (None, 0, 1, 2):
        view = ENGINE.view(state, seat)
        assert view["store_size"] == len(SNACKS)
        assert not strings_in(view) & set(SNACKS)
    assert ENGINE.to_move(state) == {0}


# ----- going shopping ----------------------------------------------------------------------------


def test_a_move_logged_with_its_old_button_label_still_applies():
    """Older logs kept the button's words in the action ("label"): replays must still accept it."""
    state = new_game()
    new, _events = ENGINE.apply(
        state, 0, {"type": "shop", "spot": 0, "label": "Pick store card 1", "version": 0}
    )
    assert len(new["hands"][0]) == 1


def test_everyone_must_go_shopping_first():
    state = table(hands={0: ["apple"]}, shopped=False)
    assert refused(state, 0, type="eat", card="apple") == "You must go shopping before you can eat a snack."
    assert "go shopping" in refused(state, 0, type="return", card="apple")
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} == {"shop"}


def test_shopping_picks_two_face_down_cards_one_at_a_time():
    state = new_game(deck=["apple", "chips"])
    state, events = play_with_events(state, 0, type="shop", spot=0)
    assert state["hands"][0] == ["apple"] and state["turn"] == 0
    assert "Pick your second card" in refused(state, 0, type="eat", card="apple")
    state = play(state, 0, type="shop", spot=0)
    assert state["hands"][0] == ["apple", "chips"]
    assert state["turn"] == 1
    # the other player only hears that cards were picked up
    assert not strings_in(events_for(events, 1)) & {"apple", "Apple"}
    assert any("Apple" in english(e["text"], cards=state["cards"]) for e in events_for(events, 0))


def test_with_one_card_left_shopping_takes_just_that_card():
    state = table(hands={1: ["pear"]}, turn=0)
    state["store"] = ["apple"]
    state["hands"][0] = ["banana"]
    state = play(state, 0, type="shop", spot=0)
    assert state["hands"][0] == ["banana", "apple"] and state["turn"] == 1 and state["picks_left"] == 0


# ----- eating, returning ---------------------------------------------------------------------------


def test_eating_a_snack_puts_it_face_up_in_front_of_you():
    state = table(hands={0: ["apple", "chips"]})
    state = play(state, 0, type="eat", card="apple")
    assert state["eaten"][0] == ["apple"] and state["hands"][0] == ["chips"]
    assert [c["id"] for c in ENGINE.view(state, 1)["eaten"][0]] == ["apple"]


def test_eating_a_card_you_do_not_hold_is_refused():
    state = table(hands={0: ["apple"], 1: ["pear"]})
    assert refused(state, 0, type="eat", card="pear") == "That snack isn't in your hand."


def test_return_swaps_one_card_with_a_store_card_and_mixes_the_store():
    state = table(hands={0: ["chips", "apple"]})
    state = play(state, 0, type="return", card="chips")
    assert state["turn"] == 0 and ENGINE.view(state, 0)["returning"] == "chips"
    assert ENGINE.view(state, 1)["returning"] is None
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} == {"pick"}
    assert "Pick the store card" in refused(state, 0, type="eat", card="apple")
    assert "chips" not in state["store"]  # you can't pick your own card back
    state, events = play_with_events(state, 0, type="pick", spot=spot(state, "banana"))
    assert sorted(state["hands"][0]) == ["apple", "banana"]
    assert "chips" in state["store"]
    assert state["turn"] == 1
    assert not strings_in(events_for(events, 1)) & {"chips", "Chips", "banana", "Banana"}


# ----- Snack Attack! --------------------------------------------------------------------------------


def test_snack_attack_with_one_card_is_refused():
    state = table(hands={0: ["chips"]})
    assert refused(state, 0, type="snack_attack") == "You need at least 2 cards to yell Snack Attack!"


def test_snack_attack_returns_the_whole_hand_and_every_other_player_eats_one_card():
    state = table(3, hands={0: ["chips", "candy", "apple"], 1: ["pear"], 2: []}, turn=0)
    store_before = len(state["store"])
    state = play(state, 0, type="snack_attack")
    assert state["hands"][0] == []
    assert state["hands"][1] == ["pear"]  # the victims' hands are untouched
    eaten_or_gone = [len(state["eaten"][seat]) + len(state["removed"]) for seat in (1, 2)]
    assert all(count >= 1 for count in eaten_or_gone)
    assert len(state["store"]) == store_before + 3 - 2
    assert state["eaten"][0] == [] and state["turn"] == 1


def test_a_snack_attack_counts_as_the_victims_shopping():
    state = table(hands={0: ["chips", "candy"]}, shopped=False)
    state["shopped"][0] = True
    state = play(state, 0, type="snack_attack")
    assert state["shopped"][1] is True


def test_snack_attack_is_refused_when_the_store_is_empty():
    state = table(hands={0: ["chips", "candy"], 1: ["apple"]})
    state["hands"][0] += state["store"]
    state["store"] = []
    assert (
        refused(state, 0, type="snack_attack")
        == "The store is empty, so you must eat a snack from your hand."
    )


# ----- special cards --------------------------------------------------------------------------


def test_sugar_shock_wipes_out_every_eaten_snack():
    state = table(hands={0: ["sugar-shock"]}, eaten={0: ["apple", "carrot", "chips"]})
    state = play(state, 0, type="eat", card="sugar-shock")
    assert state["eaten"][0] == []
    assert sorted(state["removed"]) == ["apple", "carrot", "chips", "sugar-shock"]


def test_sugar_shock_after_exercise_costs_only_the_exercise_card():
    state = table(hands={0: ["sugar-shock"]}, eaten={0: ["apple", "exhilarating-exercise", "carrot"]})
    state = play(state, 0, type="eat", card="sugar-shock")
    assert state["eaten"][0] == ["apple", "carrot"]
    assert sorted(state["removed"]) == ["exhilarating-exercise", "sugar-shock"]


def test_exhilarating_exercise_takes_every_eaten_junk_card_out_of_the_game():
    state = table(hands={0: ["exhilarating-exercise"]}, eaten={0: ["chips", "apple", "candy"]})
    state = play(state, 0, type="eat", card="exhilarating-exercise")
    assert state["eaten"][0] == ["apple", "exhilarating-exercise"]
    assert sorted(state["removed"]) == ["candy", "chips"]


@pytest.mark.parametrize("greens", ["broccoli", "spinach"])
def test_broccoli_or_spinach_cancels_one_eaten_junk_card(greens):
    state = table(hands={0: [greens]}, eaten={0: ["chips", "apple", "candy"]})
    state = play(state, 0, type="eat", card=greens)
    assert state["eaten"][0] == ["apple", "candy", greens]
    assert state["removed"] == ["chips"]


def test_a_forced_sugar_shock_from_a_snack_attack_hits_the_victim():
    state = table(hands={0: ["chips", "candy"]}, eaten={1: ["apple", "pear"]})
    state["store"] = ["sugar-shock"]  # only Sugar Shock is left besides the returned cards
    state["hands"][0] = ["chips", "candy"]
    rigged = dict(state)
    rigged["seed"] = next(s for s in range(100) if _first_after_shuffle(state, s) == "sugar-shock")
    after = play(rigged, 0, type="snack_attack")
    assert after["eaten"][1] == []
    assert sorted(after["removed"]) == ["apple", "pear", "sugar-shock"]


def _first_after_shuffle(state, seed):
    probe = {**state, "seed": seed, "rng": state["rng"]}
    store = state["store"] + state["hands"][0]
    ENGINE.rng(probe).shuffle(store)
    return store[0]


# ----- the forced-eat rules and the end --------------------------------------------------------------


def test_when_the_store_is_empty_you_must_eat_from_your_hand():
    state = table(hands={0: ["apple", "chips"], 1: ["pear"]})
    state["hands"][1] += state["store"]
    state["store"] = []
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} == {"eat"}
    assert "must eat" in refused(state, 0, type="shop", spot=0)


def test_with_an_empty_hand_and_one_store_card_left_you_must_eat_it():
    state = table(hands={1: ["pear"]})
    state["hands"][1] += [c for c in state["store"] if c != "apple"]
    state["store"] = ["apple"]
    assert [a["type"] for a in ENGINE.legal_actions(state, 0)] == ["eat_last"]
    assert "must eat it" in refused(state, 0, type="shop", spot=0)
    state = play(state, 0, type="eat_last")
    assert state["eaten"][0] == ["apple"] and state["store"] == []


def test_a_player_with_nothing_to_do_is_skipped():
    state = table(3, hands={0: ["apple"], 1: [], 2: ["pear"]})
    state["store"] = []
    state["removed"] = [c for c in SNACKS if c not in ("apple", "pear")]
    state = play(state, 0, type="eat", card="apple")
    assert state["turn"] == 2


def _last_bites(eaten, ties="play_again"):
    """Everything already eaten except one apple in seat 0's hand."""
    state = table(hands={0: ["apple"]}, eaten=eaten, ties=ties)
    state["store"] = []
    placed = {"apple", *[c for pile in eaten.values() for c in pile]}
    state["removed"] = [c for c in SNACKS if c not in placed]
    return play(state, 0, type="eat", card="apple")


def test_the_game_ends_when_every_snack_is_eaten_and_junk_cancels_good_snacks():
    state = _last_bites({0: ["banana", "chips", "candy"], 1: ["pear", "carrot", "fries"]})
    result = ENGINE.result(state)
    # seat 0: 2 good - 2 junk = 0; seat 1: 2 good - 1 junk = 1
    assert result["scores"] == [0, 1]
    assert result["winners"] == [1]
    assert ENGINE.to_move(state) == set()


def test_a_score_never_goes_below_zero():
    state = _last_bites({0: ["banana"], 1: ["chips", "candy", "fries"]})
    assert ENGINE.result(state)["scores"] == [2, 0]


def test_tied_players_play_a_tie_breaker_by_default():
    state = _last_bites({0: ["banana"], 1: ["pear", "carrot"]})
    assert ENGINE.result(state) is None
    assert state["tie_breaks"] == 1 and state["playing"] == [0, 1]
    assert sorted(state["store"]) == sorted(SNACKS) and state["hands"] == [[], []]


def test_tied_players_can_share_the_win_instead():
    state = _last_bites({0: ["banana"], 1: ["pear", "carrot"]}, ties="share")
    assert ENGINE.result(state)["winners"] == [0, 1]


def test_only_the_tied_players_play_the_tie_breaker():
    state = table(3, hands={0: ["apple"]}, eaten={0: ["banana"], 1: ["pear", "carrot"], 2: ["chips"]})
    state["store"] = []
    state["removed"] = [c for c in SNACKS if c not in ("apple", "banana", "pear", "carrot", "chips")]
    state = play(state, 0, type="eat", card="apple")
    assert state["playing"] == [0, 1]
    assert state["first_game_scores"] == [2, 2, 0]
    bots = {seat: get_bot("snack-attack", "beginner") for seat in range(3)}
    seen = set()
    while ENGINE.result(state) is None:
        seat = next(iter(ENGINE.to_move(state)))
        seen.add(seat)
        legal = ENGINE.legal_actions(state, seat)
        state, _ = ENGINE.apply(state, seat, bots[seat].choose({}, legal, _Rng()))
    assert 2 not in seen
    assert set(ENGINE.result(state)["winners"]) <= {0, 1}
    assert ENGINE.result(state)["scores"] == [2, 2, 0]


class _Rng:
    def choice(self, items):
        return items[0]


def test_hands_are_hidden_from_the_others_and_the_store_from_everyone():
    state = table(3, hands={0: ["apple", "chips"], 1: ["pear"]})
    me = ENGINE.view(state, 0)
    assert {c["id"] for c in me["hand"]} == {"apple", "chips"}
    assert me["hand_sizes"] == [2, 1, 0]
    assert "pear" not in strings_in(me)
    assert not strings_in(ENGINE.view(state, None)) & {"apple", "chips", "pear"}
    assert me["unseen"]["sugar_shock"] == 1


# ----- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 5])
def test_no_event_tells_a_player_about_a_card_hidden_from_them(seats):
    bots = {seat: get_bot("snack-attack", "beginner" if seat % 2 else "strong") for seat in range(seats)}
    state = ENGINE.new_state(seats, seed=seats, options={"ties": "share"}, cards=CARDS)
    rng = random.Random(seats)
    while ENGINE.result(state) is None:
        seat, action = next_move(ENGINE, state, bots, rng)
        after, events = ENGINE.apply(state, seat, action)
        for viewer in [None, *range(seats)]:
            secret = ENGINE.hidden_cards(state, viewer) & ENGINE.hidden_cards(after, viewer)
            assert not strings_in(events_for(events, viewer)) & secret
        state = after
