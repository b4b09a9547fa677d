"""Dates read the same on every page (issue 31: class pages said "27 November 2026, 22:30",
homework pages "Nov. 27, 2026, 10:43 p.m."): one format per language, plateful/formats."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.test import Client
from django.utils import formats, translation

from tests.classroom.conftest import decks, duel_session, make_teacher  # noqa: F401 (fixture)
from tests.homework.conftest import duel_homework

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("decks")]
MOMENT = datetime(2026, 11, 27, 22, 30)


@pytest.mark.parametrize(
    ("language", "written"), [("en", "27 November 2026, 22:30"), ("es", "27 de noviembre de 2026, 22:30")]
)
def test_one_way_to_write_a_date_and_time_per_language(language, written):
    with translation.override(language):
        assert formats.date_format(MOMENT, "DATETIME_FORMAT") == written


@pytest.mark.parametrize("language", ["en", "es"])
def test_class_and_homework_pages_write_dates_alike(language, settings):
    settings.TIME_ZONE = "UTC"
    teacher = make_teacher()
    client = Client()
    client.force_login(teacher)
    session, homework = duel_session(teacher), duel_homework(teacher)
    with translation.override(language):
        written = formats.date_format(session.created_at, "DATE_FORMAT")
        due = formats.date_format(homework.due_at, "DATE_FORMAT")
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    assert written in client.get(f"/teach/sessions/{session.pk}/", **headers).content.decode()
    homework_page = client.get(f"/teach/homework/{homework.pk}/", **headers).content.decode()
    assert due in homework_page
    assert "p.m." not in homework_page and "a.m." not in homework_page
