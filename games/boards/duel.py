"""The Duel table: both meals with their value and calorie meters, the round score, the hand
with Eat / Attack (each showing what the card adds), Draw and the show-a-card step."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.boards import generic
from games.boards.common import back, cards_by_id, mini, name_of, names_then, picture, relabel
from games.engines.duel import meal_value
from games.seat_view import SeatView
from nutrition.meals import card_calories


def _duel_card_numbers(record: dict) -> tuple[int, int]:
    """What a card adds to a meal: (value, calories). Exercise: no value, -200 calories."""
    return meal_value([record]), card_calories(record)


# Why a round ended, about another player and about you (two catalogue entries, as everywhere:
# "You" is never pasted into a sentence written for a name).
ROUND_REASONS = {
    "eat-calories": (
        gettext_noop("%(who)s ate 1000 calories or more."),
        gettext_noop("You ate 1000 calories or more."),
    ),
    "eat-value": (
        gettext_noop("%(who)s built a meal worth 100 value or more."),
        gettext_noop("You built a meal worth 100 value or more."),
    ),
    "attack-value": (
        gettext_noop("An attack pushed %(who)s's meal to 100 value or more."),
        gettext_noop("An attack pushed your meal to 100 value or more."),
    ),
    "attack-calories": (
        gettext_noop("%(who)s stuffed the other meal to 1000 calories or more."),
        gettext_noop("You stuffed the other meal to 1000 calories or more."),
    ),
}
ROUND_REASONS["eat-both"] = ROUND_REASONS["eat-calories"]
ROUND_REASONS["attack-both"] = ROUND_REASONS["attack-value"]
NOBODY_COULD_MOVE = gettext_noop("Nobody could move, so the meals were compared.")


def _round_reason(reason: str, subject, seat, names: list[str]) -> str:
    """The sentence for how a round ended; `subject` is the seat the sentence is about."""
    if reason == "out-of-cards":
        return _(NOBODY_COULD_MOVE)
    if reason not in ROUND_REASONS or subject is None:
        return ""
    about_them, about_you = ROUND_REASONS[reason]
    if subject == seat:
        return _(about_you)
    return _(about_them) % {"who": name_of(names, subject)}


def _meter(now: int, goal: int) -> int:
    return max(0, min(100, round(100 * now / goal))) if goal else 0


def _goals(view: dict) -> tuple[int, int]:
    """The value that wins a round and the calories that lose it."""
    return view.get("value_to_win", 100), view.get("calories_to_lose", 1000)


def _meal(view: dict, number: int) -> dict:
    """A seat's meal as the view gives it: its cards, value and calories."""
    return (view.get("meals") or [{}, {}])[number]


def _card_name(view: dict, card_id: str) -> str:
    return ((view.get("cards") or {}).get(card_id) or {}).get("name", card_id)


def _sides(seat) -> tuple[int, int]:
    """The seat whose meal comes first (the reader's; seat 0's for a watcher) and the other."""
    me = seat if seat in (0, 1) else 0
    return me, 1 - me


