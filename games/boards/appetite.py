"""The Appetite table: Total against Appetite, the cards played in order and who played them,
this seat's hand with its moves, and everyone's score sheet."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from games.boards import generic
from games.boards.common import CardView, cards_by_id, name_of, small
from games.engines.appetite_scoring import ICONS_PER_DESSERT_BOX, SUITS
from games.engines.messages import Speaker
from games.messages import speaker
from games.seat_view import SeatView

MOVE_WORDS = {
    "pass": lambda: _("Pass"),
    "cant_play": lambda: _("I can't play"),
    "redeal": lambda: _("Show my hand and get a new one"),
    "keep": lambda: _("Keep my hand"),
}


def suit_names() -> dict[str, str]:
    return {"breakfast": _("Breakfast"), "lunch": _("Lunch"), "dinner": _("Dinner"), "dessert": _("Dessert")}


def _score_sheet(sheet: dict, boxes: int, seat: int, names: list[str], me: bool) -> dict:
    titles = suit_names()
    full = set(sheet.get("full_columns") or [])
    rows = []
    for box in range(boxes):
        rows.append(
            [
                {"suit": suit, "value": sheet[suit][box] if box < len(sheet.get(suit, [])) else None}
                for suit in SUITS
            ]
        )
    icons = sheet.get("icons", 0)
    return {
        "seat": seat,
        "name": names[seat] if seat < len(names) else "",
        "me": me,
        "columns": [
            {"suit": suit, "title": titles[suit], "full": suit in full, "sum": sum(sheet.get(suit, []))}
            for suit in SUITS
        ],
        "rows": rows,
        "icons": icons,
        "icon_marks": [i < icons for i in range(ICONS_PER_DESSERT_BOX)],
        "points": sheet.get("points", 0),
    }


def _with_reason(picture: CardView, card: dict, view: dict, seat, titles: dict) -> CardView:
    """The generic board explains a card only when some other card can be played; when none
    fits (only "Pass" or "I can't play" left) say why here, from the same two rules."""
    if (
        picture.actions
        or picture.reason
        or seat not in (view.get("to_move") or [])
        or view.get("phase") != "play"
    ):
        return picture
    last = view.get("last_card")
    if last and last["suit"] == card["suit"]:
        suit = titles[card["suit"]]
        return replace(
            picture, reason=_("You can't play a %(suit)s right after a %(suit)s.") % {"suit": suit}
        )
    total = view.get("total", 0) + card["number"]
    if total > view.get("appetite", 0):
        return replace(
            picture,
            reason=_("That card would make the Total %(total)s, more than the Appetite of %(appetite)s.")
            % {"total": total, "appetite": view.get("appetite", 0)},
        )
    return picture


def appetite_table(view: dict, names: list[str], seat, board, buttons, words: Speaker | None = None) -> dict:
    """The Appetite table for one seat: Total against Appetite, the cards played in order and
    who played them, this seat's hand with its moves, and everyone's score sheet. `board`: the
    generic board (its card pictures carry the seat's moves); `words`: the seat's Speaker
    (games.messages), for the cards' labels ("6 of Lunches")."""
    words = words or speaker(viewer=seat, names=names)
    titles = suit_names()
    shown = cards_by_id(board)
    appetite = view.get("appetite") or 10
    total = view.get("total", 0)
    played = []
    for position, entry in enumerate(view.get("table") or []):
        card = entry["card"]
        played.append(
            {
                "id": card["id"],
                "image": small("appetite", card["id"]),
                "label": words.say(card["label"]),
                "suit": card["suit"],
                "number": card["number"],
                "owner_name": name_of(names, entry["seat"]),
                "mine": entry["seat"] == seat,
                "last": position == len(view["table"]) - 1,
            }
        )
    hand = [
        _with_reason(shown[c["id"]], c, view, seat, titles)
        for c in view.get("hand") or []
        if c["id"] in shown
    ]
    moves = [
        {**entry, "label": MOVE_WORDS[entry["type"]]()} for entry in buttons if entry["type"] in MOVE_WORDS
    ]
    moves += [entry for entry in buttons if entry["type"] not in MOVE_WORDS]
    last_card = view.get("last_card")
    hand_sizes = view.get("hand_sizes") or []
    boxes = view.get("boxes", 4)
    return {
        "appetite": appetite,
        "total": total,
        "left": max(0, appetite - total),
        "percent": min(100, round(100 * total / appetite)) if appetite else 0,
        "round": view.get("round", 1),
        "hand_number": view.get("hand_number", 1),
        "dealer": name_of(names, view.get("dealer")),
        "played": played,
        "passes": view.get("passes", 0),
        "players": len(hand_sizes),
        "blocked_suit": titles.get(last_card["suit"], "") if last_card else "",
        "hand": hand,
        "moves": moves,
        "must_play": view.get("must_play", False),
        "redeal": view.get("phase") == "redeal",
        "scored": _last_score(view.get("last_score"), names, seat, titles),
        "others": [
            {"name": name_of(names, number), "cards": size}
            for number, size in enumerate(hand_sizes)
            if number != seat
        ],
        "deck_size": view.get("deck_size", 0),
        "revealed": [
            {
                "name": name_of(names, r["seat"]),
                "me": seat is not None and r["seat"] == seat,
                "cards": [words.say(c["label"]) for c in r["cards"]],
            }
            for r in view.get("revealed") or []
        ],
        "sheets": _score_sheets(view, boxes, names, seat),
        "boxes": boxes,
    }


def _last_score(last_score: dict | None, names: list[str], seat, titles: dict) -> str:
    """Who scored last and how, in one sentence ("" before anyone has)."""
    if not last_score:
        return ""
    facts = {"who": name_of(names, last_score["seat"]), "total": last_score["total"]}
    # The reader's own score gets its own sentence: "You" takes another verb in Spanish.
    mine = seat is not None and last_score["seat"] == seat
    if last_score["suit"] == "dessert":
        if mine:
            return _("Last score: you scored with a Dessert at %(total)s and marked Dessert icons.") % facts
        return _("Last score: %(who)s scored with a Dessert at %(total)s and marked Dessert icons.") % facts
    facts["suit"] = titles[last_score["suit"]]
    if mine:
        return _("Last score: you wrote %(total)s in the %(suit)s column.") % facts
    return _("Last score: %(who)s wrote %(total)s in the %(suit)s column.") % facts


def _score_sheets(view: dict, boxes: int, names: list[str], seat) -> list[dict]:
    """Everyone's score sheet, the reader's first."""
    sheets = [
        _score_sheet(sheet, boxes, number, names, number == seat)
        for number, sheet in enumerate(view.get("sheets") or [])
    ]
    if seat is not None and seat < len(sheets):  # your own sheet first
        sheets.insert(0, sheets.pop(seat))
    return sheets


def present(seat_view: SeatView, names: list[str], words: Speaker, **context) -> dict:
    """The generic board's context plus `t`, the Appetite table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = appetite_table(board["view"], names, seat_view.seat, board["board"], board["buttons"], words)
    return board
