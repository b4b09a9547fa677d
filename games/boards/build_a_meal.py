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
    it can ruin."""
    readers = _readers_table(view, names, seat, cards_by_id(board), buttons)
    return {**readers, **_shared_table(view, names, seat)}


def _card_name(view: dict, card_id) -> str:
    return ((view.get("cards") or {}).get(card_id) or {}).get("name", card_id)


def _readers_table(view: dict, names: list[str], seat, shown: dict, buttons) -> dict:
    """The part of the table the reader's own pieces draw (games/play/_meal_*.html): whose turn,
    the moves, the hand and plate with the checklist, and the Sugar Shock buttons by meal.
    `shown`: the card pictures of the hand and the plate, with this seat's moves on them."""
    cards = view.get("cards") or {}
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
    my_turn = seat is not None and seat == view.get("turn")
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
        # Sugar Shock buttons by meal ("seat.meal"): drawn in each meal, for this reader only.
        "shocks": [(f"{target}.{meal}", buttons) for (target, meal), buttons in shocks.items()],
        "shock_now": bool(shocks),
        "shock_out_of_turn": bool(shocks) and not my_turn,
        "my_turn": my_turn,
        "phase": view.get("phase"),
        "extra_turn": view.get("extra_turn", False),
        "turn_name": name_of(names, view.get("turn")),
    }


def _shared_table(view: dict, names: list[str], seat) -> dict:
    """The part of the table every reader shares: everyone's served meals, the piles."""
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
                        "key": f"{number}.{index}",  # its Sugar Shock piece's (each reader's own buttons)
                    }
                    for index, meal in enumerate(meals)
                ],
            }
        )
    if seat is not None and seat < len(players):
        players.insert(0, players.pop(seat))
    top = view.get("discard_top")
    return {
        "players": players,
        "stock": view.get("stock_count", 0),
        "discard_top": mini(top, _card_name(view, top)) if top else None,
        "discard_count": view.get("discard_count", 0),
        "turnovers_left": view.get("turnovers_left", 0),
        "limit": view.get("calorie_limit", 600),
        "back": back("eat-right"),
    }


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Build-A-Meal table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = build_a_meal_table(board["view"], names, seat_view.seat, board["board"], board["buttons"])
    return _turn_news(board, seat_view, names, words)


def present_own(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """What a seat's own Build-A-Meal pieces read: the generic part and the reader's part of the
    table, with card pictures for its hand and plate only."""
    own = generic.present_own(seat_view, names, words, pictures=_hand_and_plate, **context)
    if not own["view"]:  # drawn by the generic board (games/play/build-a-meal.html)
        return generic.present_board_own(seat_view, names, words, **context)
    own["t"] = _readers_table(own["view"], names, seat_view.seat, cards_by_id(own["board"]), own["buttons"])
    return _turn_news(own, seat_view, names, words)


def _hand_and_plate(zone: dict) -> bool:
    """The zones whose card pictures the reader's own pieces draw (the seat's hand and plate)."""
    return bool(zone.get("own"))


def _turn_news(board: dict, seat_view: SeatView, names: list[str], words) -> dict:
    if board["news_turn"]:  # the turn is one seat's, whoever else may play a Sugar Shock meanwhile
        board["news_turn"] = news.turn_sentence([board["view"].get("turn")], seat_view.seat, names, words)
    return board
