"""The teacher's say over students: rename a student, accept a waiting name ("I approve names"),
take a student out (remove or ban), show or hide the names of students taken out, and how the
children of one device play (a seat each, passing it, or one seat shared). A child of a team
(classroom.teams) is a student like any: taken out, their teammates play on, and a holder's seat
goes to a partner. Each write owns its transaction and tells the session's live pages after
commit."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from classroom import class_matches, live, seating, services, teams
from classroom.models import ClassSession, Student, TableSeat
from games import services as games
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
        rename_seats(student=student)
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
            if student.team_of_id is None:
                if services.current_seat(student) is None:
                    services.seat_late_student(locked, student)  # with their accepted partners
                continue
            seat = services.current_seat(student.team_of)  # none yet: they sit with their holder later
            if seat is None or seat.partners.filter(pk=student.pk).exists():
                continue
            if len(seating.device_children(locked, student.team_of)) > 1:
                continue  # the device is passed: a seat of their own from the table's next game
            seat.partners.add(student)
            _rename_seat(seat)
    live.session_changed(locked.pk)


# ----- how a device's children play ------------------------------------------------------------


def device_set_passing(*, session: ClassSession, student_id: int, passing: bool) -> Student:
    """The teacher's choice for a device (the one of this student's team): its children each play
    a seat of their own at one table and pass it between turns (`passing`), or share one seat.
    It counts from the next time the device is seated (the start, or its table's next game:
    "New game" or "Play again"); a game going on is left as it is. Returns the seat holder."""
    with transaction.atomic():
        locked = ClassSession.objects.select_for_update().get(pk=session.pk)
        student = services.student_of(locked, student_id)
        holder = student.team_of if student.team_of_id is not None else student
        if locked.ended:
            raise services.ClassroomError(_("This class session has ended."), status=409)
        if holder.removed or student.removed:
            raise services.ClassroomError(_("That student is out of the session."), status=409)
        if locked.is_lesson:
            raise services.ClassroomError(
                _("In a lesson each child builds their own meal: there is no seat to share or pass.")
            )
        if passing:
            team = [holder, *teams.playing_partners(holder)]
            problem = teams.pass_problem(team, game=locked.game, max_seats=seating.max_seats(locked))
            if problem:
                raise services.ClassroomError(problem, status=409)
        if holder.pass_device != passing:
            holder.pass_device = passing
            holder.save(update_fields=["pass_device"])
            live.session_changed(locked.pk, students=False)
    return holder


# ----- taking students out -----------------------------------------------------------------------


def _rename_seat(seat: TableSeat, *, leaving: Student | None = None) -> None:
    name = teams.seat_name(seat, leaving=leaving)
    games.match_seat_rename(match_id=seat.table_match.match_id, seat=seat.seat, nickname=name)


def rename_seats(*, student: Student, leaving: bool = False) -> None:
    """Every seat the student sat at in this session (theirs or a teammate's) shows its team's
    names again, without the student when they are `leaving` ("" once nobody of the team is left:
    the pages then say "Player 2"), and its open pages redraw."""
    seats = (
        TableSeat.objects.filter(Q(student=student) | Q(partners=student))
        .distinct()
        .select_related("table_match", "student")
        .prefetch_related("partners")
    )
    for seat in seats:
        _rename_seat(seat, leaving=student if leaving else None)


def _leave_team(session: ClassSession, student: Student) -> None:
    """A child of a team leaves its seat: a partner just stands up; a holder's seat goes to a
    partner (their device keeps it: `services.student_of_device`), or to a bot when none is left."""
    if student.team_of_id is not None:
        seat = services.current_seat(student.team_of)
        if seat is not None:
            seat.partners.remove(student)
        own = services.current_seat(student)  # passing the device: a seat of their own, to a bot
        if own is not None:
            services.unseat(own, session)
        return
    heir = teams.successor(student)
    seat = services.current_seat(student)
    heir_seat = services.current_seat(heir) if heir is not None else None  # passing the device
    if heir is not None:  # the device and the teacher's choice for it
        heir.team_of, heir.pass_device = None, student.pass_device
        heir.save(update_fields=["team_of", "pass_device"])
        student.partners.update(team_of=heir)
    if seat is not None and heir is not None and not heir.pending and heir_seat is None:
        seat.student = heir
        seat.save(update_fields=["student"])
        seat.partners.remove(heir)
    elif seat is not None:
        services.unseat(seat, session)
    playing = session.status == ClassSession.Status.PLAYING and not session.is_lesson
    if heir is not None and not heir.pending and seat is None and heir_seat is None and playing:
        services.seat_late_student(session, heir)


def student_remove(*, session: ClassSession, student_id: int, ban: bool = False) -> Student:
    """Take a student out: a bot (or a partner of their team) takes their seat and their name
    leaves every page (the dashboard keeps it hidden until the teacher asks). Removed, their
    browser may join again under a new name; banned (`ban`), it can't come back into this
    session (a banned partner's ban is theirs, not the device's: their holder plays on there)."""
    with transaction.atomic():
        student = services.student_of(session, student_id)
        if student.removed and (student.banned or not ban):
            return student
        if not student.removed:
            # First: the open pages told below ask the gates again, which must know by then.
            class_matches.session_gates_changed(session.pk)
            tables = set(session.table_matches.values_list("match_id", flat=True))
            rename_seats(student=student, leaving=True)  # first: a finished game keeps its human seat
            _leave_team(session, student)
            student.removed_at = timezone.now()
            # Their open pages of every table, not only theirs (watching, finished games too), ask
            # the gates again once this commits, and close: they watch no table of the class now.
            for match_id in tables:
                games.match_watchers_changed(match_id=match_id)
        student.banned = student.banned or ban
        student.pending = False
        if ban and student.team_of_id is not None:
            student.device = ""
        student.save(update_fields=["removed_at", "banned", "pending", "device"])
        ClassSession.objects.filter(pk=session.pk).update(show_hidden_names=False)
        live.session_changed(session.pk)
    return student