def duel_table(view: dict, names: list[str], seat, board, takeovers=()) -> dict:
    """Duel for one seat: both meals with their value and calorie meters, the round score, the
    hand with Eat / Attack (each showing what the card adds), Draw and the show-a-card step.
    `board`: the generic board (its card pictures carry the seat's moves); `takeovers`: the
    seats that changed hands mid-game (games.boards.common.Takeover)."""
    to_win, to_lose = _goals(view)
    meals = []
    for number in _sides(seat):
        meal = _meal(view, number)
        value, calories = meal.get("value", 0), meal.get("calories", 0)
        meals.append(
            {
                "seat": number,
                "name": name_of(names, number),
                "me": number == seat,
                "value": value,
                "calories": calories,
                "value_percent": _meter(value, to_win),
                "calorie_percent": _meter(calories, to_lose),
                "value_left": max(0, to_win - value),
                "calories_left": max(0, to_lose - calories),
                "cards": [mini(c, _card_name(view, c)) for c in meal.get("cards", [])],
                "turn": number == view.get("turn"),
                "hand": (view.get("hand_counts") or [0, 0])[number],
                "picked": (view.get("has_picked") or [False, False])[number],
                "wins": (view.get("round_wins") or [0, 0])[number],
            }
        )
    history = _history(view, names, seat, takeovers)
    picked = view.get("picked")
    return {
        "hand": _hand(view, seat, cards_by_id(board)),
        "phase": view.get("phase"),
        "stock": view.get("stock_count", 0),
        "picked": mini(picked, _card_name(view, picked)) if picked else None,
        "history": history,
        "last": history[-1] if history else None,
        "turn_name": name_of(names, view.get("turn")),
        "meals": meals,
        "round": view.get("round", 1),
        "rounds_to_win": view.get("rounds_to_win", 3),
        "to_win": to_win,
        "to_lose": to_lose,
        "starter": name_of(names, view.get("starter")),
        "back": back("eat-right"),
    }


def _hand(view: dict, seat, shown: dict) -> list[dict]:
    """The seat's hand: each card with Eat / Attack / Show saying what it adds and whether it
    ends the round. `shown`: the generic board's card pictures, by id."""
    cards = view.get("cards") or {}
    to_win, to_lose = _goals(view)
    my_meal, their_meal = (_meal(view, number) for number in _sides(seat))
    hand = []
    for card_id in view.get("hand") or []:
        record = cards.get(card_id) or {}
        value, calories = _duel_card_numbers(record)
        card = shown.get(card_id) or picture(card_id, record.get("name", card_id))
        numbers = _("%(value)s value, %(calories)s cal") % {"value": value, "calories": calories}

        def words(entry, numbers=numbers, value=value, calories=calories, name=card.name):
            if entry["type"] == "eat":
                label = _("Eat (%(numbers)s)") % {"numbers": numbers}
                if my_meal.get("calories", 0) + calories >= to_lose:
                    return label + " " + _("- you lose the round!")
                if my_meal.get("value", 0) + value >= to_win:
                    return label + " " + _("- you win the round!")
                return label
            if entry["type"] == "attack":
                label = _("Attack (%(numbers)s)") % {"numbers": numbers}
                if their_meal.get("value", 0) + value >= to_win:
                    return label + " " + _("- they win the round!")
                if their_meal.get("calories", 0) + calories >= to_lose:
                    return label + " " + _("- you win the round!")
                return label
            if entry["type"] == "reveal":
                return _("Show %(name)s (%(numbers)s)") % {"name": name, "numbers": numbers}
            return entry["label"]

        hand.append({"card": relabel(card, words), "value": value, "calories": calories})
    return hand


def _history(view: dict, names: list[str], seat, takeovers) -> list[dict]:
    """The rounds played: who won each and how; a round that ended before a seat changed hands
    names who played it then, as the feed does."""
    history = []
    for entry in view.get("round_history") or []:
        then, reader = names, seat  # (a round stored without its move's index: today's names)
        if "index" in entry:
            then, reader = names_then(entry["index"], names, seat, takeovers)
        winner = entry.get("winner")
        who = name_of(then, winner) if winner is not None else ""
        reason = entry.get("reason", "")
        # A round lost by eating too much is told about the loser; the others about the winner.
        loser_told = reason.startswith("eat-") and reason != "eat-value" and winner is not None
        text = _round_reason(reason, 1 - winner if loser_told else winner, reader, then)
        history.append(
            {
                "round": entry.get("round"),
                "winner": who,
                "mine": reader is not None and winner == reader,  # "You won": its own sentence (Spanish)
                "text": text,
                "tie": winner is None,
            }
        )
    return history


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Duel table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = duel_table(
        board["view"], names, seat_view.seat, board["board"], context.get("takeovers", ())
    )
    return board
