"""An LTI 1.3 launch end to end in Chromium: the test platform (tests/lti/platform.py, on
lti1p3platform, its own keys and JWKS, on a port of its own) frames Plateful as an LMS does. A
teacher deep-links a lesson, a student launches it from the course, opens Plateful in a new tab
with one button, builds a balanced meal, and the platform's grade book receives the score."""

from __future__ import annotations

import pytest

from tests.lti.platform import LEARNER, TestPlatform


@pytest.fixture
def lms(server):
    platform = TestPlatform().start(server.url)
    server.manage("lti_register", *platform.register_argv())
    yield platform
    platform.stop()


def test_deep_link_then_a_student_launch_plays_to_the_goal_and_the_score_comes_back(server, browser, lms):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 900})
    student_context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        teacher = teacher_context.new_page()
        teacher.goto(lms.course_page("teacher-1", "deep-link"))
        tool = teacher.frame_locator("#tool")
        tool.get_by_role("heading", name="Add a Plateful activity").wait_for()
        tool.get_by_label("Name of the homework (optional)").fill("Week 3: balanced meals")
        tool.get_by_role("radio", name="Meal-balance lesson").check()
        tool.get_by_role("button", name="Add to my course").click()
        tool.locator("#added").wait_for()
        assert tool.locator("#added").inner_text() == "Added: Week 3: balanced meals"
        [item] = lms.content_items
        code = item["custom"]["plateful_homework"]
        assert item["lineItem"]["scoreMaximum"] == 100

        lms.users["student-7"] = {"roles": [LEARNER], "given_name": "Sam", "family_name": "Lee"}
        student = student_context.new_page()
        student.goto(lms.course_page("student-7", "link-0"))
        frame = student.frame_locator("#tool")
        button = frame.get_by_role("button", name="Open Plateful in a new tab")
        with student.expect_popup() as opened:
            button.click()
        kim = opened.value
        kim.wait_for_url(f"{server.url}/hw/{code}/")
        kim.wait_for_selector("#lesson")
        assert not kim.locator("#id_nickname").count()  # nothing to type
        for card in ("brown-rice", "carrots", "bagel", "apple", "milk"):
            kim.click(f"button[data-card='{card}']")
            kim.wait_for_selector(f"button[data-card='{card}'][aria-pressed='true']")
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_function(
            "() => document.querySelector('#homework-status').textContent.trim() === 'Goal met'"
        )
        [score] = lms.scores
        assert score["userId"] == "student-7" and score["lineitem"] == "/lineitems/0"
        assert (score["scoreGiven"], score["scoreMaximum"]) == (100, 100)
        assert (score["activityProgress"], score["gradingProgress"]) == ("Completed", "FullyGraded")
    finally:
        teacher_context.close()
        student_context.close()


def test_a_frame_that_cannot_keep_cookies_gets_one_button_to_a_new_tab(server, browser):
    """The LMS on another site (localhost, the tool on 127.0.0.1): the login's cookie check fails
    in its frame, and one button opens the launch in a new tab."""
    platform = TestPlatform(host="localhost").start(server.url)
    server.manage("lti_register", *platform.register_argv())
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(platform.course_page("teacher-1", "deep-link"))
        link = page.frame_locator("#tool").get_by_role("link", name="Open Plateful in a new tab")
        link.wait_for()
        assert link.get_attribute("target") == "_blank"
        assert "lti1p3_new_window=1" in link.get_attribute("href")
    finally:
        context.close()
        platform.stop()
