"""Which class session a match belongs to, who plays it, and who is active: the lookups the
games app's hooks (classroom.gates) make on every page, socket and move of a class table."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from classroom.models import ClassSession, Student, TableMatch


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
_session_of_class_match: dict[str, int] = {}
_activity_written: dict[tuple[str, int], datetime] = {}


def session_of_match(*, match_id: str) -> int | None:
    known = _session_of_class_match.get(match_id)
    if known is not None:
        return known
    session_id = TableMatch.objects.filter(match_id=match_id).values_list("session_id", flat=True).first()
    if session_id is not None:  # not kept when None: the match may be seated at a class table later
        if len(_session_of_class_match) >= _MEMORY_LIMIT:
            _session_of_class_match.clear()
        _session_of_class_match[match_id] = session_id
    return session_id


def session_paused_for_match(*, match_id: str) -> bool:
    return TableMatch.objects.filter(match_id=match_id, session__paused=True).exists()


def student_activity(*, match_id: str, seat: int) -> int | None:
    """A move at a class table: the student who made it was active now. Returns the session id
    (None: not a class match)."""
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
    Student.objects.filter(table_seats__table_match__match_id=match_id, table_seats__seat=seat).update(
        last_active_at=now
    )
    return session_id
