"""Issue 31, items 5 and 8, in real headless Chromium on fixed deals (GAMES_DEAL_SEED):

- every move on the first screen (each move control's box inside the viewport, page not scrolled)
  where children lost them: Snack Attack! from turn 2 on a 360 x 740 phone, Appetite, Duel and
  Build-A-Meal's hand on a phone and on a 1280 x 800 laptop;
- the Build-A-Meal lesson stays where the child is after each move (it used to jump to the
  bottom), with the coach's next pick on the screen;
- Double CHOMP! cards say their creature in words (before and without their pictures);
- every enabled button and link on each game's board has its own accessible name, as Playwright
  computes it (Locator.aria_snapshot: the accessibility tree's roles and names): "Put on plate"
  nine times named no card."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES
from tests.games.web.test_browser import (
    LAPTOP,
    MOVE_BUTTONS,
    OPENING_DECKS,
    PHONE,
    WAIT_MS,
    _press_a_move,
    _quick_options,
    _quick_play,
    _wait_for_change_or_refusal,
    advance_clock,
)
from tests.games.web.test_tutorials_browser import _answered, _state, let_time_pass

pytestmark = pytest.mark.browser

# Every move control's box, read in one go with the page at its top (a push may redraw it).
_MOVE_BOXES = """selector => {
    document.activeElement?.blur();
    window.scrollTo(0, 0);
    return [...document.querySelectorAll(selector)].map(move => {
        const box = move.getBoundingClientRect();
        return {top: Math.round(box.top), bottom: Math.round(box.bottom),
                name: (move.getAttribute('aria-label') || move.textContent).trim()};
    });
}"""


# Where the reader's first hand card ends, with the page at its top (0: no hand on this board).
_FIRST_CARD_BOTTOM = """() => { window.scrollTo(0, 0);
    const card = document.querySelector('#live .zone-mine .card');
    return card ? Math.round(card.getBoundingClientRect().bottom) : 0; }"""


def _screen(browser, size: dict, language: str = "en"):
    return browser.new_context(
        viewport=size,
        device_scale_factor=1,
        is_mobile=size == PHONE,
        has_touch=size == PHONE,
        locale=language,
    )


def _moves_off_screen(page, height: int) -> tuple[list[dict], int]:
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    boxes = page.evaluate(_MOVE_BOXES, MOVE_BUTTONS)
    return [box for box in boxes if box["top"] < 0 or box["bottom"] > height], len(boxes)


def _next_turn(page) -> bool:
    """Press the move this test player makes; False once the game is over."""
    seen = _press_a_move(page)
    if seen["finished"]:
        return False
    _wait_for_change_or_refusal(page, seen["version"], f"pressing {seen['pressed']!r}")
    return True


@pytest.mark.parametrize(
    ("game", "size", "turns", "language"),
    [
        ("snack-attack", PHONE, range(1, 4), "en"),  # the second, third and fourth turn
        ("appetite", PHONE, range(3), "en"),
        ("appetite", PHONE, range(3), "es"),  # longer words: the hand fell below the screen
        ("appetite", LAPTOP, range(3), "en"),
        ("duel", PHONE, range(3), "es"),
        ("duel", LAPTOP, range(3), "en"),
        ("build-a-meal", PHONE, range(3), "en"),
        ("build-a-meal", LAPTOP, range(3), "en"),
    ],
    ids=[
        "snack-attack-360",
        "appetite-360",
        "appetite-360-es",
        "appetite-1280",
        "duel-360-es",
        "duel-1280",
        "build-a-meal-360",
        "build-a-meal-1280",
    ],
)
def test_every_move_is_on_the_first_screen(server, browser, game, size, turns, language, tmp_path):
    context = _screen(browser, size, language)
    try:
        page = context.new_page()
        _quick_play(page, server, game, _quick_options(game))
        for turn in range(max(turns) + 1):
            if turn in turns:
                off, count = _moves_off_screen(page, size["height"])
                page.screenshot(path=str(tmp_path / f"{game}-{size['width']}-turn{turn + 1}.png"))
                assert not off, (
                    f"{game} at {size['width']} px, turn {turn + 1}: {len(off)} of {count} moves below: {off}"
                )
                # The hand is seen too, even when none of its cards can be played now.
                assert page.evaluate(_FIRST_CARD_BOTTOM) <= size["height"], f"{game}: the hand is below"
            assert _next_turn(page)
    finally:
        context.close()


def test_double_chomp_cards_say_their_creature_in_words(server, browser):
    """Each card in the water names its creature in text (the picture may still be loading), the
    player's own cards too."""
    context = _screen(browser, PHONE)
    try:
        page = context.new_page()
        _quick_play(page, server, "double-chomp", _quick_options("double-chomp"))
        advance_clock(page)  # the first flip
        page.wait_for_selector("#live .chomp-cards .chomp-mine", timeout=WAIT_MS)
        cards = page.evaluate(
            "() => [...document.querySelectorAll('#live .chomp-cards .card')]"
            ".map(card => [card.dataset.card, card.innerText])"
        )
        assert len(cards) == 4
        for card_id, words in cards:
            creature = re.sub(r"-\d+$", "", card_id).replace("-", " ")
            assert creature in words.lower(), f"{card_id} says only {words!r}"
    finally:
        context.close()


