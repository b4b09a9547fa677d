"""Food War bots. The game has no choices (every player just flips their top card), so both
levels do the same thing: they are here so every game offers the same bot levels, and the
"strong" bot cannot be better than luck. The win-rate measurement in benchmarks/README.md
shows exactly that (about 50% in a two-player game)."""

from __future__ import annotations

import random

from games.bots.base import Bot


class FlipBot(Bot):
    """Flips when it is asked to: the only move Food War has."""

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        return legal[0] if legal else None


LEVELS = (
    FlipBot(game="food-war", level="beginner", label="Beginner"),
    FlipBot(game="food-war", level="strong", label="Strong"),
)
