"""The board every game gets: the view's zones as card pictures with this seat's moves on them,
the players' numbers, the moves that are not about one card, and how the game ended.

`present(seat_view, names, words, cards=..., deck=...)` is also the first step of every game's
own presenter (games/boards/<game>.py), which regroups what it built.
"""

from __future__ import annotations

import json

from games.boards import news
from games.boards.common import Board, CardView, build_board, card_of, zone_card
from games.catalog import final_standings
from games.engines.messages import Speaker
from games.messages import translated_card_names
from games.seat_view import Move, SeatView


def button(move: Move, seat: int | None, words: Speaker) -> dict:
    """One move as a button: its words, the type, what htmx posts (`vals`) and the Move itself."""
    vals = json.dumps({"seat": seat, "action": json.dumps(dict(move.payload))})
    return {"label": words.say(move.label), "vals": vals, "type": move.type, "move": move}


def present(
    seat_view: SeatView, names: list[str], words: Speaker, *, cards: dict, deck: str, **_more
) -> dict:
    """The generic board's context for one seat (or a watcher, or a replay step). `names`: the
    seats' names as this reader reads them; `words`: the reader's Speaker."""
    seat = seat_view.seat
    view = translated_card_names(seat_view.view(), cards)
    board = build_board(view, cards, deck, words, names)
    by_card: dict[str, list[dict]] = {}
    buttons = []
    for move in seat_view.private.moves:
        entry = button(move, seat, words)
        if move.card is not None:
            by_card.setdefault(move.card, []).append(entry)
        else:
            buttons.append(entry)
    shown_with_actions: set[str] = set()
    for zone in board.zones:
        for card in zone.cards:
            _dress(card, zone.own, seat_view, by_card, words, shown_with_actions)
    # Moves on cards the board doesn't show (e.g. a choice from a face-down pile) stay buttons.
    for card_id, entries in by_card.items():
        if card_id not in shown_with_actions:
            buttons.extend(entries)
    to_move = seat_view.shared.to_move
    players = [
        {
            "number": number,
            "name": name,
            "is_me": number == seat and not seat_view.replay,
            "to_move": number in to_move,
            "numbers": [values[number] for _, values in board.columns],
        }
        for number, name in enumerate(names)
    ]
    if seat_view.replay:  # a replay shows the watched seat's cards among everyone's
        own_zones, other_zones = [], [z for z in board.zones if z.owner is not None]
    else:
        own_zones = [z for z in board.zones if z.owner == seat and seat is not None]
        other_zones = [z for z in board.zones if z.owner is not None and z.owner != seat]
    return {
        **_readers_part(seat_view, view, names, words, buttons),
        "board": board,
        "own_zones": own_zones,
        "table_zones": [z for z in board.zones if z.owner is None],
        "other_zones": other_zones,
        "columns": [label for label, _values in board.columns],
        "players": players,
    }


def present_own(
    seat_view: SeatView, names: list[str], words: Speaker, *, cards: dict, deck: str, **_more
) -> dict:
    """Only what the pieces every composed page leaves to its reader read (the turn line, the
    result, the moves that are not on a card): a seat's part of a page whose shared part was
    drawn once for everyone (games.rendering.composed_live_html). No card picture is built."""
    # Only the result is read in words here, so only it gets its cards' names translated (a
    # walk through the whole view was most of this function's time).
    view = {**seat_view.view()}
    view["result"] = translated_card_names(view.get("result"), cards)
    on_the_board = {card_of(item) for zone in view.get("zones") or [] for item in zone.get("cards") or []}
    moves = seat_view.private.moves
    # In the order present() gives them: the moves off the cards, then those on cards the
    # board doesn't show, card by card.
    off_board = [move for move in moves if move.card is not None and move.card not in on_the_board]
    by_card = {move.card: [m for m in off_board if m.card == move.card] for move in off_board}
    ordered = [move for move in moves if move.card is None] + [m for group in by_card.values() for m in group]
    buttons = [button(move, seat_view.seat, words) for move in ordered]
    return {
        **_readers_part(seat_view, view, names, words, buttons),
        "board": Board(status=words.say(view.get("status"))),
    }


def card_pictures(
    seat_view: SeatView, view: dict, names: list[str], words: Speaker, deck: str, wanted
) -> dict[str, CardView]:
    """The pictures of the `wanted` cards exactly as present()'s board has them (each card's
    first appearance: common.cards_by_id), this seat's moves on them or why it can't play them,
    without drawing the rest of the board: for a seat's own pieces (its hand)."""
    wanted = set(wanted)
    by_card: dict[str, list[dict]] = {}
    for move in seat_view.private.moves:
        if move.card in wanted:
            by_card.setdefault(move.card, []).append(button(move, seat_view.seat, words))
    found: dict[str, CardView] = {}
    for zone in view.get("zones") or []:
        for item in zone.get("cards") or []:
            if card_of(item) in wanted and card_of(item) not in found:
                card = found[card_of(item)] = zone_card(item, deck, words, names)
                _dress(card, zone.get("own", False), seat_view, by_card, words, set())
    return found


def _dress(
    card: CardView, own: bool, seat_view: SeatView, by_card: dict, words: Speaker, dressed: set
) -> None:
    """A card picture with this seat's moves on it (its first appearance on the board, not yet
    `dressed`), or, among the seat's own cards, why it can't be played now."""
    reasons = seat_view.private.reasons
    if card.id in by_card and card.id not in dressed:
        card.actions = by_card[card.id]
        dressed.add(card.id)
    elif own and reasons.get(card.id):
        card.reason = words.say(reasons[card.id])


def _readers_part(seat_view: SeatView, view: dict, names: list[str], words: Speaker, buttons: list) -> dict:
    """What a board says to its reader: the moves off the cards, whose turn, how it ended."""
    seat, to_move = seat_view.seat, seat_view.shared.to_move
    result = view.get("result")
    return {
        "view": view,
        "words": words,
        "buttons": buttons,
        "my_turn": seat_view.my_turn,
        "waiting_on": [names[s] for s in to_move if s is not None and s != seat],
        "result": result,
        "result_reason": words.say(result.get("reason")) if result else "",
        "winners": [names[w] for w in result.get("winners", [])] if result else [],
        "final_scores": final_standings(seat_view.game, names, result, seat) if result else [],
        "i_won": bool(result and seat in result.get("winners", [])),
        "timer_label": words.say(seat_view.shared.timer.label) if seat_view.shared.timer else "",
        # Said to screen readers after a change (games.boards.news); a game's presenter may say
        # it its own way.
        "news_turn": "" if result or seat_view.replay else news.turn_sentence(to_move, seat, names, words),
        "news_outcome": news.outcome_sentence(result, seat, names, words) if result else "",
    }
