"""One bounded cache per process of what a change left stored: the match, its seats, its latest
moves. Every render of a change (each open page of the match redraws it) draws from here, so a
change costs at most one database read per process, and usually none:

- in the process that made the move, `remember_change` keeps the rows the move wrote (a
  reference to them: the in-memory channel layer passes nothing more);
- in the other processes (production: several workers and a Redis channel layer), the change's
  group message carries the same rows in a compact form (`rows_payload`), and the first socket
  of the match to get the message installs them once for the whole process (`install_payload`);
- a change whose rows are unknown (a lobby change, a deal) is read once, by the first render
  that needs it (`match_rows`).

A snapshot holds exactly what a fresh read gives, hidden hands included, like the database
rows: every render still filters by seat. Entries are keyed by match, version, status and
changed_at; the process never installs a carried snapshot older than the newest it holds of
that match.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from datetime import datetime
from typing import NamedTuple

from games.changes import FEED_LENGTH, MatchChange
from games.models import Match, MatchAction, Seat

logger = logging.getLogger(__name__)


class MatchRows(NamedTuple):
    """What a change left stored: the match, its seats, its latest FEED_LENGTH moves newest first."""

    match: Match
    seats: list[Seat]
    recent: list[MatchAction]


_SNAPSHOTS: OrderedDict[tuple, MatchRows] = OrderedDict()
_SNAPSHOT_LIMIT = 256
# Renders run in several threads (requests, sockets): the cache is only touched under this lock.
_SNAPSHOTS_LOCK = threading.Lock()

# A carried snapshot over this size is not sent: the other processes read the change instead.
# (Channels' layer spec asks layers to take messages up to 1 MB of JSON and users to keep well
# below; a 4-seat change is a few KB.)
PAYLOAD_LIMIT = 256 * 1024


def _snapshot_key(match: Match) -> tuple:
    return (match.pk, match.version, match.status, match.changed_at.isoformat())


def _snapshot_keep(key: tuple, snapshot: MatchRows) -> None:
    with _SNAPSHOTS_LOCK:
        _SNAPSHOTS[key] = snapshot
        while len(_SNAPSHOTS) > _SNAPSHOT_LIMIT:
            _SNAPSHOTS.popitem(last=False)


def match_rows(match: Match) -> tuple[list[Seat], list[MatchAction]]:
    """A match's seats and latest moves. After a change every open page redraws: the first
    render reads them (unless the change brought them), the others reuse them."""
    key = _snapshot_key(match)
    with _SNAPSHOTS_LOCK:
        cached = _SNAPSHOTS.get(key)
    if cached is None:
        seats = list(match.seat_set.all())
        recent = list(MatchAction.objects.filter(match=match).order_by("-index")[:FEED_LENGTH])
        cached = MatchRows(match, seats, recent)
        _snapshot_keep(key, cached)
    return cached.seats, cached.recent


def match_rows_remember(match: Match, seats: list[Seat], recent: list[MatchAction]) -> None:
    """Keep what a move just wrote (the match as stored, its seats, its latest FEED_LENGTH moves
    newest first), so this process's sockets redraw the change without reading it back."""
    _snapshot_keep(_snapshot_key(match), MatchRows(match, list(seats), list(recent)[:FEED_LENGTH]))


def change_rows(change: MatchChange) -> MatchRows | None:
    """What a move left stored: the rows it wrote, its feed completed from the version before
    it when this process holds that (else read)."""
    if change.rows is None:
        return None
    match, seats, logged = change.rows
    with _SNAPSHOTS_LOCK:
        cached = _SNAPSHOTS.get(_snapshot_key(match))
    return cached or MatchRows(match, list(seats), _recent(match, logged))


def _recent(match: Match, logged: list[MatchAction]) -> list[MatchAction]:
    """The match's latest FEED_LENGTH moves, newest first: the change's own, then the ones before."""
    before = _newest_of(match.pk, match.version - len(logged))
    if before is None:
        return list(MatchAction.objects.filter(match=match).order_by("-index")[:FEED_LENGTH])
    return (list(logged) + before.recent)[:FEED_LENGTH]


def _newest_of(match_id: str, version: int) -> MatchRows | None:
    """This process's newest snapshot of that version of the match (lobby changes bump only
    changed_at: every snapshot of a version holds the same moves)."""
    with _SNAPSHOTS_LOCK:
        for key in reversed(_SNAPSHOTS):
            if key[0] == match_id and key[1] == version:
                return _SNAPSHOTS[key]
    return None


