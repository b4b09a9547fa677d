"""Accessibility checked by a tool: axe-core (shipped inside axe-playwright-python, no CDN) runs
in real headless Chromium over the home page, the catalog, and every game's rules page and a
match page mid-game (after "Play now" against bots), at a phone's 360 px and a laptop's 1280 px.
No serious or critical violation is allowed; a failure names the rule, the elements and the page.
On a phone, "Play now" is on the first screen of every rules page and of the catalog."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES
from tests.games.web.test_browser import advance_clock

pytestmark = pytest.mark.browser

WAIT_MS = 20000
WIDTHS = {"phone": (360, 740), "laptop": (1280, 800)}
BLOCKING = ("serious", "critical")
MOVES = "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"


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
    # Mid-game: a real-time game once its first card is flipped (in Underwater War the player may
    # have no move then), a turn-based one once the player has a move to make.
    if ENGINES[game].realtime:
        advance_clock(page)
        page.wait_for_function("() => Number(document.querySelector('#live').dataset.version) >= 1")
    else:
        page.wait_for_selector(MOVES, timeout=WAIT_MS)
    problems += _blocking(axe, page, f"{game} match")
    assert problems == []


def test_on_a_phone_play_now_is_on_the_first_screen_of_every_rules_page_and_the_catalog(server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        for game in ENGINES:
            page.goto(f"{server.url}/games/{game}/")
            box = page.locator("#play-now button[type=submit]").bounding_box()
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, f"{game}: Play now at {box}"
            assert page.locator("details.all-rules").count() and not page.locator("details[open]").count()
        page.goto(f"{server.url}/games/")
        first = page.locator(".game-card").first.get_by_role("button", name=re.compile("Play now"))
        box = first.bounding_box()
        assert box and box["y"] + box["height"] <= 740, f"catalog: first Play now at {box}"
    finally:
        context.close()
