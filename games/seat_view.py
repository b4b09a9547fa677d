"""What one seat (or a watcher) sees of a match, as one typed value: `seat_view(...)`.

Pure Python, no Django: engine messages and card ids stay as data; the presenters
(games/boards/) put them into words. A `SeatView` has two parts:

- `shared`: what every seat and every watcher sees, built only from engine.view(state, None)
  and the table's own timed move, so it is the same value whoever asks.
- `private`: what only this seat sees, built only from engine.view(state, seat) and
  engine.legal_actions(state, seat): its view (its hand, its own zones, words said to it), its
  moves and why a card of its own can't be played now. Another seat's hidden cards can't get
  in: neither source holds them.

`SeatView.view()` is exactly engine.view(state, seat).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.engines.base import IllegalAction


def _empty() -> Mapping:
    return MappingProxyType({})


@dataclass(frozen=True)
class Move:
    """One legal move: its type, the card it is about (or None), its button words as an
    engine message (untranslated) and the engine action to send back (`payload`)."""

    type: str
    card: str | None
    label: Any
    payload: Mapping


@dataclass(frozen=True)
class Shared:
    """What everyone at the table and every watcher sees."""

    view: Mapping  # engine.view(state, None)
    to_move: tuple  # seat numbers, None for the table's own move
    timer: Move | None = None  # the table's timed move (a countdown), if one is due

    @property
    def zones(self) -> list[dict]:
        return list(self.view.get("zones") or [])

    @property
    def status(self) -> Any:
        return self.view.get("status")

    @property
    def result(self) -> dict | None:
        return self.view.get("result")


@dataclass(frozen=True)
class Private:
    """What only this seat sees. A watcher's (seat None) is empty."""

    view: Mapping = field(default_factory=_empty)  # engine.view(state, seat)
    moves: tuple[Move, ...] = ()
    # Card id -> engine message: why this own card can't be played now.
    reasons: Mapping = field(default_factory=_empty)


@dataclass(frozen=True)
class SeatView:
    game: str
    seat: int | None
    replay: bool
    shared: Shared
    private: Private = field(default_factory=Private)

    @property
    def my_turn(self) -> bool:
        return not self.replay and self.seat is not None and self.seat in self.shared.to_move

    def view(self) -> dict:
        """This seat's view as the engine gave it (a watcher's: the shared one)."""
        return dict(self.private.view if self.seat is not None else self.shared.view)


def card_ids_in(action: Mapping, cards: Mapping) -> list[str]:
    """The ids of this match's cards an action names (its fields, lists included)."""
    found = []
    for key, value in action.items():
        if key in ("type", "version"):
            continue
        if isinstance(value, str) and value in cards:
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str) and v in cards)
    return found


def seat_view(engine, state: dict, seat: int | None, *, cards: Mapping, replay: bool = False) -> SeatView:
    """The seat's view of `state` (seat None: a watcher). `cards`: the match's card records, to
    tell which action fields are cards. In a replay there are no moves, reasons or countdown."""
    watcher = engine.view(state, None)
    to_move = tuple(watcher.get("to_move") or ())
    timer = None if replay else _timer(engine, state, to_move)
    shared = Shared(view=MappingProxyType(watcher), to_move=to_move, timer=timer)
    if seat is None:
        return SeatView(game=engine.slug, seat=None, replay=replay, shared=shared)
    own = engine.view(state, seat)
    private = _private(engine, state, seat, own, cards, moves_too=not replay)
    return SeatView(game=engine.slug, seat=seat, replay=replay, shared=shared, private=private)


def _timer(engine, state: dict, to_move: tuple) -> Move | None:
    if None not in to_move:
        return None
    table = engine.legal_actions(state, None)
    if not table or "after_ms" not in table[0]:
        return None
    action = table[0]
    return Move(type=action["type"], card=None, label=engine.action_text(state, action), payload=action)


def _private(engine, state, seat, own: dict, cards, *, moves_too: bool) -> Private:
    moves: list[Move] = []
    reasons: dict[str, Any] = {}
    if moves_too:
        for action in engine.legal_actions(state, seat):
            ids = card_ids_in(action, cards)
            label = engine.action_text(state, action)
            moves.append(Move(type=action["type"], card=ids[0] if ids else None, label=label, payload=action))
        card_types = sorted({move.type for move in moves if move.card is not None})
        if card_types and seat in (own.get("to_move") or ()):
            playable = {move.card for move in moves if move.card is not None}
            for zone in own.get("zones") or []:
                if not zone.get("own"):
                    continue
                for item in zone.get("cards") or []:
                    card_id = item["card"] if isinstance(item, dict) else item
                    if card_id not in playable and card_id not in reasons:
                        reasons[card_id] = _why_not(engine, state, seat, card_id, card_types)
    return Private(view=MappingProxyType(own), moves=tuple(moves), reasons=MappingProxyType(reasons))


def _why_not(engine, state: dict, seat: int, card_id: str, types: list[str]) -> Any:
    """The engine's own message for why this card can't be played now ("" if it can)."""
    for action_type in types:
        try:
            engine.apply(state, seat, {"type": action_type, "card": card_id, "version": state["version"]})
        except IllegalAction as error:
            return error.text
        except Exception:  # an engine that can't even read the move: no reason to show
            return ""
    return ""
