"""Bots for CHOMP! and its 2-player games: real-time slappers.

A bot looks at the face-up cards in its view, works out which slaps are right with the same
public rule the table uses (`slap_verdict`), and decides whether to slap and which card. Its
level sets how quickly it reacts and how often it gets it wrong:

- beginner: slow (900-1500 ms), sometimes slaps the wrong card (a Bad Chomp), sometimes does
  not notice a chance at all, and now and then slaps during an Ink Out.
- strong: quick but human (400-700 ms), almost always right, very rarely fooled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bots.base import Bot
from games.engines.chomp_judge import slap_verdict

GAMES = ("chomp", "underwater-war", "quick-chomp", "double-chomp")


@dataclass
class ChompBot(Bot):
    # chances per look at the table
    right_when_possible: float = 0.75  # slap a right card when there is one
    wrong_when_possible: float = 0.15  # slap a wrong card instead (the rest: didn't notice)
    slap_when_nothing: float = 0.08  # slap although nobody may chomp (Ink Out, war...)

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        slaps = [a for a in legal if a.get("type") == "slap"]
        if not slaps:
            return None
        seat = view["seat"]
        right = [
            a
            for a in slaps
            if view["round_kind"] in ("race", "frenzy")
            and slap_verdict(view["mode"], view["round_kind"], view["center"], seat, a["card"]) is None
        ]
        wrong = [a for a in slaps if a not in right]
        roll = rng.random()
        if right:
            if roll < self.right_when_possible:
                return rng.choice(right)
            if roll < self.right_when_possible + self.wrong_when_possible and wrong:
                return rng.choice(wrong)
            return None
        if wrong and roll < self.slap_when_nothing:
            return rng.choice(wrong)
        return None


LEVELS = tuple(
    bot
    for game in GAMES
    for bot in (
        ChompBot(game=game, level="beginner", label="Beginner", reaction_range_ms=(900, 1500)),
        ChompBot(
            game=game,
            level="strong",
            label="Strong",
            reaction_range_ms=(400, 700),
            right_when_possible=0.96,
            wrong_when_possible=0.02,
            slap_when_nothing=0.005,
        ),
    )
)
