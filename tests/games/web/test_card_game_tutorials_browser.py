"""The card-game lessons (Snack Attack!, Build-A-Meal, Appetite, SNACK WARS) on a 360 x 740 phone,
by keyboard alone: at every step the button the coach wants has the keyboard AND is on the screen,
even when the board is longer than the phone (for a keyboard player the page brings the pick just
into view; static/games/play.js focusPick). The suite's live server: the bots answer at once, and
with no pick to press the table's clock moves on (let_time_pass), never a wall-clock wait."""

from __future__ import annotations

import pytest

from tests.games.web.test_tutorials_browser import (
    PHONE,
    WAIT_MS,
    _answered,
    _start_lesson,
    _state,
    let_time_pass,
    phone,  # noqa: F401 - a fixture
    press,
)

pytestmark = pytest.mark.browser

MAX_STEPS = 60
ACTIVE_BOX = """() => { const e = document.activeElement;
    if (!e || !e.matches('#live [data-coach-pick]')) return null;
    const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom}; }"""


@pytest.mark.parametrize("game", ["snack-attack", "build-a-meal", "appetite", "snack-wars"])
def test_every_coach_pick_has_the_keyboard_and_is_on_the_phones_screen(server, phone, game):  # noqa: F811
    _start_lesson(phone, server, game)
    steps = 0
    for _ in range(MAX_STEPS):
        _answered(phone)
        now = _state(phone)
        if now["done"]:
            break
        if now["picks"]:
            phone.wait_for_function(f"() => !!({ACTIVE_BOX})()", timeout=WAIT_MS)
            box = phone.evaluate(ACTIVE_BOX)
            assert box["top"] >= -1 and box["bottom"] <= PHONE["height"] + 1, f"{game} step {steps}: {box}"
            press(phone)  # moved, or refused (a push crossed it): look again either way
            steps += 1
        else:
            let_time_pass(phone, now["version"])
    assert _state(phone)["done"] and steps >= 5
    assert phone.js_errors == []


def test_an_update_that_pushes_the_focused_pick_off_the_phone_brings_it_back(server, phone):  # noqa: F811
    """htmx gives the focus back to the new element of the same id after a swap, without
    scrolling; when the update drew something taller above it (a longer feed, a checklist), the
    page brings the keyboard player's focus just back into view."""
    _start_lesson(phone, server, "build-a-meal")
    phone.wait_for_function(f"() => !!({ACTIVE_BOX})()", timeout=WAIT_MS)  # play.js runs
    phone.keyboard.press("Shift")  # a keyboard player (static/games/play.js)
    box = phone.evaluate(
        """() => { const live = document.querySelector('#live');
                   const tall = document.createElement('div');
                   tall.style.height = '1500px';
                   live.prepend(tall);
                   document.body.dispatchEvent(new CustomEvent('htmx:afterSettle', {bubbles: true}));
                   const focused = document.activeElement, b = focused.getBoundingClientRect();
                   return {top: b.top, bottom: b.bottom, pick: focused.matches('[data-coach-pick]')}; }"""
    )
    assert box["pick"] and box["top"] >= 0 and box["bottom"] <= PHONE["height"], box