# The Build-A-Meal lesson, tapped through: the coach's pick, then wherever the lesson goes.
_PICK_BOX = """() => { const pick = document.querySelector('#live [data-coach-pick]');
    if (!pick) return null;
    const box = pick.getBoundingClientRect();
    return {top: box.top, bottom: box.bottom, y: window.scrollY,
            name: (pick.getAttribute('aria-label') || pick.textContent).trim()}; }"""


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["360", "1280"])
def test_the_meal_lesson_stays_where_the_child_is_after_each_move(server, browser, size):
    context = _screen(browser, size)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/games/build-a-meal/learn/")
        page.click("[data-learn='build-a-meal']")
        page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
        page.wait_for_selector("#live #coach", timeout=WAIT_MS)
        plated = 0
        for _ in range(30):
            _answered(page)
            now = _state(page)
            if now["done"] or plated >= 3:
                break
            if not now["picks"]:
                let_time_pass(page, now["version"])
                continue
            pick = page.locator("#live [data-coach-pick]").first
            pick.scroll_into_view_if_needed()  # as a child scrolls to the button the coach shows
            before = page.evaluate(_PICK_BOX)
            pick.click()
            _wait_for_change_or_refusal(page, now["version"], f"tapping {before['name']!r}")
            _answered(page)
            after = page.wait_for_function(_PICK_BOX, timeout=WAIT_MS).json_value()
            assert after["y"] == before["y"], f"the page moved after {before['name']!r}: {before} -> {after}"
            if before["name"].startswith("Put on plate"):
                plated += 1
                assert after["top"] >= 0 and after["bottom"] <= size["height"], (
                    f"after {before['name']!r} the coach's pick is off the screen: {after}"
                )
        assert plated >= 3
    finally:
        context.close()


# Playwright's own accessible names: each line of an aria snapshot is "- role "name"" with
# [disabled] for a control that can't be used.
_CONTROL = re.compile(r'^\s*- \'?(button|link) "((?:[^"\\]|\\.)*)"(.*)$')


def _control_names(page) -> list[str]:
    names = []
    for line in page.locator("#live").aria_snapshot().splitlines():
        found = _CONTROL.match(line)
        if found and "[disabled]" not in found[3]:
            names.append(found[2])
    return names


def _names_once_there_are_moves(page) -> list[str]:
    """The board's control names at a moment it offers moves (a push may take them away between
    two reads: then the next version is read, up to a few)."""
    for _ in range(5):
        page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        _answered(page)
        version = page.locator("#live").get_attribute("data-version")
        names = _control_names(page)
        if names:
            return names
        _wait_for_change_or_refusal(page, version, "reading the board")
    raise AssertionError(f"no controls found in {page.locator('#live').aria_snapshot()}")


@pytest.mark.parametrize("game", list(ENGINES))
def test_every_control_on_the_board_has_its_own_accessible_name(server, browser, game):
    """An axe-style check (axe's rule is about names that exist; this one is about telling the
    moves apart): on each game's board at its first three moments with moves, no two enabled
    buttons or links share a name, so a screen reader's list of buttons says which card each
    moves."""
    context = _screen(browser, LAPTOP)
    try:
        page = context.new_page()
        _quick_play(page, server, game, _quick_options(game), deck=OPENING_DECKS.get(game, ""))
        for moment in range(3):
            if ENGINES[game].realtime:
                advance_clock(page)  # a flip: cards to slap
            names = _names_once_there_are_moves(page)
            twice = sorted({name for name in names if names.count(name) > 1})
            assert not twice, f"{game}, moment {moment + 1}: names shared by several controls: {twice}"
            if ENGINES[game].realtime or not _next_turn(page):
                break
    finally:
        context.close()
