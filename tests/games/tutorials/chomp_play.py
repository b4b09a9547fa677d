"""Plays a CHOMP! tutorial as the server would, on a simulated clock: the table's timers and the
bots' reactions at the relaxed pace (x3), the bots asking the lesson's `bot_move` first, and a
learner who reads for a while and then makes the move the coach accepts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.bots import get_bot
from games.engines import get_engine
from games.engines.messages import english
from games.tutorials import LEARNER, Advice, Tutorial

PACE = 3.0


@dataclass
class Played:
    engine: object
    state: dict
    advices: list[tuple[dict, Advice]] = field(default_factory=list)  # (state, advice) at each change
    moves: list[tuple[int | None, dict]] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    clock_ms: float = 0.0


def new_game(tutorial: Tutorial):
    engine = get_engine(tutorial.game)
    state = engine.new_state(
        tutorial.seats, seed=tutorial.seed, options=tutorial.options, deck=list(tutorial.deck)
    )
    return engine, state


def play(
    tutorial: Tutorial, *, learner_ms: float = 5000, max_moves: int = 200, learner_slaps: bool = True
) -> Played:
    """Until the coach says the lesson is done (or max_moves). `learner_ms`: how long the learner
    reads before slapping; `learner_slaps` False: a learner who never slaps (timers still end it)."""
    engine, state = new_game(tutorial)
    played = Played(engine, state)
    for _ in range(max_moves):
        advice = tutorial.coach(engine, state)
        played.advices.append((state, advice))
        if advice.done:
            return played
        seat, action, delay = next_move(tutorial, engine, state, advice, learner_ms, learner_slaps)
        state, events = engine.apply(state, seat, {**action, "version": state["version"]})
        played.state = state
        played.moves.append((seat, action))
        played.events += [english(e["text"], cards=state["cards"], viewer=LEARNER) for e in events]
        played.clock_ms += delay
    return played


def next_move(tutorial, engine, state, advice, learner_ms, learner_slaps):
    """The quickest of: the learner's accepted slap, each bot's move, the table's timer."""
    rng = random.Random(state["version"])
    candidates = []
    movers = engine.to_move(state)
    if learner_slaps and LEARNER in movers:
        slaps = [m for m in advice.moves if m.get("type") == "slap"]
        if slaps:
            candidates.append((learner_ms, 0, LEARNER, slaps[0]))
    for seat in range(1, state["seats"]):
        if seat not in movers or not engine.legal_actions(state, seat):
            continue
        move = tutorial.bot_move(engine, state, seat) if tutorial.bot_move else None
        bot = get_bot(tutorial.game, tutorial.bot_level)
        if move is None:
            move = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), rng)
            if move is None:
                continue
        elif move.get("type") == "wait":
            continue  # the lesson keeps this bot quiet
        move = dict(move)
        after = move.pop("after_ms", None)
        delay = (after if after is not None else bot.reaction_range_ms[0]) * PACE
        candidates.append((delay, seat, seat, move))
    if None in movers:
        table = engine.legal_actions(state, None)[0]
        candidates.append((table["after_ms"] * PACE, 10**6, None, table))
    delay, _, seat, action = min(candidates, key=lambda c: (c[0], c[1]))
    action = {k: v for k, v in action.items() if k != "version"}
    return seat, action, delay
