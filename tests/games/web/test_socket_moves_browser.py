"""Real headless Chromium: a turn-based game's moves go over the page's open socket (no HTTP
POST at all), fall back to HTTP while the socket is cut, and go over the socket again once it is
back (static/games/moves.js). The page's socket runs through Playwright's WebSocket routing,
which counts what the page sends and can cut the socket (each new connection is closed at once,
as a restarting server's would be: htmx keeps retrying)."""

from __future__ import annotations

import json
import re

import pytest

from tests.games.web.test_browser import MOVE_BUTTONS, _quick_play, _version, _wait_for_change

pytestmark = pytest.mark.browser

WAIT_MS = 20000
# The page's own reconnect delay is jittered up to a minute after a few failures; the test's
# page retries every quarter second (set before htmx opens the socket).
QUICK_RETRIES = (
    "document.addEventListener('DOMContentLoaded', () => { htmx.config.wsReconnectDelay = () => 250; });"
    " window.socketViews = 0; window.socketCloses = 0;"
    " document.addEventListener('htmx:wsBeforeMessage', () => { window.socketViews += 1; });"
    " document.addEventListener('htmx:wsClose', () => { window.socketCloses += 1; });"
)


class Wire:
    """The page's match socket and its move POSTs, watched: `moves_sent` counts the move frames
    the page sent on its socket, `posts` the move POSTs; while `cut`, every socket the page opens
    is closed at once (1013, "try again later": htmx retries)."""

    def __init__(self, page):
        self.cut = False
        self.open: list = []  # (page side, server side) of each socket let through
        self.moves_sent = 0
        self.posts = 0
        page.on("request", self._request)
        page.route_web_socket(re.compile(r"/ws/play/"), self._socket)

    def _request(self, request):
        if request.method == "POST" and re.search(r"/play/[\w-]+/move/$", request.url):
            self.posts += 1

    def _socket(self, route):
        if self.cut:
            route.close(code=1013, reason="cut by the test")
            return
        server = route.connect_to_server()
        self.open.append((route, server))

        def forward(message):
            if isinstance(message, str) and "action" in json.loads(message):
                self.moves_sent += 1
            server.send(message)

        route.on_message(forward)

    def cut_now(self):
        """Close the page's open sockets as a restarting server would, and every new one too."""
        self.cut = True
        for route, server in self.open:
            server.close()
            route.close(code=1012, reason="cut by the test")
        self.open.clear()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.add_init_script(QUICK_RETRIES)
    yield page
    context.close()


def _move(page) -> None:
    """Press the first move and wait until the page shows the change."""
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    version = _version(page)
    page.locator(MOVE_BUTTONS).first.click()
    _wait_for_change(page, version)


def _socket_live(page) -> None:
    """Wait until the server's own view came over a socket opened after now."""
    seen = page.evaluate("window.socketViews")
    page.wait_for_function("n => window.socketViews > n", arg=seen, timeout=WAIT_MS)


def test_a_duel_plays_over_the_socket_with_no_http_post(server, page):
    wire = Wire(page)
    _quick_play(page, server, "duel", {"rounds_to_win": "3"})
    page.wait_for_function("() => window.socketViews > 0", timeout=WAIT_MS)
    for _ in range(3):
        _move(page)
    assert wire.moves_sent == 3 and wire.posts == 0
    assert not page.locator("#flash").is_visible()


def test_moves_go_over_http_while_the_socket_is_cut_and_over_the_socket_once_it_is_back(server, page):
    """One move per phase: while the socket is cut, the bot's answer can't reach the page (its
    move's HTTP answer shows only the page's own move), so the next move waits for the socket."""
    wire = Wire(page)
    wire.cut = True  # the page's socket never gets through
    _quick_play(page, server, "duel", {"rounds_to_win": "3"})
    _move(page)  # the move's HTTP answer draws it
    assert (wire.posts, wire.moves_sent) == (1, 0)

    wire.cut = False  # the page's next retry gets through: moves go over the socket again
    _socket_live(page)
    _move(page)
    assert (wire.posts, wire.moves_sent) == (1, 1)

    # Cut while open (a server restarting): the socket closes and the next move is POSTed.
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    wire.cut_now()
    page.wait_for_function("() => window.socketCloses > 0", timeout=WAIT_MS)
    _move(page)
    assert (wire.posts, wire.moves_sent) == (2, 1)

    wire.cut = False
    _socket_live(page)
    _move(page)
    assert (wire.posts, wire.moves_sent) == (2, 2)


def test_a_double_click_sends_one_move_over_the_socket(server, page):
    """As htmx drops a control's second POST while the first is out: no second, stale move (and
    no "the game moved on" message) from a child's double click."""
    wire = Wire(page)
    _quick_play(page, server, "duel", {"rounds_to_win": "3"})
    page.wait_for_function("() => window.socketViews > 0", timeout=WAIT_MS)
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    version = _version(page)
    page.locator(MOVE_BUTTONS).first.dblclick()
    _wait_for_change(page, version)
    _move(page)  # the next move goes: the first one's answer ended the wait
    assert wire.moves_sent == 2 and wire.posts == 0
    assert not page.locator("#flash").is_visible()
