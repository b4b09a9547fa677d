"""The teacher's say over students' names: rename a student, accept a waiting name ("I approve
names"), show or hide the names of students taken out (`services.student_remove` takes them out).
Each write owns its transaction and tells the session's live pages after commit."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from classroom import class_matches, live, services
from classroom.models import ClassSession, Student
from nicknames import clean_nickname, nickname_key, nickname_problem


def session_set_approve_names(*, session: ClassSession, approve: bool) -> None:
    """Turn "I approve names" on or off. Names already waiting still wait for the teacher."""
    ClassSession.objects.filter(pk=session.pk).update(approve_names=approve)
    live.session_changed(session.pk, students=False)


def session_show_hidden_names(*, session: ClassSession, shown: bool) -> None:
    """Show (or hide again) the names of removed and banned students on the dashboard."""
    ClassSession.objects.filter(pk=session.pk).update(show_hidden_names=shown)
    live.session_changed(session.pk, students=False)


def student_rename(*, session: ClassSession, student_id: int, nickname: str) -> Student:
    """The teacher gives a student another name: it shows at once on the student's pages, on
    their table's pages and on the dashboard, projector and leaderboard."""
    with transaction.atomic():
        student = services.student_of(session, student_id)
        if student.removed:
            raise services.ClassroomError(_("That student is out of the session."), status=409)
        taken = set(session.students.exclude(pk=student.pk).values_list("nickname_key", flat=True))
        problem = nickname_problem(nickname, taken=taken)
        if problem:
            raise services.ClassroomError(problem, code="nickname")
        student.nickname = clean_nickname(nickname)
        student.nickname_key = nickname_key(student.nickname)
        try:
            with transaction.atomic():
                student.save(update_fields=["nickname", "nickname_key"])
        except IntegrityError:
            raise services.ClassroomError(
                _("Someone here already has that name. Please pick another one."), code="nickname"
            ) from None
        services.rename_seats(student=student, nickname=student.nickname)
        live.session_changed(session.pk)
    return student


def student_approve(*, session: ClassSession, student_id: int) -> Student:
    """Accept a waiting student's name: it shows to everyone, and the student is seated (a game
    already started) or waits for the start with the others."""
    with transaction.atomic():
        locked = ClassSession.objects.select_for_update().get(pk=session.pk)
        student = services.student_of(locked, student_id)
        if student.removed or not student.pending:
            return student
        _accept(locked, [student])
    return student


def students_approve_all(*, session: ClassSession) -> int:
    """ "Approve all": accept every name waiting now, oldest first (a name that arrives meanwhile
    keeps waiting: the teacher has not seen it). Returns how many were accepted."""
    with transaction.atomic():
        locked = ClassSession.objects.select_for_update().get(pk=session.pk)
        waiting = list(
            locked.students.filter(removed_at__isnull=True, pending=True).order_by("joined_at", "pk")
        )
        if waiting:
            _accept(locked, waiting)
    return len(waiting)


def _accept(locked: ClassSession, students: list[Student]) -> None:
    """Inside the caller's transaction, with the session row locked."""
    for student in students:
        student.pending = False
        student.save(update_fields=["pending"])
    class_matches.session_gates_changed(locked.pk)  # the class's tables open to them now
    if locked.status == ClassSession.Status.PLAYING and not locked.is_lesson and not locked.ended:
        for student in students:
            services.seat_late_student(locked, student)
    live.session_changed(locked.pk)
