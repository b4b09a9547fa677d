"""A class on a 360 x 740 phone, in real headless Chromium against a real Daphne server.

- Every game: a teacher makes a session of it, a student joins on a phone, the teacher presses
  Start; at the student's table the site header, the class bar, the player's own cards and every
  move they may make now are all on the first screen, without scrolling.
- The site header on a phone: nothing scrolls sideways, and every link of the main navigation is
  reached through the "Menu" button (a real button with aria-expanded), by mouse and by keyboard;
  at 1280 px the navigation shows as before, without the button.
- The meal-balance lesson: after "Check my meal" the answer ("Not balanced yet") is on the screen
  and has the keyboard focus.

PLATEFUL_SCREENSHOTS=<folder> also saves the pages (and PLATEFUL_SCREENSHOTS_NOTES, a file, gets
each game's measurements)."""

from __future__ import annotations

import os
import re

import pytest

from games.engines import ENGINES
from tests.classroom.test_browser import WAIT_MS, _join, _shot, _sign_up
from tests.games.web.test_browser import advance_until

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
MOVE_BUTTONS = (
    "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"
)
# The player's own cards: a hand or plate (.zone-mine), CHOMP!'s card of theirs in the water,
# their card turned up in Food War (its owner is the page's reader: #viewer).
OWN_CARDS = "#live .zone-mine [data-card], #live .chomp-mine [data-card], " + ", ".join(
    f"#viewer[data-viewer='{n}'] ~ #live .war-card[data-owner='{n}']" for n in range(8)
)
NAV_LINKS = ("Games", "Cards", "Join a class", "Foods", "Teach")

# Slow real-time games (time to look): the longest flip countdown and slap window a teacher may set.
SLOW = {"flip_countdown_ms": "3000", "reaction_window_ms": "15000"}
# In Underwater War the only move is slapping an Electric Eel: it may not turn up at all, so the
# page is measured once the player's own card is in the water, with the moves it has then.
MOVES_MAY_BE_NONE = ("underwater-war",)


