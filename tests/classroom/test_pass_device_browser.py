"""A class session where children on one device each play their own seat (the teacher's choice
"Children on one device each play their own seat"), in headless Chromium against a real server:
Ana and Ben join on one 1024x768 tablet for Snack Attack! at tables of three; after the start the
tablet shows the pass-and-play page ("Pass to Ana", no hand until "Show my cards"), the bot
takes the third seat, and the dashboard counts two children.

Every wait is on a condition. PLATEFUL_SCREENSHOTS=<folder> saves the tablet's pages."""

from __future__ import annotations

import re

import pytest

from tests.classroom.test_browser import WAIT_MS, _shot, _sign_up

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}


def test_a_pair_on_one_tablet_passes_it_between_their_own_seats(server, browser):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet_context = browser.new_context(viewport=TABLET, has_touch=True)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "ms-tablets")
        teacher.get_by_role("link", name="Start a class session").click()
        teacher.locator("label.activity-option", has_text="Snack Attack!").click()
        teacher.select_option("#id_snack-attack-seats", "3")
        fields = teacher.locator("#fields-snack-attack")
        fields.get_by_label("Children on one device each play their own seat").check()
        teacher.uncheck("#id_approve_names")
        _shot(teacher, "pass-device-new-session-1280")
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()

        tablet = tablet_context.new_page()
        tablet.goto(f"{server.url}/join")
        tablet.fill("#id_code", code)
        tablet.fill("#id_nickname", "Ana")
        tablet.get_by_text("Playing with a partner on this device?").click()
        tablet.fill("#id_partner_1", "Ben")
        tablet.get_by_role("button", name="Join", exact=True).click()
        tablet.wait_for_selector("text=Wait for your teacher to start", timeout=WAIT_MS)
        teacher.wait_for_selector("#dashboard >> text=2 students", timeout=WAIT_MS)

        teacher.get_by_role("button", name="Start: seat everyone").click()
        tablet.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        title = tablet.wait_for_selector(".pass-title", timeout=WAIT_MS)
        assert title.inner_text().strip() == "Pass to Ana"
        between = tablet.content()
        assert "data-revealed" not in between and "ws-send" not in between  # no hand, no moves
        _shot(tablet, "pass-device-class-tablet-pass-1024")

        tablet.get_by_role("button", name="Show my cards").click()
        tablet.wait_for_selector("#live[data-revealed='0']", timeout=WAIT_MS)
        assert "Ana's cards" in tablet.locator(".pass-shown").inner_text()
        _shot(tablet, "pass-device-class-tablet-shown-1024")

        # Two children, each in a seat of their own at table 1, with a bot in the third.
        teacher.wait_for_selector("#dashboard .table-players >> text=Ben", timeout=WAIT_MS)
        assert "2 students" in teacher.locator("#dashboard").inner_text()
        players = teacher.locator("#dashboard .table-players").first.inner_text()
        assert "Ana" in players and "Ben" in players and "Ana & Ben" not in players
        assert teacher.locator("#dashboard table.roster tbody tr").count() == 2
        _shot(teacher, "pass-device-dashboard-1280")
    finally:
        teacher_context.close()
        tablet_context.close()
