"""Fixtures for the classroom: teachers, sessions, and students joining in their own browsers."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from classroom import services
from classroom.gates import STUDENTS_KEY
from classroom.models import ClassSession, Student


@pytest.fixture(autouse=True)
def _classroom_settings(settings):
    settings.GAMES_SCHEDULER = False  # sync tests drive bots themselves
    # Rate-limit counters live in the cache: tests/conftest.py clears this worker's keys.
    yield


@pytest.fixture
def decks(db):
    call_command("load_decks", verbosity=0)


def make_teacher(username: str = "ms-garcia", password: str = "a-long-test-password-1"):
    user = get_user_model().objects.create_user(username=username, password=password)
    services.teacher_add_to_group(user=user)
    return user


@pytest.fixture
def teacher(db):
    return make_teacher()


@pytest.fixture
def other_teacher(db):
    return make_teacher("mr-okafor")


@pytest.fixture
def teacher_client(teacher):
    client = Client()
    client.force_login(teacher)
    return client


def duel_session(teacher, **extra) -> ClassSession:
    return services.session_create(
        teacher=teacher,
        kind="game",
        game="duel",
        seats_per_table=2,
        bot_level="beginner",
        **extra,
    )


def chomp_session(teacher, **extra) -> ClassSession:
    """A CHOMP! session at tables of three (a real-time game: its devices can't be passed)."""
    return services.session_create(
        teacher=teacher,
        kind="game",
        game="chomp",
        seats_per_table=3,
        bot_level="beginner",
        approve_names=False,
        **extra,
    )


def lesson_session(teacher, *, start: bool = True, **extra) -> ClassSession:
    """A meal-balance lesson, started unless `start=False` (a lesson waits for Start)."""
    session = services.session_create(teacher=teacher, kind="lesson", **extra)
    if start:
        services.session_start(session=session)
        session.refresh_from_db()
    return session


def join(session: ClassSession, nickname: str, client: Client | None = None) -> tuple[Client, Student]:
    """A student joins from their own browser; returns (their browser, the student)."""
    client = client or Client()
    response = client.post("/join", {"code": session.code, "nickname": nickname, "action": "join"})
    assert response.status_code == 302, response.content.decode()[:2000]
    student_id = client.session[STUDENTS_KEY][str(session.pk)]
    return client, Student.objects.get(pk=student_id)
