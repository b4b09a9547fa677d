"""The privacy page says this site's real retention numbers in both languages; a teacher's
delete-now buttons leave no row of the deleted session or homework behind (every table of the
database counted before and after); "download all my data" holds the teacher's rows and nobody
else's."""

from __future__ import annotations

import json

import pytest
from django.apps import apps
from django.test import Client

from classroom import services as classroom
from classroom.models import ClassSession
from homework.models import Assignment
from tests.classroom.conftest import decks, duel_session, join, make_teacher  # noqa: F401 (fixture)
from tests.homework.conftest import duel_homework, play, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("decks")]


def _rows() -> dict[str, int]:
    """Rows per table, but browser sessions (the teacher's own login; a child's expires on its own,
    see the privacy page)."""
    return {
        model._meta.label: model._default_manager.count()
        for model in apps.get_models()
        if model._meta.label != "sessions.Session"
    }


def _logged_in(teacher) -> Client:
    client = Client()
    client.force_login(teacher)
    return client


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_privacy_page_gives_the_sites_own_retention_numbers(settings, language):
    settings.CLASSROOM_RETENTION_DAYS = 12
    settings.GAMES_FINISHED_DAYS = 9.0
    page = Client().get("/privacy/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<html lang="{language}">' in page
    assert "12" in page and " 9 " in page
    assert 'href="/teach/my-data/"' in page
    assert 'href="/privacy/"' in Client().get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_deleting_a_session_leaves_no_row_of_it_behind():
    teacher = make_teacher()
    before = _rows()
    session = duel_session(teacher)
    for nickname in ("Ana", "Ben", "Cy"):
        join(session, nickname)
    classroom.session_start(session=session)
    during = _rows()
    assert during["games.Match"] > before["games.Match"] and during["classroom.Student"] == 3
    client = _logged_in(teacher)
    assert client.get(f"/teach/sessions/{session.pk}/delete/").status_code == 200  # the confirmation
    assert _rows() == during  # asking is not deleting
    assert client.post(f"/teach/sessions/{session.pk}/delete/").status_code == 302
    assert _rows() == before


def test_deleting_a_homework_leaves_no_row_of_it_behind():
    teacher = make_teacher()
    before = _rows()
    assignment = duel_homework(teacher)
    for nickname in ("Ana", "Ben"):
        student_browser, _student, _code = start(assignment, nickname)
        play(student_browser, assignment)
    during = _rows()
    assert during["homework.Attempt"] == 2 and during["games.Match"] == before["games.Match"] + 2
    client = _logged_in(teacher)
    assert client.post(f"/teach/homework/{assignment.pk}/delete/").status_code == 302
    assert _rows() == before


def test_download_all_my_data_holds_my_rows_and_nobody_elses():
    teacher, other = make_teacher(), make_teacher("mr-okafor")
    mine = duel_session(teacher, title="Ms Garcia's class")
    join(mine, "Ana")
    theirs = duel_session(other, title="Mr Okafor's class")
    join(theirs, "Zed")
    duel_homework(teacher)
    response = _logged_in(teacher).get("/teach/my-data/")
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["username"] == teacher.username and "password" not in json.dumps(data["account"])
    assert [row["fields"]["title"] for row in data["class_sessions"]] == ["Ms Garcia's class"]
    assert [row["fields"]["nickname"] for row in data["class_students"]] == ["Ana"]
    assert len(data["homework"]) == 1
    assert "Zed" not in response.content.decode() and "Okafor" not in response.content.decode()
    assert ClassSession.objects.count() == 2 and Assignment.objects.count() == 1  # reading changes nothing
    assert Client().get("/teach/my-data/").status_code == 302  # a teacher's own, logged in
