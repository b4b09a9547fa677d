"""Heard as well as seen, in real headless Chromium: what a screen reader is told after each
change of CHOMP!, Duel and Build-A-Meal against bots, read from the accessibility tree (the
polite live region `#live-news`, through Playwright's ARIA snapshot).

After the reader's own move and after a bot's, the region says what was played and whose turn
it is; at a round's end, who won it. It never repeats the board (a few sentences, never the
hand's cards) and says nothing on the first load.

Nothing here races the wall clock: bots and the table's timers wait for the test to move the
clock on (GAMES_TEST_CLOCK, advance_clock), each timed move heard before the next."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.games.web.live_server import ROOT
from tests.games.web.test_browser import (
    MOVE_BUTTONS,
    WAIT_MS,
    _play_to_the_end,
    _quick_play,
    _wait_for_change_or_refusal,
    advance_clock,
)

pytestmark = pytest.mark.browser

BOT = r"Beginner bot 2"
NEWS_LIMIT = 900  # characters: six feed lines, whose turn and the outcome at the most


@pytest.fixture(scope="module")
def server(live_servers):
    # Turn-based bots pause before they answer, and that pause (like a flip's countdown, the tie
    # window after a slap, a real-time bot's reaction) waits for the test clock (GAMES_TEST_CLOCK=1,
    # from LIVE_SERVER_ENV): what the reader's own move said is read before the test lets the bot
    # answer (advance_clock), never in a race with it. The pause is a minute and every table timer
    # a hundred times its length: the scheduler plays a move that is already overdue when it plans
    # it (a page or socket that opens late on a busy machine replans), so no timer may be short
    # enough to run out by itself before the test moves the clock on.
    return live_servers(GAMES_BOT_DELAY_MS="60000", GAMES_TIMER_SCALE="100")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def _listen(page) -> None:
    """Keep everything the live region says from now on (window.heard), as a screen reader
    would hear it one announcement after another, and the version the page showed as each was
    said (window.heardAt)."""
    page.evaluate(
        "() => { window.heard = []; window.heardAt = []; const news = document.querySelector('#live-news');"
        " new MutationObserver(() => { if (!news.textContent) return; window.heard.push(news.textContent);"
        " window.heardAt.push(Number(document.querySelector('#live').dataset.version)); })"
        ".observe(news, {childList: true, characterData: true, subtree: true}); }"
    )


def _region(page) -> str:
    """The live region as the accessibility tree has it (its role, name and text)."""
    return page.locator("#live-news").aria_snapshot()


def _said(page) -> str:
    """What the live region says now, from the accessibility tree: its paragraph's text."""
    snapshot = _region(page)
    found = re.search(r"- paragraph: (.*)", snapshot)
    return found.group(1).strip().strip('"') if found else ""


def _wait_to_hear(page, *patterns: str) -> str:
    """Wait until the region (read from the accessibility tree) says every pattern; its text.
    A condition wait: whatever it waits for is already played (no bot or timer runs by itself)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    said = ""
    while time.monotonic() < deadline:
        said = _said(page)
        if said and all(re.search(pattern, said) for pattern in patterns):
            return said
        page.wait_for_timeout(40)
    raise AssertionError(f"the live region never said {patterns}: last said {said!r}")


def _answered(page) -> None:
    """The page's own move is answered (static/games/moves.js): time passes only after it is judged."""
    page.wait_for_function("() => !document.documentElement.hasAttribute('data-move-out')", timeout=WAIT_MS)


def _advance_until_heard(page, *patterns: str, most: int = 8) -> str:
    """Move the clock on one timed move at a time (a bot's answer, a flip, the end of a slap
    window), each said before the next, until the region says every pattern; its text."""
    for _ in range(most):
        _answered(page)
        version = page.locator("#live").get_attribute("data-version")
        advance_clock(page)
        _wait_for_change_or_refusal(page, version, "moving the clock on")
        page.wait_for_function("v => window.heardAt.some(at => at > v)", arg=int(version), timeout=WAIT_MS)
        last = page.evaluate("() => window.heard.at(-1)")
        if all(re.search(pattern, last) for pattern in patterns):
            return _wait_to_hear(page, *patterns)
    raise AssertionError(f"the live region never said {patterns}: last said {last!r}")


EAT_RIGHT = {
    card["id"]: card["name"]
    for card in json.loads((ROOT / "foodcards/data/eat-right.json").read_text(encoding="utf-8"))["cards"]
}


