"""Duel bots: a beginner (any legal move) and a strong one.

The strong bot looks one move ahead using only its view: it takes a move that wins the round
at once, never makes a move that loses it at once, and otherwise scores the position after each
move (my value and my opponent's calories are good, my calories and my opponent's value are bad)
with a penalty when its own meal is close enough to 1000 calories that one attack could finish it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.bots.base import Bot, RandomBot

VALUE_TO_WIN = 100
CALORIES_TO_LOSE = 1000
# How many calories one attack may well add: a meal within this margin of 1000 is in danger.
DANGER_MARGIN = 350


def _value(card: dict) -> int:
    return 0 if card.get("special") == "exercise" else int(card.get("value") or 0)


def _calories(card: dict) -> int:
    return -200 if card.get("special") == "exercise" else int(card.get("calories") or 0)


@dataclass
class StrongDuelBot(Bot):
    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        if not legal:
            return None
        cards = view["cards"]
        if view["phase"] == "reveal":
            # The shown card starts my own meal: show the one that helps it most.
            return max(
                legal, key=lambda a: (_value(cards[a["card"]]) * 10 - _calories(cards[a["card"]]), a["card"])
            )
        me = view["seat"]
        them = 1 - me
        mine, theirs = view["meals"][me], view["meals"][them]
        best, best_score = None, None
        for action in legal:
            score = self._score(action, cards, mine, theirs, view, len(view["hand"]))
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    def _score(
        self, action: dict, cards: dict, mine: dict, theirs: dict, view: dict, hand_size: int
    ) -> float:
        my_value, my_cal = mine["value"], mine["calories"]
        their_value, their_cal = theirs["value"], theirs["calories"]
        if action["type"] == "eat":
            card = cards[action["card"]]
            my_value, my_cal = my_value + _value(card), my_cal + _calories(card)
            if my_cal >= CALORIES_TO_LOSE:
                return -1000.0
            if my_value >= VALUE_TO_WIN:
                return 1000.0
            hand_size -= 1
        elif action["type"] == "attack":
            card = cards[action["card"]]
            their_value, their_cal = their_value + _value(card), their_cal + _calories(card)
            if their_value >= VALUE_TO_WIN:
                return -1000.0
            if their_cal >= CALORIES_TO_LOSE:
                return 1000.0
            hand_size -= 1
        else:
            hand_size += 1
        score = my_value / VALUE_TO_WIN - my_cal / CALORIES_TO_LOSE
        score += their_cal / CALORIES_TO_LOSE - their_value / VALUE_TO_WIN
        # The opponent moves next: being one attack away from 1000 calories, or leaving them one
        # good eat away from 100 value, is dangerous.
        if my_cal > CALORIES_TO_LOSE - DANGER_MARGIN:
            score -= 0.6
        if their_value > VALUE_TO_WIN - 25:
            score -= 0.4
        # Cards in hand are options for later turns.
        score += 0.08 * min(hand_size, 5)
        return score


LEVELS = (
    RandomBot(game="duel", level="beginner", label="Beginner"),
    StrongDuelBot(game="duel", level="strong", label="Strong"),
)
