"""How long a Duel round lasts with the shipped Eat Right deck (or another deck file).

    .venv/bin/python benchmarks/duel_rounds.py                       # 300 matches, strong vs beginner
    .venv/bin/python benchmarks/duel_rounds.py --bots strong,strong --cards /tmp/old-eat-right.json

Plays whole Duel matches bot against bot (the same driver as `manage.py simulate`) and counts, for
every round, the players' turns (eat, attack or draw; the face-down reveal and the table's deal are
not turns) and how the round ended (100 value eaten, 1,000 calories eaten or forced, or stalled).
Prints one JSON line: turns per round (mean, median, p10, p90, max), cards eaten or forced per
round, the share of each ending, and rounds per match.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")

from games.bots import get_bot  # noqa: E402
from games.bots.driver import next_move  # noqa: E402
from games.engines import get_engine  # noqa: E402

TURN_TYPES = {"eat", "attack", "draw"}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def play_matches(*, matches: int, seed: int, levels: list[str], cards: list[dict] | None) -> dict:
    engine = get_engine("duel")
    turns, plates, endings, rounds_per_match = [], [], Counter(), []
    for number in range(matches):
        lineup = levels if number % 2 == 0 else list(reversed(levels))
        bots = {seat: get_bot("duel", level) for seat, level in enumerate(lineup)}
        state = engine.new_state(2, seed=seed + number, cards=cards)
        rng = random.Random(f"bots/{seed + number}")
        round_turns = round_cards = 0
        while engine.result(state) is None:
            seat, action = next_move(engine, state, bots, rng)
            finished = len(state["round_history"])
            state, _events = engine.apply(state, seat, action)
            if action["type"] in TURN_TYPES:
                round_turns += 1
                round_cards += action["type"] != "draw"
            if len(state["round_history"]) > finished:
                turns.append(round_turns)
                plates.append(round_cards)
                endings[state["round_history"][-1]["reason"]] += 1
                round_turns = round_cards = 0
        rounds_per_match.append(len(state["round_history"]))
    total = sum(endings.values())
    return {
        "matches": matches,
        "bots": levels,
        "rounds": len(turns),
        "turns_per_round": {
            "mean": round(statistics.fmean(turns), 1),
            "median": statistics.median(turns),
            "p10": percentile(turns, 0.1),
            "p90": percentile(turns, 0.9),
            "max": max(turns),
        },
        "cards_played_per_round": round(statistics.fmean(plates), 1),
        "endings": {reason: round(count / total, 3) for reason, count in endings.most_common()},
        "rounds_per_match": round(statistics.fmean(rounds_per_match), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="strong,beginner")
    parser.add_argument("--cards", type=Path, default=None, help="a deck JSON file (default: shipped)")
    args = parser.parse_args()
    cards = json.loads(args.cards.read_text(encoding="utf-8"))["cards"] if args.cards else None
    levels = args.bots.split(",")
    if len(levels) != 2:
        parser.error("Duel has two seats: --bots needs two levels")
    print(json.dumps(play_matches(matches=args.matches, seed=args.seed, levels=levels, cards=cards)))


if __name__ == "__main__":
    main()
