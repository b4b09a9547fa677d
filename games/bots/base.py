"""Bots: players that choose from their seat's view and legal actions only.

A bot never sees the full state: `choose(view, legal, rng)` gets exactly what a human at that
seat would see (engine.view(state, seat)) and the legal actions, and returns one of them, or None
to wait (real-time games: "I don't slap this one"). `reaction_ms(view, rng)` is how long a bot at
this level takes to act in a real-time game, so a quick child can beat an easy bot.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

BOTS: dict[str, dict[str, Bot]] = {}
LEVEL_ORDER = ("beginner", "easy", "medium", "strong")


@dataclass
class Bot:
    game: str = ""
    level: str = "beginner"
    label: str = "Beginner"
    # Real-time games: this level's reaction time, drawn uniformly from [low, high] ms.
    reaction_range_ms: tuple[int, int] = (600, 900)

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        raise NotImplementedError

    def reaction_ms(self, view: dict, rng: random.Random) -> int:
        low, high = self.reaction_range_ms
        return rng.randint(low, high)


@dataclass
class RandomBot(Bot):
    """The beginner: any legal move, at random."""

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        return rng.choice(legal) if legal else None


def register_bot(bot: Bot) -> Bot:
    BOTS.setdefault(bot.game, {})[bot.level] = bot
    return bot


def unregister_bot(bot: Bot) -> None:
    """Take a bot out again (tests that register an example game of their own)."""
    if BOTS.get(bot.game, {}).get(bot.level) is bot:
        del BOTS[bot.game][bot.level]
        if not BOTS[bot.game]:
            del BOTS[bot.game]


def get_bot(game: str, level: str) -> Bot:
    try:
        return BOTS[game][level]
    except KeyError:
        raise KeyError(f"There is no {level!r} bot for {game!r}.") from None


def bot_levels(game: str) -> list[str]:
    levels = BOTS.get(game, {})
    return sorted(levels, key=lambda name: LEVEL_ORDER.index(name) if name in LEVEL_ORDER else 99)
