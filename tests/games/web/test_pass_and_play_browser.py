"""Pass-and-play in Chromium: whole games on one 1024x768 tablet passed from child to child. After
every move the page's HTML (not only what shows) holds no card a watcher can't see; after "Show
my cards" it holds one hand more, the named child's, whose moves alone it offers. A hand goes away
after 30 s untouched (the page's clock is Playwright's) and never comes back by a reload."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.games.web.test_browser import (
    WAIT_MS,
    _press_a_move,
    _quick_options,
    _wait_for_change_or_refusal,
    advance_clock,
)

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
NAMES = ("Maya", "Leo", "Ana")
# A card on the page: its picture (each <img> once) or its id on a control.
_CARD = re.compile(r'<img[^>]* src="/cards/[\w-]+/\d+/([\w-]+)\.webp"|data-card="([^"]+)"')
_VERSION = re.compile(r'id="live"[^>]*data-version="(\d+)"')
_SEAT = re.compile(r'&quot;seat&quot;: (\d+)|"seat": (\d+)')

# What the tablet shows now, once its own move is answered: the end, "Pass to ..." (not yet
# shown), or nothing for the children to do (the table's own timed move is due).
# htmx wires a swapped-in #live's buttons when it settles (20 ms on, `htmx-added` until then): a
# tap before that does nothing, so a wait before a tap is for a settled #live.
SETTLED = "#live:not(.htmx-added)"
_NOW = """() => {
    if (document.documentElement.hasAttribute('data-move-out')) return null;
    const live = document.querySelector('#live');
    if (!live || live.classList.contains('htmx-added') || live.hasAttribute('data-revealed')) return null;
    const title = live.querySelector('.pass-title');
    return {version: live.dataset.version, finished: !!live.querySelector('.finished'),
            pass: title && title.checkVisibility() ? title.textContent.trim() : ''};
}"""


@pytest.fixture
def tablet(browser):
    context = browser.new_context(viewport=TABLET, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.fixture
def watcher(browser):
    """A browser with no seat: what anyone may see of the match."""
    context = browser.new_context()
    yield context.request
    context.close()


def _play_on_one_device(page, server, game: str, names: tuple[str, ...]) -> str:
    page.goto(f"{server.url}/games/{game}/")
    for number, name in enumerate(names, start=1):
        page.fill(f"#dp-player-{number}", name)
    page.select_option("#dp-seats", str(len(names)))
    for name, value in _quick_options(game).items():
        field = page.locator(f"#dp-option_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("#device-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    return page.url


def _cards(html: str) -> Counter:
    return Counter(picture or card for picture, card in _CARD.findall(html) if picture != "back")


def _public_cards(watcher, url: str, version: str) -> Counter:
    """The cards a watcher's page shows at this version (the game waits on a child meanwhile)."""
    html = watcher.get(url).text()
    assert _VERSION.search(html)[1] == version, "the game moved on while a child was to play"
    return _cards(html)


def _whose_turn(page) -> dict:
    return page.wait_for_function(_NOW, timeout=WAIT_MS).json_value()


# Both played to the end: Duel (a two-player game by its rule book) and Snack Attack! with three
# children passing the tablet.
@pytest.mark.parametrize(("game", "players"), [("duel", 2), ("snack-attack", 3)])
def test_a_game_on_one_tablet_by_passing_shows_only_whose_turn_it_is_hand(
    server, tablet, watcher, game, players
):
    names = NAMES[:players]
    url = _play_on_one_device(tablet, server, game, names)
    shown = dict.fromkeys(names, 0)
    for _step in range(120):
        now = _whose_turn(tablet)
        between = tablet.content()
        assert "data-revealed" not in between and "ws-send" not in between  # no hand, no moves
        assert not _cards(between) - _public_cards(watcher, url, now["version"])
        if now["finished"]:
            break
        if not now["pass"]:  # the table's own move (a round's end): time passes
            advance_clock(tablet)
            _wait_for_change_or_refusal(tablet, now["version"], "moving the clock on")
            continue
        name = re.fullmatch(r"Pass to (.+)", now["pass"])[1]
        tablet.get_by_role("button", name="Show my cards").click()
        tablet.wait_for_selector(f"{SETTLED}[data-revealed]", timeout=WAIT_MS)
        revealed = tablet.content()
        seat = int(tablet.locator("#live").get_attribute("data-revealed"))
        assert names[seat] == name and f"{name}'s cards" in tablet.locator(".pass-shown").inner_text()
        hand = _cards(revealed) - _public_cards(watcher, url, now["version"])
        mine = tablet.locator("#live .zone-mine, #live [class*='-hand']")
        assert mine.count(), f"{name}'s hand isn't shown"
        moves = {int(a or b) for a, b in _SEAT.findall(revealed)}
        assert moves == {seat}, f"{name}'s page offers moves for seats {moves}"
        shown[name] += len(hand)  # her cards (none when her hand is empty this turn)
        pressed = _press_a_move(tablet)
        assert pressed["pressed"], f"{name} has nothing to press"
        _wait_for_change_or_refusal(tablet, pressed["version"], f"{name} pressing {pressed['pressed']!r}")
    else:
        raise AssertionError("the game did not end")
    assert tablet.locator("#live .finished").count() == 1
    assert all(shown.values()), shown  # every child saw their cards


def test_a_shown_hand_goes_after_30_s_untouched_and_a_reload_never_shows_it(server, tablet):
    tablet.clock.install()
    _play_on_one_device(tablet, server, "duel", NAMES[:2])
    show = tablet.get_by_role("button", name="Show my cards")
    show.click()
    tablet.wait_for_selector("#live[data-revealed='0']")
    tablet.clock.run_for(25_000)
    tablet.mouse.move(5, 5)
    tablet.mouse.down()  # a touch: the 30 s start again
    tablet.mouse.up()
    tablet.clock.run_for(25_000)
    assert tablet.locator("#live[data-revealed='0']").count() == 1
    tablet.clock.run_for(6_000)
    assert tablet.locator("#live[data-revealed]").count() == 0
    assert "ws-send" not in tablet.content()
    assert tablet.locator(".pass-title").inner_text() == "Pass to Maya"
    # "Hide my cards" does the same at once; a reload shows the table and "Pass to Maya" only.
    show.click()
    tablet.get_by_role("button", name="Hide my cards").click()
    assert tablet.locator("#live[data-revealed]").count() == 0 and "ws-send" not in tablet.content()
    show.click()
    tablet.wait_for_selector("#live[data-revealed='0']")
    tablet.reload()
    assert tablet.locator(".pass-title").inner_text() == "Pass to Maya"
    assert "data-revealed" not in tablet.content() and "ws-send" not in tablet.content()
