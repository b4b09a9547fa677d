"""Build-A-Meal bots: a beginner (any legal move, or waiting when it is not its turn) and a strong one.

The strong bot plays from its view only:
  * draw: it takes the discard pile's top card when that card fills a food group it still needs
    (or, with two meals down, when the card fits into a meal), otherwise the stock;
  * build: it serves the smallest, lowest-calorie balanced meal its hand allows (putting the cards
    on its plate one by one), then sheds cards into its meals: after two meals anything that fits,
    before that only junk, Exercise and Broccoli/Spinach (for the extra turn);
  * discard: the card it needs least (never Sugar Shock or Exercise while it has a choice);
  * Sugar Shock: it ruins the biggest meal of an opponent who has two meals down (or one meal and
    hardly any cards left), also outside its own turn, and otherwise keeps it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from games.bots.base import Bot, RandomBot
from nutrition.meals import CALORIE_LIMIT, card_calories, card_servings, check_meal

MEALS_TO_WIN = 2
MAX_MEAL_CARDS = 5
MAX_POOL = 12
HAND_TO_KEEP = 6


def _needs(records: list[dict], meals_missing: int) -> dict[str, int]:
    """Servings per need the hand still lacks for the meals it has yet to make."""
    have = {
        "grains": sum(card_servings(c, "grains") for c in records),
        "fruit_or_veggie": sum(card_servings(c, "fruit") + card_servings(c, "veggie") for c in records),
        "meat_or_dairy": sum(card_servings(c, "meat") + card_servings(c, "dairy") for c in records),
    }
    target = {
        "grains": 2 * meals_missing,
        "fruit_or_veggie": 2 * meals_missing,
        "meat_or_dairy": meals_missing,
    }
    return {k: max(0, target[k] - have[k]) for k in target}


def _fills(card: dict) -> dict[str, int]:
    return {
        "grains": card_servings(card, "grains"),
        "fruit_or_veggie": card_servings(card, "fruit") + card_servings(card, "veggie"),
        "meat_or_dairy": card_servings(card, "meat") + card_servings(card, "dairy"),
    }


def smallest_balanced_meal(card_ids: list[str], cards: dict[str, dict]) -> list[str] | None:
    """The balanced meal from these cards with the fewest cards, then the fewest calories."""
    useful = [c for c in card_ids if any(_fills(cards[c]).values())]
    useful.sort(key=lambda c: (card_calories(cards[c]), c))
    pool = useful[:MAX_POOL]
    exercise = [c for c in card_ids if cards[c].get("special") == "exercise"]
    best: tuple[int, int, list[str]] | None = None
    for size in range(1, MAX_MEAL_CARDS + 1):
        for combo in combinations(pool, size):
            for extra in ([], exercise[:1]):
                meal = [*combo, *extra]
                check = check_meal([cards[c] for c in meal])
                if check.balanced and (best is None or (len(meal), check.calories) < best[:2]):
                    best = (len(meal), check.calories, meal)
        if best is not None:
            return best[2]
    return None


@dataclass
class StrongBuildAMealBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        shock = self._sugar_shock(view, legal)
        if shock is not None:
            return shock
        if view["turn"] != view["seat"]:
            return None  # out of turn: keep the Sugar Shock for a better moment
        if view["phase"] == "draw":
            return self._draw(view, legal)
        return self._build(view, legal) or self._discard(view, legal)

    # ----- Sugar Shock -----------------------------------------------------------------------

    def _sugar_shock(self, view: dict, legal: list[dict]) -> dict | None:
        shocks = [a for a in legal if a["type"] == "sugar_shock"]
        if not shocks:
            return None
        me = view["seat"]
        my_cards = view["hand_counts"][me]
        if my_cards == 1 and len(view["meals"][me]) >= MEALS_TO_WIN:
            return shocks[0]  # my last card: playing it wins

        def threat(action: dict) -> tuple[int, int, int]:
            target = action["target"]
            meals = view["meals"][target]
            return (len(meals), -view["hand_counts"][target], len(meals[action["meal"]]["cards"]))

        best = max(shocks, key=threat)
        meals, cards_left = len(view["meals"][best["target"]]), view["hand_counts"][best["target"]]
        if meals >= MEALS_TO_WIN or (meals == 1 and cards_left <= 3):
            return best
        return None

    # ----- drawing ---------------------------------------------------------------------------

    def _draw(self, view: dict, legal: list[dict]) -> dict:
        by_kind = {(a["type"], a.get("from")): a for a in legal}
        take_discard = by_kind.get(("draw", "discard"))
        if take_discard and self._wants(view, view["discard_top"]):
            return take_discard
        return by_kind.get(("draw", "stock")) or by_kind.get(("turn_over", None)) or legal[0]

    def _wants(self, view: dict, card_id: str | None) -> bool:
        if card_id is None:
            return False
        cards = view["cards"]
        card = cards[card_id]
        if card.get("special") in ("exercise", "broccoli", "spinach"):
            return True
        my_meals = view["meals"][view["seat"]]
        missing = MEALS_TO_WIN - len(my_meals)
        if missing <= 0:
            return any(meal["calories"] + card_calories(card) <= CALORIE_LIMIT for meal in my_meals)
        held = self._held(view)
        needs = _needs([cards[c] for c in held], missing)
        if not any(needs[k] and amount for k, amount in _fills(card).items()):
            return False
        # Only worth it if I would keep it: not the card I would throw straight back.
        after = {**view, "hand": [*held, card_id], "plate": []}
        return self._least_needed(after, [*held, card_id]) != card_id

    # ----- building --------------------------------------------------------------------------

    def _build(self, view: dict, legal: list[dict]) -> dict | None:
        cards = view["cards"]
        plate = view["plate"]
        target = smallest_balanced_meal(self._held(view), cards)
        if target is not None:
            if set(plate) == set(target):
                return self._find(legal, "serve")
            stray = [c for c in plate if c not in target]
            if stray:
                return self._find(legal, "unplate", card=stray[0])
            missing = [c for c in target if c not in plate]
            return self._find(legal, "plate", card=missing[0])
        if plate:
            return self._find(legal, "unplate", card=plate[0])
        adds = [a for a in legal if a["type"] == "add"]
        if not adds:
            return None
        meals_done = len(view["meals"][view["seat"]])
        if meals_done < MEALS_TO_WIN and len(self._held(view)) <= HAND_TO_KEEP:
            # A turn draws one card and discards one, so a hand never grows back: keep enough
            # cards to build the next meal from.
            return None

        def sheddable(action: dict) -> bool:
            card = cards[action["card"]]
            if meals_done >= MEALS_TO_WIN:
                return True
            return card.get("special") in ("exercise", "broccoli", "spinach") or not any(
                _fills(card).values()
            )

        candidates = [a for a in adds if sheddable(a)]
        if not candidates:
            return None
        if meals_done >= MEALS_TO_WIN and len(view["hand"]) == 1:
            return None  # the last card goes on the discard pile and wins

        def order(action: dict) -> tuple[int, int, int]:
            card = cards[action["card"]]
            # Exercise first (it makes room), Broccoli/Spinach next (extra turn), then big cards.
            special = {"exercise": 0, "broccoli": 1, "spinach": 1}.get(card.get("special"), 2)
            return (special, -card_calories(card), action["meal"])

        return min(candidates, key=order)

    # ----- discarding ------------------------------------------------------------------------

    def _discard(self, view: dict, legal: list[dict]) -> dict:
        discards = [a for a in legal if a["type"] == "discard"]
        if not discards:
            return legal[0]
        choice = self._least_needed(view, [a["card"] for a in discards])
        return next(a for a in discards if a["card"] == choice)

    def _least_needed(self, view: dict, choices: list[str]) -> str:
        cards = view["cards"]
        held = self._held(view)
        missing = max(0, MEALS_TO_WIN - len(view["meals"][view["seat"]]))

        def keep_value(card_id: str) -> tuple[int, int, str]:
            card = cards[card_id]
            if card.get("special") == "sugar-shock":
                return (1000, 0, card_id)
            if card.get("special") == "exercise":
                return (500, 0, card_id)
            if missing == 0:
                return (0, -card_calories(card), card_id)
            rest = [cards[c] for c in held if c != card_id]
            loss = sum(_needs(rest, missing).values()) - sum(
                _needs([cards[c] for c in held], missing).values()
            )
            return (10 * loss + sum(_fills(card).values()), -card_calories(card), card_id)

        return min(choices, key=keep_value)

    # ----- helpers ---------------------------------------------------------------------------

    def _held(self, view: dict) -> list[str]:
        return [*view["hand"], *view["plate"]]

    def _find(self, legal: list[dict], kind: str, **fields) -> dict | None:
        for action in legal:
            if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
                return action
        return None


@dataclass
class BeginnerBuildAMealBot(RandomBot):
    """Any legal move at random; outside its turn, waiting is one of the choices, so it does not
    always throw its Sugar Shock the moment someone serves a meal."""

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if view["turn"] != view["seat"] and rng.random() < 0.5:
            return None
        return super().choose(view, legal, rng)


LEVELS = (
    BeginnerBuildAMealBot(game="build-a-meal", level="beginner", label="Beginner"),
    StrongBuildAMealBot(game="build-a-meal", level="strong", label="Strong"),
)
