"""A pair on one phone in a class session, in real headless Chromium against a real Daphne server,
with the teacher's default settings ("I approve names" on): Ana and Ben join from one phone, Cal
from another; after "Approve all" the dashboard counts three students and names the pair's seat
"Ana & Ben", the pair's own game page says so too, and the report counts and names every child.

Every wait is on a condition (never a fixed sleep). PLATEFUL_SCREENSHOTS=<folder> also saves
the join form, the dashboard and the report at 360 and 1280 px wide, in English and Spanish."""

from __future__ import annotations

import re

import pytest

from tests.classroom.test_browser import WAIT_MS, _join, _phone, _shot, _sign_up

pytestmark = pytest.mark.browser


def _shots_in_spanish(browser, teacher_context, urls: dict[str, str]) -> None:
    """The teacher's pages again in a Spanish browser (the same login), at both widths."""
    for width, height in ((360, 740), (1280, 800)):
        context = browser.new_context(
            viewport={"width": width, "height": height},
            locale="es-MX",
            storage_state=teacher_context.storage_state(),
        )
        try:
            page = context.new_page()
            for name, url in urls.items():
                page.goto(url)
                page.wait_for_selector("main")
                _shot(page, f"{name}-es-{width}")
        finally:
            context.close()


def test_a_pair_on_one_phone_is_counted_and_named_child_by_child(server, browser):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    pair_context, cal_context = _phone(browser), _phone(browser)
    wide_context = browser.new_context(viewport={"width": 1280, "height": 800})
    spanish_context = browser.new_context(viewport={"width": 360, "height": 740}, locale="es-MX")
    try:
        teacher = teacher_context.new_page()
        teacher.on("dialog", lambda dialog: dialog.accept())
        _sign_up(teacher, server, "ms-pairs")
        teacher.get_by_role("link", name="Start a class session").click()
        teacher.locator("label.activity-option", has_text="Duel").click()
        assert teacher.is_checked("#id_approve_names")  # the default: names wait for the teacher
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()

        # The join form, folded and unfolded, in English and Spanish, at both widths.
        spanish_wide = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-MX")
        for context, suffix in (
            (wide_context, "en-1280"),
            (spanish_context, "es-360"),
            (spanish_wide, "es-1280"),
        ):
            page = context.new_page()
            page.goto(f"{server.url}/join?code={code}")
            page.locator(".partners > summary").click()
            page.wait_for_selector("#id_partner_1:visible")
            page.fill("#id_nickname", "Ana")
            page.fill("#id_partner_1", "Ben")
            _shot(page, f"join-partners-{suffix}")
            page.close()
        spanish_wide.close()

        pair = pair_context.new_page()
        pair.goto(f"{server.url}/join")
        pair.fill("#id_code", code)
        pair.fill("#id_nickname", "Ana")
        assert not pair.is_visible("#id_partner_1")  # folded until asked for
        pair.get_by_text("Playing with a partner on this device?").click()
        pair.fill("#id_partner_1", "Ben")
        _shot(pair, "join-partners-en-360")
        pair.get_by_role("button", name="Join", exact=True).click()
        pair.wait_for_url(re.compile(r"/class/\w+/$"))
        pair.wait_for_selector("text=Your teacher is checking your name", timeout=WAIT_MS)
        cal = cal_context.new_page()
        _join(cal, server, code, "Cal")

        # Both names of the pair wait for the teacher, each on its own line.
        teacher.wait_for_selector("#dashboard .pending-list >> text=Cal", timeout=WAIT_MS)
        pending = teacher.locator("#dashboard .pending-list li")
        assert pending.count() == 3
        assert "with Ana" in teacher.locator("#dashboard .pending-list li", has_text="Ben").inner_text()
        teacher.get_by_role("button", name="Approve all").click()
        teacher.wait_for_selector("#dashboard:not(:has(.pending-list))", timeout=WAIT_MS)
        assert "3 students" in teacher.locator("#dashboard").inner_text()
        pair.wait_for_selector("text=Wait for your teacher to start", timeout=WAIT_MS)
        assert "Ana & Ben" in pair.locator("h1").inner_text()

        teacher.get_by_role("button", name="Start: seat everyone").click()
        pair.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        pair.wait_for_selector("#live")
        assert "Ana & Ben" in pair.locator("#live").inner_text()
        assert "Ana & Ben" in pair.locator("#class-bar-live").inner_text()
        teacher.wait_for_selector("#dashboard .table-players >> text=Ana & Ben", timeout=WAIT_MS)
        roster = teacher.locator("#dashboard table.roster tbody tr")
        assert roster.count() == 3
        ben_row = teacher.locator(
            "#dashboard table.roster tr", has=teacher.get_by_role("link", name="Ben", exact=True)
        )
        assert "Table 1" in ben_row.inner_text() and "with Ana" in ben_row.inner_text()
        _shot(teacher, "dashboard-pair-en-1280")
        teacher.set_viewport_size({"width": 360, "height": 740})
        _shot(teacher, "dashboard-pair-en-360")
        teacher.set_viewport_size({"width": 1280, "height": 800})

        report = teacher_context.new_page()
        report.goto(teacher.url + "report/")
        assert report.locator("#total-students").inner_text() == "3"
        names = report.locator("#report-students tbody th").all_inner_texts()
        assert sorted(name.split(" with ")[0] for name in names) == ["Ana", "Ben", "Cal"]
        _shot(report, "report-pair-en-1280")
        report.set_viewport_size({"width": 360, "height": 740})
        _shot(report, "report-pair-en-360")
        _shots_in_spanish(
            browser, teacher_context, {"dashboard-pair": teacher.url, "report-pair": report.url}
        )
    finally:
        for context in (teacher_context, pair_context, cal_context, wide_context, spanish_context):
            context.close()
