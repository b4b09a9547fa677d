"""The games Plateful offers: one line per engine module, in the catalogue's order.

Adding a game is one engine module (games/engines/<module>.py, listing its engines in GAMES),
one bot module (games/bots/<module>.py, listing its bots in LEVELS), one rules template
(games/templates/games/rules/<slug>.html) and one line in GAME_MODULES below: the catalogue,
the bots and every test (conformance, rules pages, browser smoke, bot strength) pick it up.
See docs/engines.md, "Adding a game". Pure Python, no Django import.
"""

from __future__ import annotations

import importlib

from games.engines.base import Engine

GAME_MODULES = (
    "food_war",
    "snack_attack",
    "build_a_meal",
    "duel",
    "chomp",  # CHOMP! and its three 2-player games
    "appetite",
    "snack_wars",
)

ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    ENGINES[engine.slug] = engine
    return engine


def unregister(engine: Engine) -> None:
    """Take a game out again (tests that register an example game of their own)."""
    if ENGINES.get(engine.slug) is engine:
        del ENGINES[engine.slug]


def get_engine(slug: str) -> Engine:
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"There is no game called {slug!r}.") from None


def load_games() -> None:
    """Register every engine of every module in GAME_MODULES, in that order."""
    for module_name in GAME_MODULES:
        module = importlib.import_module(f"games.engines.{module_name}")
        for engine in module.GAMES:
            register(engine)
