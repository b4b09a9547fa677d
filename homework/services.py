"""Homework services: assignments, students taking them up and resuming, their games and lesson
checks, retention.

Every write is one service with keyword-only arguments that owns its transaction. Games are
made only through homework.matches (the one module that talks to games); a lesson uses the
classroom's lesson (classroom.lessons) and the meal check (nutrition.meals), never a copy.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from classroom import lessons
from classroom.services import CODE_ALPHABET, ClassroomError, code_normalize, lesson_card_records
from decks.needs import lesson_check as lesson_cards_check
from games import services as games
from games.bots import bot_levels
from games.catalog import game_name
from games.tutorials import tutorial_for
from homework import matches
from homework.models import Assignment, Attempt, Student
from nicknames import clean_nickname, fun_names, nickname_key, nickname_problem
from nutrition.meals import MealRules

CODE_LENGTH = 6  # an assignment's code, like a class's join code
RESUME_LENGTH = 8  # a student's resume code: 22^8, about 5.5e10 codes, shown as XXXX-XXXX
MAX_GAMES = 100  # games one student may start for one assignment
MAX_CHECKS = 300  # "Check my meal" presses one student may make
MAX_GOAL = {
    Assignment.Goal.PLAY: 20,
    Assignment.Goal.WIN: 20,
    Assignment.Goal.BALANCED: 10,
    Assignment.Goal.LEARN: 1,  # a learn-to-play lesson is finished once
}
LONGEST = timedelta(days=366)  # from opening to the last day late work is accepted
ENTRY_URL = "/homework"
STUDENTS_KEY = "homework_students"  # browser session: {assignment id: student id}


class HomeworkError(Exception):
    """A request homework refuses, with a message for people and an HTTP status."""

    def __init__(self, message: str, *, status: int = 400, code: str = "bad_request"):
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code


def homework_url(assignment: Assignment) -> str:
    return f"/hw/{assignment.code}/"


def when(moment: datetime, assignment: Assignment) -> str:
    """A date and time in the assignment's time zone, in the reader's words."""
    local = timezone.localtime(moment, zone_of(assignment.time_zone))
    return formats.date_format(local, "DATETIME_FORMAT")


def zone_of(name: str):
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def time_zone_clean(name: str) -> str:
    """A time zone a browser named (IANA), or the site's when it names none we know."""
    try:
        ZoneInfo(name or "")
        return name
    except (ZoneInfoNotFoundError, ValueError):
        return settings.TIME_ZONE


# ----- assignments -------------------------------------------------------------------------------


