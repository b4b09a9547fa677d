"""Homework in real headless Chromium against a real Daphne server.

Duel: a teacher assigns Duel against beginner bots with a due date; Ana plays her game to the
end on her phone; Ben starts his, makes a move and closes his browser, then carries on in a new
browser with his resume code and finds the same game where it was; the teacher's page and the
OneRoster zip show each with the right status along the way; once the due date has passed, the link
refuses politely. Lesson: a student's failed then balanced meal are two attempts on the
teacher's page. axe-core checks the homework pages on a phone and a laptop.

Every wait is on a condition (never a fixed sleep). PLATEFUL_SCREENSHOTS=<folder> also saves
the pages at 360 and 1280 px wide."""

from __future__ import annotations

import os
import re
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.classroom.test_browser import _sign_up
from tests.games.web.test_browser import MOVE_BUTTONS, _first_move_box, _play_to_the_end, _version
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.browser

WAIT_MS = 20000
SHOTS = os.environ.get("PLATEFUL_SCREENSHOTS", "")
BLOCKING = ("serious", "critical")


@pytest.fixture(scope="module")
def axe():
    return pytest.importorskip("axe_playwright_python.sync_playwright").Axe()


def _shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _phone(browser):
    return browser.new_context(viewport={"width": 360, "height": 740})


def _laptop(browser):
    return browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)


def _no_blocking_violations(axe, page, where: str) -> None:
    found = axe.run(page).response["violations"]
    blocking = [
        f"{where}: {v['id']} on {[n['target'] for n in v['nodes'][:4]]}"
        for v in found
        if v["impact"] in BLOCKING
    ]
    assert blocking == []


def _assign(teacher, server, activity: str, fill) -> tuple[str, str]:
    """The teacher assigns homework from the panel: (its code, its link)."""
    teacher.goto(f"{server.url}/teach/")
    teacher.get_by_role("link", name="Homework", exact=True).click()
    teacher.get_by_role("link", name="Assign homework").click()
    teacher.locator("label.activity-option", has_text=activity).click()
    fill()
    due = (datetime.now() + timedelta(days=7)).strftime("%Y-%m-%dT%H:%M")  # the browser's own time zone
    teacher.fill("#id_due_at", due)
    _shot(teacher, "homework-new-1280")
    teacher.get_by_role("button", name="Make the homework and its link").click()
    teacher.wait_for_url(re.compile(r"/teach/homework/\d+/$"))
    code = teacher.locator("#homework-code").inner_text().strip()
    assert re.fullmatch(r"[ACDEFHJKMNPRTUVWXY3479]{6}", code)
    return code, teacher.locator("#homework-link").get_attribute("href")


def _start(page, link: str, nickname: str) -> str:
    """A student opens the link and starts with a nickname: the resume code shown to them."""
    page.goto(link)
    page.fill("#id_nickname", nickname)
    page.get_by_role("button", name="Start my homework").click()
    page.wait_for_selector("#resume-code")
    assert "Write it down to carry on later or on another device." in page.inner_text("#resume-code-panel")
    return page.inner_text("#resume-code").strip()


def _statuses(teacher) -> dict[str, str]:
    teacher.reload()
    rows = teacher.locator("#homework-results tbody tr")
    return {
        rows.nth(i).get_attribute("data-student"): rows.nth(i).get_attribute("data-status")
        for i in range(rows.count())
    }


def _results(teacher) -> dict[str, dict]:
    """The results of the OneRoster zip the teacher downloads, by nickname."""
    with teacher.expect_download() as download:
        teacher.get_by_role("link", name="Download for your school system (OneRoster 1.2 zip)").click()
    tables = check_package(Path(download.value.path()).read_bytes())
    return {row["comment"].split(":")[0]: row for row in tables["results.csv"]}


