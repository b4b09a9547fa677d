"""Game engines, pure Python (no Django import): the registry and the games in it.

Every game module listed in games.engines.registry.GAME_MODULES is loaded and its engines
registered when this package is first imported.
"""

from __future__ import annotations

from games.engines.base import Engine, IllegalAction
from games.engines.registry import ENGINES, get_engine, load_games, register, unregister

load_games()

__all__ = ["ENGINES", "Engine", "IllegalAction", "get_engine", "register", "unregister"]
