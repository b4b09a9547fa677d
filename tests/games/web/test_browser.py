"""Real headless Chromium against a real Daphne server (SQLite file, in-memory channel layer):
whole games against bots from the catalog to the finished screen, two browsers at one table,
a reload mid-game, a CHOMP! round with a first slap and a Bad Chomp, and keyboard focus that
survives live updates.

Every wait is on a condition with a generous timeout (never a fixed sleep): the machine may be
busy, and a condition that is met early costs nothing."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES
from tests.games.web.live_server import LiveServer

pytestmark = pytest.mark.browser

WAIT_MS = 20000  # a generous ceiling for one condition under heavy load; met conditions return at once
MOVE_BUTTONS = (
    "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"
)


@pytest.fixture(scope="module")
def server():
    live = LiveServer(GAMES_BOT_DELAY_MS="25", GAMES_ALLOW_STACKED_DECKS="1").start()
    yield live
    live.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    yield context.new_page()
    context.close()


def _version(page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def _wait_for_change(page, version: int, timeout: float = WAIT_MS) -> None:
    page.wait_for_function(
        "v => { const live = document.querySelector('#live');"
        " return live && (live.dataset.version != v || live.dataset.status == 'finished'); }",
        arg=str(version),
        timeout=timeout,
    )


def _quick_play(page, server, game: str, options: dict[str, str] | None = None, deck: str = "") -> None:
    page.goto(f"{server.url}/games/")
    page.click(f"a[href='/games/{game}/']")
    page.wait_for_selector("#quick-play")
    page.fill("#qp-nickname", "Kim")
    for name, value in (options or {}).items():
        field = page.locator(f"#qp-option_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    if deck:
        page.evaluate(
            "deck => { const i = document.createElement('input'); i.type = 'hidden'; i.name = 'deck';"
            " i.value = deck; document.querySelector('#quick-play').appendChild(i); }",
            deck,
        )
    page.click("#quick-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    page.wait_for_selector("#live")


# A test player who moves the game on: finish a meal when it can, never shuffle cards on and
# off the plate forever (Build-A-Meal), otherwise the first allowed move.
PREFERRED = ("serve", "add", "discard", "eat", "play")
AVOIDED = ("plate", "unplate", "draw")


def _choose(page):
    """The move to press (one round trip to the page), or None while someone else plays."""
    index = page.evaluate(
        """([selector, preferred, avoided]) => {
            const moves = [...document.querySelectorAll(selector)];
            const type = (m) => m.dataset.actionType;
            for (const wanted of preferred) {
                const found = moves.findIndex((m) => type(m) === wanted);
                if (found >= 0) return found;
            }
            const plain = moves.findIndex((m) => !avoided.includes(type(m)));
            return plain >= 0 ? plain : (moves.length ? 0 : -1);
        }""",
        [MOVE_BUTTONS, list(PREFERRED), list(AVOIDED)],
    )
    return page.locator(MOVE_BUTTONS).nth(index) if index >= 0 else None


def _play_to_the_end(page, max_moves: int = 150) -> None:
    """Press an allowed move whenever there is one, until the finished screen."""
    PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError  # noqa: N806

    for _ in range(max_moves):
        if page.locator("#live .finished").count():
            return
        version = _version(page)
        try:
            move = _choose(page)
            if move is not None:
                move.click(timeout=3000)
            _wait_for_change(page, version, timeout=3000)
        except PlaywrightTimeout:
            pass  # a push replaced the button as it was pressed: look again and choose
    raise AssertionError("The game did not finish.")


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_whole_game_against_bots_from_the_catalog_to_the_finished_screen(server, page, game):
    """Every registered game, with its short-game options (Engine.quick_options), from the
    catalog to the finished screen, then "Play again" deals a new match at once."""
    options = {name: str(value) for name, value in ENGINES[game].quick_options.items()}
    _quick_play(page, server, game, options)
    assert page.locator("#live .players tr.me").count() == 1
    _play_to_the_end(page)
    finished = page.locator("#live .finished")
    assert finished.locator("h2").inner_text()
    assert finished.get_by_role("button", name="Play again").is_visible()
    # The end screen and its tables fit the window (nothing cut off at the side).
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1100
    page.screenshot(path=f"/tmp/plateful-{game}-finished.png", full_page=True)
    finished_url = page.url
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: url != finished_url and "/play/" in url)
    page.wait_for_selector("#live .players tr.me", state="attached")  # some boards show their own mats
    assert not page.locator("#live .finished").count()


def test_two_browsers_at_one_table_see_each_others_moves_and_a_reload_keeps_the_seat(server, browser):
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        host.goto(f"{server.url}/games/appetite/")
        host.fill("#tf-nickname", "Host")
        host.click("#table-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/[\w-]+/$"))
        table_url = host.locator("#share-link").input_value()
        guest.goto(table_url)
        guest.fill("#join-nickname", "Guest")
        guest.click(".join-form button[type=submit]")
        # The host's lobby shows the guest without a reload.
        host.wait_for_selector("#live .seat-human >> text=Guest")
        host.get_by_role("button", name="Start the game").click()
        guest.wait_for_selector("#live .players")
        host.wait_for_selector("#live .players")
        # The seat to play (the row marked in the players' table) gets its moves.
        host.wait_for_selector("#live .players tr.to-move", timeout=WAIT_MS)
        to_move = host.locator("#live .players tr.to-move").first.get_attribute("data-seat")
        mover, other = (host, guest) if to_move == "0" else (guest, host)
        mover.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        other.wait_for_selector("#live .players", timeout=WAIT_MS)
        version = _version(other)
        mover.locator(MOVE_BUTTONS).first.click()
        _wait_for_change(other, version)  # the move appears in the other browser, no reload
        assert (
            "played" in other.locator("#live .feed-list li").first.inner_text().lower()
            or _version(other) > version
        )
        # A reload puts the guest back in the same seat with the same cards.
        before = guest.locator("#live .zone-mine [data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        seat_row = guest.locator("#live .players tr.me").get_attribute("data-seat")
        guest.reload()
        guest.wait_for_selector("#live .zone-mine [data-card]", timeout=WAIT_MS)
        after = guest.locator("#live .zone-mine [data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        assert before and after == before
        assert guest.locator("#live .players tr.me").get_attribute("data-seat") == seat_row == "1"
        guest.screenshot(path="/tmp/plateful-table-guest.png", full_page=True)
    finally:
        host_context.close()
        guest_context.close()


def test_a_chomp_round_the_human_slaps_first_and_wins_then_makes_a_bad_chomp(server, page):
    # Quick CHOMP!: seat 0 (you) flips Shark then Shrimp, the bot flips Plankton then Seal.
    deck = "shark-1,plankton-1,shrimp-1,seal-1,big-fish-1,little-fish-1,shark-2,plankton-2"
    _quick_play(page, server, "quick-chomp", {"flip_countdown_ms": "800"}, deck=deck)
    page.wait_for_selector("#live .countdown", timeout=WAIT_MS)  # the visible flip countdown
    slap = page.locator("#live [data-card='plankton-1'][ws-send]")
    slap.wait_for(timeout=WAIT_MS)
    slap.press("Enter")  # keyboard slap on the focused card
    won = page.locator("#live .feed-list li.event-win")
    won.wait_for(timeout=WAIT_MS)
    assert "You" in won.inner_text()
    page.screenshot(path="/tmp/plateful-chomp-won.png", full_page=True)
    bad = page.locator("#live [data-card='seal-1'][ws-send]")
    bad.wait_for(timeout=WAIT_MS)
    bad.click()
    page.wait_for_selector("#live .bad-chomp[role=alert]", timeout=WAIT_MS)
    # Said next to the cards too, in words that fit "You".
    assert "You slapped" in page.locator("#live .chomp-alert").inner_text()
    assert "Bad Chomp! You" in page.locator("#live .feed-list li.event-bad").first.inner_text()
    page.screenshot(path="/tmp/plateful-chomp-bad.png", full_page=True)


def test_a_server_restart_does_not_strand_a_match_waiting_on_the_table(server, page):
    """The flip is due 3 s after the deal; the server restarts before that. The page's socket
    reconnects on its own, the new process finds the overdue flip and the game goes on."""
    _quick_play(page, server, "quick-chomp", {"flip_countdown_ms": "3000"})
    assert _version(page) == 0
    server.restart()
    # The socket retries on its own schedule and the new process starts cold: wait for the
    # flip itself, as long as a busy machine may need.
    page.wait_for_function(
        "() => { const feed = document.querySelector('#live .feed-list');"
        " return Number(document.querySelector('#live').dataset.version) >= 1"
        " && !!feed && feed.textContent.includes('Flip!'); }",
        timeout=45000,
    )


def test_the_keyboard_focus_stays_on_a_move_after_the_bot_has_moved(server, page):
    """Tab to a move, press Enter: the pushes that follow (your move, then the bot's) replace the
    whole game region, and the focus must come back to a move button, not the top of the page."""
    _quick_play(page, server, "duel", {"rounds_to_win": "3"})
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    on_a_move = "() => !!document.activeElement && document.activeElement.matches('#live [data-focus-key]')"
    for _ in range(40):  # the header's links, the share box, then the game's moves
        page.keyboard.press("Tab")
        if page.evaluate(on_a_move):
            break
    assert page.evaluate(on_a_move), "Tab never reached a move"
    for _ in range(6):  # until the bot has moved between two of your turns
        version = _version(page)
        page.keyboard.press("Enter")  # the keyboard alone plays: Enter on the focused move
        _wait_for_change(page, version)
        page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)  # your turn again
        page.wait_for_function(on_a_move, timeout=WAIT_MS)
        if _version(page) >= version + 2:
            return
    raise AssertionError("The bot never moved between two of your turns.")


def test_a_message_for_you_is_shown_next_to_the_cards_too(server, page):
    """Why a card can't be played (and the server's "too late!") shows in the top message area
    and in the board's own live region, where a child looking at the cards sees it."""
    _quick_play(page, server, "snack-attack")
    page.wait_for_selector("#live .board-message", state="attached", timeout=WAIT_MS)
    # A card this seat can't play right now, as the board draws one (with the engine's reason),
    # pressed; read at once, before a bot's move can redraw the board.
    near, top = page.evaluate(
        "() => { const b = document.createElement('button'); b.type = 'button';"
        " b.setAttribute('aria-disabled', 'true'); b.dataset.reason = 'You must go shopping first.';"
        " document.querySelector('#live .board').appendChild(b); b.click();"
        " const near = document.querySelector('#live .board-message');"
        " return [near.hidden ? '' : near.textContent, document.querySelector('#flash').textContent]; }"
    )
    assert near == top == "You must go shopping first."
