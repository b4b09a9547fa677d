"""games.engines.base: every engine's moves are checked against the shapes it declares
(Engine.action_fields) before any rule reads them.

A hypothesis test takes real states of every registered engine (random games, from the deal to
late in the game), takes a legal move of a seat that may act, spoils it in every way a client
could (a field's value swapped for a bool, a float, text, None, a list, a dict, a huge or
negative number; a field dropped or added; the type or the version changed; the whole move
replaced) and runs it through what the site runs (rebase_action, then apply): the only outcomes
allowed are a refusal (IllegalAction with a message, the state untouched) or, when the spoiled
move is still exactly one of the legal moves, types included, a normal apply.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots import RandomBot
from games.bots.driver import next_move
from games.engines import ENGINES, IllegalAction

SNAPSHOT_STEPS = (0, 1, 2, 4, 7, 12, 20, 35, 60, 100, 160, 250)  # moves into a game
MAX_STEPS = SNAPSHOT_STEPS[-1]
_STATES: dict[str, list[dict]] = {}


def _reachable_states(slug: str) -> list[dict]:
    """States from two random games (fewest and most seats) at SNAPSHOT_STEPS, cached: apply
    never changes its input."""
    if slug not in _STATES:
        engine = ENGINES[slug]
        states = []
        for seats, seed in ((engine.min_seats, 7), (engine.max_seats, 8)):
            state = engine.new_state(seats, seed=seed)
            bots = {seat: RandomBot(game=slug) for seat in range(seats)}
            rng = random.Random(seed)
            for step in range(MAX_STEPS + 1):
                if engine.result(state) is not None:
                    break
                if step in SNAPSHOT_STEPS:
                    states.append(state)
                move = next_move(engine, state, bots, rng)
                if move is None:
                    break
                state, _events = engine.apply(state, *move)
        _STATES[slug] = [s for s in states if engine.to_move(s)]
    return _STATES[slug]


@functools.cache
def _moves(slug: str, number: int) -> dict:
    """{seat: its legal moves} in sample state `number`, seats in order (the table first).
    Cached: the test below draws its 300 examples from the same two dozen states or fewer, and
    worked out the same moves (and every state's, for the move types) again for each example."""
    engine = ENGINES[slug]
    state = _reachable_states(slug)[number]
    seats = sorted(engine.to_move(state), key=lambda seat: -1 if seat is None else seat)
    return {seat: engine.legal_actions(state, seat) for seat in seats}


@functools.cache
def _move_types(slug: str) -> list[str]:
    """Every move type legal in some sample state (cached like _moves)."""
    numbers = range(len(_reachable_states(slug)))
    return sorted({a["type"] for n in numbers for moves in _moves(slug, n).values() for a in moves})


def _typed(value):
    """A JSON value with every scalar's type kept, so 0 and 0.0, 1 and True differ."""
    if isinstance(value, dict):
        return ("dict", sorted((key, _typed(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("list", [_typed(item) for item in value])
    return (type(value).__name__, value)


WRONG_KINDS = st.one_of(
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, 1.0, 2.0, -1.0, 1e300]),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.sampled_from([10**30, -(10**30), 2**63, -1, 10**6]),
    st.text(max_size=12),
    st.none(),
    st.lists(st.integers(-2, 5) | st.text(max_size=4), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(-2, 5) | st.text(max_size=4), max_size=2),
)


def _as_played(action: dict) -> dict:
    """A move as the rules see it: a "label" (button words older logs kept) is ignored."""
    return {k: v for k, v in action.items() if not (k == "label" and isinstance(v, str))}


@st.composite
def _spoiled(draw, legal_action: dict, state: dict, types: list[str]):
    """One legal move, spoiled one way or a few ways at once."""
    action = dict(legal_action)
    for _ in range(draw(st.integers(1, 3), label="spoilings")):
        keys = sorted(action)
        how = draw(
            st.sampled_from(["swap", "swap_same", "wrap", "drop", "add", "type", "version", "whole"]),
            label="how",
        )
        if how == "swap" and keys:
            action[draw(st.sampled_from(keys))] = draw(WRONG_KINDS)
        elif how == "swap_same" and keys:
            # the same value in another kind: 3 -> 3.0 or True, "a" -> ["a"]
            key = draw(st.sampled_from(keys))
            value = action[key]
            twins = [[value], {"value": value}, str(value)]
            if isinstance(value, int) and not isinstance(value, bool):
                twins += [float(value), bool(value)]
            action[key] = draw(st.sampled_from(twins))
        elif how == "wrap" and keys:
            key = draw(st.sampled_from(keys))
            action[key] = draw(
                st.sampled_from([[action[key]], {key: action[key]}, [action[key], action[key]]])
            )
        elif how == "drop" and keys:
            del action[draw(st.sampled_from(keys))]
        elif how == "add":
            name = draw(
                st.sampled_from(["card", "spot", "seat", "meal", "value", "label", "zz"])
                | st.text(max_size=6)
            )
            action[name] = draw(WRONG_KINDS | st.sampled_from(list(state["cards"])[:5] or ["x"]))
        elif how == "type":
            action["type"] = draw(st.sampled_from(types) | WRONG_KINDS)
        elif how == "version":
            version = state["version"]
            action["version"] = draw(
                st.sampled_from(
                    [float(version), True, False, str(version), [version], None, version + 10**30]
                )
            )
        elif how == "whole":
            return draw(WRONG_KINDS | st.just(legal_action["type"]))
    return action


SLUGS = [pytest.param(slug, id=slug) for slug in ENGINES]


@pytest.mark.parametrize("slug", SLUGS)
@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_spoiled_moves_are_refused_in_words_never_crash(slug, data):
    engine = ENGINES[slug]
    states = _reachable_states(slug)
    assert states, f"{slug}: no state where anyone may move"
    number = data.draw(st.integers(0, len(states) - 1), label="state number")
    state, moves = states[number], _moves(slug, number)
    seat = data.draw(st.sampled_from(list(moves)), label="seat")
    legal = moves[seat]
    if not legal:
        return
    chosen = data.draw(st.sampled_from(legal), label="legal move")
    action = data.draw(_spoiled(chosen, state, _move_types(slug)), label="move")
    before = json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True)
    try:
        rebased = engine.rebase_action(state, seat, action)
        engine.apply(state, seat, rebased)
    except IllegalAction as refused:
        assert refused.message, "a refusal needs words for the player"
    else:
        assert _typed(_as_played(rebased)) in [_typed(move) for move in legal], f"{action!r} was accepted"
    assert json.dumps({k: v for k, v in state.items() if k != "cards"}, sort_keys=True) == before


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_move_fits_the_shapes_its_engine_declares(slug):
    engine = ENGINES[slug]
    for state in _reachable_states(slug):
        for seat in engine.to_move(state):
            for action in engine.legal_actions(state, seat):
                assert action["type"] in engine.action_fields, f"declare {action['type']!r} in action_fields"
                engine.check_action(action)  # raises IllegalAction if a field's kind is wrong


def test_a_float_or_a_bool_for_a_number_is_refused_in_words():
    """The probe's move: "spot": 0.0 in Snack Attack (0.0 == 0, so it passed as the legal move)."""
    engine = ENGINES["snack-attack"]
    state = engine.new_state(2, seed=1)
    seat = next(iter(engine.to_move(state)))
    shop = next(a for a in engine.legal_actions(state, seat) if a["type"] == "shop")
    for spoiled in (
        {**shop, "spot": float(shop["spot"])},
        {**shop, "spot": True},
        {**shop, "version": float(state["version"])},
        {**shop, "spot": [shop["spot"]]},
        {**shop, "extra": 1},
    ):
        with pytest.raises(IllegalAction) as refused:
            engine.apply(state, seat, spoiled)
        assert refused.value.message == "That move doesn't make sense."
    assert engine.apply(state, seat, shop)[0]["version"] == state["version"] + 1
