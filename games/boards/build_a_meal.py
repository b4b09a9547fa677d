"""The Build-A-Meal table: hand, plate with the balanced-meal checklist, everyone's served meals
with their calories, the stock and the discard pile, and Sugar Shock next to the meals it can
ruin."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from games.boards import generic, news
from games.boards.common import back, cards_by_id, mini, move_of, name_of, picture
from games.seat_view import SeatView
from nutrition.meal_words import meal_rule_rows


def build_a_meal_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """Build-A-Meal for one seat: hand, plate with the balanced-meal checklist, everyone's served
    meals with their calories, the stock and the discard pile, and Sugar Shock next to the meals
    it can ruin. `board`: the generic board (its card pictures carry the seat's moves);
    `buttons`: the moves not on a card."""
    cards = view.get("cards") or {}
    shown = cards_by_id(board)
    shocks: dict[tuple[int, int], list[dict]] = {}
    words = {
        "plate": lambda m: _("Put on plate"),
        "unplate": lambda m: _("Take back %(name)s") % {"name": _card_name(view, m["card"])},
        "discard": lambda m: _("Discard"),
        "add": lambda m: _("Add to meal %(n)s") % {"n": m["meal"] + 1},
    }

    def with_moves(card_id):
        found = shown.get(card_id) or picture(card_id, _card_name(view, card_id))
        kept = []
        for entry in found.actions:
            move = move_of(entry)
            if move["type"] == "sugar_shock":
                label = _("Ruin %(who)s's meal %(n)s with Sugar Shock") % {
                    "who": name_of(names, move["target"]),
                    "n": move["meal"] + 1,
                }
                shocks.setdefault((move["target"], move["meal"]), []).append({**entry, "label": label})
            else:
                word = words.get(move["type"])
                kept.append({**entry, "label": word(move) if word else entry["label"]})
        return replace(found, actions=kept)

    hand = [with_moves(c) for c in view.get("hand") or []]
    plate = [with_moves(c) for c in view.get("plate") or []]
    moves, serve = _turn_moves(view, buttons)
    my_turn = seat is not None and seat == view.get("turn")
    top = view.get("discard_top")
    return {
        "hand": hand,
        "plate": plate,
        # The same rule rows (and words) as a meal-balance lesson: nutrition.meal_words.
        "checklist": meal_rule_rows(
            [cards[c] for c in view.get("plate") or [] if c in cards],
            allowed=[cards[c] for c in view.get("hand") or [] if c in cards],
        )
        if seat is not None
        else [],
        "balanced": bool((view.get("plate_check") or {}).get("balanced")),
        "serve": serve,
        "moves": moves,
        # Sugar Shock buttons by meal ("seat.meal", a meal's `key`): drawn in that meal.
        "shocks": [(f"{target}.{meal}", buttons) for (target, meal), buttons in shocks.items()],
        "shock_out_of_turn": bool(shocks) and not my_turn,
        "my_turn": my_turn,
        "phase": view.get("phase"),
        "extra_turn": view.get("extra_turn", False),
        "turn_name": name_of(names, view.get("turn")),
        "players": _served_meals(view, names, seat),
        "stock": view.get("stock_count", 0),
        "discard_top": mini(top, _card_name(view, top)) if top else None,
        "discard_count": view.get("discard_count", 0),
        "turnovers_left": view.get("turnovers_left", 0),
        "limit": view.get("calorie_limit", 600),
        "back": back("eat-right"),
    }


def _card_name(view: dict, card_id) -> str:
    return ((view.get("cards") or {}).get(card_id) or {}).get("name", card_id)


def _turn_moves(view: dict, buttons: list) -> tuple[list[dict], list[dict]]:
    """The moves not on a card, in words: drawing, turning the discard pile over, and so on;
    and, apart, serving the plate."""
    moves, serve = [], []
    for entry in buttons:
        move = move_of(entry)
        if move["type"] == "serve":
            serve.append({**entry, "label": _("Serve this meal")})
        elif move["type"] == "draw" and move.get("from") == "stock":
            moves.append({**entry, "label": _("Draw from the stock")})
        elif move["type"] == "draw":
            name = _card_name(view, view.get("discard_top"))
            moves.append({**entry, "label": _("Take %(name)s from the discard pile") % {"name": name}})
        elif move["type"] == "turn_over":
            moves.append({**entry, "label": _("Turn the discard pile over")})
        else:
            moves.append(entry)
    return moves, serve


def _served_meals(view: dict, names: list[str], seat) -> list[dict]:
    """Every player's served meals with their calories (the reader's first)."""
    players = []
    for number, meals in enumerate(view.get("meals") or []):
        players.append(
            {
                "seat": number,
                "name": name_of(names, number),
                "me": number == seat,
                "turn": number == view.get("turn"),
                "hand": (view.get("hand_counts") or [0] * (number + 1))[number],
                "meals": [
                    {
                        "number": index + 1,
                        "calories": meal.get("calories", 0),
                        "cards": [mini(c, _card_name(view, c)) for c in meal.get("cards", [])],
                        "key": f"{number}.{index}",  # where the `shocks` on this meal are drawn
                    }
                    for index, meal in enumerate(meals)
                ],
            }
        )
    if seat is not None and seat < len(players):
        players.insert(0, players.pop(seat))
    return players


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Build-A-Meal table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = build_a_meal_table(board["view"], names, seat_view.seat, board["board"], board["buttons"])
    return _turn_news(board, seat_view, names, words)


def _turn_news(board: dict, seat_view: SeatView, names: list[str], words) -> dict:
    if board["news_turn"]:  # the turn is one seat's, whoever else may play a Sugar Shock meanwhile
        board["news_turn"] = news.turn_sentence([board["view"].get("turn")], seat_view.seat, names, words)
    return board
