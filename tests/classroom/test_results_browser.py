"""A class's results as the teacher sees them, in real headless Chromium against a real Daphne
server: the session picker says what each game is in one line; the projector during play shows
every table's standings and whose turn it is, a class progress bar, and the join code only while
joining is open; the dashboard ranks a finished table with each game's own words; a removed
student's row lines up with the others; the report and its CSV count only the students who
stayed; the lesson's leaderboard puts a student who tried above the ones who did nothing.

PLATEFUL_SCREENSHOTS=<folder> saves the projector mid-game and the dashboard at 1280 px."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from classroom.forms import ACTIVITY_LINES, LESSON
from games.engines import ENGINES
from tests.classroom.test_browser import (  # noqa: F401 - the module's server fixture
    MOVE_BUTTONS,
    WAIT_MS,
    _join,
    _phone,
    _shot,
    _sign_up,
    _version,
)

pytestmark = pytest.mark.browser

SPANISH_LINES = {
    "duel": "Dos jugadores comparan el valor de una comida con sus calorías.",
    LESSON: "Cada estudiante arma una comida y la revisa con tus reglas, sin ningún juego alrededor.",
}


def _teacher(browser):
    return browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)


def _code_visible(projector) -> bool:
    return projector.locator("#projector-code").is_visible()


def _finish_table(live, code: str, table: int, winners: list[int], scores: list[int]) -> None:
    """The table's current game ends with this result (as its rules would have ended it)."""
    live.manage(
        "shell",
        "-c",
        "from classroom.models import TableMatch; "
        f"tm = TableMatch.objects.get(session__code='{code}', table={table}, current=True); "
        "m = tm.match; state = dict(m.state); "
        f"result = {{'winners': {winners}, 'scores': {scores}, 'reason': 'The time is up.'}}; "
        "state['result'] = result; m.state = state; m.result = result; m.status = 'finished'; "
        "m.save(update_fields=['state', 'result', 'status'])",
    )


def test_the_projector_the_dashboard_and_the_report_during_and_after_play(server, browser):  # noqa: F811
    teacher_context = _teacher(browser)
    kids = [_phone(browser) for _ in range(4)]
    try:
        teacher = teacher_context.new_page()
        teacher.on("dialog", lambda dialog: dialog.accept())
        _sign_up(teacher, server, "ms-results")
        teacher.goto(f"{server.url}/teach/new/")
        teacher.locator("label.activity-option", has_text="Duel").click()
        teacher.select_option("#id_duel-bot_level", "beginner")
        teacher.select_option("#id_duel-option_rounds_to_win", "2")
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()

        projector = teacher_context.new_page()
        projector.goto(server.url + teacher.locator("#projector-link").get_attribute("href"))
        projector.wait_for_selector("#projector-code")
        assert _code_visible(projector)

        pages = {}
        for name, context in zip(("Ana", "Ben", "Cal", "Dee"), kids, strict=True):
            pages[name] = context.new_page()
            _join(pages[name], server, code, name)
        teacher.get_by_role("button", name="Start: seat everyone").click()
        for kid in pages.values():
            kid.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)

        # Mid-game on the projector: each table's players with rounds won and whose turn, the
        # class progress, and the code still up (joining is open).
        projector.wait_for_selector("#projector-tables .projector-table[data-table='2']", timeout=WAIT_MS)
        assert projector.locator(".projector-table").count() == 2
        assert "0 of 2 tables have finished their game" in projector.locator("#class-progress").inner_text()
        assert projector.locator("#class-progress progress").get_attribute("max") == "2"
        standings = projector.locator(".projector-table[data-table='1'] .projector-standings li")
        assert standings.count() == 2
        assert all(text.endswith("0 rounds won") for text in standings.all_inner_texts())
        assert projector.locator(".projector-table[data-table='1'] .turn-mark").count() >= 1
        assert _code_visible(projector)

        # A move at a table reaches the projector without a reload.
        turn = teacher.locator("#dashboard .table-players li.to-move:not(.bot) .player-name").first
        turn.wait_for(timeout=WAIT_MS)
        mover = pages[turn.inner_text().strip()]
        mover.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        match_id = mover.url.rstrip("/").split("/")[-1]
        before = _version(mover)
        mover.locator(MOVE_BUTTONS).first.click()
        mover.wait_for_function(f"() => +document.querySelector('#live').dataset.version > {before}")
        projector.wait_for_function(
            "([id, v]) => { const t = document.querySelector(`#projector-tables [data-match='${id}']`);"
            " return t && +t.dataset.version > v; }",
            arg=[match_id, before],
            timeout=WAIT_MS,
        )

        # Lock: the code and the QR code leave the projector, "closed" stays.
        teacher.get_by_role("button", name="Lock: no new players").click()
        projector.wait_for_selector("text=The session is closed to new players.", timeout=WAIT_MS)
        projector.wait_for_function("() => !document.querySelector('#projector-code').checkVisibility()")
        assert not projector.locator("#projector-qr").is_visible()
        projector.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=WAIT_MS)
        _shot(projector, "projector-mid-game-1280")

        # Table 1 ends (two students, no bot): ranked, in Duel's words, on the
        # projector and the dashboard, and the progress moves on.
        _finish_table(server, code, 1, winners=[1], scores=[0, 1])
        teacher.get_by_role("button", name="Let new players join").click()  # any change redraws
        projector.wait_for_function(
            "() => document.querySelector('#class-progress').innerText.includes('1 of 2 tables')",
            timeout=WAIT_MS,
        )
        assert _code_visible(projector)  # joining is open again
        finished = projector.locator(".projector-table[data-table='1'] .projector-standings li")
        assert finished.evaluate_all("items => items.map(li => li.dataset.rank)") == ["1", "2"]
        texts = finished.all_inner_texts()
        assert texts[0].endswith("1 round won") and texts[1].endswith("0 rounds won")
        _shot(projector, "projector-a-table-finished-1280")
        card = teacher.locator("#dashboard .table-card[data-table='1'] .table-players li")
        teacher.wait_for_function(
            "() => document.querySelector(\"#dashboard .table-card[data-table='1']\").classList"
            ".contains('table-finished')",
            timeout=WAIT_MS,
        )
        assert card.evaluate_all("items => items.map(li => li.value)") == [1, 2]
        assert "round won" in card.first.inner_text() and "score" not in card.first.inner_text()

    finally:
        teacher_context.close()
        for context in kids:
            context.close()


