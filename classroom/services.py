"""Classroom services: teachers, class sessions, students joining, seating (the meal-balance
lessons are in classroom.lessons, deleting a session's data in classroom.retention).

Every write is one service with keyword-only arguments that owns its transaction and tells the
session's live pages after commit (`classroom.live`). Games are made and changed only through
`games.services`.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from classroom import class_matches, live, seating, teams
from classroom.models import ClassSession, Student, TableMatch, TableSeat
from decks import needs as deck_needs
from decks import services as decks
from foodcards.services import deck_records
from games import scheduler
from games import services as games
from games.bots import bot_levels
from games.catalog import game_name
from games.dealing import new_rng, new_seed
from games.engines.cards import load_deck_records
from games.models import Pace
from games.tutorials import tutorial_for
from nicknames import clean_nickname, nickname_key, nickname_problem
from nutrition.meals import MealRules

TEACHERS_GROUP = "Teachers"
# Join codes: no look-alikes (no 0/O/Q, 1/I/L, 2/Z, 5/S, 6/G, 8/B).
CODE_ALPHABET = "ACDEFHJKMNPRTUVWXY3479"
CODE_LENGTH = 6
LESSON_DECK = "eat-right"


class ClassroomError(Exception):
    """A request the classroom refuses, with a message for people and an HTTP status."""

    def __init__(self, message: str, *, status: int = 400, code: str = "bad_request"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


# ----- teachers ----------------------------------------------------------------------------------


def teacher_ensure(*, username: str, password: str) -> tuple[object, bool]:
    """Create (or reset) a teacher login; returns (user, created). Teachers are not staff: the
    admin is the operator's."""
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username)
    user.set_password(password)
    user.is_staff = False
    user.save()
    teacher_add_to_group(user=user)
    return user, created


def teacher_add_to_group(*, user) -> None:
    group, _created = Group.objects.get_or_create(name=TEACHERS_GROUP)
    user.groups.add(group)


# ----- creating sessions -------------------------------------------------------------------------


def code_normalize(raw: str) -> str:
    """What a child typed, as a code: capitals, no spaces or dashes."""
    return "".join(ch for ch in (raw or "").upper() if ch.isalnum())


