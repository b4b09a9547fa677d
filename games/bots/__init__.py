"""Bot registry (pure Python, no Django import). Each game's bots register on import."""

# Each game family's bot module registers its levels; one line per family.
from games.bots import registry_imports  # noqa: E402,F401
from games.bots.base import BOTS, Bot, RandomBot, bot_levels, get_bot, register_bot

__all__ = ["BOTS", "Bot", "RandomBot", "bot_levels", "get_bot", "register_bot"]
