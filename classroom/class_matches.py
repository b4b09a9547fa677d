"""Which class session a match belongs to, who plays it, and who is active: the lookups the
games app's hooks (classroom.gates) make on every page, socket and move of a class table.

The gates' facts (the session's teacher, whether it is paused, its students and who of them was
taken out) are kept per process for each class match (`table_facts`), so a class move asks no
query of them. They are stamped with the session's gate stamp, a random token kept in the
shared cache (Redis in production, where every worker process reads the same one; the process's
own memory on the embedded default, which is one process):

- `session_gates_changed(session_id)` writes a new stamp at once and again once the transaction
  commits: a student taken out, accepted or moved, a pause, a resume, an end. Every process then finds its
  facts stamped with an old token on its next check and reads them again (two queries).
- A check reads the stamp first and the database after, so facts read just before a commit are
  stamped with the old token and thrown away on the next check.
- The cache unavailable (a Redis outage: its reads give nothing), nothing is kept: every check
  reads the database, as before. Facts are also never older than FACTS_SECONDS, which bounds a
  stamp write lost to an outage.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from classroom.models import ClassSession, Student, TableMatch, TableSeat
from games.bounded import BoundedMemory

CLASSROOM_OWNER = "classroom"  # games.Match.owner of every match made at a class table
FACTS_SECONDS = 10.0
STAMP_SECONDS = 24 * 3600  # a stamp gone from the cache is replaced: the facts are read again


@dataclass(frozen=True)
class TableFacts:
    """What the gates of one class match need, as of `stamp`."""

    session_id: int
    teacher_id: int
    paused: bool
    removed: dict[int, bool]  # every student of the session: id -> taken out?
    held: frozenset[int]  # the students whose name waits for the teacher's OK
    stamp: str
    read_at: float


_facts = BoundedMemory(limit=5_000)  # match id -> TableFacts


def _stamp_key(session_id: int) -> str:
    return f"classroom-gates-{session_id}"


def _gate_stamp(session_id: int) -> str | None:
    """The session's current stamp (None: the shared cache can't be read, keep nothing)."""
    key = _stamp_key(session_id)
    stamp = cache.get(key)
    if stamp is None:
        cache.add(key, secrets.token_hex(8), STAMP_SECONDS)
        stamp = cache.get(key)
    return stamp


def _new_stamp(session_id: int) -> None:
    cache.set(_stamp_key(session_id), secrets.token_hex(8), STAMP_SECONDS)


def session_gates_changed(session_id: int) -> None:
    """The session's students or state changed (taken out, moved, paused, resumed, ended): every
    process reads its gates' facts again. A new stamp now, and another once this transaction
    commits: facts another process reads in between (still the old ones) are thrown away then.
    Call it before telling the open pages (their sockets ask the gates again at once)."""
    _new_stamp(session_id)
    transaction.on_commit(lambda: _new_stamp(session_id))


def table_facts(*, match_id: str, fresh: bool = False) -> TableFacts | None:
    """The gates' facts of a class match (None: not a class match, or its session is gone).
    `fresh`: read them again whatever is kept (a student this process hasn't seen yet)."""
    session_id = session_of_match(match_id=match_id)
    if session_id is None:
        return None
    stamp = _gate_stamp(session_id)
    known = _facts.get(match_id)
    if (
        not fresh
        and known is not None
        and stamp is not None
        and known.stamp == stamp
        and time.monotonic() - known.read_at < FACTS_SECONDS
    ):
        return known
    row = ClassSession.objects.filter(pk=session_id).values_list("teacher_id", "paused").first()
    if row is None:
        _facts.discard(match_id)
        return None
    students = Student.objects.filter(session_id=session_id).values_list("pk", "removed_at", "pending")
    removed, held = {}, set()
    for pk, removed_at, pending in students:
        removed[pk] = removed_at is not None
        if pending and removed_at is None:
            held.add(pk)
    facts = TableFacts(session_id, row[0], row[1], removed, frozenset(held), stamp or "", time.monotonic())
    if stamp is not None:
        _facts.put(match_id, facts)
    return facts


def student_of_match(*, match_id: str, students: dict) -> tuple[ClassSession | None, Student | None]:
    """The class session a match belongs to (None: not a class match) and, from a browser's
    {session id: student id} map, the student of that session it is (None if none)."""
    table = TableMatch.objects.filter(match_id=match_id).select_related("session").first()
    if table is None:
        return None, None
    student_id = (students or {}).get(str(table.session_id))
    student = (
        Student.objects.filter(pk=student_id, session_id=table.session_id).first() if student_id else None
    )
    if student is not None:
        student.session = table.session
    return table.session, student


# Every move at a class table asks which session it belongs to and marks its student active:
# two queries and a write per move, on the hottest path of a busy class (benchmarks/README.md,
# "Load"). A class match never changes session, so a found answer is kept (per process); the
# activity mark is written at most once per ACTIVITY_EVERY per seat, far finer than the 90 s
# that make a student "idle".
ACTIVITY_EVERY = timedelta(seconds=15)
_MEMORY_LIMIT = 20_000
_session_of_class_match = BoundedMemory(limit=_MEMORY_LIMIT)
_activity_written: dict[tuple[str, int], datetime] = {}


def session_of_match(*, match_id: str) -> int | None:
    known = _session_of_class_match.get(match_id)
    if known is not None:
        return known
    session_id = TableMatch.objects.filter(match_id=match_id).values_list("session_id", flat=True).first()
    if session_id is not None:  # not kept when None: not a class match (or not one yet)
        _session_of_class_match.put(match_id, session_id)
    return session_id


def student_activity(*, match_id: str, seat: int) -> int | None:
    """A move at a class table: the student who made it (and their team) was active now.
    Returns the session id (None: not a class match)."""
    session_id = session_of_match(match_id=match_id)
    if session_id is None:
        return None
    now = timezone.now()
    written = _activity_written.get((match_id, seat))
    if written is not None and now - written < ACTIVITY_EVERY:
        return session_id
    if len(_activity_written) >= _MEMORY_LIMIT:
        _activity_written.clear()
    _activity_written[(match_id, seat)] = now
    at_seat = TableSeat.objects.filter(table_match__match_id=match_id, seat=seat)
    # The holder and their partners (classroom.teams): a team's move is each child's.
    Student.objects.filter(Q(table_seats__in=at_seat) | Q(partner_seats__in=at_seat)).update(
        last_active_at=now
    )
    return session_id
