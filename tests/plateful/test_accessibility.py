"""Accessibility checked by a tool: axe-core (shipped inside axe-playwright-python, no CDN) runs
in real headless Chromium over the home page, the catalog, and every game's rules page and a
match page mid-game (after "Play now" against bots), at a phone's 360 px and a laptop's 1280 px.
No serious or critical violation is allowed; a failure names the rule, the elements and the page."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES
from tests.games.web.live_server import LiveServer

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
WAIT_MS = 20000
WIDTHS = {"phone": (360, 740), "laptop": (1280, 800)}
BLOCKING = ("serious", "critical")
MOVES = "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"


@pytest.fixture(scope="module")
def server():
    live = LiveServer(GAMES_BOT_DELAY_MS="400").start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def axe():
    return pytest.importorskip("axe_playwright_python.sync_playwright").Axe()


@pytest.fixture(params=list(WIDTHS))
def page(request, browser):
    width, height = WIDTHS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context.new_page()
    context.close()


def _blocking(axe, page, where: str) -> list[str]:
    """Every serious or critical violation on the page as it is now, one line each."""
    found = axe.run(page).response["violations"]
    return [
        f"{where}: {violation['id']} ({violation['impact']}) on "
        + ", ".join(" ".join(node["target"]) for node in violation["nodes"][:6])
        for violation in found
        if violation["impact"] in BLOCKING
    ]


@pytest.mark.parametrize("path", ["/", "/games/"])
def test_home_and_catalog_have_no_serious_violations(server, page, axe, path):
    page.goto(server.url + path)
    assert _blocking(axe, page, path) == []


@pytest.mark.parametrize("game", list(ENGINES))
def test_rules_page_and_match_page_mid_game_have_no_serious_violations(server, page, axe, game):
    page.goto(f"{server.url}/games/{game}/")
    problems = _blocking(axe, page, f"/games/{game}/")
    page.click("#play-now button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"), timeout=WAIT_MS)
    page.wait_for_selector("#live", timeout=WAIT_MS)
    # Mid-game: wait until there is a move to make (a real-time game flips after its countdown).
    page.wait_for_selector(MOVES, timeout=WAIT_MS)
    problems += _blocking(axe, page, f"{game} match")
    assert problems == []