def test_the_session_picker_says_what_each_activity_is_in_one_line(server, browser):  # noqa: F811
    context = _teacher(browser)
    try:
        teacher = context.new_page()
        _sign_up(teacher, server, "ms-picker")
        teacher.goto(f"{server.url}/teach/new/")
        for slug in [*ENGINES, LESSON]:
            option = teacher.locator(f"label.activity-option:has(input[value='{slug}'])")
            assert option.locator(".activity-line").is_visible(), slug
            assert option.locator(".activity-line").inner_text().strip() == str(ACTIVITY_LINES[slug])
    finally:
        context.close()


def test_a_removed_students_row_lines_up_and_the_report_counts_only_who_stayed(server, browser):  # noqa: F811
    teacher_context = _teacher(browser)
    kids = [_phone(browser) for _ in range(4)]
    try:
        teacher = teacher_context.new_page()
        teacher.on("dialog", lambda dialog: dialog.accept())
        _sign_up(teacher, server, "mr-report")
        teacher.goto(f"{server.url}/teach/new/")
        teacher.locator("label.activity-option", has_text="Duel").click()
        teacher.select_option("#id_duel-bot_level", "beginner")
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()
        for name, context in zip(("Ana", "Ben", "Cal", "Dee"), kids, strict=True):
            _join(context.new_page(), server, code, name)
        teacher.get_by_role("button", name="Start: seat everyone").click()
        teacher.wait_for_selector("#dashboard .table-card[data-table='2']", timeout=WAIT_MS)
        _finish_table(server, code, 1, winners=[0], scores=[2, 1])

        # The teacher removes Dee: her row lines up with the others, cell by cell.
        row = teacher.locator("#dashboard tr", has_text="Dee")
        row.get_by_role("button", name="Remove").click()
        teacher.wait_for_selector("#dashboard tr.removed", timeout=WAIT_MS)
        lefts = teacher.evaluate(
            """() => [...document.querySelectorAll('#dashboard table.roster tr')].map(
                tr => [...tr.children].map(cell => Math.round(cell.getBoundingClientRect().left)))"""
        )
        assert all(len(cells) == len(lefts[0]) for cells in lefts), lefts
        assert all(cells == lefts[0] for cells in lefts), lefts
        gaps = teacher.evaluate(
            """() => [...document.querySelectorAll('#dashboard table.roster tr.removed')].flatMap(tr => {
                const row = tr.getBoundingClientRect();
                return [...tr.children].map(cell => cell.getBoundingClientRect()).map(
                    box => Math.abs(box.top - row.top) + Math.abs(box.bottom - row.bottom));
            })"""
        )
        assert gaps and max(gaps) < 1, gaps  # every cell of the row spans the whole row
        teacher.wait_for_function(  # "Name hidden" is not struck through
            "() => { const tr = document.querySelector('#dashboard tr.removed');"
            " return tr && tr.isConnected && getComputedStyle(tr).textDecorationLine === 'none'; }",
            timeout=WAIT_MS,
        )
        _shot(teacher, "dashboard-removed-row-1280")

        # The report: the class is the three who stayed; Dee is listed apart.
        teacher.get_by_role("link", name="Report").click()
        teacher.wait_for_selector("#total-students")
        assert teacher.locator("#total-students").inner_text().strip() == "3"
        assert "Dee" not in teacher.locator("#report-students").inner_text()
        assert "Dee" in teacher.locator("#taken-out").inner_text()
        ranks = teacher.locator("#report-students tbody tr td:first-child").all_inner_texts()
        assert ranks[0] == "1" and ranks == sorted(ranks, key=int)
        with teacher.expect_download() as download_info:
            teacher.get_by_role("link", name="Download CSV").click()
        rows = list(csv.reader(io.StringIO(Path(download_info.value.path()).read_text())))
        header = rows[0]
        assert all(len(row) == len(header) for row in rows), rows
        by_name = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
        assert by_name["Dee"]["status"] == "removed" and by_name["Dee"]["rank"] == ""
        total = by_name["Class total"]
        assert total["status"] == "total"
        assert int(total["games_played"]) == sum(
            int(by_name[n]["games_played"]) for n in ("Ana", "Ben", "Cal")
        )
    finally:
        teacher_context.close()
        for context in kids:
            context.close()


