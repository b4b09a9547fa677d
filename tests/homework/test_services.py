"""Homework as services: assignments and their checks, joining with a nickname, resume codes
(hashed, refused plainly when wrong), games against bots one at a time, the lesson's attempts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import services as games
from games.models import Match, Seat
from games.views import SESSION_KEY
from homework import services
from homework.models import Assignment, Attempt, Student
from tests.homework.conftest import duel_homework, finish, lesson_homework, play, play_out, start

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]  # also on PostgreSQL


def _due(days: float = 7):
    return timezone.now() + timedelta(days=days)


def test_a_homework_code_is_short_and_has_no_look_alike_characters(teacher):
    codes = {duel_homework(teacher).code for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 6 and not set(code) & set("0O1IL2Z5S8B6GQ")


def test_a_game_assignment_keeps_its_game_bots_options_goal_and_dates(teacher):
    due = _due()
    assignment = duel_homework(teacher, due_at=due, goal="win", goal_count=3, time_zone="Europe/Madrid")
    assert (assignment.game, assignment.seats, assignment.bot_level) == ("duel", 2, "beginner")
    assert assignment.options["rounds_to_win"] == 1
    assert (assignment.goal, assignment.goal_count) == ("win", 3)
    assert assignment.due_at == due and assignment.state() == "open"
    assert assignment.time_zone == "Europe/Madrid"
    assert duel_homework(teacher, time_zone="Mars/Olympus").time_zone == "UTC"


@pytest.mark.parametrize(
    "extra,words",
    [
        ({"seats": 3}, "Duel needs 2 to 2 players"),
        ({"bot_level": "genius"}, "Pick a bot level"),
        ({"goal": "balanced"}, "Pick a goal"),
        ({"goal_count": 0}, "The goal can be from 1 to 20"),
        ({"goal_count": 21}, "The goal can be from 1 to 20"),
        ({"due_at": timezone.now() - timedelta(minutes=1)}, "The due date has already passed"),
        ({"opens_at": timezone.now() + timedelta(days=9)}, "The due date must come after the opening"),
        (
            {"late_until": timezone.now() + timedelta(days=2)},
            "Late work must be accepted until after the due date",
        ),
        ({"late_until": timezone.now() + timedelta(days=400)}, "a year at most"),
        ({"game": "chess"}, "There is no game with that name"),
    ],
)
def test_a_game_assignment_that_cannot_work_is_refused_in_plain_words(teacher, extra, words):
    with pytest.raises((services.HomeworkError, games.MatchError), match=words):
        duel_homework(teacher, **extra)
    assert not Assignment.objects.exists()


def test_a_lesson_assignment_takes_the_lesson_rules_and_cards_and_a_number_of_balanced_meals(teacher):
    assignment = lesson_homework(teacher, goal_count=2, meal_rules={"calorie_limit": 900}, lesson_cards=None)
    assert assignment.is_lesson and assignment.goal == "balanced" and assignment.goal_count == 2
    assert assignment.meal_rules["calorie_limit"] == 900
    assert "brown-rice" in assignment.lesson_cards
    with pytest.raises(services.HomeworkError, match="at least three cards"):
        lesson_homework(teacher, lesson_cards=["apple", "milk"])
    with pytest.raises(services.HomeworkError, match="No balanced meal"):
        lesson_homework(teacher, lesson_cards=["apple", "milk", "carrots"])


def test_the_homework_state_follows_the_clock(teacher):
    now = timezone.now()
    assignment = duel_homework(
        teacher,
        opens_at=now + timedelta(hours=1),
        due_at=now + timedelta(days=1),
        late_until=now + timedelta(days=2),
    )
    assert assignment.state(now) == "upcoming"
    assert assignment.state(now + timedelta(hours=2)) == "open"
    assert assignment.state(now + timedelta(days=1, hours=1)) == "late"
    assert assignment.state(now + timedelta(days=2)) == "closed"


def test_joining_follows_the_class_sessions_nickname_rule(teacher):
    assignment = duel_homework(teacher)
    services.student_join(assignment=assignment, nickname="Ana")
    for nickname, words in [
        ("  ana ", "already has that name"),
        ("Teacher", "taken by the game itself"),
        ("beginner bot", "taken by the game itself"),
        ("xXfuckXx", "kinder name"),
        ("", "Please type a nickname"),
        ("A" * 21, "too long"),
    ]:
        with pytest.raises(services.HomeworkError, match=words):
            services.student_join(assignment=assignment, nickname=nickname)
    assert assignment.students.count() == 1


def test_joining_is_refused_before_the_opening_after_the_close_and_when_full(teacher, settings):
    now = timezone.now()
    later = duel_homework(teacher, opens_at=now + timedelta(days=1), due_at=now + timedelta(days=2))
    with pytest.raises(services.HomeworkError, match="opens on") as upcoming:
        services.student_join(assignment=later, nickname="Ana")
    assert upcoming.value.status == 409
    closed = duel_homework(teacher)
    Assignment.objects.filter(pk=closed.pk).update(
        due_at=now - timedelta(minutes=1), opens_at=now - timedelta(days=1)
    )
    closed.refresh_from_db()
    with pytest.raises(services.HomeworkError, match="is closed") as shut:
        services.student_join(assignment=closed, nickname="Ana")
    assert shut.value.status == 410
    settings.HOMEWORK_MAX_STUDENTS = 1
    full = duel_homework(teacher)
    services.student_join(assignment=full, nickname="Ana")
    with pytest.raises(services.HomeworkError, match="full"):
        services.student_join(assignment=full, nickname="Ben")


def test_a_resume_code_is_stored_only_as_a_hash_and_brings_the_same_student_back(teacher):
    assignment = duel_homework(teacher)
    student, code = services.student_join(assignment=assignment, nickname="Ana")
    assert len(code) == 8 and not set(code) & set("0O1IL2Z5S8B6GQ")
    assert code not in student.resume_hash and len(student.resume_hash) == 64
    assert services.resume_code_show(code) == f"{code[:4]}-{code[4:]}"
    typed = f" {code[:4].lower()}-{code[4:]} "  # as a child copies it
    assert services.student_resume(assignment=assignment, code=typed) == student
    other = duel_homework(teacher)
    with pytest.raises(services.HomeworkError, match="resume code isn't right") as wrong:
        services.student_resume(assignment=other, code=code)  # right code, other homework
    assert wrong.value.status == 404 and wrong.value.code == "wrong_resume_code"
    with pytest.raises(services.HomeworkError, match="Please type your resume code"):
        services.student_resume(assignment=assignment, code=" - ")


def test_a_teacher_gives_a_new_resume_code_and_the_old_one_stops_working(teacher):
    assignment = duel_homework(teacher)
    student, old = services.student_join(assignment=assignment, nickname="Ana")
    _student, new = services.student_new_resume_code(assignment=assignment, student_id=student.pk)
    assert services.student_resume(assignment=assignment, code=new) == student
    with pytest.raises(services.HomeworkError):
        services.student_resume(assignment=assignment, code=old)


def test_play_makes_a_game_against_bots_at_the_assignments_level_with_the_student_in_seat_0(teacher):
    assignment = duel_homework(teacher)
    client, student, _code = start(assignment, "Ana")
    match = play(client, assignment)
    seats = list(match.seat_set.order_by("number"))
    assert [(s.kind, s.nickname, s.bot_level) for s in seats] == [
        ("human", "Ana", ""),
        ("bot", "", "beginner"),
    ]
    assert match.options["rounds_to_win"] == 1 and match.status == "playing"
    attempt = Attempt.objects.get(match=match)
    assert (attempt.student, attempt.number) == (student, 1)
    assert seats[0].token_matches(client.session[SESSION_KEY][match.pk])


def test_play_again_while_a_game_is_unfinished_goes_back_to_it(teacher):
    assignment = duel_homework(teacher)
    client, student, _code = start(assignment, "Ana")
    first = play(client, assignment)
    assert play(client, assignment) == first
    assert student.attempts.count() == 1
    finish(first)
    second = play(client, assignment)
    assert second != first and student.attempts.count() == 2


def test_a_resumed_student_gets_their_unfinished_game_and_the_old_browser_loses_the_seat(teacher):
    assignment = duel_homework(teacher)
    old_browser, student, code = start(assignment, "Ana")
    match = play(old_browser, assignment)
    old_token = old_browser.session[SESSION_KEY][match.pk]
    new_browser = Client()
    response = new_browser.post(f"/hw/{assignment.code}/resume/", {"resume_code": code})
    assert response.status_code == 302
    assert play(new_browser, assignment) == match  # the same game, where it was
    new_token = new_browser.session[SESSION_KEY][match.pk]
    seat = Seat.objects.get(match=match, number=0)
    assert seat.token_matches(new_token) and not seat.token_matches(old_token)
    assert student.attempts.count() == 1
    assert play(new_browser, assignment) == match and new_browser.session[SESSION_KEY][match.pk] == new_token


def test_a_real_game_against_beginner_bots_ends_and_the_next_press_deals_a_new_one(teacher):
    assignment = duel_homework(teacher)
    client, student, _code = start(assignment, "Ana")
    match = play(client, assignment)
    finished = play_out(match.pk, client.session[SESSION_KEY][match.pk])
    assert finished.status == "finished" and finished.result["winners"]
    assert play(client, assignment) != match


def test_no_game_after_the_close_and_a_limit_on_how_many(teacher, monkeypatch):
    assignment = duel_homework(teacher)
    client, student, _code = start(assignment, "Ana")
    monkeypatch.setattr(services, "MAX_GAMES", 1)
    finish(play(client, assignment))
    with pytest.raises(services.HomeworkError, match="a lot of games"):
        services.game_play(student=student, session=client.session)
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - timedelta(seconds=1), opens_at=timezone.now() - timedelta(days=1)
    )
    student = Student.objects.select_related("assignment").get(pk=student.pk)
    with pytest.raises(services.HomeworkError, match="is closed"):
        services.game_play(student=student, session=client.session)


def test_a_lesson_records_a_failed_then_a_balanced_check_as_two_attempts(teacher):
    assignment = lesson_homework(teacher)
    student, _code = services.student_join(assignment=assignment, nickname="Kim")
    for card in ("brown-rice", "carrots"):
        services.lesson_toggle_card(student=student, card_id=card)
    attempt, check = services.lesson_check(student=student)
    assert not check.balanced and attempt.number == 1
    assert set(attempt.failed_rules) == {"grains", "fruit_or_veggie", "meat_or_dairy"}
    for card in ("bagel", "apple", "milk"):
        services.lesson_toggle_card(student=student, card_id=card)
    attempt, check = services.lesson_check(student=student)
    assert check.balanced and attempt.number == 2 and attempt.balanced
    assert [a.balanced for a in student.attempts.all()] == [False, True]


def test_a_lesson_refuses_cards_it_does_not_offer_an_empty_plate_and_play(teacher):
    assignment = lesson_homework(teacher, lesson_cards=["brown-rice", "bagel", "apple", "carrots", "milk"])
    student, _code = services.student_join(assignment=assignment, nickname="Kim")
    with pytest.raises(services.HomeworkError, match="isn't part of this lesson"):
        services.lesson_toggle_card(student=student, card_id="donut")
    with pytest.raises(services.HomeworkError, match="Put some cards on your plate first"):
        services.lesson_check(student=student)
    with pytest.raises(services.HomeworkError, match="a lesson, not a game"):
        services.game_play(student=student, session={})
    assert services.lesson_toggle_card(student=student, card_id="apple") == ["apple"]
    assert services.lesson_toggle_card(student=student, card_id="apple") == []


def test_deleting_an_assignment_deletes_its_students_attempts_and_games(teacher):
    assignment = duel_homework(teacher)
    client, _student, _code = start(assignment, "Ana")
    match = play(client, assignment)
    services.assignment_delete(assignment=assignment)
    assert not Match.objects.filter(pk=match.pk).exists()
    assert not Student.objects.exists() and not Attempt.objects.exists()


def test_moving_the_due_date_earlier_closes_the_homework_and_later_reopens_it(teacher):
    assignment = duel_homework(teacher)
    now = timezone.now()
    services.assignment_set_dates(
        assignment=assignment,
        opens_at=now - timedelta(days=1),
        due_at=now - timedelta(seconds=1),
        late_until=None,
    )
    assignment.refresh_from_db()
    assert assignment.state() == "closed"
    services.assignment_set_dates(
        assignment=assignment, opens_at=assignment.opens_at, due_at=_due(1), late_until=None
    )
    assignment.refresh_from_db()
    assert assignment.state() == "open"
    with pytest.raises(services.HomeworkError, match="after the opening"):
        services.assignment_set_dates(
            assignment=assignment, opens_at=_due(2), due_at=_due(1), late_until=None
        )
