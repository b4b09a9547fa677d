"""Learn to play, in real headless Chromium on a 360 x 740 phone, by keyboard alone.

Every game with a tutorial (games.tutorials.games_with_tutorials()): from the "Learn to play"
page to the coach's "Lesson finished!" with Tab, Enter and Space only, the coach's panel and the
move it wants on the first screen, and no JavaScript error on the way. On the suite's live server
(tests/conftest.py): the bots of turn-based lessons answer at once, and the timers of the
real-time ones (a flip, a bot's scripted slap) wait for the test clock, moved on only when the
learner has nothing to press (advance_clock): the keyboard never races the table.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from games.tutorials import games_with_tutorials
from tests.games.web.test_browser import _wait_for_change_or_refusal, advance_clock

pytestmark = pytest.mark.browser
PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError


def _screens() -> Path | None:
    """PLATEFUL_SCREENS=<folder> keeps the lessons' screenshots for people to look at."""
    folder = os.environ.get("PLATEFUL_SCREENS", "")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


PHONE = {"width": 360, "height": 740}
WAIT_MS = 20000  # a ceiling for one condition under load; met conditions return at once
MAX_PRESSES = 120  # a lesson is a few dozen moves at most: more means it is stuck
MAX_TABS = 60
MOVES = "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    yield page
    context.close()


def _focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def _tab_to(page, selector: str) -> bool:
    """Tab (only Tab) until the focused element matches; False if a whole lap never finds it."""
    for _ in range(MAX_TABS):
        if _focused(page, selector):
            return True
        page.keyboard.press("Tab")
    return _focused(page, selector)


def _start_lesson(page, server, game: str) -> None:
    page.goto(f"{server.url}/games/{game}/learn/")
    assert _tab_to(page, f"[data-learn='{game}']"), "Tab reaches the Learn to play button"
    page.keyboard.press("Enter")
    page.wait_for_selector("#coach", timeout=WAIT_MS)


_BOXES = """() => { const coach = document.querySelector('#coach');
     const pick = document.querySelector('#live [data-coach-pick]');
     if (!coach || !pick || window.scrollY !== 0) return null;
     const box = e => { const b = e.getBoundingClientRect();
                        return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
     return [box(coach), box(pick)]; }"""


def _first_screen(page) -> tuple[dict, dict]:
    """Where the coach and its first pick are, read in one go (as the page lays them out at that
    moment), with the page not scrolled. A loaded machine may catch the page between two of its
    redraws: wait (up to WAIT_MS) for both to be on the first screen, then report where they are."""
    on_first_screen = f"""() => {{ const boxes = ({_BOXES})();
        return boxes && boxes.every(b => b.top >= 0 && b.bottom <= {PHONE["height"]}) ? boxes : null; }}"""
    try:
        boxes = page.wait_for_function(on_first_screen, timeout=WAIT_MS).json_value()
    except PlaywrightTimeout:
        boxes = page.wait_for_function(_BOXES, timeout=WAIT_MS).json_value()
    return boxes[0], boxes[1]


def _state(page) -> dict:
    return page.evaluate(
        """moves => { const live = document.querySelector('#live');
             return {version: live ? live.dataset.version : '', status: live ? live.dataset.status : '',
                     done: !!document.querySelector('#coach.coach-done'),
                     picks: document.querySelectorAll('#live [data-coach-pick]').length,
                     moves: document.querySelectorAll(moves).length}; }""",
        MOVES,
    )


def _answered(page) -> None:
    """The page's own move is answered (static/games/moves.js, data-move-out): its redraw or its
    refusal is on the page."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-move-out')", timeout=WAIT_MS)


def _server_version(page) -> int:
    """The match's version as the server has it now (the learner's #live, asked for again)."""
    response = page.request.get(page.url, headers={"HX-Request": "true"})
    assert response.ok, f"the match page answered {response.status}"
    return int(re.search(r'id="live"[^>]*\bdata-version="(\d+)"', response.text())[1])


