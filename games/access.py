"""Who may reach a match, and whether moves are allowed now: gates other apps register.

Games stays open to everyone by default (a table for friends is reached by its address). An app
that owns some matches (a classroom's class sessions) registers gates in its AppConfig.ready():

- `register_gate(fn)`: fn(match, request_or_scope) -> a refusal message, or None. Consulted by
  every games view that shows or changes a match (match page, moves, replay, play again, table
  pages) and by the match socket on connect. `request_or_scope` is a Django request or a
  Channels scope; `viewer_of` reads the session and user from either. A gate may rely on the
  match's id only: a move passes an unsaved `Match(pk=...)` (its lock reads the match right
  after), the other table POSTs its id, game and status (services.match_ref).
- `register_move_gate(fn)`: fn(match_id) -> a refusal message, or None. Consulted by
  `services.match_submit_action` for every move, bots and timers included (a paused class).
- `register_play_again(fn)`: fn(match, request) -> the address to go to, or None. Lets the owner
  of a match start the next game its own way (the same table, the same classmates).

Nothing here imports the apps that register: games never depends on who owns its matches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Gate = Callable[[Any, Any], "str | None"]
MoveGate = Callable[[str], "str | None"]
PlayAgain = Callable[[Any, Any], "str | None"]

_gates: list[Gate] = []
_move_gates: list[MoveGate] = []
_play_again: list[PlayAgain] = []


@dataclass(frozen=True)
class Viewer:
    """Who is asking, from a request or a websocket scope: their session (dict-like, may be None)
    and their user (may be anonymous or None)."""

    session: Any
    user: Any


def viewer_of(request_or_scope: Any) -> Viewer:
    if isinstance(request_or_scope, dict):
        return Viewer(session=request_or_scope.get("session"), user=request_or_scope.get("user"))
    return Viewer(
        session=getattr(request_or_scope, "session", None), user=getattr(request_or_scope, "user", None)
    )


def register_gate(gate: Gate) -> Gate:
    if gate not in _gates:
        _gates.append(gate)
    return gate


def register_move_gate(gate: MoveGate) -> MoveGate:
    if gate not in _move_gates:
        _move_gates.append(gate)
    return gate


def register_play_again(handler: PlayAgain) -> PlayAgain:
    if handler not in _play_again:
        _play_again.append(handler)
    return handler


def match_access_refusal(match: Any, request_or_scope: Any) -> str | None:
    """Why this visitor may not reach this match, or None when they may."""
    for gate in list(_gates):
        refusal = gate(match, request_or_scope)
        if refusal:
            return refusal
    return None


def move_refusal(match_id: str) -> str | None:
    """Why no move may be made at this match right now, or None."""
    for gate in list(_move_gates):
        refusal = gate(match_id)
        if refusal:
            return refusal
    return None


def play_again_elsewhere(match: Any, request: Any) -> str | None:
    """The address of the next game when the match's owner handles "Play again", else None."""
    for handler in list(_play_again):
        url = handler(match, request)
        if url:
            return url
    return None
