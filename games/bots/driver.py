"""Play a whole game with bots in every seat: for `simulate`, tests and benchmarks.

Turn-based games: each seat in to_move asks its bot. Real-time games (and table timers): the
table's own actions may carry "after_ms" (a timer: the table acts that long after the last move
unless someone acts first), and each bot that wants to act takes its reaction time; whoever is
quickest acts, exactly as the web layer schedules them. Ties go to the lower seat, then the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.bots.base import Bot
from games.engines.base import Engine, State


class StalledGame(RuntimeError):
    """Nobody could move and the game has no result: an engine bug."""


@dataclass
class PlayedGame:
    state: State
    log: list[tuple[int | None, dict]] = field(default_factory=list)

    @property
    def moves(self) -> int:
        return len(self.log)


def next_move(
    engine: Engine, state: State, bots: dict[int, Bot], rng: random.Random
) -> tuple[int | None, dict] | None:
    """The next (seat, action) when every seat in `bots` is played by its bot, or None."""
    movers = engine.to_move(state)
    candidates: list[tuple[int, int, int | None, dict]] = []  # (delay, tie, seat, action)
    for seat in sorted(s for s in movers if s is not None):
        bot = bots.get(seat)
        if bot is None:
            continue
        legal = engine.legal_actions(state, seat)
        if not legal:
            continue
        view = engine.view(state, seat)
        action = bot.choose(view, legal, rng)
        if action is None:
            continue
        delay = bot.reaction_ms(view, rng) if engine.realtime else 0
        candidates.append((delay, seat, seat, action))
    if None in movers:
        for action in engine.legal_actions(state, None):
            candidates.append((int(action.get("after_ms", 0)), 10**6, None, action))
            break  # the table's first listed action is what its timer does
    if not candidates:
        return None
    _, _, seat, action = min(candidates, key=lambda c: (c[0], c[1]))
    return seat, action


def play_game(
    engine: Engine,
    bots: dict[int, Bot],
    *,
    seats: int,
    seed: int,
    options: dict | None = None,
    deck: list[str] | None = None,
    cards: list[dict] | None = None,
    max_moves: int = 100_000,
) -> PlayedGame:
    state = engine.new_state(seats, seed=seed, options=options, deck=deck, cards=cards)
    played = PlayedGame(state=state)
    rng = random.Random(f"bots/{seed}")
    while engine.result(played.state) is None:
        if played.moves >= max_moves:
            raise StalledGame(f"{engine.slug}: no result after {max_moves} moves (seed {seed}).")
        move = next_move(engine, played.state, bots, rng)
        if move is None:
            raise StalledGame(f"{engine.slug}: nobody can move and there is no result (seed {seed}).")
        seat, action = move
        played.state, _ = engine.apply(played.state, seat, action)
        played.log.append((seat, action))
    return played
