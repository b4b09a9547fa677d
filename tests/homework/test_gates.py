"""Homework's gates in games: a homework game opens only for its student's browser and their
teacher; no move (bots included) once the homework has closed; "Play again" deals the student's
next game; purge_old_matches leaves homework games alone."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import scheduler
from games import services as games
from games.models import Match
from games.retention import matches_purge
from games.views import SESSION_KEY
from homework import gates
from homework.models import Assignment
from tests.homework.conftest import duel_homework, finish, play, start

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]  # also on PostgreSQL


def test_a_homework_game_opens_for_its_student_and_their_teacher_only(teacher, other_teacher, teacher_client):
    assignment = duel_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    ben, _other, _code = start(assignment, "Ben")
    match = play(ana, assignment)
    assert ana.get(f"/play/{match.pk}/").status_code == 200
    assert teacher_client.get(f"/play/{match.pk}/").status_code == 200
    nosy = Client()
    nosy.force_login(other_teacher)
    for browser in (ben, Client(), nosy):
        response = browser.get(f"/play/{match.pk}/")
        assert response.status_code == 403
        assert "homework: only they and their teacher can open it" in response.content.decode()
    move = ben.post(f"/play/{match.pk}/move/", {"seat": 0, "action": '{"type": "pass"}'})
    assert move.status_code == 403


def test_quick_play_is_not_gated(db):
    call_command("load_decks", verbosity=0)
    kim = Client()
    response = kim.post("/games/duel/play/", {"seats": 2, "bot_level": "beginner", "nickname": "Kim"})
    assert response.status_code == 302
    assert Client().get(response["Location"]).status_code == 200


def test_no_move_once_the_homework_has_closed_not_even_a_bots(teacher):
    assignment = duel_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - timedelta(seconds=1), opens_at=timezone.now() - timedelta(days=1)
    )
    with pytest.raises(games.MatchError, match="This homework has closed") as refused:
        games.match_submit_action(match_id=match.pk, seat=None, action={"type": "reveal"}, trusted=True)
    assert refused.value.status == 409
    assert scheduler.bots_play(match_id=match.pk) == 0
    Assignment.objects.filter(pk=assignment.pk).update(due_at=timezone.now() + timedelta(days=1))  # reopened
    match.refresh_from_db()
    assert match.status == "playing"


def test_play_again_after_a_homework_game_deals_the_students_next_game(teacher):
    assignment = duel_homework(teacher)
    ana, student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    finish(match)
    response = ana.post(f"/play/{match.pk}/again/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    url = response["HX-Redirect"]
    second = Match.objects.get(pk=url.split("/")[2])
    assert second != match and student.attempts.count() == 2
    assert ana.get(url).status_code == 200  # the new seat's token is in Ana's browser
    assert ana.session[SESSION_KEY][second.pk]
    finish(second)
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - timedelta(seconds=1), opens_at=timezone.now() - timedelta(days=1)
    )
    closed = ana.post(f"/play/{second.pk}/again/", HTTP_HX_REQUEST="true")
    assert closed["HX-Redirect"] == f"/hw/{assignment.code}/"
    assert student.attempts.count() == 2


def test_purge_old_matches_holds_homework_games_until_the_homework_retention(teacher, settings):
    assignment = duel_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    finish(match, at=timezone.now() - timedelta(days=90))
    Match.objects.filter(pk=match.pk).update(changed_at=timezone.now() - timedelta(days=90))
    report = matches_purge(unfinished_hours=1, finished_days=1)
    assert report.held >= 1 and Match.objects.filter(pk=match.pk).exists()
    # Closed long ago: purge_homework_data deletes the students' data and keeps the totals.
    long_ago = timezone.now() - timedelta(days=settings.CLASSROOM_RETENTION_DAYS + 1)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=long_ago, opens_at=long_ago - timedelta(days=7))
    call_command("purge_homework_data", "--dry-run", verbosity=0)
    assert Match.objects.filter(pk=match.pk).exists()
    call_command("purge_homework_data", verbosity=0)
    assignment.refresh_from_db()
    assert not Match.objects.filter(pk=match.pk).exists() and not assignment.students.exists()
    assert assignment.purged_at is not None
    assert assignment.summary["students"] == 1 and assignment.summary["met"] == 0
    assert assignment.summary["attempts"] == 1


def test_purge_homework_data_leaves_recent_homework_alone(teacher):
    assignment = duel_homework(teacher)
    start(assignment, "Ana")
    call_command("purge_homework_data", verbosity=0)
    assignment.refresh_from_db()
    assert assignment.purged_at is None and assignment.students.count() == 1


def test_a_homework_game_is_homeworks_and_the_migration_marks_existing_ones(teacher):
    assignment = duel_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    assert Match.objects.get(pk=match.pk).owner == gates.OWNER
    Match.objects.filter(pk=match.pk).update(owner="")
    importlib.import_module("homework.migrations.0002_mark_homework_matches").mark(apps, None)
    assert Match.objects.get(pk=match.pk).owner == gates.OWNER
