"""Every child's pace in real headless Chromium on a 360 px phone: a relaxed CHOMP! quick play
chosen with the keyboard alone, and the match page says it is relaxed.

Set PLATEFUL_SCREENS to a folder to keep the screenshots (360 px and 1280 px) for people to look at."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.games.web.test_browser import WAIT_MS

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def _focused(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e ? `${e.tagName.toLowerCase()}#${e.id}[${e.getAttribute('type') || ''}]` : ''; }"
    )


def _tab_to(page, wanted: str, limit: int = 40) -> None:
    for _ in range(limit):
        if _focused(page) == wanted:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted}; the focus is on {_focused(page)}")


def test_a_relaxed_chomp_quick_play_chosen_by_keyboard_shows_its_badge(server, phone):  # noqa: F811
    phone.goto(f"{server.url}/games/chomp/")
    phone.wait_for_selector("#quick-play")
    # From the top of the page, by keyboard alone: the nickname, the pace, then Play.
    phone.keyboard.press("Tab")
    _tab_to(phone, "input#qp-nickname[]")
    phone.keyboard.type("Kim")
    _tab_to(phone, "input#qp-pace_0[radio]")  # the usual pace is chosen; arrows choose another
    phone.keyboard.press("ArrowDown")
    assert phone.evaluate("() => document.querySelector('#qp-pace_1').checked")
    _tab_to(phone, "button#[submit]")
    assert phone.evaluate("() => document.activeElement.closest('form').id") == "quick-play"
    phone.keyboard.press("Enter")
    phone.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
    badge = phone.locator(".match-head .pace-badge")
    badge.wait_for(timeout=WAIT_MS)
    assert badge.inner_text().strip() == "Relaxed"
    box = badge.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert "three times" in badge.get_attribute("title")
    # The countdown counts the relaxed flip: three times the 1.5 s a usual game waits.
    countdown = phone.locator("#live .countdown[data-ms]").first
    countdown.wait_for(timeout=WAIT_MS)
    assert int(countdown.get_attribute("data-ms")) > 1500
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    if folder := os.environ.get("PLATEFUL_SCREENS", ""):
        Path(folder).mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=f"{folder}/relaxed-chomp-360.png")
        phone.set_viewport_size({"width": 1280, "height": 800})
        phone.screenshot(path=f"{folder}/relaxed-chomp-1280.png")
