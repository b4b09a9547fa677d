"""One class, two kinds of shared device, in headless Chromium against a real server: Ana, Ben
and Cy join on one 1024x768 tablet, Dee and Eli on one phone, for Snack Attack! at tables of
three. On the dashboard the teacher chooses "Pass the device: each child plays a seat" for the
tablet only. After the start the tablet is a table of its own passed from child to child ("Pass
to Ana", no hand until "Show my cards", then Ana's alone), while Dee and Eli share one seat at
another table with two bots. A few moves later the dashboard and the report count and name all
five children.

Every wait is on a condition; the bots answer at once and the deals are fixed (the test server).
PLATEFUL_SCREENSHOTS=<folder> saves the tablet's pages and the dashboard at 360 and 1280 px, in
English and Spanish."""

from __future__ import annotations

import re

import pytest

from tests.classroom.test_browser import WAIT_MS, _phone, _shot, _sign_up
from tests.classroom.test_teams_browser import _shots_in_spanish
from tests.games.web.test_browser import _press_a_move, _wait_for_change_or_refusal, advance_clock
from tests.games.web.test_pass_and_play_browser import SETTLED, _whose_turn

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]


def _join_device(page, server, code: str, *names: str) -> None:
    page.goto(f"{server.url}/join")
    page.fill("#id_code", code)
    page.fill("#id_nickname", names[0])
    page.get_by_text("Playing with a partner on this device?").click()
    for number, name in enumerate(names[1:], start=1):
        page.fill(f"#id_partner_{number}", name)
    page.get_by_role("button", name="Join", exact=True).click()
    page.wait_for_selector("text=Wait for your teacher to start", timeout=WAIT_MS)


def _pass_round(tablet, names: set[str]) -> set[str]:
    """Each child whose name the tablet calls shows their cards and makes a move (a turn may take
    a child more than one), until every one of `names` has moved; returns who moved."""
    played: list[str] = []
    shown: list[str] = []
    while set(played) != names:
        assert len(played) < 4 * len(names), f"the tablet called {played}"
        now = _whose_turn(tablet)
        assert "data-revealed" not in tablet.content()  # between turns: no hand on the page
        if not now["pass"]:  # the table's own timed move
            advance_clock(tablet)
            _wait_for_change_or_refusal(tablet, now["version"], "moving the clock on")
            continue
        name = re.fullmatch(r"Pass to (.+)", now["pass"])[1]
        if not played:
            _shot(tablet, "class-pass-to-1024")
        tablet.wait_for_selector(SETTLED, timeout=WAIT_MS)
        tablet.get_by_role("button", name="Show my cards").click()
        tablet.wait_for_selector(f"{SETTLED}[data-revealed]", timeout=WAIT_MS)
        assert f"{name}'s cards" in tablet.locator(".pass-shown").inner_text()
        if tablet.locator("#live .zone-mine .card-row li").count() and not shown:  # a hand with cards
            _shot(tablet, "class-hand-shown-1024")
            shown.append(name)
        pressed = _press_a_move(tablet)
        assert pressed["pressed"], f"{name} has nothing to press"
        _wait_for_change_or_refusal(tablet, pressed["version"], f"{name} pressing {pressed['pressed']!r}")
        played.append(name)
    return set(played)


def test_a_class_with_a_device_passed_between_three_children_and_a_pair_on_one_seat(server, browser):
    teacher_context = browser.new_context(viewport={"width": 1280, "height": 800})
    tablet_context = browser.new_context(viewport=TABLET, has_touch=True)
    pair_context = _phone(browser)
    try:
        teacher = teacher_context.new_page()
        _sign_up(teacher, server, "ms-tablets")
        teacher.get_by_role("link", name="Start a class session").click()
        teacher.locator("label.activity-option", has_text="Snack Attack!").click()
        teacher.select_option("#id_snack-attack-seats", "3")
        teacher.uncheck("#id_approve_names")
        teacher.get_by_role("button", name="Make the session and its join code").click()
        teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
        code = teacher.locator("#join-code").inner_text().strip()

        tablet, pair = tablet_context.new_page(), pair_context.new_page()
        _join_device(tablet, server, code, "Ana", "Ben", "Cy")
        _join_device(pair, server, code, "Dee", "Eli")
        teacher.wait_for_selector("#dashboard >> text=5 students", timeout=WAIT_MS)

        # The tablet's children will each play a seat; the phone's pair keeps one shared seat.
        ana_row = teacher.locator("#dashboard table.roster tr", has=teacher.get_by_role("link", name="Ana"))
        ana_row.get_by_role("button", name=re.compile("Pass the device: each child plays a seat")).click()
        teacher.wait_for_selector("#dashboard .device-choice[data-device='pass']", timeout=WAIT_MS)
        dee_row = teacher.locator("#dashboard table.roster tr", has=teacher.get_by_role("link", name="Dee"))
        assert "One shared seat" in dee_row.inner_text()

        teacher.get_by_role("button", name="Start: seat everyone").click()
        tablet.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        pair.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
        assert "Dee & Eli" in pair.locator("#class-bar-live").inner_text()
        assert _pass_round(tablet, {"Ana", "Ben", "Cy"}) == {"Ana", "Ben", "Cy"}
        pressed = _press_a_move(pair)  # the pair's one seat moves too (the bots answer at once)
        assert pressed["pressed"]
        _wait_for_change_or_refusal(pair, pressed["version"], f"Dee & Eli pressing {pressed['pressed']!r}")

        # The dashboard: two tables, five children named and counted, on two devices.
        teacher.wait_for_selector("#dashboard .table-players >> text=Dee & Eli", timeout=WAIT_MS)
        assert "5 students" in teacher.locator("#dashboard .status-line").inner_text()
        cards = teacher.locator("#dashboard .table-card")
        assert cards.count() == 2
        players = " | ".join(cards.nth(n).locator(".table-players").inner_text() for n in range(2))
        assert all(name in players for name in ("Ana", "Ben", "Cy", "Dee & Eli")), players
        rows = teacher.locator("#dashboard table.roster tbody th a").all_inner_texts()
        assert sorted(rows) == NAMES
        assert "A seat each, passing the device" in ana_row.inner_text()
        heights = ana_row.evaluate("row => [...row.cells].map(cell => Math.round(cell.offsetHeight))")
        assert len(set(heights)) == 1, heights  # the taller row's cells line up, the actions' too
        _shot(teacher, "class-devices-dashboard-en-1280")
        teacher.set_viewport_size({"width": 360, "height": 740})
        rename = ana_row.get_by_role("link", name="Rename").evaluate("e => e.getBoundingClientRect().width")
        assert rename < 180  # on a phone too, a button as wide as its word, not the row's width
        _shot(teacher, "class-devices-dashboard-en-360")

        report = teacher_context.new_page()
        report.goto(teacher.url + "report/")
        assert report.locator("#total-students").inner_text() == "5"
        names = report.locator("#report-students tbody th a").all_inner_texts()
        assert sorted(names) == NAMES
        _shots_in_spanish(browser, teacher_context, {"class-devices-dashboard": teacher.url})
    finally:
        for context in (teacher_context, tablet_context, pair_context):
            context.close()
