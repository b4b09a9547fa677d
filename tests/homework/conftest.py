"""Fixtures for homework: teachers, assignments, and students starting them in their own browsers."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import scheduler
from games import services as games
from games.engines import get_engine
from games.models import Match
from homework import services
from homework.models import Assignment, Student

# The teachers are the classroom tests' own fixtures (one definition for every app).
from tests.classroom.conftest import other_teacher, teacher, teacher_client  # noqa: F401

RESUME_CODE = re.compile(r"[ACDEFHJKMNPRTUVWXY3479]{4}-[ACDEFHJKMNPRTUVWXY3479]{4}")


@pytest.fixture(autouse=True)
def _homework_settings(settings):
    settings.GAMES_SCHEDULER = False  # sync tests drive bots themselves
    # Rate-limit counters live in the cache: tests/conftest.py clears this worker's keys.
    yield


def duel_homework(owner, **extra) -> Assignment:
    fields = {
        "kind": "game",
        "game": "duel",
        "seats": 2,
        "bot_level": "beginner",
        "options": {"rounds_to_win": 1},
        "goal": "play",
        "goal_count": 2,
        "due_at": timezone.now() + timedelta(days=7),
    }
    return services.assignment_create(teacher=owner, **{**fields, **extra})


def lesson_homework(owner, **extra) -> Assignment:
    fields = {
        "kind": "lesson",
        "goal": "balanced",
        "goal_count": 1,
        "due_at": timezone.now() + timedelta(days=7),
    }
    return services.assignment_create(teacher=owner, **{**fields, **extra})


def start(assignment: Assignment, nickname: str, client: Client | None = None) -> tuple[Client, Student, str]:
    """A student starts the homework from their own browser: (their browser, the student, their
    resume code as the page shows it)."""
    client = client or Client()
    response = client.post(f"/hw/{assignment.code}/join/", {"nickname": nickname, "action": "join"})
    assert response.status_code == 302, response.content.decode()[:2000]
    student_id = client.session[services.STUDENTS_KEY][str(assignment.pk)]
    page = client.get(f"/hw/{assignment.code}/").content.decode()
    code = RESUME_CODE.search(page).group(0)
    return client, Student.objects.get(pk=student_id), code


def play(client: Client, assignment: Assignment) -> Match:
    """The student presses "Play": the match they are sent to."""
    response = client.post(f"/hw/{assignment.code}/play/")
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get(pk=response["Location"].split("/")[2])


def finish(match: Match, *, winners=(0,), scores=(1, 0), at=None) -> None:
    """The game ends with this result at this time (whoever really would have won)."""
    Match.objects.filter(pk=match.pk).update(
        status="finished",
        result={"winners": list(winners), "scores": list(scores), "reason": "test"},
        changed_at=at or timezone.now(),
    )


def play_out(match_id: str, token: str, limit: int = 400) -> Match:
    """Play a real game to its end: the student makes their first legal move, bots answer."""
    engine = None
    for _ in range(limit):
        scheduler.bots_play(match_id=match_id)
        match = Match.objects.get(pk=match_id)
        if match.status == "finished":
            return match
        engine = engine or get_engine(match.game)
        state = games.match_state(match=match)
        legal = engine.legal_actions(state, 0)
        if legal:
            games.match_submit_action(
                match_id=match_id, seat=0, token=token, action={**legal[0], "version": match.version}
            )
    raise AssertionError("The game did not finish.")


def learn_homework(owner, game: str = "duel", **extra) -> Assignment:
    """A learn-to-play lesson of `game` as homework (its goal is always to finish it once)."""
    fields = {"kind": "tutorial", "game": game, "goal": "learn", "due_at": timezone.now() + timedelta(days=7)}
    return services.assignment_create(teacher=owner, **{**fields, **extra})


def coach_picks(page: str) -> list[dict]:
    """The moves of the buttons the coach marked on the learner's page."""
    marked = re.findall(r'<button data-coach-pick="[^"]*"[^>]*hx-vals="([^"]*)"', page)
    return [json.loads(json.loads(vals.replace("&quot;", '"'))["action"]) for vals in marked]


def learn_out(client: Client, match: Match, limit: int = 80) -> Match:
    """Play a guided first game until its coach says the lesson is over, as the learner does:
    the coach's first pick on the page each time, the bots answering (the scheduler's own
    moves, driven here). Some lessons end before their game does."""
    for _ in range(limit):
        scheduler.bots_play(match_id=match.pk)
        match.refresh_from_db()
        page = client.get(f"/play/{match.pk}/", HTTP_HX_REQUEST="true").content.decode()
        if match.status == "finished" or "coach-done" in page:
            return match
        picks = coach_picks(page)
        if not picks:  # the bots' turn (the scheduler moves them on the next round)
            continue
        move = {**picks[0], "version": match.version}
        response = client.post(
            f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(move)}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200, response.content.decode()
    raise AssertionError("The lesson did not finish.")
