"""Google Classroom's share button: off by default; turned on, it shows on the teacher's session
and homework pages only, and the Content-Security-Policy lets Google's script in on those pages
alone; the privacy page names it then."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classroom.conftest import decks, duel_session, make_teacher  # noqa: F401 (fixture)
from tests.homework.conftest import duel_homework

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("decks")]
GOOGLE = "https://apis.google.com"


@pytest.fixture
def pages():
    teacher = make_teacher()
    client = Client()
    client.force_login(teacher)
    session, homework = duel_session(teacher), duel_homework(teacher)
    return client, {
        "session": f"/teach/sessions/{session.pk}/",
        "homework": f"/teach/homework/{homework.pk}/",
    }


def _script_and_policy(client, path):
    response = client.get(path)
    assert response.status_code == 200
    return GOOGLE in response.content.decode(), GOOGLE in response["Content-Security-Policy"]


def test_the_share_button_is_off_by_default(pages):
    client, paths = pages
    for path in paths.values():
        assert _script_and_policy(client, path) == (False, False)
    assert "google-share-note" not in Client().get("/privacy/").content.decode()


def test_turned_on_it_shows_on_the_session_and_homework_pages_alone(pages, settings):
    settings.GOOGLE_CLASSROOM_SHARE = True
    client, paths = pages
    for path in paths.values():
        assert _script_and_policy(client, path) == (True, True)
        page = client.get(path).content.decode()
        assert 'class="g-sharetoclassroom"' in page and 'data-url="http://testserver/' in page
    for path in ("/", "/games/", "/join", "/teach/", "/privacy/"):
        assert GOOGLE not in client.get(path).get("Content-Security-Policy", "")
    assert "google-share-note" in Client().get("/privacy/").content.decode()