def _new_code() -> str:
    chooser = secrets.SystemRandom()
    for _attempt in range(50):
        code = "".join(chooser.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not ClassSession.objects.filter(code=code).exists():
            return code
    raise ClassroomError(_("Could not make a new join code. Please try again."), status=503)


def lesson_card_records(deck=None) -> list[dict]:
    """The cards a meal-balance lesson may use: the foods and Exercise of a teacher's own deck
    (decks.TeacherDeck), or of the Eat Right deck (from the database, so card edits in the admin
    count; the shipped records when the deck isn't loaded)."""
    if deck is not None:
        return deck_needs.lesson_cards(decks.deck_records(deck=deck))
    return deck_needs.lesson_cards(deck_records(deck_slug=LESSON_DECK) or load_deck_records(LESSON_DECK))


def _deck_cards(deck, teacher, **fit) -> list[dict]:
    """A teacher's own deck's cards for a session (checked to fit the game), or a refusal."""
    if deck.owner_id != teacher.pk:
        raise ClassroomError(_("You have no deck with that address."), status=404)
    try:
        return decks.records_for_play(deck=deck, **fit)
    except decks.DeckError as error:
        raise ClassroomError(error.message, status=error.status) from None


def session_create(
    *,
    teacher,
    kind: str,
    title: str = "",
    game: str = "",
    options: dict | None = None,
    seats_per_table: int = 2,
    bot_level: str = "",
    meal_rules: dict | None = None,
    lesson_cards: list[str] | None = None,
    deck=None,
    approve_names: bool = False,
    pace: str = Pace.STEADY,
    tutorial_first: bool = False,
) -> ClassSession:
    """A new class session with a fresh join code (students may join at once). `deck`: one of the
    teacher's own decks (decks.TeacherDeck) instead of the Eat Right deck; the session keeps its
    cards as they are now. `approve_names`: each new name waits for the teacher's OK. A game's
    `pace` (games.models.Pace) is every table's; `tutorial_first`: "Learn to play" first (kept
    only when the game has a guided first game)."""
    fields: dict = {
        "teacher": teacher,
        "title": (title or "").strip()[:80],
        "kind": kind,
        "approve_names": approve_names,
    }
    if kind == ClassSession.Kind.GAME:
        engine = games.engine_get(game=game)
        if not engine.min_seats <= seats_per_table <= engine.max_seats:
            raise ClassroomError(
                _("%(game)s needs %(low)s to %(high)s players at a table.")
                % {"game": game_name(game), "low": engine.min_seats, "high": engine.max_seats}
            )
        levels = bot_levels(game)
        if levels and bot_level not in levels:
            raise ClassroomError(_("Pick a bot level from the list."))
        try:
            options = engine.clean_options(options)
        except Exception as error:  # IllegalAction with the engine's own words
            raise ClassroomError(getattr(error, "message", str(error))) from None
        if pace not in Pace.values:
            raise ClassroomError(_("Pick a pace from the list."))
        fields.update(game=game, options=options, seats_per_table=seats_per_table, bot_level=bot_level)
        fields.update(pace=pace, tutorial_first=bool(tutorial_first) and tutorial_for(game) is not None)
        if deck is not None:
            if engine.deck_slug != deck_needs.DECK_SLUG:
                raise ClassroomError(_("Your own decks are Eat Right decks: pick an Eat Right game."))
            records = _deck_cards(deck, teacher, game=game, seats=seats_per_table)
            fields.update(deck=deck, deck_cards=records)
    elif kind == ClassSession.Kind.LESSON:
        try:
            rules = MealRules.from_dict(meal_rules)
        except ValueError as error:
            raise ClassroomError(_("That meal rule isn't possible: %(rule)s.") % {"rule": error}) from None
        records = lesson_card_records()
        if deck is not None:
            fields.update(deck=deck, deck_cards=_deck_cards(deck, teacher))
            records = deck_needs.lesson_cards(fields["deck_cards"])
        known = [record["id"] for record in records]
        cards = [card for card in known if card in set(lesson_cards)] if lesson_cards is not None else known
        if len(cards) < 3:
            raise ClassroomError(_("Pick at least three cards for the lesson."))
        check = deck_needs.lesson_check([r for r in records if r["id"] in set(cards)], rules)
        if not check.ok:
            raise ClassroomError(check.message)
        fields.update(meal_rules=rules.to_dict(), lesson_cards=cards)
    else:
        raise ClassroomError(_("Pick a game or a meal-balance lesson."))
    for _attempt in range(5):
        try:
            with transaction.atomic():
                session = ClassSession.objects.create(code=_new_code(), **fields)
                decks.cards_share(records=session.deck_cards)
                return session
        except IntegrityError:  # two new sessions drew the same code at once
            continue
    raise ClassroomError(_("Could not make a new join code. Please try again."), status=503)


def session_of_teacher(*, teacher, session_id) -> ClassSession:
    """The teacher's own session; anyone else's is "not found" (404), not "forbidden"."""
    session = ClassSession.objects.filter(pk=session_id, teacher=teacher).first()
    if session is None:
        raise ClassroomError(_("There is no class session with that address."), status=404, code="not_found")
    return session


# ----- students joining --------------------------------------------------------------------------


def session_for_code(*, code: str) -> ClassSession:
    """The session a join code opens, or a plain reason why it opens none."""
    code = code_normalize(code)
    if not code:
        raise ClassroomError(_("Please type your class code."), code="no_code")
    session = ClassSession.objects.filter(code=code).first()
    if session is None:
        raise ClassroomError(
            _("There is no class with the code %(code)s. Check the code on the board and try again.")
            % {"code": code},
            status=404,
            code="wrong_code",
        )
    expired = session.created_at < timezone.now() - timedelta(hours=settings.CLASSROOM_CODE_HOURS)
    if session.ended or expired:
        raise ClassroomError(
            _("The class with the code %(code)s has ended. Ask your teacher for today's code.")
            % {"code": code},
            status=410,
            code="expired",
        )
    return session


def student_join(
    *,
    session: ClassSession,
    nickname: str,
    device: str,
    was: int | None = None,
    partners: list[str] | tuple[str, ...] = (),
) -> Student:
    """A student joins with a nickname; a late joiner is seated at once, unless the teacher
    approves names first (the student then waits, `pending`). A banned browser can't come back:
    its device cookie (`device`) or its browser session (`was`: the student it was here).
    `partners`: one or two more children's nicknames sharing this device and seat (a team,
    classroom.teams), each a student of its own, checked and held for the teacher like any name;
    one name refused and nobody joins."""
    banned = session.students.filter(banned=True)
    if (device and banned.filter(device=device).exists()) or (was and banned.filter(pk=was).exists()):
        raise ClassroomError(
            _("Your teacher took you out of this class session, and you can't join it again."),
            status=403,
            code="banned",
        )
    if session.locked:
        raise ClassroomError(
            _("This class session is closed to new players. Ask your teacher."), status=403, code="locked"
        )
    partners = [name for name in partners if (name or "").strip()]
    if session.students.count() + len(partners) >= settings.CLASSROOM_MAX_STUDENTS:
        raise ClassroomError(_("This class session is full."), status=403, code="full")
    taken = set(session.students.values_list("nickname_key", flat=True))
    problem = nickname_problem(nickname, taken=taken)
    if problem:
        raise ClassroomError(problem, code="nickname")
    nickname = clean_nickname(nickname)
    if refusal := teams.partners_problem(
        partners, taken={*taken, nickname_key(nickname)}, lesson=session.is_lesson
    ):
        raise ClassroomError(refusal.message, code=refusal.field)
    try:
        with transaction.atomic():
            session = ClassSession.objects.select_for_update().get(pk=session.pk)
            student = None  # the seat holder, then their partners (team_of: classroom.teams)
            for name in [nickname, *partners]:
                joined = Student.objects.create(
                    session=session,
                    nickname=clean_nickname(name),
                    nickname_key=nickname_key(name),
                    device=device or "",
                    last_active_at=timezone.now(),
                    pending=session.approve_names,
                    team_of=student,
                )
                student = student or joined
            seated = (
                session.status == ClassSession.Status.PLAYING
                and not session.is_lesson
                and not student.pending
            )
            if seated:
                seat_late_student(session, student)
            # Seated at a game going on (often in a bot's seat): the tablemates' pages must
            # stop naming the bot now, so their class bars are told too (classroom.js).
            live.session_changed(session.pk, students=seated, activity=not seated)
    except IntegrityError:
        raise ClassroomError(
            _("Someone here already has that name. Please pick another one."), code="nickname"
        ) from None
    return student


def student_of_device(*, session: ClassSession, device: str) -> Student | None:
    """The student this browser already is in this session (its session cookie was lost, or its
    seat went to a partner: `roster.student_remove`). A partner shares the holder's device."""
    if not device:
        return None
    here = session.students.filter(device=device, removed_at__isnull=True, team_of__isnull=True)
    return here.order_by("-joined_at").first()


def student_touch(*, student: Student) -> None:
    """The student's browser is in use: so is every child of their team."""
    Student.objects.filter(Q(pk=student.pk) | Q(team_of=student.pk)).update(last_active_at=timezone.now())


# ----- seating -----------------------------------------------------------------------------------


def session_start(*, session: ClassSession) -> None:
    """Seat every student at tables of the chosen size (shuffled; bots fill the gaps). A lesson
    opens: its students' pages change from "wait for your teacher" to the lesson by themselves
    (until then `classroom.lessons` refuses every plate change and check)."""
    with transaction.atomic():
        session = ClassSession.objects.select_for_update().get(pk=session.pk)
        if session.ended:
            raise ClassroomError(_("This class session has ended."), status=409)
        if session.status == ClassSession.Status.PLAYING:
            raise ClassroomError(_("The class session has already started."), status=409)
        if not session.is_lesson:
            # Seat holders: their partners sit with them (classroom.teams).
            joined = session.students.filter(removed_at__isnull=True, pending=False, team_of__isnull=True)
            students = sorted(joined, key=lambda student: student.nickname_key)
            if not students:
                raise ClassroomError(_("Nobody has joined yet."), status=409, code="empty")
            # GAMES_DEAL_SEED (tests, demos): the same students get the same seats, joined in any order.
            names = [student.nickname_key for student in students]
            new_rng("class", session.game, session.seats_per_table, names).shuffle(students)
            units = [seating.device_children(session, student) for student in students]
            for number, group in enumerate(teams.split_tables(units, session.seats_per_table), start=1):
                seating.table_create(session, number, list(group))
        session.status = ClassSession.Status.PLAYING
        session.started_at = timezone.now()
        session.save(update_fields=["status", "started_at"])
        live.session_changed(session.pk)


def _playing_bot_seat(session: ClassSession, table: int | None = None) -> TableSeat | None:
    seats = TableSeat.objects.filter(
        table_match__session=session,
        table_match__current=True,
        table_match__match__status="playing",
        student__isnull=True,
    ).select_related("table_match")
    if table is not None:
        seats = seats.filter(table_match__table=table)
    return seats.order_by("table_match__table", "seat").first()


def _seat_at(seat: TableSeat, student: Student) -> None:
    """A student (with their partners) takes over a bot's seat mid-game."""
    token = games.match_seat_replace(
        match_id=seat.table_match.match_id,
        seat=seat.seat,
        kind="human",
        nickname=teams.holder_team_name(student),
    )
    seat.student, seat.token = student, token or ""
    seat.save(update_fields=["student", "token"])
    seat.partners.set(teams.playing_partners(student))


def unseat(seat: TableSeat, session: ClassSession) -> None:
    """A bot takes over a student's seat mid-game (the game goes on for the others)."""
    if seat.table_match.match.status != "finished":
        games.match_seat_replace(
            match_id=seat.table_match.match_id,
            seat=seat.seat,
            kind="bot",
            bot_level=seating.bot_level(session),
        )
    seat.student, seat.token = None, ""
    seat.save(update_fields=["student", "token"])
    seat.partners.clear()


def current_seat(student: Student) -> TableSeat | None:
    return (
        TableSeat.objects.filter(student=student, table_match__current=True)
        .select_related("table_match__match")
        .first()
    )


def seat_late_student(session: ClassSession, student: Student) -> None:
    """A late joiner takes a bot's seat at a game in progress, or gets a new table with bots
    (always, with partners who each take a seat: `teams.device_children`)."""
    seat = _playing_bot_seat(session)
    if seat is not None and len(seating.device_children(session, student)) == 1:
        _seat_at(seat, student)
        return
    last = session.table_matches.order_by("-table").values_list("table", flat=True).first() or 0
    seating.table_create(session, last + 1, [student])


def student_move(*, session: ClassSession, student_id: int, table: int) -> None:
    """Move a student to another table: a bot takes their seat, they take a bot's seat there."""
    with transaction.atomic():
        student = student_of(session, student_id)
        if student.team_of_id is not None:  # a partner moves with their team
            student = student.team_of
        if student.removed or student.pending:
            raise ClassroomError(_("Only a student who is playing can move to another table."), status=409)
        apart = TableSeat.objects.filter(student__team_of=student, table_match__current=True).exists()
        if apart or len(seating.device_children(session, student)) > 1:  # a seat each, or from the next game
            raise ClassroomError(
                _(
                    "%(name)s and their partners pass their device, each in a seat at one table: "
                    "they stay together."
                )
                % {"name": student.nickname},
                status=409,
            )
        target = _playing_bot_seat(session, table)
        if target is None:
            raise ClassroomError(
                _("Table %(n)s has no free seat: a student can only take a bot's seat in a game still on.")
                % {"n": table},
                status=409,
                code="no_seat",
            )
        current = current_seat(student)
        if current is not None and current.table_match.table == table:
            raise ClassroomError(_("%(name)s already sits at that table.") % {"name": student.nickname})
        class_matches.session_gates_changed(session.pk)  # before the seats' pages are told
        if current is not None:
            unseat(current, session)
        _seat_at(target, student)
        live.session_changed(session.pk)


def table_restart(*, session: ClassSession, table: int) -> TableMatch:
    """A fresh game at a table with the same players (the unfinished one ends with no winner),
    each device seated as the teacher now chooses (`seating.table_again`)."""
    with transaction.atomic():
        current = session.table_matches.filter(table=table, current=True).first()
        if current is None:
            raise ClassroomError(_("There is no table %(n)s.") % {"n": table}, status=404)
        if session.ended:
            raise ClassroomError(_("This class session has ended."), status=409)
        games.match_close(match_id=current.match_id, reason="The teacher started this table's game again.")
        students = [seat.student for seat in current.seats.select_related("student")]
        fresh = seating.table_again(session, table, students, new_seed("again", current.match.seed))
        live.session_changed(session.pk)
    return fresh


def table_play_again(*, session: ClassSession, match_id: str, student: Student) -> None:
    """A student who finished plays again at the same table with the same players (each device
    seated as the teacher now chooses: `seating.table_again`): a new game for the table unless a
    tablemate already started one."""
    with transaction.atomic():
        locked = ClassSession.objects.select_for_update().get(pk=session.pk)
        played = TableMatch.objects.filter(session=locked, match_id=match_id).first()
        if played is None or not played.current or locked.ended or locked.paused:
            return  # the table moved on (or the class is paused/over): the student's place says where
        if played.match.status != "finished":
            return
        students = [seat.student for seat in played.seats.select_related("student")]
        if student.pk not in {seated.pk for seated in students if seated is not None}:
            return  # only the table's own players start its next game
        seating.table_again(locked, played.table, students, new_seed("again", played.match.seed))
        live.session_changed(locked.pk)


# ----- the teacher's controls --------------------------------------------------------------------


def session_set_locked(*, session: ClassSession, locked: bool) -> None:
    ClassSession.objects.filter(pk=session.pk).update(locked=locked)
    live.session_changed(session.pk, students=False)


def session_set_paused(*, session: ClassSession, paused: bool) -> None:
    """Pause: every page shows "paused" and moves (bots' and timers' too) are refused; resuming
    plays at once what became due meanwhile."""
    with transaction.atomic():
        ClassSession.objects.filter(pk=session.pk).update(paused=paused)
        class_matches.session_gates_changed(session.pk)
        live.session_changed(session.pk)
    if not paused:
        for match_id in session.table_matches.filter(current=True).values_list("match_id", flat=True):
            scheduler.kick(match_id)


def session_end(*, session: ClassSession) -> None:
    """End the session: joining stops and every game still going finishes with no winner."""
    with transaction.atomic():
        session = ClassSession.objects.select_for_update().get(pk=session.pk)
        if session.ended:
            return
        class_matches.session_gates_changed(session.pk)
        for match_id in session.table_matches.filter(current=True).values_list("match_id", flat=True):
            games.match_close(match_id=match_id, reason="The teacher ended the class session.")
        session.status = ClassSession.Status.ENDED
        session.paused = False
        session.ended_at = timezone.now()
        session.save(update_fields=["status", "paused", "ended_at"])
        live.session_changed(session.pk)


def student_of(session: ClassSession, student_id) -> Student:
    student = session.students.filter(pk=student_id).first()
    if student is None:
        raise ClassroomError(_("That student isn't in this class session."), status=404)
    return student


# ----- where a student belongs -------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Where a student should be now: kind is "banned", "removed", "ended", "pending", "lesson"
    (a started lesson), "table" or "waiting" (for the start, or for a table); url is the page;
    tokens are the seat tokens their browser needs there."""

    kind: str
    url: str
    table: int | None = None
    match_id: str | None = None
    tokens: tuple[tuple[str, str], ...] = ()


def class_url(session: ClassSession) -> str:
    return f"/class/{session.code}/"


def student_place(*, student: Student) -> Place:
    session = student.session
    if student.removed:
        return Place("banned" if student.banned else "removed", class_url(session))
    if session.ended:
        return Place("ended", class_url(session))
    if student.pending:
        return Place("pending", class_url(session))
    if session.is_lesson:
        if session.status != ClassSession.Status.PLAYING:
            return Place("waiting", class_url(session))
        return Place("lesson", class_url(session))
    seat = current_seat(student)
    if seat is not None:
        match_id = seat.table_match.match_id
        return Place(
            "table",
            f"/play/{match_id}/",
            table=seat.table_match.table,
            match_id=match_id,
            tokens=((match_id, seat.token),) if seat.token else (),
        )
    return Place("waiting", class_url(session))