def test_the_lesson_leaderboard_puts_a_student_who_tried_above_the_ones_who_did_nothing(server, browser):  # noqa: F811
    teacher_context = _teacher(browser)
    kid_context = _phone(browser)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "mr-board")
        teacher.goto(f"{server.url}/teach/new/")
        teacher.locator("label.activity-option", has_text="Meal-balance lesson").click()
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()
        kid = kid_context.new_page()
        for name in ("Abe", "Bea", "Zoe"):  # Zoe will try; Abe and Bea do nothing
            kid.context.clear_cookies()
            _join(kid, server, code, name)
        teacher.get_by_role("button", name="Start the lesson").click()
        kid.wait_for_selector("#lesson", timeout=WAIT_MS)
        for card in ("brown-rice", "carrots"):
            kid.click(f"button[data-card='{card}']")
            kid.wait_for_selector(f"button[data-card='{card}'][aria-pressed='true']")
        kid.get_by_role("button", name="Check my meal").click()
        kid.wait_for_selector("#meal-result.meal-not-yet")
        teacher.wait_for_function(
            "() => { const b = document.querySelector('#dashboard .leaderboard');"
            " return b && b.innerText.includes('Zoe'); }",
            timeout=WAIT_MS,
        )
        teacher.reload()
        names = teacher.locator("#dashboard .leaderboard .player-name").all_inner_texts()
        ranks = teacher.locator("#dashboard .leaderboard .rank").all_inner_texts()
        assert names == ["Zoe", "Abe", "Bea"] and ranks == ["1", "2", "2"]
        projector = teacher_context.new_page()
        projector.goto(server.url + teacher.locator("#projector-link").get_attribute("href"))
        assert projector.locator(".leaderboard-big .player-name").all_inner_texts() == ["Zoe", "Abe", "Bea"]
        assert "0 of 3 students have a balanced meal" in projector.locator("#class-progress").inner_text()
    finally:
        teacher_context.close()
        kid_context.close()


def test_the_picker_and_the_projector_in_spanish(server, browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "django_language", "value": "es", "url": server.url}])
    kid_context = _phone(browser)
    try:
        teacher = context.new_page()
        teacher.on("dialog", lambda dialog: dialog.accept())
        _sign_up_es(teacher, server, "sra-lopez")
        teacher.goto(f"{server.url}/teach/new/")
        for slug, line in SPANISH_LINES.items():
            option = teacher.locator(f"label.activity-option:has(input[value='{slug}'])")
            assert option.locator(".activity-line").inner_text().strip() == line
        teacher.locator("label.activity-option:has(input[value='duel'])").click()
        teacher.select_option("#id_duel-bot_level", "beginner")
        teacher.uncheck("#id_approve_names")  # names show at once (on by default)
        teacher.locator("form.session-form button[type=submit]").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()
        kid = kid_context.new_page()
        _join(kid, server, code, "Ana")
        teacher.locator("button[data-focus-key='start']").click()
        kid.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        projector = context.new_page()
        projector.goto(server.url + teacher.locator("#projector-link").get_attribute("href"))
        assert "0 de 1 mesa terminó su partida" in projector.locator("#class-progress").inner_text()
        texts = projector.locator(".projector-standings li").all_inner_texts()
        assert len(texts) == 2 and all(t.endswith("0 rondas ganadas") for t in texts)
        teacher.locator("button[data-focus-key='lock']").click()
        projector.wait_for_function("() => !document.querySelector('#projector-code').checkVisibility()")
    finally:
        context.close()
        kid_context.close()


def _sign_up_es(page, live, username: str) -> None:
    page.goto(f"{live.url}/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", "carrots-and-peas-42")
    page.fill("#id_password2", "carrots-and-peas-42")
    page.click("form button[type=submit]")
    page.wait_for_url(re.compile(r"/teach/$"))
