"""Who may reach a match, and whether moves are allowed now: gates of the app that owns it.

Games stays open to everyone by default (a table for friends is reached by its address). A match
made by another app names it (`Match.owner`, set when the match is made and never changed: "" for
nobody's, "classroom", "homework"), and only that app's gates run for it: a public match runs
no gate and no query of another app. An app registers its gates in its AppConfig.ready():

- `register_gate(owner, fn)`: fn(match_id, request_or_scope) -> a refusal message, or None.
  Consulted by every games view that shows or changes one of the owner's matches (match page,
  moves, replay, play again, table pages) and by the match socket on connect and when its seats
  change. `request_or_scope` is a Django request or a Channels scope; `viewer_of` reads the
  session and user from either.
- `register_move_gate(owner, fn)`: fn(match_id) -> a refusal message, or None. Consulted by
  `services.match_submit_action` for every move, bots and timers included (a paused class).
- `register_play_again(owner, fn)`: fn(match, request) -> the address to go to, or None. Lets the
  owner start the next game its own way (the same table, the same classmates).

Callers pass the match, or only its id (a move's POST: its lock reads the match right after):
the owner of an id is read once and remembered by this process (it never changes).

Nothing here imports the apps that register: games never depends on who owns its matches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.bounded import BoundedMemory
from games.models import Match

PUBLIC = ""  # a table for friends, quick play: nobody's match

Gate = Callable[[str, Any], "str | None"]
MoveGate = Callable[[str], "str | None"]
PlayAgain = Callable[[Any, Any], "str | None"]

_gates: dict[str, Gate] = {}
_move_gates: dict[str, MoveGate] = {}
_play_again: dict[str, PlayAgain] = {}

# match id -> owner, for callers that have only the id. Owners never change: no invalidation.
_owners = BoundedMemory(limit=50_000)


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


def register_gate(owner: str, gate: Gate) -> Gate:
    _gates[owner] = gate
    return gate


def register_move_gate(owner: str, gate: MoveGate) -> MoveGate:
    _move_gates[owner] = gate
    return gate


def register_play_again(owner: str, handler: PlayAgain) -> PlayAgain:
    _play_again[owner] = handler
    return handler


def _match_id(match: Match | str) -> str:
    return match if isinstance(match, str) else match.pk


def owner_of(match: Match | str) -> str:
    """The app that owns a match ("" for nobody, and for an id no match has: the caller finds
    it missing next)."""
    if isinstance(match, Match) and not match._state.adding and "owner" not in match.get_deferred_fields():
        _owners.put(match.pk, match.owner)  # a match read from the database knows its owner
        return match.owner
    match_id = _match_id(match)
    owner = _owners.get(match_id)
    if owner is None:
        owner = Match.objects.filter(pk=match_id).values_list("owner", flat=True).first()
        if owner is None:
            return PUBLIC
        _owners.put(match_id, owner)
    return owner


def match_access_refusal(match: Match | str, request_or_scope: Any) -> str | None:
    """Why this visitor may not reach this match, or None when they may."""
    gate = _gates.get(owner_of(match))
    return gate(_match_id(match), request_or_scope) if gate else None


def move_refusal(match: Match | str) -> str | None:
    """Why no move may be made at this match right now, or None."""
    gate = _move_gates.get(owner_of(match))
    return gate(_match_id(match)) if gate else None


def play_again_elsewhere(match: Match, request: Any) -> str | None:
    """The address of the next game when the match's owner handles "Play again", else None."""
    handler = _play_again.get(owner_of(match))
    return handler(match, request) if handler else None