def _wait_for_version(page, version: int, what: str) -> None:
    """Until the page shows `version` or a later one, or the lesson is done; else the test fails
    with what the page showed."""
    try:
        page.wait_for_function(
            """v => { const live = document.querySelector('#live');
                 return !!document.querySelector('#coach.coach-done')
                        || (!!live && Number(live.dataset.version) >= v); }""",
            arg=version,
            timeout=WAIT_MS,
        )
    except PlaywrightTimeout:
        raise AssertionError(f"Nothing changed for {WAIT_MS} ms after {what}: {_state(page)}") from None


def let_time_pass(page, version: str) -> None:
    """The learner has nothing to press at `version` (the page's own move answered): time passes
    for the table, whose next timed move (a flip, a bot's scripted slap, a pause between rounds)
    is played now (advance_clock), and shows. Only once the page shows the match as the server
    has it: a page a push behind (a bot's instant answer on its way) could otherwise move the
    clock on past the slap the learner is about to be offered. Behind, it only catches up."""
    current = _server_version(page)
    if current != int(version):
        _wait_for_version(page, current, f"the server's version {current} (the page showed {version})")
        return
    advance_clock(page)
    _wait_for_version(page, current + 1, f"moving the clock on at version {version}")


def press(page) -> str:
    """Enter on the focused move, with the page's last refusal hidden (a new one shows it again):
    "moved" once the page shows a newer version, "refused" once it shows why not."""
    version = page.evaluate("() => document.querySelector('#live').dataset.version")
    page.evaluate("() => { const flash = document.querySelector('#flash'); if (flash) flash.hidden = true; }")
    page.keyboard.press("Enter")
    return _wait_for_change_or_refusal(page, version, "pressing Enter")


def play_lesson_by_keyboard(page) -> int:
    """Press the coach's pick (or, when it lets you choose, any move) with Tab and Enter until the
    coach says the lesson is finished. Returns the moves pressed. With nothing to press, or only
    a move the coach refuses (a slap it wants the learner to hold back), time passes for the
    table (let_time_pass); never while the coach has a pick: the lesson waits for the learner."""
    pressed = 0
    for _ in range(MAX_PRESSES):
        _answered(page)
        now = _state(page)
        if now["done"]:
            return pressed
        if now["picks"] or now["moves"]:
            wanted = "#live [data-coach-pick]" if now["picks"] else MOVES
            if _tab_to(page, wanted):
                pressed += 1
                if press(page) == "moved":
                    continue
            if now["picks"]:
                continue  # the lesson waits for this pick: look again (a push may have crossed it)
        let_time_pass(page, now["version"])
    raise AssertionError(f"The lesson did not finish within {MAX_PRESSES} steps: {_state(page)}")


def until_a_pick(page) -> None:
    """Time passes for the table until the coach has a pick (a real-time lesson starts with the
    table's flip; a turn-based one with the learner's move)."""
    for _ in range(MAX_PRESSES):
        _answered(page)
        now = _state(page)
        if now["picks"] or now["done"]:
            break
        let_time_pass(page, now["version"])
    page.wait_for_selector("#live [data-coach-pick]", timeout=WAIT_MS)


