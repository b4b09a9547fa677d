"""The board every game gets: the view's zones as card pictures with this seat's moves on them,
the players' numbers, the moves that are not about one card, and how the game ended.

`present(seat_view, names, words, cards=..., deck=...)` is also the first step of every game's
own presenter (games/boards/<game>.py), which regroups what it built.
"""

from __future__ import annotations

import json

from games.boards import news
from games.boards.common import Board, CardView, build_board, cards_by_id
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
    buttons = place_moves(board, seat_view, words)
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


def place_moves(board: Board, seat_view: SeatView, words: Speaker) -> list[dict]:
    """Puts the seat's moves on the board's card pictures (each card's first picture) and, on
    its own cards it can't play, why not; returns the other moves as buttons (those not about
    one card, then those on cards the board doesn't show, e.g. a choice from a face-down pile).
    A presenter may pass a board of a few zones, to picture just those cards."""
    by_card: dict[str, list[dict]] = {}
    buttons = []
    for move in seat_view.private.moves:
        entry = button(move, seat_view.seat, words)
        if move.card is not None:
            by_card.setdefault(move.card, []).append(entry)
        else:
            buttons.append(entry)
    reasons = seat_view.private.reasons
    shown_with_actions: set[str] = set()
    for zone in board.zones:
        for card in zone.cards:
            if card.id in by_card and card.id not in shown_with_actions:
                card.actions = by_card[card.id]
                shown_with_actions.add(card.id)
            elif zone.own and reasons.get(card.id):
                card.reason = words.say(reasons[card.id])
    for card_id, entries in by_card.items():
        if card_id not in shown_with_actions:
            buttons.extend(entries)
    return buttons


def pictures_of(
    view: dict, pick, seat_view: SeatView, words: Speaker, names: list[str], *, cards: dict, deck: str
) -> dict[str, CardView]:
    """The card pictures of the view's zones that `pick(zone)` keeps, with the seat's moves on
    them, by card id: for a game's own pieces that show a few cards (no other zone is pictured).
    The same pictures as present()'s while none of those cards shows in an earlier zone (which
    would carry its moves there)."""
    zones = [zone for zone in view.get("zones") or [] if pick(zone)]
    board = build_board({"zones": zones}, cards, deck, words, names)
    place_moves(board, seat_view, words)
    return cards_by_id(board)


def present_own(
    seat_view: SeatView, names: list[str], words: Speaker, *, cards: dict, deck: str, **_more
) -> dict:
    """Only what the pieces every composed page leaves to its reader read (the turn line, the
    result, the moves that are not on a card): a seat's part of a page whose shared part was
    drawn once for everyone (games.rendering.composed_live_html). No card picture is built."""
    view = translated_card_names(seat_view.view(), cards)
    on_the_board = {
        item["card"] if isinstance(item, dict) else item
        for zone in view.get("zones") or []
        for item in zone.get("cards") or []
    }
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
