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
    _play_to_the_end,
    _quick_play,
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
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def laptop(browser):
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


# In Underwater War a player's only move is slapping an Electric Eel: without one stacked on
# top, a short game may never offer a move at all (cards ids top first, dealt one each in turn).
OPENING_DECKS = {
    "underwater-war": "electric-eel-1,shark-1,seal-1,plankton-1,big-fish-1,shrimp-1,little-fish-1,seal-2",
}


def _shoot(page, path: Path, *, full_page: bool = False) -> None:
    """A screenshot once the card pictures on the screen have arrived (the first WebP copies
    are drawn by the server on demand)."""
    page.wait_for_function(
        "() => [...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
        ".every(i => i.complete)",
        timeout=WAIT_MS,
    )
    page.screenshot(path=str(path), full_page=full_page)


def _cut_off_tables(page) -> list[str]:
    """Tables wider than their box (a column you would have to scroll sideways to see)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('#live .table-scroll')]"
        ".filter(box => box.scrollWidth > box.clientWidth + 1)"
        ".map(box => box.querySelector('table').className + ' ' + box.scrollWidth + '>' + box.clientWidth)"
    )


def _first_move_box(page) -> dict:
    """Where the first move button is, as the page lays it out now, and how far it scrolled
    (one call: in a real-time game a bot's slap may take the buttons away at any moment)."""
    return page.wait_for_function(
        """selector => {
            const move = document.querySelector(selector);
            if (!move) return null;
            const box = move.getBoundingClientRect();
            return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                    scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight,
                    label: (move.getAttribute('aria-label') || move.textContent).trim()};
        }""",
        arg=MOVE_BUTTONS,
        timeout=WAIT_MS,
    ).json_value()


@pytest.mark.parametrize("game", list(ENGINES))
def test_the_first_move_is_on_the_first_screen_of_a_phone(server, phone, game):  # noqa: F811
    _quick_play(phone, server, game, _slow_options(game), deck=OPENING_DECKS.get(game, ""))
    phone.evaluate("() => window.scrollTo(0, 0)")
    box = _first_move_box(phone)
    if folder := _screens():
        with open(folder / "first-moves.txt", "a") as notes:
            notes.write(f"{game}: {box['label']!r} at y={box['top']:.0f}-{box['bottom']:.0f} of 740\n")
        _shoot(phone, folder / f"{game}-360.png")
        _shoot(phone, folder / f"{game}-360-full.png", full_page=True)
    assert box["scrollY"] == 0
    assert box["top"] >= 0 and box["bottom"] <= box["height"], f"{game}: first move {box}"
    assert box["left"] >= 0 and box["right"] <= box["width"], f"{game}: first move {box}"
    # Nothing on the page is wider than the phone (a table or a row of cards would scroll sideways).
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert not _cut_off_tables(phone)


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_laptop_page_mid_play_fits_its_width(server, laptop, game):  # noqa: F811
    _quick_play(laptop, server, game, _slow_options(game), deck=OPENING_DECKS.get(game, ""))
    laptop.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    assert laptop.evaluate("() => document.documentElement.scrollWidth") <= LAPTOP["width"]
    assert not _cut_off_tables(laptop)
    if folder := _screens():
        _shoot(laptop, folder / f"{game}-1280.png")


# The first flip of each game, stacked (card ids top first, dealt one each in turn): your card
# is higher on the food chain than a bot's Plankton, so slapping the Plankton is right.
FIRST_FLIPS = {
    "quick-chomp": "shark-1,plankton-1,shrimp-1,seal-1,big-fish-1,little-fish-1,shark-2,plankton-2",
    "chomp": "shark-1,plankton-1,seal-1,big-fish-1,little-fish-1,shrimp-1,shark-2,seal-2,big-fish-2",
    "double-chomp": "shark-1,plankton-1,big-fish-1,seal-1,shark-2,little-fish-1,seal-2,big-fish-2",
}


@pytest.mark.parametrize("game", SLAP_GAMES)
def test_a_keyboard_only_round_of_chomp_ends_with_a_correct_slap(server, phone, game):  # noqa: F811
    options = {"flip_countdown_ms": "1500", "reaction_window_ms": "6000", "max_rounds": "5"}
    _quick_play(phone, server, game, options, deck=FIRST_FLIPS[game])  # the mouse stops here
    # Everything said to screen readers, kept for the end of the test.
    phone.evaluate(
        "() => { window.heard = []; const news = document.querySelector('#live-news');"
        " new MutationObserver(() => window.heard.push(news.textContent))"
        ".observe(news, {childList: true, characterData: true, subtree: true});"
        " document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }"
    )
    phone.wait_for_selector("#live .chomp-cards [data-card='plankton-1'][ws-send]", timeout=WAIT_MS)
    # Arrow keys move between the cards you may slap: Right to the first, Left wraps to the last.
    # (Read in one go: a bot slaps about a second after the flip.)
    phone.keyboard.press("ArrowRight")
    phone.keyboard.press("ArrowLeft")
    on_last = phone.evaluate(
        "() => { const cards = [...document.querySelectorAll('#live button.card')];"
        " const here = document.activeElement; document.activeElement.blur(); window.scrollTo(0, 0);"
        " return cards.length > 1 && here === cards[cards.length - 1]; }"
    )
    assert on_last, "arrow keys move the focus between the cards"
    # Space with nothing focused slaps the lowest creature, and the page does not scroll.
    phone.keyboard.press("Space")
    won = phone.locator("#live .feed-list li.event-win").first
    won.wait_for(timeout=WAIT_MS)
    assert "You" in won.inner_text()
    assert not phone.locator("#live .feed-list li.event-bad").count()
    # A screen reader heard the flip: who turned up which creature.
    assert any("Plankton" in said for said in phone.evaluate("() => window.heard"))
    assert phone.evaluate("() => window.scrollY") == 0


@pytest.mark.parametrize("game", [slug for slug, engine in ENGINES.items() if not engine.realtime])
def test_one_tab_from_the_top_of_the_page_then_enter_reaches_the_first_move(server, laptop, game):  # noqa: F811
    _quick_play(laptop, server, game, _slow_options(game))
    laptop.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    laptop.evaluate(
        "() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }"
    )
    laptop.keyboard.press("Tab")
    assert laptop.evaluate("() => document.activeElement.matches('[data-skip-to-move]')")
    laptop.keyboard.press("Enter")
    assert laptop.evaluate("() => document.activeElement.matches('#live [data-focus-key]')")


@pytest.mark.parametrize("game", list(ENGINES))
def test_the_end_screen_fits_a_phone_and_says_who_won_once(server, phone, game):  # noqa: F811
    options = {name: str(value) for name, value in ENGINES[game].quick_options.items()}
    _quick_play(phone, server, game, options)
    _play_to_the_end(phone)
    phone.evaluate("() => window.scrollTo(0, 0)")
    finished = phone.locator("#live .finished")
    assert finished.get_by_role("button", name="Play again").is_visible()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert not _cut_off_tables(phone)
    # One end message: the finished panel's, not a second "game over" line in the status.
    text = phone.locator("#live").inner_text()
    assert "The game is over." not in text.replace(finished.inner_text(), "")
    if folder := _screens():
        _shoot(phone, folder / f"{game}-360-finished.png", full_page=True)
