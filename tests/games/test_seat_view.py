"""games.seat_view: one typed value per seat. Played out with random bots in each of the ten
games, at every step: the shared part is the same value for every seat and for a watcher, the
seat's view is exactly the engine's view of the seat, and no part holds a card its
reader must not see (the shared part: nobody's; the private part: the seat's own hidden set,
which holds every other seat's hidden cards)."""

from __future__ import annotations

import random

import pytest

from games.bots import RandomBot
from games.bots.driver import next_move
from games.engines import ENGINES
from games.engines.base import strings_in
from games.seat_view import Move, SeatView, seat_view
from tests.games.test_conformance import _deck_records

STEPS = 60
# Games where a seat sees no card a watcher cannot (face-down stacks, cards flipped face up).
NO_HANDS = {"food-war", "chomp", "double-chomp", "quick-chomp", "underwater-war", "snack-wars"}
GAMES = [pytest.param(slug, id=slug) for slug in sorted(ENGINES)]


def _seats(engine) -> int:
    return max(engine.min_seats, min(engine.max_seats, 3))


def _states(engine, seed: int = 3):
    """The states of one random game, every one of them, up to STEPS moves."""
    seats = _seats(engine)
    state = engine.new_state(seats, seed=seed, cards=_deck_records(engine))
    bots = {seat: RandomBot(game=engine.slug) for seat in range(seats)}
    rng = random.Random(f"seat-view/{engine.slug}/{seed}")
    for _ in range(STEPS):
        yield state
        move = next_move(engine, state, bots, rng)
        if engine.result(state) is not None or move is None:
            return
        state, _events = engine.apply(state, *move)


def _private_strings(view: SeatView) -> set[str]:
    private = view.private
    return strings_in(
        [
            dict(private.view),
            [dict(move.payload) for move in private.moves],
            [move.card for move in private.moves if move.card],
            list(private.reasons),
            [move.label for move in private.moves],
            [private.reasons[card] for card in private.reasons],
        ]
    )


def _shared_strings(view: SeatView) -> set[str]:
    timer = view.shared.timer
    return strings_in([dict(view.shared.view), dict(timer.payload) if timer else {}])


@pytest.mark.parametrize("slug", GAMES)
def test_the_shared_part_is_the_same_for_every_seat_and_a_watcher(slug):
    engine = ENGINES[slug]
    checked = 0
    for state in _states(engine):
        cards = state["cards"]
        watcher = seat_view(engine, state, None, cards=cards)
        assert watcher.private == seat_view(engine, state, None, cards=cards).private
        assert not watcher.private.moves and not watcher.private.view
        for seat in range(_seats(engine)):
            seen = seat_view(engine, state, seat, cards=cards)
            assert seen.shared == watcher.shared, f"{slug} v{state['version']}: seat {seat}'s shared part"
            assert seen.view() == engine.view(state, seat), f"{slug}: the seat's view is not the engine's"
            checked += 1
    assert checked > 3


@pytest.mark.parametrize("slug", GAMES)
def test_no_part_holds_a_card_its_reader_may_not_see(slug):
    engine = ENGINES[slug]
    seats = range(_seats(engine))
    private_cards = 0
    for state in _states(engine):
        cards = state["cards"]
        for seat in seats:
            seen = seat_view(engine, state, seat, cards=cards)
            leaked = _shared_strings(seen) & set(engine.hidden_cards(state, None))
            assert not leaked, f"{slug} v{state['version']}: the shared part shows {sorted(leaked)[:5]}"
            leaked = _private_strings(seen) & set(engine.hidden_cards(state, seat))
            assert not leaked, f"{slug} v{state['version']}: seat {seat}'s part shows {sorted(leaked)[:5]}"
            private_cards += len(_private_strings(seen) & set(engine.hidden_cards(state, None)))
    # The check can fail: where a game has hands, the private parts name cards a watcher can't see.
    assert private_cards > 0 or slug in NO_HANDS


def test_moves_are_typed_values_with_the_engine_action_as_payload():
    engine = ENGINES["duel"]
    state = next(iter(_states(engine)))
    seat = next(s for s in engine.to_move(state) if s is not None)
    seen = seat_view(engine, state, seat, cards=state["cards"])
    legal = engine.legal_actions(state, seat)
    assert seen.my_turn and all(isinstance(move, Move) for move in seen.private.moves)
    assert [dict(move.payload) for move in seen.private.moves] == legal
    assert {move.type for move in seen.private.moves} == {action["type"] for action in legal}
    cards_in_hand = set(engine.view(state, seat)["hand"])
    assert {move.card for move in seen.private.moves if move.card} <= cards_in_hand
    replay = seat_view(engine, state, seat, cards=state["cards"], replay=True)
    assert not replay.private.moves and not replay.my_turn and replay.view() == engine.view(state, seat)
