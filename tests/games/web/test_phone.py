"""A CHOMP! round on a phone (360 x 740) by keyboard alone, in real headless Chromium: the three
CHOMP! games with slaps end a round with a correct slap (Space slaps the lowest creature, arrow
keys move between the cards). Every game's first screen, fit and Tab to the first move are
checked on its one whole game (tests/games/web/test_browser.py)."""

from __future__ import annotations

import pytest

from tests.games.web.test_browser import (  # noqa: F401 - phone: a fixture
    WAIT_MS,
    _quick_play,
    advance_clock,
    advance_until,
    phone,
)

pytestmark = pytest.mark.browser

SLAP_GAMES = ("chomp", "quick-chomp", "double-chomp")


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
    advance_clock(phone)  # the flip
    phone.wait_for_selector("#live .chomp-cards [data-card='plankton-1'][ws-send]", timeout=WAIT_MS)
    # Arrow keys move between the cards you may slap: Right to the first, Left wraps to the last.
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
    advance_until(phone, "#live .feed-list li.event-win")  # the slap window closes
    won = phone.locator("#live .feed-list li.event-win").first
    assert "You" in won.inner_text()
    assert not phone.locator("#live .feed-list li.event-bad").count()
    # A screen reader heard the flip: who turned up which creature (changes that arrive within
    # play.js's moment of silence are said together, once the last of them is in).
    phone.wait_for_function("() => window.heard.some((said) => said.includes('Plankton'))", timeout=WAIT_MS)
    assert phone.evaluate("() => window.scrollY") == 0
