"""Plays many games bot against bot and reports how often each bot level wins.

    python manage.py simulate snack-attack --games 200 --seed 1 --seats 2 --bots strong,beginner
    python manage.py simulate food-war --games 50 --seats 4 --options '{"stat": "calories"}'

`--bots` names one level per seat; a shorter list is repeated to fill the seats. The levels move
one seat round every game, so no bot keeps the first seat's advantage. A game that raises an
exception counts as an error and the run goes on. The last line printed is one JSON object:
{"game", "games", "errors", "win_rate_by_bot", "mean_moves", "median_moves", "seconds"}, where a
level's win rate is the share of its seats (over finished games) that were among the winners, so
a shared win counts as a win for each winner.
"""

from __future__ import annotations

import json
import statistics
import time
from collections import Counter

from django.core.management.base import BaseCommand, CommandError

from games.bots import bot_levels, get_bot
from games.bots.driver import play_game
from games.engines import ENGINES, IllegalAction, get_engine


def seat_levels(levels: list[str], seats: int, game_number: int) -> list[str]:
    """The bot level in each seat for one game: the list filled to the seat count, then turned
    by one seat per game."""
    filled = [levels[i % len(levels)] for i in range(seats)]
    shift = game_number % seats
    return filled[-shift:] + filled[:-shift] if shift else filled


def simulate_games(
    slug: str,
    *,
    games: int,
    seed: int,
    seats: int,
    levels: list[str],
    options: dict,
    max_moves: int = 100_000,
) -> dict:
    """Plays the games and returns the summary (the JSON line's fields, plus the first errors)."""
    engine = get_engine(slug)
    wins: Counter[str] = Counter()
    played_seats: Counter[str] = Counter()
    moves: list[int] = []
    errors: list[str] = []
    started = time.perf_counter()
    for number in range(games):
        lineup = seat_levels(levels, seats, number)
        bots = {seat: get_bot(slug, level) for seat, level in enumerate(lineup)}
        try:
            played = play_game(
                engine, bots, seats=seats, seed=seed + number, options=options, max_moves=max_moves
            )
        except Exception as error:  # a broken game is counted, not fatal
            errors.append(f"game {number} (seed {seed + number}): {type(error).__name__}: {error}")
            continue
        moves.append(played.moves)
        played_seats.update(lineup)
        for winner in engine.result(played.state)["winners"]:
            wins[lineup[winner]] += 1
    return {
        "game": slug,
        "games": games,
        "errors": len(errors),
        "win_rate_by_bot": {
            level: round(wins[level] / played_seats[level], 3) if played_seats[level] else None
            for level in dict.fromkeys(levels)
        },
        "mean_moves": round(statistics.fmean(moves), 1) if moves else None,
        "median_moves": statistics.median(moves) if moves else None,
        "seconds": round(time.perf_counter() - started, 2),
        "error_messages": errors[:5],
    }


class Command(BaseCommand):
    help = "Plays N games bot against bot and prints each bot level's win rate (last line: JSON)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help=f"the game: {', '.join(ENGINES) or 'none registered'}")
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument("--seed", type=int, default=0, help="seed of the first game; game i uses seed+i")
        parser.add_argument("--seats", type=int, default=None, help="players per game (default: the fewest)")
        parser.add_argument(
            "--bots", default="strong,beginner", help="bot level per seat, comma-separated; repeated to fill"
        )
        parser.add_argument(
            "--options", default="{}", help='game options as JSON, e.g. \'{"stat": "calories"}\''
        )
        parser.add_argument(
            "--max-moves", type=int, default=100_000, help="a game longer than this is an error"
        )

    def handle(self, *args, **opts):
        slug = opts["slug"]
        if slug not in ENGINES:
            raise CommandError(f"There is no game called {slug!r}. Games: {', '.join(ENGINES)}.")
        engine = get_engine(slug)
        seats = opts["seats"] or engine.min_seats
        if not engine.min_seats <= seats <= engine.max_seats:
            raise CommandError(f"{slug} takes {engine.min_seats} to {engine.max_seats} seats, not {seats}.")
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1.")
        levels = [level.strip() for level in opts["bots"].split(",") if level.strip()]
        known = bot_levels(slug)
        unknown = [level for level in levels if level not in known]
        if not levels or unknown:
            raise CommandError(f"Unknown bot level(s) {unknown} for {slug}. Levels: {', '.join(known)}.")
        if len(levels) > seats:
            raise CommandError(f"{len(levels)} bots were named for {seats} seats: name at most one per seat.")
        try:
            options = json.loads(opts["options"])
            if not isinstance(options, dict):
                raise ValueError("not a JSON object")
            options = engine.clean_options(options)
        except (ValueError, IllegalAction) as error:
            raise CommandError(f"Bad --options: {error}") from None

        lineup = seat_levels(levels, seats, 0)
        self.stdout.write(f"{engine.title}")
        first_seed, last_seed = opts["seed"], opts["seed"] + opts["games"] - 1
        self.stdout.write(f"{slug}: {opts['games']} games, {seats} seats, seeds {first_seed}..{last_seed}")
        if len(levels) < seats:
            self.stdout.write(
                f"Bots repeated to fill the seats: {', '.join(lineup)} (turned one seat per game)"
            )
        self.stdout.write(f"Options: {json.dumps(options, sort_keys=True)}")
        summary = simulate_games(
            slug,
            games=opts["games"],
            seed=opts["seed"],
            seats=seats,
            levels=levels,
            options=options,
            max_moves=opts["max_moves"],
        )
        seat_counts = Counter(lineup)
        for level, rate in summary["win_rate_by_bot"].items():
            fair = 1 / seats
            shown = "n/a" if rate is None else f"{rate:6.1%}"
            self.stdout.write(
                f"  {level:<10} {seat_counts[level]} seat(s)  win rate {shown}  (an even share is {fair:.1%})"
            )
        self.stdout.write(
            f"  moves per game: mean {summary['mean_moves']}, median {summary['median_moves']};"
            f" {summary['errors']} error(s); {summary['seconds']} s"
        )
        for message in summary.pop("error_messages"):
            self.stderr.write(f"  error: {message}")
        self.stdout.write(json.dumps(summary))