@pytest.fixture(scope="module")
def teacher(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _sign_up(page, server, "ms-phone")
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def _new_session(teacher, server, game: str) -> str:
    """A class session of `game` (min seats, beginner bots, slow flips); returns its join code."""
    teacher.goto(f"{server.url}/teach/new/")
    teacher.locator(f"input[name='activity'][value='{game}']").check()
    teacher.select_option(f"#id_{game}-bot_level", "beginner")
    for name, value in SLOW.items():
        field = teacher.locator(f"#id_{game}-option_{name}")
        if field.count():
            field.fill(value)
    teacher.uncheck("#id_approve_names")  # names show at once (on by default)
    teacher.get_by_role("button", name="Make the session and its join code").click()
    teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
    return teacher.locator("#join-code").inner_text().strip()


def _shoot(page, name: str) -> None:
    """A screenshot of the screen as it is (PLATEFUL_SCREENSHOTS), once its card pictures have
    arrived, and one of the whole page."""
    if folder := os.environ.get("PLATEFUL_SCREENSHOTS"):
        page.wait_for_function(
            "() => [...document.images].filter(i => i.getBoundingClientRect().top < innerHeight)"
            ".every(i => i.complete)",
            timeout=WAIT_MS,
        )
        page.screenshot(path=f"{folder}/{name}.png")
        _shot(page, f"{name}-full")


def _measure(page, game: str, ready: str = "") -> dict:
    """Once the player has cards and moves, where everything is (one call: a bot's move may take
    the buttons away at any moment), measured at the top of the page."""
    return page.wait_for_function(
        """([moves, own, noneOk, ready]) => {
            window.scrollTo(0, 0);
            const live = document.querySelector('#live');
            if (!live || live.querySelector('.finished')) return null;
            const buttons = [...document.querySelectorAll(moves)];
            const cards = [...document.querySelectorAll(own)];
            if (!buttons.length && !(noneOk && cards.length)) return null;
            if (ready && !document.querySelector(ready)) return null;
            const box = (e) => {
                const r = e.getBoundingClientRect();
                const name = (e.getAttribute('aria-label') || e.dataset.card || e.textContent).trim();
                return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left),
                        right: Math.round(r.right), name: name.slice(0, 40)};
            };
            const bottom = (sel) => {
                const e = document.querySelector(sel);
                return e ? Math.round(e.getBoundingClientRect().bottom) : null;
            };
            return {moves: buttons.map(box), cards: cards.map(box), scrollY: window.scrollY,
                    width: window.innerWidth, height: window.innerHeight,
                    header: bottom('.site-header'), classBar: bottom('#class-bar-live'),
                    title: bottom('.match-head')};
        }""",
        arg=[MOVE_BUTTONS, OWN_CARDS, game in MOVES_MAY_BE_NONE, ready],
        timeout=60000,
        polling=100,
    ).json_value()


# Later moments worth measuring too: Duel once the cards are shown (each card then has Eat and
# Attack, and there is Draw).
LATER = {"duel-eating": ("duel", "#live [data-action-type='eat']:not([aria-disabled='true'])")}


@pytest.mark.parametrize("game", [*ENGINES, *LATER])
def test_in_a_class_on_a_phone_your_cards_and_moves_are_on_the_first_screen(server, teacher, phone, game):
    game, ready = LATER.get(game, (game, ""))
    code = _new_session(teacher, server, game)
    _join(phone, server, code, "Kim")
    teacher.get_by_role("button", name="Start: seat everyone").click()
    # The class page follows the start by its socket's push; a loaded CI machine (the whole
    # suite in parallel) has been seen to take past WAIT_MS once.
    phone.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=3 * WAIT_MS)
    phone.wait_for_selector("#class-bar-live")
    if ENGINES[game].realtime:
        advance_until(phone, f"{MOVE_BUTTONS}, {OWN_CARDS}")  # the first flips: cards to slap
    if ready:  # the student shows a card first
        phone.locator(MOVE_BUTTONS).first.click(timeout=WAIT_MS)
    where = _measure(phone, game, ready)
    if notes := os.environ.get("PLATEFUL_SCREENSHOTS_NOTES"):
        with open(notes, "a") as out:
            lowest = max([b["bottom"] for b in where["moves"] + where["cards"]], default=0)
            out.write(
                f"{game}{' (later)' if ready else ''}: header {where['header']}"
                f" class bar {where['classBar']} title {where['title']}"
                f" lowest card/move {lowest} ({len(where['cards'])} cards, {len(where['moves'])} moves)\n"
            )
    assert where["scrollY"] == 0
    # The class bar is there (class, name, table), and not taller than one short line.
    assert "Kim" in phone.locator("#class-bar-live").inner_text()
    off_screen = [
        f"{b['name']} at y={b['top']}-{b['bottom']}, x={b['left']}-{b['right']}"
        for b in where["moves"] + where["cards"]
        if b["top"] < 0 or b["bottom"] > where["height"] or b["left"] < 0 or b["right"] > where["width"]
    ]
    assert not off_screen, f"{game}: below or beside the first screen: {off_screen} ({where})"
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    phone.evaluate("() => window.scrollTo(0, 0)")
    _shoot(phone, f"class-{game}{'-eating' if ready else ''}-360")