def test_duel_homework_two_students_at_their_own_pace_one_resumes_in_a_new_browser(server, browser, axe):
    teacher_context, ana_context, ben_context = _laptop(browser), _phone(browser), _phone(browser)
    ben_again_context = None
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "ms-homework")

        def duel_settings():
            teacher.select_option("#id_duel-bot_level", "beginner")
            teacher.select_option("#id_duel-option_rounds_to_win", "1")
            teacher.check("#id_duel-goal_0")  # play games
            teacher.fill("#id_duel-goal_count", "1")

        code, link = _assign(teacher, server, "Duel", duel_settings)
        assert link.endswith(f"/hw/{code}/") and teacher.locator(".qr-small svg").count() == 1
        assert "Duel against beginner bots" in teacher.inner_text("main")
        _shot(teacher, "homework-teacher-1280")

        # Ana, from the link: a nickname, her resume code, then her game to the end.
        ana = ana_context.new_page()
        ana.goto(link)
        _shot(ana, "homework-start-360")
        _no_blocking_violations(axe, ana, "start page at 360")
        _start(ana, link, "Ana")
        _shot(ana, "homework-code-360")
        _no_blocking_violations(axe, ana, "homework page at 360")
        ana.get_by_role("button", name="I wrote it down").click()
        ana.wait_for_selector("#homework-play")
        assert not ana.locator("#resume-code").count()
        ana.click("#homework-play")
        ana.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        ana.wait_for_selector("#live")
        assert ana.get_by_role("link", name="My homework").is_visible()
        # The way back to the homework leaves the first move on the first screen of the phone.
        box = _first_move_box(ana)
        assert box["scrollY"] == 0 and box["top"] >= 0 and box["bottom"] <= box["height"], box
        _shot(ana, "homework-match-360")
        _play_to_the_end(ana)

        # Ben, from the home page with the code: one move, then his browser is closed.
        ben = ben_context.new_page()
        ben.goto(server.url + "/")
        ben.get_by_role("link", name="Do my homework").click()
        ben.fill("#id_code", code.lower())
        ben.get_by_role("button", name="Open my homework").click()
        ben.wait_for_url(re.compile(rf"/hw/{code}/$"))
        resume_code = _start(ben, ben.url, "Ben")
        ben.click("#homework-play")
        ben.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        ben.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        before = _version(ben)
        ben.locator(MOVE_BUTTONS).first.click()
        ben.wait_for_function(
            f"() => +document.querySelector('#live').dataset.version > {before}", timeout=WAIT_MS
        )
        ben_match, ben_version = ben.url, _version(ben)
        ben_context.close()

        assert _statuses(teacher) == {"Ana": "met", "Ben": "in_progress"}
        ben_row = [
            c.strip()
            for c in teacher.locator("#homework-results tr[data-student='Ben'] td").all_inner_texts()
        ]
        assert (
            ben_row[1].startswith("1") and ben_row[2] == ben_row[3] == ben_row[4] == "–"
        )  # a game, none finished

        # Ben again, in a new browser: his resume code brings back his unfinished game.
        ben_again_context = _phone(browser)
        ben = ben_again_context.new_page()
        ben.goto(link)
        ben.fill("#id_resume_code", "WRONG-CODE")
        ben.get_by_role("button", name="Carry on").click()
        ben.wait_for_selector("#resume-error")
        assert "That resume code isn't right for this homework" in ben.inner_text("#resume-error")
        ben.fill("#id_resume_code", resume_code.lower().replace("-", " "))
        ben.get_by_role("button", name="Carry on").click()
        ben.wait_for_selector("#homework-play")
        assert ben.inner_text("#homework-play") == "Carry on with my game"
        assert "You are Ben." in ben.inner_text("#homework-progress")
        ben.click("#homework-play")
        ben.wait_for_url(ben_match)
        ben.wait_for_selector("#live")
        assert _version(ben) >= ben_version
        assert ben.locator("#viewer").get_attribute("data-viewer") not in (None, "watching")  # his seat
        _play_to_the_end(ben)
        ben.get_by_role("link", name="My homework").click()
        ben.wait_for_selector("#homework-status")
        assert ben.inner_text("#homework-status") == "Goal met"

        assert _statuses(teacher) == {"Ana": "met", "Ben": "met"}
        _shot(teacher, "homework-results-1280")
        teacher.set_viewport_size({"width": 360, "height": 740})
        _shot(teacher, "homework-results-360")
        _no_blocking_violations(axe, teacher, "teacher's homework page at 360")
        assert (
            teacher.evaluate("() => document.documentElement.scrollWidth") <= 360
        )  # the table scrolls in its box
        teacher.set_viewport_size({"width": 1280, "height": 900})
        _no_blocking_violations(axe, teacher, "teacher's homework page at 1280")
        rows = _results(teacher)
        assert set(rows) == {"Ana", "Ben"}
        for row in rows.values():
            assert (row["scoreStatus"], row["score"]) == ("fully graded", "100")
            assert row["lineItemSourcedId"].startswith("plateful-lineitem-hw")

        # The due date passes: the link refuses politely, Ana still sees her result.
        server.manage(
            "shell",
            "-c",
            "from datetime import timedelta; from django.utils import timezone; "
            "from homework.models import Assignment; now = timezone.now(); "
            f"Assignment.objects.filter(code='{code}').update(due_at=now - timedelta(seconds=1), "
            "opens_at=now - timedelta(days=1))",
        )
        response = ana.goto(link)
        assert response.status == 410
        assert "This homework is closed" in ana.inner_text("#homework-closed")
        assert "Your results, Ana" in ana.inner_text("main")
        _shot(ana, "homework-closed-360")
        ben.goto(link)
        ben.context.clear_cookies()
        ben.goto(link)
        assert "This homework is closed" in ben.inner_text("#homework-closed")
        assert not ben.locator("#id_nickname").count() and not ben.locator("#id_resume_code").count()
        assert _statuses(teacher) == {"Ana": "met", "Ben": "met"}
    finally:
        for context in (teacher_context, ana_context, ben_context, ben_again_context):
            if context is not None:
                context.close()


