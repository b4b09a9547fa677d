"""Appetite bots: a beginner and a strong one, both choosing from their seat's view only.

The beginner plays any card that fits and sometimes passes when it may. The strong bot:
- swaps a hand of one suit when it may (such a hand can rarely follow itself);
- always takes an exact Appetite, preferring the column where the points count most;
- otherwise weighs each card: what it could score if everybody passes afterwards, against the
  chance that an opponent holds the card that satisfies the Appetite right after it (worked out
  from the cards it has not seen: the full deck minus its hand, the table and cleared cards);
- passes when it played the last card and the others are unlikely to beat it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from games.bots.base import Bot
from games.engines.cards import load_deck_records

ICON_POINTS = 30 / 4  # four Dessert icons write 30
# How likely a card I play is still the last one when everybody passes (opponents may play on).
STAYS_LAST = 0.45
# A card in hand is worth keeping for a later, bigger round.
CARD_KEEP_COST = 1.5


def _full(view: dict, seat: int, suit: str) -> bool:
    return len(view["sheets"][seat][suit]) >= view["boxes"]


def _my_points(view: dict, suit: str, points: int, satisfied: bool) -> float:
    """What a score in this suit is worth to me now (a full column scores nothing)."""
    me = view["seat"]
    dessert_open = not _full(view, me, "dessert")
    icons = 1 if satisfied else 0
    if suit == "dessert":
        return (icons + 1) * ICON_POINTS if dessert_open else 0.0
    written = 0.0 if _full(view, me, suit) else float(points)
    return written + (icons * ICON_POINTS if dessert_open else 0.0)


def _chance_holds(hand_size: int, matching: int, unseen: int) -> float:
    """Chance that a hand of `hand_size` unseen cards holds at least one of `matching` cards."""
    if matching <= 0 or hand_size <= 0 or unseen <= 0:
        return 0.0
    hand_size = min(hand_size, unseen)
    return 1.0 - comb(unseen - matching, hand_size) / comb(unseen, hand_size)


@dataclass
class BeginnerAppetiteBot(Bot):
    pass_chance: float = 0.25

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        plays = [a for a in legal if a["type"] == "play"]
        if plays and any(a["type"] == "pass" for a in legal) and rng.random() < self.pass_chance:
            return next(a for a in legal if a["type"] == "pass")
        return rng.choice(plays or legal)


@dataclass
class StrongAppetiteBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        kinds = {a["type"]: a for a in legal}
        if "redeal" in kinds:
            return kinds["redeal"]
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return kinds.get("pass") or kinds.get("cant_play") or legal[0]
        hand = {c["id"]: c for c in view["hand"]}
        unseen = self._unseen(view)
        best, best_score = None, None
        for action in legal:
            if action["type"] == "play":
                score = self._score_play(view, hand[action["card"]], unseen)
            elif action["type"] == "pass":
                score = self._score_pass(view, unseen)
            else:
                continue
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    def _unseen(self, view: dict) -> list[tuple[str, int]]:
        """(suit, number) of every card that may be in an opponent's hand."""
        seen = {c["id"] for c in view["hand"]} | {e["card"]["id"] for e in view["table"]}
        seen |= {c["id"] for c in view["cleared"]}
        seen |= {c["id"] for r in view["revealed"] for c in r["cards"]}
        return [(c["suit"], c["number"]) for c in _deck() if c["id"] not in seen]

    def _chance_someone_satisfies(self, view: dict, gap: int, after_suit: str, unseen: list) -> float:
        """Chance the next opponents can make the Total exactly the Appetite."""
        if not 1 <= gap <= 9:
            return 0.0
        me, seats = view["seat"], view["seats"]
        # The very next player must avoid the suit just played; later ones are looser.
        next_matching = sum(1 for suit, number in unseen if number == gap and suit != after_suit)
        any_matching = sum(1 for _, number in unseen if number == gap)
        nobody = 1.0
        for step in range(1, seats):
            other = (me + step) % seats
            matching = next_matching if step == 1 else any_matching
            nobody *= 1.0 - _chance_holds(view["hand_sizes"][other], matching, len(unseen))
        return 1.0 - nobody

    def _opponent_gain(self, view: dict, points: int) -> float:
        # Points to one opponent matter less the more opponents there are.
        return (points + ICON_POINTS) / max(1, view["seats"] - 1)

    def _score_play(self, view: dict, card: dict, unseen: list) -> float:
        total = view["total"] + card["number"]
        appetite = view["appetite"]
        if total == appetite:
            return 1000 + _my_points(view, card["suit"], total, satisfied=True)
        risk = self._chance_someone_satisfies(view, appetite - total, card["suit"], unseen)
        gain = (1 - risk) * STAYS_LAST * _my_points(view, card["suit"], total, satisfied=False)
        return gain - risk * self._opponent_gain(view, appetite) - CARD_KEEP_COST

    def _score_pass(self, view: dict, unseen: list) -> float:
        last = view["last_card"]
        if last is None or view["last_player"] != view["seat"]:
            return 0.0
        risk = self._chance_someone_satisfies(view, view["appetite"] - view["total"], last["suit"], unseen)
        return (1 - risk) * _my_points(view, last["suit"], view["total"], satisfied=False) - risk * (
            self._opponent_gain(view, view["appetite"])
        )


_DECK: list[dict] = []


def _deck() -> list[dict]:
    """The appetite deck's cards (public knowledge: every player knows what the deck holds)."""
    if not _DECK:
        _DECK.extend(c for c in load_deck_records("appetite") if c.get("in_play", True))
    return _DECK


LEVELS = (
    BeginnerAppetiteBot(game="appetite", level="beginner", label="Beginner"),
    StrongAppetiteBot(game="appetite", level="strong", label="Strong"),
)
