"""SNACK WARS bots: a beginner and a strong one, both choosing from their seat's view only.

The beginner takes any legal choice at random (and steals a random card). The strong bot scores
every choice by how the table would stand after it: its own points minus the best opponent's
(using the real scoring rules on the face-up collections), minus a cost for each collection slot
the choice uses up, plus a little credit for foods where it is level or close behind (one more
card could win them). Raccoons are valued by playing out their best steals one at a time, and in
the steal step it takes the card that helps it and hurts the leader most.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bots.base import Bot, RandomBot
from games.engines.snack_wars_scoring import COLLECTION_SIZE, score_collections

# What an empty slot in the collection is worth later in the game (a slot spent now is lost).
SLOT_COST = 1.6
# Credit (share of the food's value) for being level with the leader of a food.
LEVEL_CREDIT = 0.35


def _standing(collections: list[list[dict]], raccoons: list[int], me: int) -> float:
    """My points minus the best opponent's, with credit for foods I could still win."""
    scores = score_collections(collections, raccoons)
    mine = scores[me]["total"]
    best_other = max(s["total"] for seat, s in enumerate(scores) if seat != me)
    credit = 0.0
    values = {c["food"]: c["value"] for cards in collections for c in cards if c["kind"] == "food"}
    for food, value in values.items():
        counts = [sum(1 for c in cards if c.get("food") == food) for cards in collections]
        others = max(count for seat, count in enumerate(counts) if seat != me)
        if counts[me] and counts[me] == others:
            credit += LEVEL_CREDIT * value
    return mine - best_other + credit


@dataclass
class StrongSnackWarsBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        me = view["seat"]
        collections = [list(cards) for cards in view["collections"]]
        raccoons = list(view["raccoon_counts"])
        if view["phase"] == "steal":
            return self._best_steal(collections, raccoons, me, legal)
        drawn = view["drawn"]
        best, best_score = None, None
        for action in legal:
            score = self._score_choice(action, drawn, collections, raccoons, me)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    def _score_choice(self, action, drawn, collections, raccoons, me) -> float:
        after = [list(cards) for cards in collections]
        after_raccoons = list(raccoons)
        room = COLLECTION_SIZE - len(after[me])
        if action["type"] == "take_food":
            taken = [c for c in drawn if c["kind"] == "food" and c["value"] == action["value"]][:room]
            after[me] += taken
        elif action["type"] == "take_bonus":
            after[me] += [c for c in drawn if c["id"] == action["card"]]
        else:  # take_raccoons: play out the best steals, one at a time
            count = sum(1 for c in drawn if c["kind"] == "raccoon")
            after_raccoons[me] += count
            for _ in range(min(count, room)):
                steals = [
                    {"type": "steal", "victim": seat, "card": c["id"]}
                    for seat, cards in enumerate(after)
                    if seat != me
                    for c in cards
                ]
                if not steals:
                    break
                steal = self._best_steal(after, after_raccoons, me, steals)
                self._do_steal(after, me, steal)
        used = len(after[me]) - len(collections[me])
        return _standing(after, after_raccoons, me) - SLOT_COST * used

    def _best_steal(self, collections, raccoons, me, legal) -> dict:
        best, best_score = None, None
        for action in legal:
            if action["type"] == "steal":
                after = [list(cards) for cards in collections]
                self._do_steal(after, me, action)
                score = _standing(after, raccoons, me) - SLOT_COST
            else:  # stop stealing: keep the slot for later
                score = _standing(collections, raccoons, me)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _do_steal(collections, me, steal) -> None:
        victim = collections[steal["victim"]]
        card = next(c for c in victim if c["id"] == steal["card"])
        victim.remove(card)
        collections[me].append(card)


LEVELS = (
    RandomBot(game="snack-wars", level="beginner", label="Beginner"),
    StrongSnackWarsBot(game="snack-wars", level="strong", label="Strong"),
)
