"""The strong bot of every game with decisions clearly beats the beginner (issue: "report its win
rate"; the full numbers come from `manage.py simulate`, see benchmarks/README.md).

Food War is left out on purpose: every player only flips, so no bot can play it better.
"""

import pytest

from games.bots import get_bot
from games.bots.driver import play_game
from games.engines import get_engine

# (game, seats, games played, the least share of wins the single strong seat must take)
CASES = [
    ("snack-attack", 2, 30, 0.75),
    ("build-a-meal", 2, 10, 0.8),
    ("duel", 2, 10, 0.9),
    ("chomp", 3, 20, 0.6),
    ("underwater-war", 2, 20, 0.6),
    ("quick-chomp", 2, 20, 0.6),
    ("double-chomp", 2, 20, 0.6),
    ("appetite", 2, 30, 0.65),
    ("snack-wars", 2, 30, 0.7),
]


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


@pytest.mark.parametrize(("game", "seats", "games", "least"), CASES, ids=[c[0] for c in CASES])
def test_the_strong_bot_clearly_beats_the_beginner(game, seats, games, least):
    assert strong_share(game, seats, games) >= least