def _new_code() -> str:
    chooser = secrets.SystemRandom()
    for _attempt in range(50):
        code = "".join(chooser.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Assignment.objects.filter(code=code).exists():
            return code
    raise HomeworkError(_("Could not make a new homework code. Please try again."), status=503)


def _dates_check(opens_at: datetime, due_at: datetime, late_until: datetime | None) -> None:
    if due_at <= opens_at:
        raise HomeworkError(_("The due date must come after the opening."), code="dates")
    if late_until is not None and late_until <= due_at:
        raise HomeworkError(_("Late work must be accepted until after the due date."), code="dates")
    if (late_until or due_at) - opens_at > LONGEST:
        raise HomeworkError(_("Homework can stay open for a year at most."), code="dates")


def _game_fields(game: str, options: dict | None, seats: int, bot_level: str, goal: str) -> dict:
    engine = games.engine_get(game=game)
    if not engine.min_seats <= seats <= engine.max_seats:
        raise HomeworkError(
            _("%(game)s needs %(low)s to %(high)s players.")
            % {"game": game_name(game), "low": engine.min_seats, "high": engine.max_seats}
        )
    if bot_level not in bot_levels(game):
        raise HomeworkError(_("Pick a bot level from the list."))
    if goal not in (Assignment.Goal.PLAY, Assignment.Goal.WIN):
        raise HomeworkError(_("Pick a goal: play games or win games."))
    try:
        options = engine.clean_options(options)
    except Exception as error:  # IllegalAction with the engine's own words
        raise HomeworkError(getattr(error, "message", str(error))) from None
    return {"game": game, "options": options, "seats": seats, "bot_level": bot_level}


def _tutorial_fields(game: str) -> dict:
    """A learn-to-play lesson: the game's guided first game sets its seats, bots and options."""
    lesson = tutorial_for(game or "")
    if lesson is None:
        raise HomeworkError(_("Pick a game that has a learn-to-play lesson."))
    return {
        "game": game,
        "options": dict(lesson.options),
        "seats": lesson.seats,
        "bot_level": lesson.bot_level,
    }


def _lesson_fields(meal_rules: dict | None, lesson_cards: list[str] | None) -> dict:
    try:
        rules = MealRules.from_dict(meal_rules)
    except ValueError as error:
        raise HomeworkError(_("That meal rule isn't possible: %(rule)s.") % {"rule": error}) from None
    records = lesson_card_records()
    chosen = set(lesson_cards) if lesson_cards is not None else {record["id"] for record in records}
    cards = [record["id"] for record in records if record["id"] in chosen]
    if len(cards) < 3:
        raise HomeworkError(_("Pick at least three cards for the lesson."))
    check = lesson_cards_check([record for record in records if record["id"] in chosen], rules)
    if not check.ok:
        raise HomeworkError(check.message)
    return {"meal_rules": rules.to_dict(), "lesson_cards": cards}


def assignment_create(
    *,
    teacher,
    kind: str,
    due_at: datetime,
    goal: str,
    goal_count: int = 1,
    opens_at: datetime | None = None,
    late_until: datetime | None = None,
    time_zone: str = "",
    title: str = "",
    game: str = "",
    options: dict | None = None,
    seats: int = 2,
    bot_level: str = "",
    meal_rules: dict | None = None,
    lesson_cards: list[str] | None = None,
) -> Assignment:
    """A new assignment with a fresh code: a game against bots (`game`, `seats` with the student
    in one and bots in the others, `bot_level`, `options`), a meal-balance lesson (`meal_rules`,
    `lesson_cards`) or a learn-to-play lesson (`game`; its goal is always to finish it once),
    open from `opens_at` (now) until `due_at` (or `late_until`)."""
    now = timezone.now()
    opens_at = opens_at or now
    fields: dict = {"teacher": teacher, "title": (title or "").strip()[:80], "kind": kind}
    if kind == Assignment.Kind.GAME:
        fields.update(_game_fields(game, options, seats, bot_level, goal))
    elif kind == Assignment.Kind.LESSON:
        fields.update(_lesson_fields(meal_rules, lesson_cards))
        goal = Assignment.Goal.BALANCED
    elif kind == Assignment.Kind.TUTORIAL:
        fields.update(_tutorial_fields(game))
        goal, goal_count = Assignment.Goal.LEARN, 1
    else:
        raise HomeworkError(_("Pick a game, a meal-balance lesson or a learn-to-play lesson."))
    if not 1 <= goal_count <= MAX_GOAL[goal]:
        raise HomeworkError(_("The goal can be from 1 to %(n)s.") % {"n": MAX_GOAL[goal]}, code="goal")
    if due_at <= now:
        raise HomeworkError(_("The due date has already passed: pick a later one."), code="dates")
    _dates_check(opens_at, due_at, late_until)
    fields.update(
        goal=goal,
        goal_count=goal_count,
        opens_at=opens_at,
        due_at=due_at,
        late_until=late_until,
        time_zone=time_zone_clean(time_zone),
    )
    for _attempt in range(5):
        try:
            with transaction.atomic():
                return Assignment.objects.create(code=_new_code(), **fields)
        except IntegrityError:  # two new assignments drew the same code at once
            continue
    raise HomeworkError(_("Could not make a new homework code. Please try again."), status=503)


def assignment_of_teacher(*, teacher, assignment_id) -> Assignment:
    """The teacher's own assignment; anyone else's is "not found" (404), not "forbidden"."""
    assignment = Assignment.objects.filter(pk=assignment_id, teacher=teacher).first()
    if assignment is None:
        raise HomeworkError(_("There is no homework with that address."), status=404, code="not_found")
    return assignment


def assignment_set_dates(
    *, assignment: Assignment, opens_at: datetime, due_at: datetime, late_until: datetime | None
) -> None:
    """New dates (a due date moved earlier closes the homework at once; a later one reopens it)."""
    if assignment.purged_at is not None:
        raise HomeworkError(_("This homework's students' data were deleted."), status=409)
    _dates_check(opens_at, due_at, late_until)
    Assignment.objects.filter(pk=assignment.pk).update(
        opens_at=opens_at, due_at=due_at, late_until=late_until
    )


def _match_ids(assignment: Assignment) -> list[str]:
    return list(
        Attempt.objects.filter(student__assignment=assignment, match__isnull=False).values_list(
            "match_id", flat=True
        )
    )


def assignment_delete(*, assignment: Assignment) -> None:
    """Delete an assignment with everything its students left: names, games, meal checks."""
    with transaction.atomic():
        match_ids = _match_ids(assignment)
        assignment.delete()
        games.matches_delete(match_ids=match_ids)


def assignment_purge_students(*, assignment: Assignment, summary: dict) -> None:
    """Delete a closed assignment's student data, keeping its totals (`summary`)."""
    with transaction.atomic():
        match_ids = _match_ids(assignment)
        assignment.students.all().delete()
        games.matches_delete(match_ids=match_ids)
        assignment.purged_at = timezone.now()
        assignment.summary = summary
        assignment.save(update_fields=["purged_at", "summary"])


# ----- finding an assignment, joining and resuming ------------------------------------------------


def assignment_for_code(*, code: str) -> Assignment:
    """The assignment a code opens (open or not: its page says which), or why there is none."""
    code = code_normalize(code)
    if not code:
        raise HomeworkError(_("Please type your homework code."), code="no_code")
    assignment = Assignment.objects.filter(code=code).first()
    if assignment is None:
        raise HomeworkError(
            _("There is no homework with the code %(code)s. Check the code and try again.") % {"code": code},
            status=404,
            code="wrong_code",
        )
    return assignment


def assignment_must_be_open(assignment: Assignment) -> None:
    state = assignment.state()
    if state == "upcoming":
        raise HomeworkError(
            _("This homework opens on %(when)s: come back then!")
            % {"when": when(assignment.opens_at, assignment)},
            status=409,
            code="upcoming",
        )
    if state == "closed":
        raise HomeworkError(
            _("This homework is closed (since %(when)s). If you need more time, ask your teacher.")
            % {"when": when(assignment.closes_at, assignment)},
            status=410,
            code="closed",
        )


def resume_code_hash(assignment: Assignment, code: str) -> str:
    return hashlib.sha256(f"{assignment.resume_salt}:{code_normalize(code)}".encode()).hexdigest()


def resume_code_show(code: str) -> str:
    """XXXX-XXXX: easier to copy by hand."""
    return f"{code[:4]}-{code[4:]}"


def _new_resume_code(assignment: Assignment) -> tuple[str, str]:
    chooser = secrets.SystemRandom()
    for _attempt in range(20):
        code = "".join(chooser.choice(CODE_ALPHABET) for _ in range(RESUME_LENGTH))
        digest = resume_code_hash(assignment, code)
        if not assignment.students.filter(resume_hash=digest).exists():
            return code, digest
    raise HomeworkError(_("Could not make a resume code. Please try again."), status=503)


def student_join(*, assignment: Assignment, nickname: str) -> tuple[Student, str]:
    """A student takes up the homework with a nickname (the class sessions' rule). Returns the
    student and their resume code, which is never stored: show it once."""
    assignment_must_be_open(assignment)
    if assignment.students.count() >= settings.HOMEWORK_MAX_STUDENTS:
        raise HomeworkError(_("This homework is full. Ask your teacher."), status=403, code="full")
    taken = set(assignment.students.values_list("nickname_key", flat=True))
    problem = nickname_problem(nickname, taken=taken)
    if problem:
        raise HomeworkError(problem, code="nickname")
    nickname = clean_nickname(nickname)
    code, digest = _new_resume_code(assignment)
    try:
        with transaction.atomic():
            student = Student.objects.create(
                assignment=assignment,
                nickname=nickname,
                nickname_key=nickname_key(nickname),
                resume_hash=digest,
                last_active_at=timezone.now(),
            )
    except IntegrityError:
        raise HomeworkError(
            _("Someone in this class already has that name. Please pick another one."), code="nickname"
        ) from None
    return student, code


def fun_name(*, assignment: Assignment) -> str:
    """A food-themed nickname nobody in this homework has yet ("Crunchy Carrot")."""
    names = fun_names(taken=set(assignment.students.values_list("nickname_key", flat=True)))
    return names[0] if names else ""


def student_resume(*, assignment: Assignment, code: str) -> Student:
    """The student a resume code belongs to, or a plain refusal."""
    typed = code_normalize(code)
    if not typed:
        raise HomeworkError(_("Please type your resume code."), code="no_resume_code")
    student = assignment.students.filter(resume_hash=resume_code_hash(assignment, typed)).first()
    if student is None:
        raise HomeworkError(
            _("That resume code isn't right for this homework. Check it and try again."),
            status=404,
            code="wrong_resume_code",
        )
    student_touch(student=student)
    return student


def student_new_resume_code(*, assignment: Assignment, student_id) -> tuple[Student, str]:
    """A teacher gives a student who lost their code a new one (the old one stops working)."""
    student = assignment.students.filter(pk=student_id).first()
    if student is None:
        raise HomeworkError(_("That student isn't in this homework."), status=404)
    code, digest = _new_resume_code(assignment)
    Student.objects.filter(pk=student.pk).update(resume_hash=digest)
    return student, code


def student_touch(*, student: Student) -> None:
    Student.objects.filter(pk=student.pk).update(last_active_at=timezone.now())


def students_of(session) -> dict:
    """The homework students this browser is: {assignment id: student id}."""
    if session is None:
        return {}
    return session.get(STUDENTS_KEY, {}) or {}


def student_remember(*, session, student: Student) -> None:
    known = dict(students_of(session))
    known[str(student.assignment_id)] = student.pk
    session[STUDENTS_KEY] = known


def student_of_browser(*, assignment: Assignment, session) -> Student | None:
    student_id = students_of(session).get(str(assignment.pk))
    student = assignment.students.filter(pk=student_id).first() if student_id else None
    if student is not None:
        student.assignment = assignment
    return student


# ----- games against bots -------------------------------------------------------------------------


def _unfinished_game(student: Student) -> Attempt | None:
    return (
        student.attempts.filter(match__isnull=False)
        .exclude(match__status="finished")
        .select_related("match")
        .order_by("-number")
        .first()
    )


def game_play(*, student: Student, session) -> str:
    """Where the student plays now: their unfinished game (this browser gets its seat, with a
    fresh token if it came with a resume code), else a new game (for a learn-to-play lesson, a
    new guided first game). Returns its address."""
    assignment = student.assignment
    if assignment.is_lesson:
        raise HomeworkError(_("This homework is a lesson, not a game."), status=409)
    assignment_must_be_open(assignment)
    with transaction.atomic():  # one student's two tabs pressing "Play" at once make one game
        locked = Student.objects.select_for_update().get(pk=student.pk)
        locked.assignment = assignment
        Student.objects.filter(pk=student.pk).update(last_active_at=timezone.now())
        unfinished = _unfinished_game(locked)
        if unfinished is not None:
            match = unfinished.match
            if matches.seat_token_holds(match=match, token=matches.browser_token(session, match.pk)):
                return f"/play/{match.pk}/"
            token = matches.seat_token_fresh(match_id=match.pk, nickname=locked.nickname)
            match_id = match.pk
        else:
            count = locked.attempts.count()
            if count >= MAX_GAMES:
                raise HomeworkError(
                    _("That's a lot of games! Ask your teacher before playing more."), status=409
                )
            create = (
                matches.attempt_tutorial_create if assignment.is_tutorial else matches.attempt_match_create
            )
            attempt, token = create(student=locked, number=count + 1)
            match_id = attempt.match_id
    matches.browser_keep_token(session, match_id, token)
    return f"/play/{match_id}/"


# ----- the meal-balance lesson (the classroom's lesson, the one meal check) ------------------------


def _lesson_open(student: Student) -> None:
    if not student.assignment.is_lesson:
        raise HomeworkError(_("This homework is a game, not a lesson."), status=409)
    assignment_must_be_open(student.assignment)


def _from_classroom(error) -> HomeworkError:
    return HomeworkError(error.message, status=error.status, code=error.code)


def lesson_toggle_card(*, student: Student, card_id: str) -> list[str]:
    """Put a card on the plate, or take it off again. Returns the plate."""
    _lesson_open(student)
    try:
        plate = lessons.plate_toggled(student.assignment, student.plate, card_id)
    except ClassroomError as error:
        raise _from_classroom(error) from None
    student.plate = plate
    student.last_active_at = timezone.now()
    student.save(update_fields=["plate", "last_active_at"])
    return plate


def lesson_clear(*, student: Student) -> None:
    _lesson_open(student)
    student.plate = []
    student.save(update_fields=["plate"])


def lesson_check(*, student: Student) -> tuple[Attempt, object]:
    """Check the plate against the lesson's rules and record it as an attempt. Returns (the
    attempt, the MealCheck)."""
    _lesson_open(student)
    try:
        cards, check = lessons.plate_check(student.assignment, student.plate)
    except ClassroomError as error:
        raise _from_classroom(error) from None
    with transaction.atomic():
        locked = Student.objects.select_for_update().get(pk=student.pk)
        count = locked.attempts.count()
        if count >= MAX_CHECKS:
            raise HomeworkError(
                _("That's a lot of checks! Ask your teacher before checking more."), status=409
            )
        attempt = Attempt.objects.create(
            student=locked,
            number=count + 1,
            cards=[card["id"] for card in cards],
            balanced=check.balanced,
            failed_rules=check.failed_rules,
            calories=check.calories,
        )
        Student.objects.filter(pk=student.pk).update(last_active_at=timezone.now())
    return attempt, check


# ----- the learn-to-play lesson (a guided first game, games.lessons) -------------------------------


def attempt_lesson_done(*, match_id: str) -> bool:
    """Stamp the moment a student's guided first game's lesson ended (once). Saved as a row, so
    whoever listens to attempts (the LMS's score, lti.scores) hears of it. True: stamped now."""
    with transaction.atomic():  # two moves' subscribers at once stamp it once
        attempt = (
            Attempt.objects.select_for_update().filter(match_id=match_id, lesson_done_at__isnull=True).first()
        )
        if attempt is None:
            return False
        attempt.lesson_done_at = timezone.now()
        attempt.save(update_fields=["lesson_done_at"])
    return True
