"""A class in real headless Chromium against a real Daphne server: a teacher signs up, opens a
Duel session and its projector page, three students join (one through the QR code's link), they
are seated with a bot in the empty seat, a student's move shows on the teacher's dashboard, a
removed student can't come back, and the CSV has the right rows. And a meal-balance lesson from
both sides.

Every wait is on a condition (never a fixed sleep). PLATEFUL_SCREENSHOTS=<folder> also saves
the pages at 360 and 1280 px wide."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 20000
MOVE_BUTTONS = (
    "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"
)
PASSWORD = "carrots-and-peas-42"
SHOTS = os.environ.get("PLATEFUL_SCREENSHOTS", "")


def _shot(page, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _phone(browser):
    return browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)


def _sign_up(page, server, username: str) -> None:
    page.goto(f"{server.url}/teach/")  # not logged in: the login page, with a way to sign up
    page.get_by_role("link", name="Make a teacher account").click()
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Make my account").click()
    page.wait_for_url(re.compile(r"/teach/$"))


def _join(page, server, code: str, nickname: str) -> None:
    page.goto(f"{server.url}/join")
    page.fill("#id_code", code)
    page.fill("#id_nickname", nickname)
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_url(re.compile(r"/class/\w+/$"))


def _version(page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def test_a_class_plays_duel_while_the_teacher_watches_live(server, browser):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
    contexts = [_phone(browser) for _ in range(3)]
    try:
        teacher = teacher_context.new_page()
        teacher.on("dialog", lambda dialog: dialog.accept())
        _sign_up(teacher, server, "ms-duel")
        teacher.get_by_role("link", name="Start a class session").click()
        teacher.locator("label.activity-option", has_text="Duel").click()
        teacher.select_option("#id_duel-bot_level", "beginner")
        teacher.select_option("#id_duel-option_rounds_to_win", "1")
        _shot(teacher, "teacher-new-session-1280")
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()
        assert re.fullmatch(r"[ACDEFHJKMNPRTUVWXY3479]{6}", code)

        projector = teacher_context.new_page()
        projector.goto(server.url + teacher.locator("#projector-link").get_attribute("href"))
        projector.wait_for_selector("#projector-code")
        qr_link = projector.locator("#projector-qr").get_attribute("href")
        assert qr_link.endswith(f"/join?code={code}") and projector.locator("#projector-qr svg").count() == 1

        ana, ben, cal = (context.new_page() for context in contexts)
        _join(ana, server, code, "Ana")
        _join(ben, server, code, "Ben")
        cal.goto(qr_link)  # the QR code's link: the code is filled in
        assert cal.locator("#id_code").input_value() == code
        cal.fill("#id_nickname", "Cal")
        cal.get_by_role("button", name="Join", exact=True).click()
        cal.wait_for_url(re.compile(r"/class/\w+/$"))
        for kid in (ana, ben, cal):
            kid.wait_for_selector("text=Wait for your teacher to start")
        projector.wait_for_function(
            "() => ['Ana', 'Ben', 'Cal'].every("
            "n => document.querySelector('#arrivals').innerText.includes(n))",
            timeout=WAIT_MS,
        )
        _shot(projector, "projector-1280")

        teacher.get_by_role("button", name="Start: seat everyone").click()
        for kid in (ana, ben, cal):  # each student's page goes to their table by itself
            kid.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
            kid.wait_for_selector("#live")
        teacher.wait_for_selector("#dashboard .table-card[data-table='2']", timeout=WAIT_MS)
        bot_rows = teacher.locator("#dashboard .table-players li.bot")
        assert bot_rows.count() == 1 and "bot" in bot_rows.inner_text().lower()
        assert teacher.locator("#dashboard .table-card").count() == 2

        # A move on a student's page shows on the dashboard without a reload.
        # The dashboard says whose turn it is; that student's page has the move buttons.
        turn = teacher.locator("#dashboard .table-players li.to-move:not(.bot) .player-name").first
        turn.wait_for(timeout=WAIT_MS)
        mover = {"Ana": ana, "Ben": ben, "Cal": cal}[turn.inner_text().strip()]
        mover.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        match_id = mover.url.rstrip("/").split("/")[-1]
        before = _version(mover)
        mover.locator(MOVE_BUTTONS).first.click()
        mover.wait_for_function(f"() => +document.querySelector('#live').dataset.version > {before}")
        after = _version(mover)
        teacher.wait_for_function(
            "([id, v]) => { const card = document.querySelector(`#dashboard [data-match='${id}']`);"
            " return card && +card.dataset.version >= v; }",
            arg=[match_id, after],
            timeout=WAIT_MS,
        )
        _shot(teacher, "dashboard-1280")
        _shot(mover, "student-phone-duel-360")

        # The teacher removes Cal: Cal's page says so, the name hides on the dashboard, and that
        # browser may join again under a new name (a ban would keep it out: test_names_browser).
        row = teacher.locator("#dashboard tr", has_text="Cal")
        row.get_by_role("button", name="Remove").click()
        teacher.wait_for_selector("#dashboard tr.removed >> text=Name hidden", timeout=WAIT_MS)
        cal.wait_for_selector("text=took you out", timeout=WAIT_MS)
        cal.get_by_role("link", name="Join again").click()
        cal.fill("#id_code", code)
        cal.fill("#id_nickname", "Cal Again")
        cal.get_by_role("button", name="Join", exact=True).click()
        cal.wait_for_url(re.compile(r"/(class|play)/[\w-]+/$"))
        teacher.wait_for_selector("#dashboard >> text=Cal Again", timeout=WAIT_MS)

        with teacher.expect_download() as download_info:
            teacher.locator("#csv-link").click()
        rows = list(csv.reader(io.StringIO(Path(download_info.value.path()).read_text())))
        assert rows[0][:2] == ["nickname", "status"]
        by_name = {row[0]: row for row in rows[1:]}
        assert set(by_name) == {"Ana", "Ben", "Cal", "Cal Again", "Class total"}
        assert by_name["Cal"][1] == "removed" and by_name["Ana"][1] == "joined"
        assert by_name["Class total"][1] == "total" and all(len(row) == len(rows[0]) for row in rows)
    finally:
        teacher_context.close()
        for context in contexts:
            context.close()


def test_a_meal_balance_lesson_explains_an_unbalanced_meal_and_records_both_attempts(server, browser):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 900})
    kid_context = _phone(browser)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "mr-lesson")
        teacher.goto(f"{server.url}/teach/new/")
        teacher.locator("label.activity-option", has_text="Meal-balance lesson").click()
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()
        teacher.get_by_role("button", name="Start the lesson").click()
        teacher.wait_for_selector("#dashboard[data-status='playing']")

        kim = kid_context.new_page()
        _join(kim, server, code, "Kim")
        kim.wait_for_selector("#lesson")

        def plate(card: str) -> None:
            kim.click(f"button[data-card='{card}']")
            kim.wait_for_selector(f"button[data-card='{card}'][aria-pressed='true']")

        plate("brown-rice")
        plate("carrots")
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_selector("#meal-result.meal-not-yet")
        result = kim.locator("#meal-result").inner_text()
        assert "Not balanced yet" in result
        # A lesson counts real cups and ounces.
        assert "You have 1 oz of grains (Brown Rice: 1 oz); a balanced meal needs 2 oz." in result
        assert (
            "You have 1/2 cup of fruit and veggies (Carrots: 1/2 cup); a balanced meal needs 1 cup." in result
        )
        assert (
            "You have no meat or dairy; a balanced meal needs 1 oz of protein or 1/2 cup of dairy." in result
        )
        assert "Try " in result
        _shot(kim, "student-phone-lesson-360")
        for card in ("bagel", "apple", "milk"):
            plate(card)
        kim.get_by_role("button", name="Check my meal").click()
        kim.wait_for_selector("#meal-result.meal-ok")
        assert "That's a balanced meal" in kim.locator("#meal-result").inner_text()

        teacher.wait_for_selector("#dashboard >> text=Last meal: balanced", timeout=WAIT_MS)
        teacher.get_by_role("link", name="Report").first.click()
        teacher.wait_for_url(re.compile(r"/report/$"))
        kim_row = teacher.locator("tr", has_text="Kim").inner_text().split("\t")
        assert [cell.strip() for cell in kim_row[:4]] == ["1", "Kim", "2", "1"]  # rank, name, checked, ok
        teacher.get_by_role("link", name="Kim").click()
        attempts = teacher.locator("ol.attempts li")
        assert attempts.count() == 2
        assert "Not balanced" in attempts.nth(0).inner_text() and "Grains" in attempts.nth(0).inner_text()
        assert attempts.nth(1).inner_text().startswith("Balanced")
    finally:
        teacher_context.close()
        kid_context.close()
