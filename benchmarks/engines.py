"""Engine and bot speed, for every registered game (see benchmarks/README.md).

    .venv/bin/python benchmarks/engines.py                 # every game, 3 s each
    .venv/bin/python benchmarks/engines.py --seconds 10 --games food-war,snack-attack

For each game, on one core (one process, nothing in parallel):
- random self-play: beginner bots in every seat (the fewest seats), whole games per second;
- strong bots: the strong level in every seat, and the time one bot decision takes (its seat's
  view, the legal actions and the bot's choice, as the site does it): p50, p99 and max.
The target is a strong-bot move under 100 ms at p99. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import bot_levels, get_bot  # noqa: E402
from games.bots.driver import next_move  # noqa: E402
from games.engines import ENGINES  # noqa: E402

MAX_MOVES = 100_000


def _play(engine, bots, seats, seed, decision_ms=None):
    """One whole game; with decision_ms, also times every bot decision."""
    state = engine.new_state(seats, seed=seed)
    rng = random.Random(f"bench/{seed}")
    moves = 0
    while engine.result(state) is None and moves < MAX_MOVES:
        if decision_ms is not None:
            timing_rng = random.Random(moves)
            for seat in sorted(s for s in engine.to_move(state) if s is not None):
                started = time.perf_counter()
                legal = engine.legal_actions(state, seat)
                if legal:
                    bots[seat].choose(engine.view(state, seat), legal, timing_rng)
                decision_ms.append((time.perf_counter() - started) * 1000)
        move = next_move(engine, state, bots, rng)
        if move is None:
            raise RuntimeError(f"{engine.slug}: stalled (seed {seed})")
        state, _ = engine.apply(state, *move)
        moves += 1
    return moves


def _percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def bench(slug, seconds):
    engine = ENGINES[slug]
    seats = engine.min_seats
    levels = bot_levels(slug)
    beginner = {
        seat: get_bot(slug, "beginner" if "beginner" in levels else levels[0]) for seat in range(seats)
    }
    games = moves = 0
    started = time.perf_counter()
    while games == 0 or time.perf_counter() - started < seconds:
        moves += _play(engine, beginner, seats, seed=games)
        games += 1
    elapsed = time.perf_counter() - started
    row = {"game": slug, "seats": seats, "games_per_s": games / elapsed, "moves_per_game": moves / games}
    strong = {seat: get_bot(slug, "strong" if "strong" in levels else levels[-1]) for seat in range(seats)}
    decisions: list[float] = []
    strong_games = 0
    started = time.perf_counter()
    while strong_games == 0 or time.perf_counter() - started < seconds:
        _play(engine, strong, seats, seed=10_000 + strong_games, decision_ms=decisions)
        strong_games += 1
    row.update(
        strong_p50_ms=statistics.median(decisions) if decisions else 0.0,
        strong_p99_ms=_percentile(decisions, 0.99) if decisions else 0.0,
        strong_max_ms=max(decisions, default=0.0),
        decisions=len(decisions),
    )
    return row


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every registered game)")
    args = parser.parse_args(argv)
    slugs = [s for s in args.games.split(",") if s] or list(ENGINES)
    header = (
        f"{'game':<16}{'seats':>6}{'games/s':>10}{'moves/game':>12}{'strong p50':>12}{'p99':>9}{'max':>9}"
    )
    print(header)
    print("-" * len(header))
    for slug in slugs:
        row = bench(slug, args.seconds)
        print(
            f"{row['game']:<16}{row['seats']:>6}{row['games_per_s']:>10.1f}{row['moves_per_game']:>12.1f}"
            f"{row['strong_p50_ms']:>10.2f}ms{row['strong_p99_ms']:>7.2f}ms{row['strong_max_ms']:>7.2f}ms"
        )
    print("strong-bot decision = its seat's view + legal actions + choose; target p99 < 100 ms")


if __name__ == "__main__":
    main()
