"""Play a tutorial as the web layer does, without Django: the learner always makes a move the
coach accepts, the bots move as the scheduler makes them (a tutorial's `bot_move` first, else
the bot's own choice), until the coach says the lesson is done."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.bots import get_bot
from games.engines import get_engine
from games.engines.base import Engine, State
from games.tutorials import LEARNER, Advice, Tutorial, move_matches

MAX_MOVES = 300


@dataclass
class Lesson:
    tutorial: Tutorial
    engine: Engine
    state: State
    advice: list[Advice] = field(default_factory=list)  # the coach's words at each learner move
    learner_moves: list[dict] = field(default_factory=list)
    bot_moves: int = 0
    states: list[State] = field(default_factory=list)  # the state before each learner move


def start(tutorial: Tutorial, *, cards: list[dict] | None = None) -> Lesson:
    """The tutorial's deal; `cards`: other card records (None: the shipped deck)."""
    engine = get_engine(tutorial.game)
    state = engine.new_state(
        tutorial.seats, seed=tutorial.seed, options=tutorial.options, deck=list(tutorial.deck), cards=cards
    )
    return Lesson(tutorial=tutorial, engine=engine, state=state)


def accepted(engine: Engine, state: State, advice: Advice) -> list[dict]:
    """The learner's legal moves the coach accepts now."""
    return [
        action
        for action in engine.legal_actions(state, LEARNER)
        if any(move_matches(action, wanted) for wanted in advice.moves)
    ]


def bot_action(lesson: Lesson, seat: int, rng: random.Random) -> dict | None:
    engine, state, tutorial = lesson.engine, lesson.state, lesson.tutorial
    legal = engine.legal_actions(state, seat)
    if not legal:
        return None
    if tutorial.bot_move is not None:
        wanted = tutorial.bot_move(engine, state, seat)
        if wanted is not None:
            assert any(move_matches(action, wanted) for action in legal), (seat, wanted)
            return next(action for action in legal if move_matches(action, wanted))
    return get_bot(tutorial.game, tutorial.bot_level).choose(engine.view(state, seat), legal, rng)


def play(tutorial: Tutorial, *, learner_first: bool = True, cards: list[dict] | None = None) -> Lesson:
    """The whole lesson. `learner_first`: when the learner and a bot may both move, the learner
    moves first (else the bots do, as when the child is slow)."""
    lesson = start(tutorial, cards=cards)
    rng = random.Random("lesson")
    for _ in range(MAX_MOVES):
        engine, state = lesson.engine, lesson.state
        advice = tutorial.coach(engine, state)
        if advice.done:
            return lesson
        movers = engine.to_move(state)
        learner_can = LEARNER in movers and engine.legal_actions(state, LEARNER)
        if learner_can:
            assert advice.moves, f"the coach names no move at {state['version']}: {advice}"
            choices = accepted(engine, state, advice)
            assert choices, f"no legal move matches the coach's {advice.moves}"
        bot_moves = []
        for seat in sorted(s for s in movers if s is not None and s != LEARNER):
            action = bot_action(lesson, seat, rng)
            if action is not None:
                bot_moves.append((seat, action))
        if learner_can and (learner_first or not bot_moves):
            lesson.advice.append(advice)
            lesson.learner_moves.append(choices[0])
            lesson.states.append(state)
            lesson.state, _ = engine.apply(state, LEARNER, choices[0])
        elif bot_moves:
            seat, action = bot_moves[0]
            lesson.bot_moves += 1
            lesson.state, _ = engine.apply(state, seat, action)
        elif None in movers:
            lesson.state, _ = engine.apply(state, None, engine.legal_actions(state, None)[0])
        else:
            raise AssertionError(f"nobody can move and the lesson isn't done: {advice}")
    raise AssertionError(f"{tutorial.game}: the lesson did not end within {MAX_MOVES} moves")
