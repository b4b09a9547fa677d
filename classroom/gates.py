"""The classroom's hooks into games (registered in ClassroomConfig.ready() for the matches the
classroom owns: `OWNER`, set on every match made at a class table; no other match runs them).

- `class_match_gate`: a class session's matches are reachable only by its teacher and its
  students (a removed student no longer counts, nor one whose name waits for the teacher's OK).
- `class_move_gate`: no move at a paused session's tables (bots and timers included).
- `class_play_again`: "Play again" at a class table starts the table's next game with the same
  players and sends the student to their place.
- `match_changed`: every committed change of a class match tells the session's dashboards, and a
  move marks its student active (a change of any other match returns at once).

Both gates answer from facts each process keeps until the session's students or state change
(`class_matches.table_facts`, shared across processes through a stamp in the cache).
- `class_matches_held`: `purge_old_matches` leaves every class match alone (a running session's
  and an ended one's): `purge_class_data` deletes them with the class's data, keeping its totals.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from classroom import class_matches, live, services
from classroom.models import TableMatch
from games.access import owner_of, viewer_of
from games.changes import MatchChange

OWNER = class_matches.CLASSROOM_OWNER  # games.Match.owner of every match made at a class table
STUDENTS_KEY = "class_students"  # browser session: {class session id: student id}


def students_of(session) -> dict:
    if session is None:
        return {}
    return session.get(STUDENTS_KEY, {}) or {}


def class_match_gate(match_id: str, request_or_scope) -> str | None:
    facts = class_matches.table_facts(match_id=match_id)
    if facts is None:
        return None
    viewer = viewer_of(request_or_scope)
    user = viewer.user
    if user is not None and getattr(user, "is_authenticated", False) and user.pk == facts.teacher_id:
        return None
    student_id = students_of(viewer.session).get(str(facts.session_id))
    if student_id is not None and student_id not in facts.removed:
        facts = class_matches.table_facts(match_id=match_id, fresh=True) or facts  # joined since
    if student_id is not None and student_id in facts.removed:
        if facts.removed[student_id]:
            return _("Your teacher took you out of this class session.")
        if student_id not in facts.held:
            return None
    return _("This game belongs to a class session: only its players and their teacher can open it.")


def class_move_gate(match_id: str) -> str | None:
    facts = class_matches.table_facts(match_id=match_id)
    if facts is not None and facts.paused:
        return _("Your teacher paused the game. Wait until it goes on.")
    return None


def class_play_again(match, request) -> str | None:
    session, student = class_matches.student_of_match(
        match_id=match.pk, students=students_of(request.session)
    )
    if session is None:
        return None
    if student is not None and not student.removed and not student.pending:
        services.table_play_again(session=session, match_id=match.pk, student=student)
    return services.class_url(session)


def match_changed(change: MatchChange) -> None:
    if owner_of(change.match_id) != OWNER:  # remembered by the move that made the change
        return
    if change.seat is not None:
        session_id = class_matches.student_activity(match_id=change.match_id, seat=change.seat)
    else:
        session_id = class_matches.session_of_match(match_id=change.match_id)
    if session_id is not None:
        # Activity: the teacher's pages coalesce it. A change of the class's state that also
        # changes matches (an end, a seat) tells its own state change.
        live.session_changed(session_id, students=False, activity=True)


def class_matches_held():
    """The ids of every match played at a class session's tables (games.retention holds them)."""
    return TableMatch.objects.values("match_id")
