"""A class session's pace and "Learn to play first": the teacher chooses them on the new-session
form, every class match is made at the session's pace, ranks count wins alone at the relaxed pace,
a student is idle three times later, and a waiting student's class page opens their own guided
first game (theirs alone)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from classroom import class_tutorials, dashboard, reports, services
from classroom.models import ClassSession, Student, TableMatch
from games import tutorials
from games.engines.messages import gettext_noop, msg
from games.models import Match, Pace
from games.tutorials import Advice, Tutorial
from tests.classroom.conftest import duel_session, join

pytestmark = pytest.mark.django_db


def _coach(engine, state):
    return Advice(say=msg(gettext_noop("Play any card.")))


FAKE_DUEL_TUTORIAL = Tutorial(game="duel", seats=2, seed=11, coach=_coach)


@pytest.fixture
def duel_tutorial(monkeypatch):
    """A guided first game for Duel, registered for the test (whatever this branch ships)."""
    monkeypatch.setitem(tutorials._load(), "duel", FAKE_DUEL_TUTORIAL)
    return FAKE_DUEL_TUTORIAL


# ----- the new-session form ----------------------------------------------------------------------


def _duel_form(**extra) -> dict:
    return {
        "activity": "duel",
        "duel-seats": "2",
        "duel-bot_level": "beginner",
        "duel-option_rounds_to_win": "3",
        **extra,
    }


@pytest.fixture
def food_war_untaught(monkeypatch):
    """Food War as a game without a guided first game (every shipped game has one)."""
    monkeypatch.delitem(tutorials._load(), "food-war")


def test_the_new_session_form_offers_the_pace_and_learn_to_play_first(
    teacher_client, duel_tutorial, food_war_untaught
):
    html = teacher_client.get("/teach/new/").content.decode()
    assert 'name="duel-pace"' in html and 'value="relaxed"' in html
    assert 'name="duel-tutorial_first"' in html
    assert 'name="food-war-pace"' in html and 'name="food-war-tutorial_first"' not in html  # no tutorial


def test_a_teacher_makes_a_relaxed_session_that_learns_first(teacher_client, teacher, duel_tutorial):
    response = teacher_client.post(
        "/teach/new/", _duel_form(**{"duel-pace": "relaxed", "duel-tutorial_first": "on"})
    )
    assert response.status_code == 302
    session = ClassSession.objects.get(teacher=teacher)
    assert (session.pace, session.tutorial_first) == (Pace.RELAXED, True)
    page = teacher_client.get(response["Location"]).content.decode()
    assert "Relaxed pace" in page and "Learn to play first" in page


def test_the_usual_pace_when_the_form_leaves_it_out(teacher_client, teacher):
    assert teacher_client.post("/teach/new/", _duel_form()).status_code == 302
    assert ClassSession.objects.get(teacher=teacher).pace == Pace.STEADY


def test_a_bad_pace_is_refused_with_a_clear_message_and_nothing_is_made(teacher_client):
    response = teacher_client.post("/teach/new/", _duel_form(**{"duel-pace": "turbo"}))
    assert response.status_code == 400
    assert "Pick a pace from the list." in response.content.decode()
    assert not ClassSession.objects.exists()


def test_the_service_refuses_a_bad_pace_too(teacher):
    with pytest.raises(services.ClassroomError) as refused:
        duel_session(teacher, pace="turbo")
    assert refused.value.message == "Pick a pace from the list."
    assert not ClassSession.objects.exists()


def test_learn_to_play_first_is_kept_only_for_a_game_with_a_guided_game(teacher, monkeypatch):
    monkeypatch.delitem(tutorials._load(), "duel")
    assert not duel_session(teacher, tutorial_first=True).tutorial_first  # no Duel tutorial here


# ----- every class match at the session's pace ---------------------------------------------------


def test_every_class_match_is_made_at_the_sessions_pace(teacher):
    session = duel_session(teacher, pace=Pace.RELAXED)
    browsers = [join(session, name) for name in ("Ana", "Ben", "Cy")]
    services.session_start(session=session)
    services.table_restart(session=session, table=1)
    late_browser, late = join(session, "Dee")
    paces = set(Match.objects.filter(class_table__session=session).values_list("pace", flat=True))
    assert paces == {Pace.RELAXED}
    assert TableMatch.objects.filter(session=session).count() >= 3 and len(browsers) == 3 and late


def test_a_usual_session_makes_usual_matches(teacher):
    session = duel_session(teacher)
    join(session, "Ana")
    services.session_start(session=session)
    assert set(Match.objects.values_list("pace", flat=True)) == {Pace.STEADY}


# ----- no speed reward at the relaxed pace: ranks count wins alone -------------------------------


@pytest.mark.parametrize("pace", [Pace.STEADY, Pace.RELAXED])
def test_at_the_relaxed_pace_playing_more_games_never_ranks_anyone_higher(teacher, pace):
    session = duel_session(teacher, pace=pace)
    for name in ("Ana", "Ben", "Cy", "Dee"):
        join(session, name)
    services.session_start(session=session)
    first = TableMatch.objects.filter(session=session).order_by("table").first()
    Match.objects.filter(pk=first.match_id).update(status="finished", result={"winners": [], "scores": []})
    finished = {seat.student.nickname for seat in first.seats.exclude(student=None)}
    board = {row["student"].nickname: row["rank"] for row in dashboard.leaderboard(session)}
    report = {row["student"].nickname: row["rank"] for row in reports.session_report(session)["rows"]}
    if pace == Pace.RELAXED:
        assert set(board.values()) == set(report.values()) == {1}
    else:
        assert {name for name, rank in board.items() if rank == 1} == finished
        assert {name for name, rank in report.items() if rank == 1} == finished


# ----- Learn to play first: the class page's first step ------------------------------------------


def _learning_session(teacher) -> ClassSession:
    return duel_session(teacher, pace=Pace.RELAXED, tutorial_first=True)


def test_a_waiting_student_learns_to_play_in_their_own_guided_game(teacher, duel_tutorial):
    session = _learning_session(teacher)
    browser, student = join(session, "Ana")
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert "Step 1: Learn to play Duel" in page and "Step 2: Play at your table" in page
    response = browser.post(f"/class/{session.code}/learn/")
    assert response.status_code == 302
    match = Match.objects.get(pk=response["Location"].strip("/").split("/")[-1])
    assert match.tutorial and match.pace == Pace.RELAXED and match.owner == class_tutorials.TUTORIAL_OWNER
    assert list(match.seat_set.values_list("kind", "nickname")) == [("human", ""), ("bot", "")]
    assert not TableMatch.objects.filter(match_id=match.pk).exists()  # not one of the class's tables
    # Their browser plays it (the class bar stays on it while they wait); nobody else opens it.
    own = browser.get(f"/play/{match.pk}/")
    assert own.status_code == 200 and 'data-learning="true"' in own.content.decode()
    assert Client().get(f"/play/{match.pk}/").status_code == 403
    classmate, _ = join(session, "Ben")
    assert classmate.get(f"/play/{match.pk}/").status_code == 403
    assert teacher_sees(teacher, match) == 403
    # Back on the class page: "go on", and the same game again, not a new one.
    assert "Go on learning" in browser.get(f"/class/{session.code}/").content.decode()
    assert browser.post(f"/class/{session.code}/learn/")["Location"] == response["Location"]
    assert Match.objects.filter(tutorial=True).count() == 1


def teacher_sees(teacher, match) -> int:
    client = Client()
    client.force_login(teacher)
    return client.get(f"/play/{match.pk}/").status_code


def test_the_teachers_start_still_takes_a_learner_to_their_table(teacher, duel_tutorial):
    session = _learning_session(teacher)
    browser, student = join(session, "Ana")
    browser.post(f"/class/{session.code}/learn/")
    services.session_start(session=session)
    table = TableMatch.objects.get(session=session)
    response = browser.get(f"/class/{session.code}/")
    assert response.status_code == 302 and response["Location"] == f"/play/{table.match_id}/"
    refused = browser.post(f"/class/{session.code}/learn/", follow=True)
    assert "Your game is ready: play it at your table." in refused.content.decode()
    assert Match.objects.filter(tutorial=True).count() == 1


def test_the_step_says_done_once_the_coach_has_finished(teacher, duel_tutorial, monkeypatch):
    session = _learning_session(teacher)
    browser, _student = join(session, "Ana")
    browser.post(f"/class/{session.code}/learn/")
    done = Tutorial(game="duel", seats=2, seed=11, coach=lambda e, s: Advice(say=msg("Done"), done=True))
    monkeypatch.setitem(tutorials._load(), "duel", done)
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert "Well done: you know how to play!" in page and "Play the guided game again" in page


def test_no_step_without_learn_to_play_first(teacher, duel_tutorial):
    session = duel_session(teacher)
    browser, _student = join(session, "Ana")
    assert "Learn to play" not in browser.get(f"/class/{session.code}/").content.decode()
    refused = browser.post(f"/class/{session.code}/learn/", follow=True)
    assert "This class has no guided first game." in refused.content.decode()
    assert not Match.objects.exists()


def test_someone_who_has_not_joined_cannot_ask_for_a_guided_game(teacher, duel_tutorial):
    session = _learning_session(teacher)
    response = Client().post(f"/class/{session.code}/learn/")
    assert response.status_code == 302 and response["Location"].startswith("/join")
    assert not Match.objects.exists()


@pytest.mark.parametrize(("pace", "idle"), [(Pace.STEADY, True), (Pace.RELAXED, False)])
def test_a_student_taking_their_time_is_idle_three_times_later_at_the_relaxed_pace(
    teacher, settings, pace, idle
):
    settings.CLASSROOM_IDLE_SECONDS = 60
    session = services.session_create(
        teacher=teacher, kind="game", game="build-a-meal", seats_per_table=2, bot_level="beginner", pace=pace
    )
    join(session, "Ana"), join(session, "Ben")
    services.session_start(session=session)
    Student.objects.update(last_active_at=timezone.now() - timedelta(minutes=2))
    (brief,) = dashboard.tables_brief(session)
    rows = {row["student"].nickname: row for row in dashboard.roster(session, [brief])}
    assert rows[brief.turn[0]]["idle"] is idle
