"""AGS: a student from the LMS who meets the goal gets their score posted to the platform's
grade book after the commit; an LMS that fails doesn't break the student's page, and the score
goes again later."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

from homework.models import Attempt
from lti.models import LtiSeat
from tests.homework.conftest import learn_out, play
from tests.lti.conftest import launch, ticket_of
from tests.lti.test_launch import add_student, deep_link

pytestmark = pytest.mark.django_db(transaction=True)  # scores go on commit


def _balanced_meal(browser: Client, code: str) -> None:
    for card in ("brown-rice", "carrots", "bagel", "apple", "milk"):
        assert browser.post(f"/hw/{code}/plate/", {"card": card}).status_code == 302
    assert browser.post(f"/hw/{code}/check/").status_code == 302


def _student(lms, user: str) -> Client:
    add_student(lms, user)
    browser = Client()
    page = launch(browser, lms, user, "link-0")
    browser.post("/lti/continue/", {"ticket": ticket_of(page)})
    return browser


def test_meeting_the_goal_posts_the_score_with_the_right_values(platform):
    assignment = deep_link(platform)
    browser = _student(platform, "student-7")
    assert platform.scores == []
    _balanced_meal(browser, assignment.code)
    [score] = platform.scores
    assert score["userId"] == "student-7"
    assert (score["scoreGiven"], score["scoreMaximum"]) == (100, 100)
    assert (score["activityProgress"], score["gradingProgress"]) == ("Completed", "FullyGraded")
    assert score["timestamp"] and score["lineitem"] == "/lineitems/0"
    assert score["content_type"] == "application/vnd.ims.lis.v1.score+json"
    assert LtiSeat.objects.get().score_sent_at is not None
    _balanced_meal(browser, assignment.code)  # once is enough
    assert len(platform.scores) == 1


def test_a_grade_book_that_fails_leaves_the_page_working_and_the_score_goes_later(platform):
    assignment = deep_link(platform)
    browser = _student(platform, "student-7")
    platform.refuse_scores = True
    _balanced_meal(browser, assignment.code)
    assert browser.get(f"/hw/{assignment.code}/").status_code == 200
    seat = LtiSeat.objects.get()
    assert seat.score_sent_at is None and "503" in seat.score_error
    platform.refuse_scores = False
    call_command("lti_send_scores")
    seat.refresh_from_db()
    assert seat.score_sent_at is not None and seat.score_error == ""
    assert [score["userId"] for score in platform.scores] == ["student-7"]


def test_finishing_a_learn_to_play_lesson_posts_the_score(platform, settings):
    """Snack Attack's lesson ends before its game does: the score goes when the coach says so."""
    settings.GAMES_SCHEDULER = False  # the test plays the bots' moves itself
    assignment = deep_link(platform, activity="learn:snack-attack")
    browser = _student(platform, "student-7")
    match = play(browser, assignment)
    assert match.tutorial and platform.scores == []
    learn_out(browser, match)
    match.refresh_from_db()
    assert match.status != "finished" and Attempt.objects.get().lesson_done_at is not None
    [score] = platform.scores
    assert score["userId"] == "student-7" and (score["scoreGiven"], score["scoreMaximum"]) == (100, 100)
    assert (score["activityProgress"], score["gradingProgress"]) == ("Completed", "FullyGraded")
    assert LtiSeat.objects.get().score_sent_at is not None