def _hand(page) -> list[str]:
    """The names of the cards in the reader's hand, as the page shows them."""
    ids = page.locator("#live .zone-mine .card-row [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return [EAT_RIGHT[card] for card in ids if card in EAT_RIGHT]


def _short(said: str, hand: list[str]) -> None:
    assert len(said) <= NEWS_LIMIT, said
    if len(hand) >= 3:
        assert not all(name in said for name in hand), f"the whole hand was read out: {said!r}"


def test_duel_says_your_move_the_bots_answer_whose_turn_and_who_won_the_round(server, page):
    _quick_play(page, server, "duel", {"rounds_to_win": "1"})
    _listen(page)
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    # Both players pick a card to show at once; the bot's pick comes first (the clock moves on):
    # what it did (not which card: nobody may see it yet), and that it is still the reader's turn.
    said = _advance_until_heard(page, rf"^{BOT} picked a card to show\. Your turn\.$", most=1)
    _short(said, _hand(page))
    # The reader's own move: what they did, what both cards showed, and whose turn it is now.
    page.locator(MOVE_BUTTONS).first.click()
    said = _wait_to_hear(
        page,
        r"^You picked .+ to show\.",
        rf"You showed .+ and {BOT} showed .+\.",
        rf"(Your turn\.|{BOT}'s turn\.)$",
    )
    _short(said, _hand(page))
    # Play on until the round (here the whole match) is decided: said once, who won it.
    _play_to_the_end(page)
    page.wait_for_selector("#live .finished", timeout=WAIT_MS)
    said = _wait_to_hear(page, r"won round 1\.", r"(You|Beginner bot 2) won the game\.$")
    _short(said, [])
    heard = page.evaluate("() => window.heard")
    assert any(re.search(r"Your turn\.$", text) for text in heard)
    assert any(re.search(rf"{BOT}'s turn\.$", text) for text in heard)
    assert all(len(text) <= NEWS_LIMIT for text in heard)
    # The game is over: a reload reads the page, and the region says nothing new.
    page.reload()
    page.wait_for_selector("#live .finished")
    assert _said(page) == ""


def test_build_a_meal_says_your_draw_and_the_bots_turn_without_reading_the_hand(server, page):
    _quick_play(page, server, "build-a-meal")
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    assert _said(page) == ""
    _listen(page)
    hand = _hand(page)
    # Kim begins: draw from the stock. Said: the card drawn, and it is still Kim's turn.
    page.locator("#live [data-action-type='draw']").first.click()
    said = _wait_to_hear(
        page, r"^You (drew .+ from the stock|took .+ from the discard pile)\.", r"Your turn\.$"
    )
    _short(said, hand)
    # Then discard to end the turn: said, and now the bot's turn.
    discard = page.locator("#live [data-action-type='discard']:not([aria-disabled='true'])").first
    discard.wait_for(timeout=WAIT_MS)
    discard.click()
    said = _wait_to_hear(page, r"^You discarded .+\.", rf"{BOT}'s turn\.$")
    _short(said, _hand(page))
    # The bot's moves are said as they come (one each time the clock moves on), each with whose
    # turn it is, until it is Kim's again.
    said = _advance_until_heard(
        page, rf"{BOT} (drew a card from the stock|took .+ from the discard pile)\.", most=1
    )
    _short(said, _hand(page))
    said = _advance_until_heard(page, rf"{BOT} discarded .+\.", r"Your turn\.$")
    _short(said, _hand(page))
    # The bot's cards never reach the reader: its draw from the stock is said without the card.
    heard = page.evaluate("() => window.heard")
    assert not any(re.search(rf"{BOT} drew (?!a card)", text) for text in heard)
    # A redraw of the same view (as after a reconnect or a refused move) says nothing new.
    page.evaluate(
        "() => new Promise(done => { document.addEventListener('htmx:afterSettle', () => done(),"
        " {once: true}); htmx.ajax('GET', location.pathname, {target: '#live', swap: 'outerHTML'}); })"
    )
    page.wait_for_timeout(300)  # longer than the region's own pause before it speaks
    assert page.evaluate("() => window.heard") == heard


# CHOMP! with Kim's Shark against a bot's Plankton and another bot's Seal (dealt one at a time).
CHOMP_DECK = "shark-1,plankton-1,seal-1,big-fish-1,little-fish-1,shrimp-1,shark-2,seal-2,big-fish-2"


def test_chomp_says_the_flip_that_everyone_may_slap_the_slap_and_who_won_the_round(server, page):
    options = {"flip_countdown_ms": "1500", "reaction_window_ms": "6000", "max_rounds": "5"}
    _quick_play(page, server, "chomp", options, deck=CHOMP_DECK)
    assert _said(page) == ""
    _listen(page)
    # The flip (the countdown ends when the clock moves on): who turned up which creature, that
    # everyone may slap now, and this reader's advice.
    said = _advance_until_heard(
        page,
        r"^Flip! Shark \(you\), Plankton \(.+\) and Seal \(.+\)\.",
        r"Everyone: slap or wait\.",
        r"slap the Plankton, quick!$",
        most=1,
    )
    _short(said, [])
    page.locator("#live .chomp-cards [data-card='plankton-1'][ws-send]").press("Enter")
    # Kim's slap, said before the bots may answer; then, as the clock moves on (the tie window,
    # any bot's slap), the round's end: who won it (in the feed's words).
    _wait_to_hear(page, r"^You slapped first!")
    said = _advance_until_heard(page, r"Your Shark chomped .*Plankton")
    _short(said, [])
    heard = page.evaluate("() => window.heard")
    assert any(text.startswith("You slapped first!") for text in heard), heard
    # Once the reader has slapped, nobody tells it to slap again.
    slapped = [text for text in heard if text.startswith("You slapped first!")]
    assert not any("Everyone: slap or wait" in text for text in slapped)
    assert all(len(text) <= NEWS_LIMIT for text in heard)
