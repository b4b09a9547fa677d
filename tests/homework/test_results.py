"""Homework results: each student's attempts, first and best result, the goal met and when, late
or not (the OneRoster export of them: test_oneroster.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from homework import results, services
from homework.models import Assignment
from tests.homework.conftest import duel_homework, finish, lesson_homework, play, start

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]  # also on PostgreSQL


def _by_name(assignment):
    return {r.student.nickname: r for r in results.assignment_results(assignment)}


def _close(assignment, *, at=None):
    at = at or timezone.now() - timedelta(seconds=1)
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=at, late_until=None, opens_at=at - timedelta(days=1)
    )
    assignment.refresh_from_db()


def test_statuses_from_not_started_to_goal_met(teacher):
    assignment = duel_homework(teacher, goal="play", goal_count=2)
    ana, _s, _c = start(assignment, "Ana")
    ben, _s, _c = start(assignment, "Ben")
    start(assignment, "Cal")
    first = play(ana, assignment)
    finish(first, winners=[1], scores=[0, 1])
    finish(play(ana, assignment), winners=[0], scores=[1, 0])
    play(ben, assignment)  # still going
    rows = _by_name(assignment)
    assert rows["Ana"].status == "met" and rows["Ana"].progress == 2 and rows["Ana"].score == 100
    assert rows["Ben"].status == "in_progress" and rows["Ben"].progress == 0 and rows["Ben"].score == 0
    assert rows["Ben"].attempts[0].kind == "playing" and rows["Ben"].first is None
    assert rows["Cal"].status == "not_started" and rows["Cal"].attempts == []
    assert rows["Ana"].first.kind == "lost" and rows["Ana"].first.label == "Lost, score 0"
    assert rows["Ana"].best.kind == "won" and rows["Ana"].best.label == "Won, score 1"
    assert results.totals(list(rows.values()))["met"] == 1


def test_the_goal_is_met_when_the_counted_attempt_ended_and_a_win_goal_counts_only_wins(teacher):
    assignment = duel_homework(teacher, goal="win", goal_count=2)
    ana, _s, _c = start(assignment, "Ana")
    now = timezone.now()
    times = [now - timedelta(hours=3), now - timedelta(hours=2), now - timedelta(hours=1)]
    for at, winners in zip(times, ([0], [1], [0]), strict=True):
        finish(play(ana, assignment), winners=winners, at=at)
    row = _by_name(assignment)["Ana"]
    assert row.progress == 2 and row.status == "met" and row.goal_met_at == times[2]
    assert [a.kind for a in row.attempts] == ["won", "lost", "won"]


def test_a_game_stopped_with_no_winner_counts_for_no_goal(teacher):
    assignment = duel_homework(teacher, goal="play", goal_count=1)
    ana, _s, _c = start(assignment, "Ana")
    match = play(ana, assignment)
    games.match_close(match_id=match.pk, reason="test")
    row = _by_name(assignment)["Ana"]
    assert row.attempts[0].kind == "stopped" and row.progress == 0 and row.first is None


def test_work_after_the_due_date_in_the_late_window_is_marked_late(teacher):
    now = timezone.now()
    assignment = duel_homework(teacher, goal="play", goal_count=1, late_until=now + timedelta(days=9))
    ana, _s, _c = start(assignment, "Ana")
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=now - timedelta(hours=1), opens_at=now - timedelta(days=1)
    )
    assignment.refresh_from_db()
    assert assignment.state() == "late"
    finish(play(ana, assignment))
    row = _by_name(assignment)["Ana"]
    assert row.status == "met_late" and row.late and row.attempts[0].late
    assert row.status_label == "Goal met late"


def test_after_the_close_a_goal_not_met_is_missed(teacher):
    assignment = duel_homework(teacher, goal="play", goal_count=2)
    ana, _s, _c = start(assignment, "Ana")
    start(assignment, "Ben")
    finish(play(ana, assignment))
    _close(assignment)
    rows = _by_name(assignment)
    assert rows["Ana"].status == "missed" and rows["Ana"].score == 50
    assert rows["Ben"].status == "missed" and rows["Ben"].score == 0


def test_a_lesson_counts_balanced_meals_and_its_best_is_the_balanced_one(teacher):
    assignment = lesson_homework(teacher, goal_count=1)
    kim, _code = services.student_join(assignment=assignment, nickname="Kim")
    for card in ("brown-rice", "carrots"):
        services.lesson_toggle_card(student=kim, card_id=card)
    services.lesson_check(student=kim)
    row = results.result_of_student(kim)
    assert row.status == "in_progress" and row.first.kind == "not_balanced"
    assert row.first.label.startswith("Not balanced: ") and "Grains" in row.first.label
    for card in ("bagel", "apple", "milk"):
        services.lesson_toggle_card(student=kim, card_id=card)
    services.lesson_check(student=kim)
    row = results.result_of_student(kim)
    assert row.status == "met" and row.best.kind == "balanced" and row.first.kind == "not_balanced"
    assert row.goal_met_at == row.attempts[1].finished_at