def test_on_a_phone_every_link_of_the_header_is_in_the_menu_and_nothing_scrolls_sideways(server, browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    wide = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        _sign_up(page, server, "mr-menu")  # a teacher: the menu also has "Log out"
        page.goto(f"{server.url}/games/")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        menu = page.get_by_role("button", name="Menu")
        assert menu.is_visible() and menu.get_attribute("aria-expanded") == "false"
        nav = page.get_by_role("navigation", name="Main")
        assert not nav.get_by_role("link", name="Foods").is_visible()
        _shoot(page, "menu-closed-360")
        menu.click()
        assert menu.get_attribute("aria-expanded") == "true"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        for name in NAV_LINKS:
            link = nav.get_by_role("link", name=name, exact=True)
            assert link.is_visible(), name
            box = link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)
        assert nav.get_by_role("button", name="Log out").is_visible()
        _shoot(page, "menu-open-360")
        # Escape closes it and the focus goes back to the button.
        page.keyboard.press("Escape")
        assert menu.get_attribute("aria-expanded") == "false"
        assert page.evaluate("() => document.activeElement.classList.contains('menu-toggle')")
        # By keyboard alone: Tab to the button, Enter opens it, the next Tabs go through the links.
        page.goto(f"{server.url}/cards/")
        for _ in range(6):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.getAttribute('aria-controls') === 'site-nav'"):
                break
        else:
            raise AssertionError("The Menu button is not reached with Tab.")
        page.keyboard.press("Enter")
        assert menu.get_attribute("aria-expanded") == "true"
        reached = []
        for _ in range(len(NAV_LINKS) + 2):
            page.keyboard.press("Tab")
            reached.append(page.evaluate("() => document.activeElement.textContent.trim()"))
        assert set(NAV_LINKS) <= set(reached), reached
        # At 1280 px there is no Menu button: the links are in the header, as they always were.
        desk = wide.new_page()
        desk.goto(f"{server.url}/games/")
        assert not desk.get_by_role("button", name="Menu").is_visible()
        for name in ("Games", "Cards", "Join a class", "Foods", "Teach"):
            assert (
                desk.get_by_role("navigation", name="Main")
                .get_by_role("link", name=name, exact=True)
                .is_visible()
            )
        assert desk.locator(".site-header").bounding_box()["height"] < 90
        # In Spanish (longer words) the button says "Menú" and every link still fits the width.
        spanish = context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="es-MX")
        try:
            page = spanish.new_page()
            page.goto(f"{server.url}/games/")
            menu = page.get_by_role("button", name="Menú")
            menu.click()
            assert menu.get_attribute("aria-expanded") == "true"
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
            links = page.get_by_role("navigation").first.get_by_role("link")
            assert links.count() >= 4
            for index in range(links.count()):
                box = links.nth(index).bounding_box()
                assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        finally:
            spanish.close()
    finally:
        context.close()
        wide.close()


def test_on_a_phone_the_lesson_brings_its_answer_into_view(server, teacher, phone):
    teacher.goto(f"{server.url}/teach/new/")
    teacher.locator("label.activity-option", has_text="Meal-balance lesson").click()
    teacher.uncheck("#id_approve_names")  # names show at once (on by default)
    teacher.get_by_role("button", name="Make the session and its join code").click()
    teacher.wait_for_url(re.compile(r"/teach/sessions/\d+/$"))
    code = teacher.locator("#join-code").inner_text().strip()
    _join(phone, server, code, "Kim")
    teacher.get_by_role("button", name="Start the lesson").click()
    phone.wait_for_selector("#lesson")  # a lesson opens at Start
    for card in ("brown-rice", "carrots"):
        phone.click(f"button[data-card='{card}']")
        phone.wait_for_selector(f"button[data-card='{card}'][aria-pressed='true']")
    # A child scrolls back up until "Check my meal" shows at the bottom of the screen, and taps it.
    check = phone.locator("#check-meal")
    check.evaluate("button => button.scrollIntoView({block: 'end'})")
    check.click()
    phone.wait_for_selector("#meal-result.meal-not-yet")
    # The answer comes up on the screen and has the focus (a screen reader reads it).
    phone.wait_for_function(
        """() => { const result = document.querySelector('#meal-result');
            const verdict = result.querySelector('.meal-verdict').getBoundingClientRect();
            const whole = result.getBoundingClientRect();
            return verdict.top >= 0 && verdict.bottom <= innerHeight
                && (whole.bottom <= innerHeight || whole.top <= 20)
                && document.activeElement === result; }""",
        timeout=5000,
    )
    assert "Not balanced yet" in phone.locator("#meal-result").inner_text()
    _shoot(phone, "lesson-checked-360")
