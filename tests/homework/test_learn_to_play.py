"""A learn-to-play lesson as homework: the teacher picks the game (the goal is fixed: finish the
lesson once), a student plays the guided first game with its coach, and the homework is done
when the coach says the lesson is over; the guided game is homework's like its games (its gate,
its close, its retention), and the results and the OneRoster zip say so."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games import services as games
from games.engines import get_engine
from games.models import Match
from games.retention import matches_purge
from games.tutorials import LEARNER, tutorial_for
from homework import oneroster, results, services
from homework.models import Assignment, Attempt
from tests.homework.conftest import learn_homework, learn_out, play, start
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db


def test_a_teacher_assigns_a_learn_to_play_lesson_and_its_goal_is_one(teacher, teacher_client):
    page = teacher_client.get("/teach/homework/new/").content.decode()
    assert 'value="tutorial"' in page and 'name="tutorial-game"' in page
    assert '<option value="snack-wars">SNACK WARS</option>' in page
    assert "Goal: finish the lesson (always 1)." in page
    due = (timezone.now() + timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
    form = {"activity": "tutorial", "due_at": due, "time_zone": "UTC", "duel-goal_count": "7"}
    bad = teacher_client.post("/teach/homework/new/", {**form, "tutorial-game": "no-such-game"})
    assert bad.status_code == 400 and not Assignment.objects.exists()
    response = teacher_client.post("/teach/homework/new/", {**form, "tutorial-game": "duel"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = Assignment.objects.get()
    lesson = tutorial_for("duel")
    assert (assignment.kind, assignment.game, assignment.goal, assignment.goal_count) == (
        "tutorial", "duel", "learn", 1)  # fmt: skip
    assert (assignment.seats, assignment.bot_level) == (lesson.seats, lesson.bot_level)
    listed = teacher_client.get("/teach/homework/").content.decode()
    assert "Learn-to-play lesson: Duel" in listed and "Finish the lesson" in listed


def test_only_a_game_with_a_guided_first_game_can_be_learned_and_the_goal_stays_one(teacher):
    with pytest.raises(services.HomeworkError, match="Pick a game that has a learn-to-play lesson."):
        learn_homework(teacher, game="no-such-game")
    assert learn_homework(teacher, goal_count=5).goal_count == 1


def test_a_student_plays_the_lesson_to_the_end_with_the_coachs_picks_and_it_is_done(
    teacher, teacher_client, django_capture_on_commit_callbacks
):
    assignment = learn_homework(teacher)
    ana, student, _code = start(assignment, "Ana")
    page = ana.get(f"/hw/{assignment.code}/").content.decode()
    assert "Learn-to-play lesson: Duel" in page and "Start the lesson" in page and "0 of 1 done" in page
    match = play(ana, assignment)
    assert match.tutorial and match.owner == "homework"
    assert match.seat_set.get(number=LEARNER).nickname == "Ana"
    assert 'id="coach"' in ana.get(f"/play/{match.pk}/").content.decode()
    assert "Carry on with the lesson" in ana.get(f"/hw/{assignment.code}/").content.decode()
    assert play(ana, assignment).pk == match.pk  # the same guided game, not a new one
    with django_capture_on_commit_callbacks(execute=True):
        learn_out(ana, match)
    attempt = Attempt.objects.get(student=student)
    assert attempt.lesson_done_at is not None
    page = ana.get(f"/hw/{assignment.code}/").content.decode()
    assert "1 of 1 done" in page and 'id="homework-status">Goal met' in page
    assert "Lesson finished" in page and "Play the lesson again" in page
    results_page = teacher_client.get(f"/teach/homework/{assignment.pk}/").content.decode()
    assert 'data-student="Ana" data-status="met"' in results_page
    assert f'href="/replays/{match.pk}/">Lesson finished</a>' in results_page
    tables = check_package(oneroster.package(assignment))
    [line_item] = tables["lineItems.csv"]
    assert line_item["description"] == "Learn-to-play lesson: Duel: Finish the lesson"
    [row] = tables["results.csv"]
    assert (row["score"], row["scoreStatus"]) == ("100", "fully graded")


def test_the_lesson_is_done_when_the_coach_says_so_though_the_game_goes_on(
    teacher, django_capture_on_commit_callbacks
):
    assignment = learn_homework(teacher, game="snack-attack")
    ana, student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    with django_capture_on_commit_callbacks(execute=True):
        learn_out(ana, match)
    match.refresh_from_db()
    assert match.status != "finished"
    assert tutorial_for("snack-attack").coach(get_engine(match.game), games.match_state(match=match)).done
    result = results.result_of_student(student)
    assert result.status == "met" and result.attempts[0].kind == "learned"
    assert result.goal_met_at == Attempt.objects.get(student=student).lesson_done_at
    page = ana.get(f"/hw/{assignment.code}/").content.decode()
    assert "Carry on with the lesson" in page and "Goal met" in page  # they may finish the game
    assert f"/replays/{match.pk}/" not in page  # no replay of a game still going on


def test_a_stranger_cannot_open_the_guided_game_and_a_closed_homework_stops_it(
    teacher, other_teacher, teacher_client
):
    assignment = learn_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    ben, _other, _code = start(assignment, "Ben")
    match = play(ana, assignment)
    assert teacher_client.get(f"/play/{match.pk}/").status_code == 200
    nosy = Client()
    nosy.force_login(other_teacher)
    for browser in (ben, Client(), nosy):
        for address in (f"/play/{match.pk}/", f"/tables/{match.pk}/"):
            refused = browser.get(address)
            assert refused.status_code == 403 and "Ana" not in refused.content.decode()
    move = ben.post(f"/play/{match.pk}/move/", {"seat": 0, "action": '{"type": "pass"}'})
    assert move.status_code == 403
    now = timezone.now()
    Assignment.objects.filter(pk=assignment.pk).update(due_at=now - timedelta(seconds=1))
    match.refresh_from_db()
    with pytest.raises(games.MatchError, match="This homework has closed"):
        games.match_submit_action(
            match_id=match.pk, seat=1, action={"type": "pass", "version": match.version}, trusted=True
        )


def test_the_guided_games_are_kept_and_deleted_with_the_homeworks_students(teacher, settings):
    assignment = learn_homework(teacher)
    ana, _student, _code = start(assignment, "Ana")
    match = play(ana, assignment)
    Match.objects.filter(pk=match.pk).update(changed_at=timezone.now() - timedelta(days=90))
    assert matches_purge(unfinished_hours=1, finished_days=1).held >= 1
    assert Match.objects.filter(pk=match.pk).exists()
    long_ago = timezone.now() - timedelta(days=settings.CLASSROOM_RETENTION_DAYS + 1)
    Assignment.objects.filter(pk=assignment.pk).update(due_at=long_ago, opens_at=long_ago - timedelta(days=7))
    call_command("purge_homework_data", verbosity=0)
    assignment.refresh_from_db()
    assert not Match.objects.filter(pk=match.pk).exists() and assignment.purged_at is not None
    assert assignment.summary["students"] == 1 and assignment.summary["attempts"] == 1
