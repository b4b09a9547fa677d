"""Homework pages read in Spanish with no English sentence left (tests/i18n/spanish_text.py
compares each page rendered in English and in Spanish): the students' entry page, a homework
page before starting, with the resume code, with games played, a lesson, a closed homework; the
teacher's list, new assignment and results pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from homework.models import Assignment
from tests.homework.conftest import RESUME_CODE, duel_homework, finish, learn_homework, lesson_homework, play
from tests.i18n.spanish_text import english_left, visible_texts

pytestmark = pytest.mark.django_db


def _client(language: str, user=None) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if user is not None:
        client.force_login(user)
    return client


def _assert_spanish(path: str, english: str, spanish: str, names=frozenset()) -> None:
    assert visible_texts(spanish)[0] == "es" and visible_texts(english)[0] == "en"
    left = english_left(spanish, english, names=set(names))
    assert not left, f"{path} still has English in Spanish:\n" + "\n".join(f"  {t!r}" for t in left)


def _codes(*pages: str) -> set[str]:
    found = set()
    for page in pages:
        for code in RESUME_CODE.findall(page):
            found |= {code, *code.split("-"), *code}
    return found


def _student_pages(assignment: Assignment, *, games: int = 0) -> tuple[str, str]:
    """The homework page as a new student sees it in each language (with their resume code)."""
    pages = []
    for language in ("en", "es"):
        client = _client(language)
        assert client.post(f"/hw/{assignment.code}/join/", {"nickname": "Ana"}).status_code == 302
        for number in range(games):
            finish(play(client, assignment), winners=[number % 2])
        pages.append(client.get(f"/hw/{assignment.code}/").content.decode())
        assignment.students.all().delete()
    return pages[0], pages[1]


def test_the_students_homework_pages_read_in_spanish(teacher):
    assignment = duel_homework(teacher)
    lesson = lesson_homework(teacher)
    code = assignment.code
    names = {"Ana", "testserver", code, *code, lesson.code, *lesson.code}
    for path in ("/homework", f"/hw/{code}/"):
        english, spanish = (_client(language).get(path).content.decode() for language in ("en", "es"))
        _assert_spanish(path, english, spanish, names)
    english, spanish = _student_pages(assignment, games=2)
    _assert_spanish(f"/hw/{code}/ with games", english, spanish, names | _codes(english, spanish))
    english, spanish = _student_pages(lesson)
    _assert_spanish(f"/hw/{lesson.code}/ lesson", english, spanish, names | _codes(english, spanish))
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=timezone.now() - timedelta(seconds=1), opens_at=timezone.now() - timedelta(days=1)
    )
    english, spanish = (_client(language).get(f"/hw/{code}/").content.decode() for language in ("en", "es"))
    _assert_spanish("a closed homework", english, spanish, names)


def test_the_teachers_homework_pages_read_in_spanish(teacher):
    assignment = duel_homework(teacher, goal_count=1)
    student_browser = Client()
    assert student_browser.post(f"/hw/{assignment.code}/join/", {"nickname": "Ana"}).status_code == 302
    finish(play(student_browser, assignment))
    code = assignment.code
    names = {"Ana", "garcia", "testserver", "UTC", "OneRoster", "CSV", code, *code}
    for path in ("/teach/homework/", "/teach/homework/new/", f"/teach/homework/{assignment.pk}/"):
        english, spanish = (
            _client(language, teacher).get(path).content.decode() for language in ("en", "es")
        )
        _assert_spanish(path, english, spanish, names)


def test_a_learn_to_play_homework_reads_in_spanish_for_the_student_and_the_teacher(teacher):
    assignment = learn_homework(teacher)
    code = assignment.code
    names = {"Ana", "Duel", "testserver", code, *code}
    english, spanish = _student_pages(assignment, games=1)  # one guided game, finished
    _assert_spanish(f"/hw/{code}/ learn-to-play", english, spanish, names | _codes(english, spanish))
    assert "Lección para aprender a jugar: Duel" in spanish and "Lección terminada" in spanish
    student_browser = Client()
    assert student_browser.post(f"/hw/{code}/join/", {"nickname": "Ana"}).status_code == 302
    finish(play(student_browser, assignment))
    path = f"/teach/homework/{assignment.pk}/"
    english, spanish = (_client(language, teacher).get(path).content.decode() for language in ("en", "es"))
    _assert_spanish(path, english, spanish, names)
    assert "Terminar la lección" in spanish
