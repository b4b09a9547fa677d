"""The board every game gets: the view's zones as card pictures with this seat's moves on them,
the players' numbers, the moves that are not about one card, and how the game ended.

`present(seat_view, names, words, cards=..., deck=...)` is also the first step of every game's
own presenter (games/boards/<game>.py), which regroups what it built.
"""

from __future__ import annotations

import json

from games.boards import news
from games.boards.common import Board, Zone, board_numbers, build_zone, card_id_of
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
    seats' names as this reader reads them; `words`: the reader's Speaker; `cards`: the match's
    card records (their names in the reader's language); `deck`: the card pictures' deck."""
    view = translated_card_names(seat_view.view(), cards)
    zones, buttons = card_pictures(seat_view, view, words, names, deck)
    columns, facts = board_numbers(view, words)
    return {
        **_readers_part(seat_view, view, names, words, buttons),
        "board": Board(zones=zones, columns=columns, facts=facts, status=words.say(view.get("status"))),
        **_zones_by_owner(seat_view, zones),
        "columns": [label for label, _values in columns],
        "players": _players(seat_view, names, columns),
    }


def card_pictures(
    seat_view: SeatView, view: dict, words: Speaker, names: list[str], deck: str
) -> tuple[list[Zone], list[dict]]:
    """The zones of `view` as card pictures with this seat's moves on them, and the moves on no
    card the view shows, as buttons (first the moves off the cards, then those on cards the
    board doesn't show, e.g. a choice from a face-down pile, card by card). A card's moves go on
    its first picture; an own card without moves says why not."""
    declared = view.get("zones") or []
    shown = {card_id_of(item) for zone in declared for item in zone.get("cards") or []}
    seat, by_card, buttons, unshown = seat_view.seat, {}, [], {}
    for move in seat_view.private.moves:
        if move.card is None:
            buttons.append(button(move, seat, words))
        else:
            (by_card if move.card in shown else unshown).setdefault(move.card, []).append(move)
    reasons = seat_view.private.reasons
    zones, seen = [], set()
    for zone_declared in declared:
        zone = build_zone(zone_declared, deck, words, names)
        for card in zone.cards:
            if card.id in by_card and card.id not in seen:
                card.actions = [button(move, seat, words) for move in by_card[card.id]]
            elif zone.own and reasons.get(card.id):
                card.reason = words.say(reasons[card.id])
            seen.add(card.id)
        zones.append(zone)
    return zones, buttons + [button(move, seat, words) for moves in unshown.values() for move in moves]


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


def _zones_by_owner(seat_view: SeatView, zones: list[Zone]) -> dict:
    """The zones as the board lays them out: the seat's own, the table's, the other players'."""
    seat = seat_view.seat
    if seat_view.replay:  # a replay shows the watched seat's cards among everyone's
        own_zones, other_zones = [], [z for z in zones if z.owner is not None]
    else:
        own_zones = [z for z in zones if z.owner == seat and seat is not None]
        other_zones = [z for z in zones if z.owner is not None and z.owner != seat]
    return {
        "own_zones": own_zones,
        "table_zones": [z for z in zones if z.owner is None],
        "other_zones": other_zones,
    }


def _players(seat_view: SeatView, names: list[str], columns: list[tuple[str, list]]) -> list[dict]:
    """The players' table: each seat's name, whether it is the reader's or to move, its numbers."""
    to_move, seat = seat_view.shared.to_move, seat_view.seat
    return [
        {
            "number": number,
            "name": name,
            "is_me": number == seat and not seat_view.replay,
            "to_move": number in to_move,
            "numbers": [values[number] for _, values in columns],
        }
        for number, name in enumerate(names)
    ]
