"""Homework's hooks into games (registered in HomeworkConfig.ready() for the matches homework
owns: `OWNER`, set on every homework match; no other match runs them).

- `match_gate`: a homework match opens only for its student's browser and their teacher (pages,
  moves, replays, play again, the match socket);
- `move_gate`: no move, bots' and timers' included, once the assignment has closed;
- `play_again`: "Play again" after a homework game starts the student's next attempt;
- `matches_held`: `purge_old_matches` leaves homework matches alone (`purge_homework_data`
  deletes them with the students' data);
- `match_changed` (a games.changes subscriber): a learn-to-play homework's guided game whose
  lesson just ended has that moment stamped on its attempt.

A learn-to-play lesson's guided first game is a homework match like a game against bots: every
gate above runs for it.

Which match belongs to which attempt is the `Attempt.match` row, written in the same transaction
as the match (homework.matches), so no page, socket or move ever sees a homework match before
its owner is known: the per-process memory below may remember a match's link for good.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from games.access import viewer_of
from homework import services
from homework.matches import HOMEWORK_OWNER, tutorial_lesson_over
from homework.models import Assignment, Attempt, Student


@dataclass(frozen=True)
class Link:
    assignment_id: int
    student_id: int
    teacher_id: int


OWNER = HOMEWORK_OWNER  # games.Match.owner of every homework match (homework.matches sets it)
_NOT_HOMEWORK = Link(0, 0, 0)
_MEMORY_LIMIT = 20_000
_links: dict[str, Link] = {}


def link_of_match(match_id: str) -> Link | None:
    """The assignment, student and teacher of a homework match (None: not homework)."""
    known = _links.get(match_id)
    if known is None:
        row = (
            Attempt.objects.filter(match_id=match_id)
            .values_list("student__assignment_id", "student_id", "student__assignment__teacher_id")
            .first()
        )
        known = Link(*row) if row else _NOT_HOMEWORK
        if len(_links) >= _MEMORY_LIMIT:
            _links.clear()
        _links[match_id] = known
    return None if known == _NOT_HOMEWORK else known


def match_gate(match_id: str, request_or_scope) -> str | None:
    link = link_of_match(match_id)
    if link is None:
        return None
    viewer = viewer_of(request_or_scope)
    user = viewer.user
    if user is not None and getattr(user, "is_authenticated", False) and user.pk == link.teacher_id:
        return None
    if services.students_of(viewer.session).get(str(link.assignment_id)) == link.student_id:
        return None
    return _("This game is someone's homework: only they and their teacher can open it.")


def move_gate(match_id: str) -> str | None:
    link = link_of_match(match_id)
    if link is None:
        return None
    dates = Assignment.objects.filter(pk=link.assignment_id).values_list("due_at", "late_until").first()
    if dates is None or timezone.now() >= (dates[1] or dates[0]):
        return _("This homework has closed: the game can't go on.")
    return None


def play_again(match, request) -> str | None:
    """A homework game's "Play again": the student's next game (or their homework page, which
    says why there is none)."""
    link = link_of_match(match.pk)
    if link is None:
        return None
    student = Student.objects.filter(pk=link.student_id).select_related("assignment").first()
    if student is None:
        return services.ENTRY_URL
    if services.students_of(request.session).get(str(link.assignment_id)) != link.student_id:
        return services.homework_url(student.assignment)
    try:
        return services.game_play(student=student, session=request.session)
    except services.HomeworkError:
        return services.homework_url(student.assignment)


def matches_held():
    """The ids of every homework match (games.retention holds them)."""
    return Attempt.objects.filter(match__isnull=False).values("match_id")


def match_changed(change) -> None:
    """After a committed move: a homework's guided first game whose lesson is over gets the
    moment on its attempt (the results, and the LMS's score, read it)."""
    if change.rows is not None and tutorial_lesson_over(change.rows[0]):
        services.attempt_lesson_done(match_id=change.rows[0].pk)
