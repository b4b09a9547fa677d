"""A move POSTed while the page's socket is down (static/games/moves.js) whose answer never
reaches the page (the connection dropped after the server made the move): the page fetches the
current view itself (static/games/play.js, htmx:sendError)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 20000


@pytest.fixture(scope="module")
def server(live_servers):
    # Bots wait a minute and the table's own flip timer many minutes: nothing but the page
    # itself can bring the move's new view within WAIT_MS.
    return live_servers(GAMES_BOT_DELAY_MS="60000", GAMES_TIMER_SCALE="100")


def test_a_move_whose_answer_was_lost_still_shows_once_the_page_looks_again(server, browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    # The page's socket never gets through (a server restarting): its moves go over HTTP.
    page.route_web_socket(re.compile(r"/ws/play/"), lambda socket: socket.close(code=1013))
    page.goto(f"{server.url}/games/food-war/")
    page.fill("#qp-nickname", "Kim")
    page.click("#quick-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    flip = page.locator("#live [hx-post*='/move/']").first
    flip.wait_for(timeout=WAIT_MS)
    version = int(page.locator("#live").get_attribute("data-version"))
    made = []

    def answer_lost(route):
        made.append(route.fetch().status)  # the server makes the move...
        route.abort("connectionreset")  # ...and its answer never arrives

    page.route(re.compile(r"/move/$"), answer_lost)
    flip.click()
    page.wait_for_function(
        "v => Number(document.querySelector('#live').dataset.version) > v", arg=version, timeout=WAIT_MS
    )
    assert made == [200]
    context.close()
