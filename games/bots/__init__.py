"""Bot registry (pure Python, no Django import).

Every game module in games.engines.registry.GAME_MODULES has a bot module of the same name here,
listing its bots in LEVELS; they are registered when this package is first imported.
"""

from __future__ import annotations

import importlib

from games.bots.base import BOTS, Bot, RandomBot, bot_levels, get_bot, register_bot, unregister_bot
from games.engines.registry import GAME_MODULES

for _module_name in GAME_MODULES:
    for _bot in importlib.import_module(f"games.bots.{_module_name}").LEVELS:
        register_bot(_bot)

__all__ = ["BOTS", "Bot", "RandomBot", "bot_levels", "get_bot", "register_bot", "unregister_bot"]
