"""A learn-to-play lesson as homework in real headless Chromium: the teacher picks the lesson and
its game on the new-homework form (the goal fixed at 1, said on the form); Ana, on her phone,
starts it from the link, plays the guided game with the coach's picks by keyboard until the
coach says the lesson is finished, and her homework page and the teacher's results say the goal
is met. axe-core checks the form and the student's page."""

from __future__ import annotations

import pytest

from tests.classroom.test_browser import _sign_up
from tests.games.web.test_tutorials_browser import play_lesson_by_keyboard
from tests.homework.test_browser import (
    _assign,
    _laptop,
    _no_blocking_violations,
    _phone,
    _shot,
    _start,
    _statuses,
    axe,  # noqa: F401 (the fixture)
)

pytestmark = pytest.mark.browser

WAIT_MS = 20000


def test_a_learn_to_play_homework_is_done_when_the_coach_says_the_lesson_is_over(server, browser, axe):  # noqa: F811
    teacher_context, ana_context = _laptop(browser), _phone(browser)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "ms-learn")

        def pick_the_game():
            fields = teacher.locator("#fields-tutorial")
            assert fields.is_visible() and "Goal: finish the lesson (always 1)." in fields.inner_text()
            assert not teacher.locator("#fields-duel").is_visible()
            teacher.get_by_label("Game to learn").select_option("duel")
            _no_blocking_violations(axe, teacher, "new homework, learn-to-play, at 1280")

        code, link = _assign(teacher, server, "Learn-to-play lesson", pick_the_game)
        assert "Learn-to-play lesson: Duel" in teacher.inner_text("main")
        assert "Finish the lesson" in teacher.inner_text("main")

        ana = ana_context.new_page()
        errors = []
        ana.on("pageerror", lambda error: errors.append(str(error)))
        _start(ana, link, "Ana")
        ana.get_by_role("button", name="I wrote it down").click()
        assert ana.get_by_role("button", name="Start the lesson").is_visible()
        _no_blocking_violations(axe, ana, "learn-to-play homework page at 360")
        ana.get_by_role("button", name="Start the lesson").click()
        ana.wait_for_selector("#coach", timeout=WAIT_MS)
        assert play_lesson_by_keyboard(ana) > 0
        _shot(ana, "homework-learn-done-360")
        ana.goto(link)
        assert ana.inner_text("#homework-status") == "Goal met"
        assert "1 of 1 done" in ana.inner_text("#homework-progress")
        assert ana.get_by_role("button", name="Play the lesson again").is_visible()
        _shot(ana, "homework-learn-page-360")
        _no_blocking_violations(axe, ana, "learn-to-play homework done at 360")
        assert errors == []
        assert _statuses(teacher) == {"Ana": "met"}
    finally:
        teacher_context.close()
        ana_context.close()
