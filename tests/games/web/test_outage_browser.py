"""Real headless Chromium on a match page while Redis (a redis-server of the test's own) goes
away and comes back, and while the server restarts: the page shows "Live updates paused,
reconnecting…" (a polite live region), stays playable, and the notice goes away when live
updates are back, without a reload. Waits are on conditions with generous timeouts."""

from __future__ import annotations

import uuid

import pytest

from tests.faults.redis_process import RedisProcess
from tests.games.web.live_server import LiveServer
from tests.games.web.test_browser import _press_a_move, _quick_play, _version, _wait_for_change

pytestmark = pytest.mark.browser

WAIT_MS = 20000
RECONNECT_MS = 7000  # the longest wait between tries (4 s), the connect and the page drawn
NOTICE = "#live-status .live-status-text"
NOTICE_GONE = "() => document.querySelector('#live-status').childElementCount === 0"


@pytest.fixture(scope="module")
def redis():
    server = RedisProcess().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def server(redis):
    live = LiveServer(GAMES_BOT_DELAY_MS="25")
    live.env.update(REDIS_URL=redis.url, CHANNELS_PREFIX=f"outage-browser-{uuid.uuid4().hex[:8]}")
    yield live.start()
    live.stop()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    # Count the socket's closes (through a Redis outage there must be none), and note whether
    # the notice was ever shown.
    page.add_init_script(
        "window.socketCloses = 0; window.noticeShown = false;"
        " document.addEventListener('htmx:wsClose', () => { window.socketCloses += 1; });"
        " new MutationObserver(() => { if (document.querySelector('#live-status .live-status-text'))"
        " window.noticeShown = true; }).observe(document, { childList: true, subtree: true });"
    )
    yield page
    context.close()


def _move(page) -> None:
    """Press an allowed move and wait for the page to show the change (htmx's own answer)."""
    page.wait_for_function("() => !!document.querySelector('#live [data-focus-key]')", timeout=WAIT_MS)
    seen = _press_a_move(page)
    assert seen["pressed"], "a move to press"
    _wait_for_change(page, int(seen["version"]))


def test_a_redis_outage_shows_the_notice_keeps_the_socket_and_the_game_and_then_recovers(server, redis, page):
    _quick_play(page, server, "snack-attack")
    status = page.locator("#live-status")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    assert not status.is_visible()  # empty: no notice while live

    redis.stop()
    page.wait_for_selector(NOTICE, state="visible", timeout=WAIT_MS)
    assert page.locator(NOTICE).inner_text() == "Live updates paused, reconnecting…"
    _move(page)  # still playable: the move is stored and the answer shown

    redis.start()
    page.wait_for_function(NOTICE_GONE, timeout=WAIT_MS)
    _move(page)
    # Live through Redis again: the bot's answer arrives as a push.
    version = _version(page)
    _wait_for_change(page, version)
    assert page.evaluate("window.socketCloses") == 0


def test_a_server_restart_shows_the_notice_until_the_socket_is_back(server, page):
    _quick_play(page, server, "snack-attack")
    page.wait_for_function("() => document.querySelector('#live-status') !== null", timeout=WAIT_MS)

    # However often a try fails, the page waits at most 4 s before the next (site.js; htmx's own
    # backoff doubles up to 64 s, so a page could say "reconnecting" for a minute after a deploy).
    waits = page.evaluate("() => [0, 1, 2, 3, 6, 20].map((n) => htmx.config.wsReconnectDelay(n))")
    assert all(0 < wait <= 4000 for wait in waits), waits

    # Daphne stops (the socket drops): the notice shows while nothing answers (it waits a second
    # first, so a quick restart must not race it), and a try to reconnect fails; then Daphne
    # starts again.
    def down():
        page.wait_for_selector(NOTICE, state="visible", timeout=WAIT_MS)
        page.wait_for_function("() => window.socketCloses >= 2", timeout=WAIT_MS)

    server.restart(while_down=down)
    assert page.evaluate("window.noticeShown")
    page.wait_for_function(NOTICE_GONE, timeout=RECONNECT_MS)
    _move(page)