@pytest.mark.parametrize("game", games_with_tutorials())
def test_a_tutorial_is_completed_by_keyboard_alone_on_a_phone(server, phone, game):
    _start_lesson(phone, server, game)
    # The coach and the move it wants are on the first screen (measured as test_phone does),
    # once there is a move to make (a real-time lesson starts with the table's flip).
    until_a_pick(phone)
    phone.evaluate("() => window.scrollTo(0, 0)")
    coach, pick = _first_screen(phone)
    assert coach["top"] >= 0 and coach["bottom"] <= PHONE["height"], f"{game}: coach {coach}"
    assert pick["top"] >= 0 and pick["bottom"] <= PHONE["height"], f"{game}: coach's pick {pick}"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # The keyboard is on the coach's pick (as the page opens, or as the pick appears).
    phone.wait_for_function(
        "() => !!document.activeElement && document.activeElement.matches('[data-coach-pick]')",
        timeout=WAIT_MS,
    )
    if folder := _screens():
        phone.screenshot(path=str(folder / f"{game}-coach-360.png"))
        phone.set_viewport_size({"width": 1280, "height": 800})
        phone.screenshot(path=str(folder / f"{game}-coach-1280.png"))
        phone.set_viewport_size(PHONE)
    # Everything said to screen readers, kept for the end of the test.
    phone.evaluate(
        "() => { window.heard = []; const news = document.querySelector('#live-news');"
        " new MutationObserver(() => window.heard.push(news.textContent))"
        ".observe(news, {childList: true, characterData: true, subtree: true}); }"
    )
    pressed = play_lesson_by_keyboard(phone)
    assert pressed >= 1
    # A screen reader heard the coach's last words too (not only the board's news).
    last_words = phone.locator("#coach-say").inner_text().strip()
    # (#live-news is emptied, then filled a moment later, so a repeated sentence is said again.)
    phone.wait_for_function(
        "(words) => window.heard.some((said) => said.includes(words))", arg=last_words, timeout=WAIT_MS
    )
    done = phone.locator("#coach.coach-done")
    assert done.get_by_role("button", name="Play a real game").is_visible()
    assert done.get_by_role("link").first.is_visible()
    if folder := _screens():
        phone.screenshot(path=str(folder / f"{game}-done-360.png"), full_page=True)
    assert phone.js_errors == []


def test_a_first_timer_is_offered_the_lesson_first_then_as_a_link(server, phone):
    game = games_with_tutorials()[0]
    phone.goto(f"{server.url}/games/{game}/")
    if folder := _screens():
        phone.screenshot(path=str(folder / f"{game}-detail-first-time-360.png"))
    first = phone.locator(".learn-first [data-learn]")
    assert first.is_visible()
    assert "Learn to play" in first.inner_text()
    # The rules mention it too.
    assert phone.locator("#how-to-play ~ .rules-learn a").count() == 1
    _start_lesson(phone, server, game)
    phone.goto(f"{server.url}/games/{game}/")
    assert not phone.locator(".learn-first").count()
    assert phone.locator(f".play-now a[href='/games/{game}/learn/']").count() == 1
    if folder := _screens():
        phone.screenshot(path=str(folder / f"{game}-detail-after-360.png"))
    phone.goto(f"{server.url}/games/")
    assert phone.locator(f".game-card-learn a[href='/games/{game}/learn/']").count() == 1


def test_a_move_the_coach_does_not_want_shows_its_hint_and_changes_nothing(server, phone):
    if "duel" not in games_with_tutorials():
        pytest.skip("the Duel lesson is not here")
    _start_lesson(phone, server, "duel")
    phone.wait_for_selector("#live [data-coach-pick]", timeout=WAIT_MS)
    phone.wait_for_function("() => !!window.htmx", timeout=WAIT_MS)
    # Both show a card at once, and the bot (at once in tests) shows its own first: its push, a
    # newer version, would clear the hint (play.js), so the wrong card is pressed after it.
    phone.wait_for_function("() => Number(document.querySelector('#live').dataset.version) >= 1")
    other = "#live button[hx-vals*='black-beans']"
    assert _tab_to(phone, other), "Tab reaches another card"
    phone.keyboard.press("Enter")
    flash = phone.locator("#flash")
    flash.wait_for(state="visible", timeout=WAIT_MS)
    assert flash.inner_text() == "Show Green Beans: it will start your meal."
    # Nothing changed for the learner: still three cards to show, the coach's pick still marked.
    assert phone.locator("#live button[hx-vals*='reveal']").count() == 3
    assert phone.locator("#live [data-coach-pick][hx-vals*='green-beans']").count() == 1
    assert phone.js_errors == []
