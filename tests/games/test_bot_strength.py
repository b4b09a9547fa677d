"""The strong bot of every game with decisions clearly beats the beginner (issue: "report its win
rate"; the full numbers come from `manage.py simulate`, see benchmarks/README.md).

Every registered game is tested: with its fewest seats, 20 games and a 60% share by default,
or the numbers measured for it below. A game whose strong bot is the beginner under another
name (Food War: every player only flips, so no bot can play it better) has nothing to prove.
"""

from dataclasses import replace

import pytest

from games.bots import get_bot
from games.bots.driver import play_game
from games.engines import ENGINES, get_engine

GAMES_PLAYED = 20
LEAST_SHARE = 0.6
# Measured per game: (seats, games played, the least share of wins the single strong seat takes).
MEASURED = {
    "snack-attack": (2, 30, 0.75),
    "build-a-meal": (2, 10, 0.8),
    "duel": (2, 10, 0.9),
    "chomp": (3, 20, 0.6),
    "appetite": (2, 30, 0.65),
    "snack-wars": (2, 30, 0.7),
}


def strong_share(game: str, seats: int, games: int) -> float:
    """One strong bot against beginners, moving one seat each game; a shared win counts in part."""
    engine = get_engine(game)
    wins = 0.0
    for number in range(games):
        strong_seat = number % seats
        bots = {s: get_bot(game, "strong" if s == strong_seat else "beginner") for s in range(seats)}
        winners = engine.result(play_game(engine, bots, seats=seats, seed=500 + number).state)["winners"]
        if winners:
            wins += (strong_seat in winners) / len(winners)
    return wins / games


@pytest.mark.parametrize("game", list(ENGINES))
def test_the_strong_bot_clearly_beats_the_beginner(game):
    strong, beginner = get_bot(game, "strong"), get_bot(game, "beginner")
    if replace(strong, level=beginner.level, label=beginner.label) == beginner:
        pytest.skip(f"{game}: the strong bot plays exactly like the beginner (no decisions to make)")
    seats, games, least = MEASURED.get(game, (get_engine(game).min_seats, GAMES_PLAYED, LEAST_SHARE))
    assert strong_share(game, seats, games) >= least
