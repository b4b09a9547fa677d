"""A shared screen for the real-time games, in Chromium: three players around one laptop play
CHOMP! by keyboard (A, L and V), each key a slap for its player in the order pressed: a correct
slap, a tie and a Bad Chomp, judged as on separate devices. Fixed deals (a stacked deck)."""

from __future__ import annotations

import re

import pytest

from tests.games.web.test_browser import WAIT_MS, advance_until

pytestmark = pytest.mark.browser

# Dealt one card each in turn, top first: each line is one flip (Maya, Leo, Ana).
DECK = ",".join(
    [
        "shark-1,seal-1,plankton-1",  # Ana's Plankton is lowest: Maya's Shark may chomp it
        "seal-2,shark-2,shrimp-1",  # Ana's Shrimp: Maya and Leo both slap at once, a tie
        "shrimp-2,big-fish-1,little-fish-1",  # Maya's own Shrimp is lowest: her slap is a Bad Chomp
    ]
)


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 768})  # a laptop or a tablet
    yield context.new_page()
    context.close()


def _shared_chomp(page, server, names: tuple[str, ...]) -> None:
    page.goto(f"{server.url}/games/chomp/")
    for number, name in enumerate(names, start=1):
        page.fill(f"#dp-player-{number}", name)
    page.select_option("#dp-seats", str(len(names)))
    page.fill("#dp-option_flip_countdown_ms", "800")
    page.evaluate(
        "deck => { const i = document.createElement('input'); i.type = 'hidden'; i.name = 'deck';"
        " i.value = deck; document.querySelector('#device-play').appendChild(i); }",
        DECK,
    )
    page.click("#device-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))


# Every card in the water (its slot, with its badges) ends above the bottom slap zone, with the
# page at its top: a player sees the whole table without scrolling past a zone.
_CARDS_CLEAR = """() => { window.scrollTo(0, 0);
    const zone = document.querySelector('#live .slap-zone[data-edge="bottom"]').getBoundingClientRect();
    return [...document.querySelectorAll('#live .chomp-slot')]
        .every(card => card.getBoundingClientRect().bottom <= zone.top); }"""


def _cards_clear_of_the_zones(page) -> bool:
    return page.evaluate(_CARDS_CLEAR)


def _feed(page) -> str:
    return page.locator("#live .feed-list").inner_text()


def _flipped(page, card: str) -> None:
    advance_until(page, f"#live .chomp-slot [data-card='{card}']")


def test_three_players_chomp_on_one_laptop_by_keyboard(server, laptop):
    _shared_chomp(laptop, server, ("Maya", "Leo", "Ana"))
    zones = laptop.locator("#live .slap-zone")
    assert zones.count() == 3 and zones.first.is_visible()
    assert [zones.nth(n).inner_text().split()[-1] for n in range(3)] == ["A", "L", "V"]
    assert not laptop.locator("#live .watching").is_visible()

    _flipped(laptop, "plankton-1")
    assert _cards_clear_of_the_zones(laptop)
    laptop.keyboard.press("a")  # Maya: the right slap
    advance_until(laptop, "#live .feed-list li:has-text('chomped')")
    assert "Maya slapped first!" in _feed(laptop) and "Maya's Shark chomped" in _feed(laptop)

    _flipped(laptop, "shrimp-1")
    laptop.keyboard.press("a")  # Maya, then Leo: both right, at once
    laptop.keyboard.press("l")
    advance_until(laptop, "#live .feed-list li:has-text('Tie!')")
    assert "Bad Chomp" not in _feed(laptop)

    _flipped(laptop, "shrimp-2")
    laptop.keyboard.press("a")  # Maya's own Shrimp is the lowest: a Bad Chomp
    laptop.wait_for_selector("#live .feed-list li.event-bad", timeout=WAIT_MS)
    assert "Maya" in laptop.locator("#live .feed-list li.event-bad").first.inner_text()
    assert "Maya" in laptop.locator("#live .chomp-alert").inner_text()
