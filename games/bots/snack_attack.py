"""Snack Attack! bots, choosing from their seat's view and legal actions only.

beginner: picks one of the kinds of move it may make (shop, eat, return, Snack Attack!) at
random, then a random move of that kind, so it eats junk and Sugar Shock as happily as fruit.

strong: plays the safe-hand plan. Cards in your hand can never be lost, eaten ones can (Sugar
Shock), and every card in hand must be eaten at the end anyway, so it
- shops to fill its hand and keeps its good snacks in hand until the store is empty;
- eats Sugar Shock at once while it has nothing good to lose, and otherwise puts it back;
- puts junk back into the store (often) or, with a hand of nothing but junk, yells Snack Attack!
  to hand the store's luck to everyone else;
- eats Exercise when it has junk to burn off;
- when it must eat from its hand, eats in the order that costs least: Sugar Shock first (it
  has the least to lose now), then junk, then Exercise (burns that junk), then Broccoli and
  Spinach, then the other good snacks.
"""

from __future__ import annotations

import random

from games.bots.base import Bot

# When it must eat from its hand: lower comes first.
EATING_ORDER = {"sugar_shock": 0, "junk": 1, "exercise": 2, "greens": 3, "good": 4}


class BeginnerSnackBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        kinds = sorted({action["type"] for action in legal})
        kind = rng.choice(kinds)
        return rng.choice([action for action in legal if action["type"] == kind])


def _eating_rank(card: dict) -> int:
    if card["special"] in {"broccoli", "spinach"}:
        return EATING_ORDER["greens"]
    return EATING_ORDER[card["kind"]]


class StrongSnackBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        by_type: dict[str, list[dict]] = {}
        for action in legal:
            by_type.setdefault(action["type"], []).append(action)
        if set(by_type) <= {"shop", "pick", "eat_last"}:
            return rng.choice(legal)  # a face-down pick or a forced eat: no choice that matters
        seat = view["seat"]
        hand = view["hand"]
        eaten = view["eaten"][seat]
        eats = {action["card"]: action for action in by_type.get("eat", [])}
        if "shop" not in by_type and "return" not in by_type:
            # the store is empty: eat the card that costs least now
            card = min((c for c in hand if c["id"] in eats), key=_eating_rank)
            return eats[card["id"]]
        kinds = [c["kind"] for c in hand]
        good_eaten = sum(c["kind"] == "good" for c in eaten)
        junk_eaten = sum(c["kind"] == "junk" for c in eaten)
        shielded = any(c["kind"] == "exercise" for c in eaten)
        by_kind: dict[str, list[dict]] = {}
        for card in hand:
            by_kind.setdefault(card["kind"], []).append(card)

        if "sugar_shock" in by_kind and eats:
            sugar = by_kind["sugar_shock"][0]["id"]
            if good_eaten == 0 or (shielded and good_eaten > 2):
                return eats[sugar]
            return self._put_back(sugar, by_type, rng) or self._shop(by_type, rng) or eats[sugar]
        if "exercise" in by_kind and eats and junk_eaten:
            return eats[by_kind["exercise"][0]["id"]]
        if "junk" in by_kind and eats:
            if "snack_attack" in by_type and set(kinds) == {"junk"} and view["unseen"]["sugar_shock"]:
                return by_type["snack_attack"][0]
            if rng.random() < 0.6:
                put_back = self._put_back(by_kind["junk"][0]["id"], by_type, rng)
                if put_back:
                    return put_back
        return self._shop(by_type, rng) or self._eat_best(hand, eats) or rng.choice(legal)

    def _put_back(self, card_id: str, by_type: dict, rng: random.Random) -> dict | None:
        swaps = [action for action in by_type.get("return", []) if action["card"] == card_id]
        return rng.choice(swaps) if swaps else None

    def _shop(self, by_type: dict, rng: random.Random) -> dict | None:
        return rng.choice(by_type["shop"]) if by_type.get("shop") else None

    def _eat_best(self, hand: list[dict], eats: dict) -> dict | None:
        goods = [c for c in hand if c["kind"] == "good" and c["id"] in eats]
        return eats[goods[0]["id"]] if goods else None


LEVELS = (
    BeginnerSnackBot(game="snack-attack", level="beginner", label="Beginner"),
    StrongSnackBot(game="snack-attack", level="strong", label="Strong"),
)