def remember_change(change: MatchChange) -> None:
    """Subscriber of games.changes: keep the rows a move left for this process's redraws."""
    rows = change_rows(change)
    if rows is not None:
        _snapshot_keep(_snapshot_key(rows.match), rows)


def _find(match_id: str, version: int | None, changed_at: str | None) -> MatchRows | None:
    with _SNAPSHOTS_LOCK:
        for key in reversed(_SNAPSHOTS):  # newest first
            if key[0] == match_id and key[1] == version and key[3] == changed_at:
                return _SNAPSHOTS[key]
    return None


def cached_match(match_id: str, version: int | None, changed_at: str | None) -> Match | None:
    """The match as it was at this change, if this process holds that change's rows."""
    found = _find(match_id, version, changed_at)
    return found.match if found is not None else None


def newest_version(match_id: str) -> int | None:
    """The newest version of the match this process holds, if any."""
    with _SNAPSHOTS_LOCK:
        versions = [key[1] for key in _SNAPSHOTS if key[0] == match_id]
    return max(versions, default=None)


# ----- carried across processes: the rows as plain values (the channel layer's serializer) -----

_MATCH_FIELDS = [field.attname for field in Match._meta.concrete_fields]
_SEAT_FIELDS = [field.attname for field in Seat._meta.concrete_fields]
_ACTION_FIELDS = [field.attname for field in MatchAction._meta.concrete_fields]


def _datetime_fields(model) -> set[int]:
    return {
        index
        for index, field in enumerate(model._meta.concrete_fields)
        if field.get_internal_type() == "DateTimeField"
    }


_MATCH_TIMES = _datetime_fields(Match)
_SEAT_TIMES = _datetime_fields(Seat)
_ACTION_TIMES = _datetime_fields(MatchAction)


def _plain(row, names: list[str], times: set[int]) -> list:
    values = [getattr(row, name) for name in names]
    for index in times:
        if values[index] is not None:
            values[index] = values[index].isoformat()
    return values


def _row(model, values: list, times: set[int]):
    for index in times:
        if values[index] is not None:
            values[index] = datetime.fromisoformat(values[index])
    return model.from_db("default", None, values)  # as the ORM builds a row it read


def rows_payload(rows: MatchRows) -> bytes | None:
    """The rows as one compact JSON document (None when over PAYLOAD_LIMIT). Their JSON fields
    are what the database stores already (services._as_stored), so nothing is lost on the way."""
    document = [
        _plain(rows.match, _MATCH_FIELDS, _MATCH_TIMES),
        [_plain(seat, _SEAT_FIELDS, _SEAT_TIMES) for seat in rows.seats],
        [_plain(action, _ACTION_FIELDS, _ACTION_TIMES) for action in rows.recent],
    ]
    payload = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode()
    return payload if len(payload) <= PAYLOAD_LIMIT else None


def rows_from_payload(payload: bytes) -> MatchRows:
    match_values, seat_values, action_values = json.loads(payload)
    match = _row(Match, match_values, _MATCH_TIMES)
    seats = [_row(Seat, values, _SEAT_TIMES) for values in seat_values]
    for seat in seats:  # as match.seat_set.all() leaves them: their match needs no read
        Seat.match.field.set_cached_value(seat, match)
    recent = [_row(MatchAction, values, _ACTION_TIMES) for values in action_values]
    return MatchRows(match, seats, recent)


def install_payload(match_id: str, version: int, changed_at: str, payload: bytes) -> bool:
    """Keep the rows a change message carried, once per process: False (nothing decoded) when
    this process holds them already (it made the move, or another socket installed them) or
    holds a newer version of the match; also when the payload isn't this change's."""
    if _find(match_id, version, changed_at) is not None:
        return False
    newest = newest_version(match_id)
    if newest is not None and newest > version:
        return False
    try:
        rows = rows_from_payload(payload)
    except (ValueError, TypeError, KeyError, IndexError):  # never the page's loss: it reads instead
        logger.exception("A change message of match %s carried rows that don't decode.", match_id)
        return False
    match = rows.match
    if match.pk != match_id or match.version != version or match.changed_at.isoformat() != changed_at:
        return False
    _snapshot_keep(_snapshot_key(match), rows)
    return True