def test_a_lesson_homework_records_a_failed_then_a_passed_attempt(server, browser, axe):
    teacher_context, kim_context = _laptop(browser), _phone(browser)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "mr-homework-lesson")
        _code, link = _assign(teacher, server, "Meal-balance lesson", lambda: None)
        assert "Build 1 balanced meal" in teacher.inner_text("main")

        kim = kim_context.new_page()
        _start(kim, link, "Kim")
        kim.get_by_role("button", name="I wrote it down").click()
        kim.wait_for_selector("#lesson")

        def plate(card: str) -> None:
            kim.click(f"button[data-card='{card}']")
            kim.wait_for_selector(f"button[data-card='{card}'][aria-pressed='true']")

        plate("brown-rice")
        plate("carrots")
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_selector("#meal-result.meal-not-yet")
        assert "Not balanced yet" in kim.inner_text("#meal-result")
        assert kim.inner_text("#homework-status") == "In progress"
        _shot(kim, "homework-lesson-360")
        _no_blocking_violations(axe, kim, "homework lesson at 360")
        for card in ("bagel", "apple", "milk"):
            plate(card)
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_selector("#meal-result.meal-ok")
        kim.wait_for_function(
            "() => document.querySelector('#homework-status').textContent.trim() === 'Goal met'"
        )

        row = teacher.locator("#homework-results tbody tr", has_text="Kim")
        teacher.reload()
        assert row.get_attribute("data-status") == "met"
        cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
        assert cells[1] == "2"  # attempts
        assert cells[2].startswith("Not balanced: ") and "Grains" in cells[2]  # first result
        assert cells[3] == "Balanced meal"  # best result
        _shot(teacher, "homework-lesson-results-1280")
    finally:
        teacher_context.close()
        kim_context.close()
