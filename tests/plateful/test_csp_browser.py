"""The pages work under the Content-Security-Policy: real headless Chromium on a real Daphne
server visits every kind of page and plays live games (htmx moves, websocket pushes, the
meter bars drawn with style="" widths), and the browser reports no policy violation."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 20000
# Every violation the page sees, from the document's own event (init scripts run outside the
# CSP), and every htmx feature that wanted eval (htmx refuses it quietly with allowEval off).
WATCH_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
document.addEventListener('htmx:evalDisallowedError', (e) => {
  window.__cspViolations.push(`htmx wanted eval on ${e.target.outerHTML.slice(0, 120)}`);
});
"""
PAGES = ("/", "/games/", "/games/duel/", "/cards/", "/cards/eat-right/", "/foods/", "/foods/formulas/")


@pytest.fixture(scope="module")
def server(server):
    server.manage(
        "shell",
        "-c",
        "from classroom.services import teacher_ensure; "
        "teacher_ensure(username='teacher', password='plateful-demo')",
    )
    return server


def _violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations || []")


def _quick_play(page, server, game: str) -> None:
    page.goto(f"{server.url}/games/{game}/")
    page.fill("#qp-nickname", "Kim")
    page.click("#quick-play button[type=submit]")  # an htmx POST that redirects
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    page.wait_for_selector("#live")


def _play_moves(page, count: int) -> None:
    """Press `count` allowed moves, each answered (htmx) and followed by the bots (websocket)."""
    moves = "#live [hx-post*='/move/']:not([aria-disabled='true'])"
    for _ in range(count):
        page.wait_for_selector(f"{moves}, #live .finished", timeout=WAIT_MS)
        if page.locator("#live .finished").count():
            return
        version = page.locator("#live").get_attribute("data-version")
        page.locator(moves).first.click()
        page.wait_for_function(
            "v => document.querySelector('#live').dataset.version != v", arg=version, timeout=WAIT_MS
        )


def test_every_page_and_live_games_run_with_no_policy_violation(server, browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(WATCH_VIOLATIONS)
    page = context.new_page()
    try:
        for path in PAGES:
            response = page.goto(server.url + path)
            assert "script-src 'self'" in response.headers["content-security-policy"]
            assert _violations(page) == [], path
        # A teacher logs in (a real form post) and reaches /teach/; the admin login page too.
        page.goto(f"{server.url}/login/")
        page.fill("input[name=username]", "teacher")
        page.fill("input[name=password]", "plateful-demo")
        page.click("main button[type=submit]")
        page.wait_for_url(re.compile(r"/teach/$"))
        assert _violations(page) == []
        page.goto(f"{server.url}/admin/login/")
        assert _violations(page) == []

        # Duel: meter bars sized by style="" attributes, bots answering over the websocket.
        _quick_play(page, server, "duel")
        _play_moves(page, 3)
        widths = page.eval_on_selector_all(
            "#live [role=meter] span[style]",
            "spans => spans.map(s => [s.getAttribute('style'), s.style.width])",
        )
        assert widths and all(declared.replace(" ", "") == f"width:{applied}" for declared, applied in widths)
        # Appetite: its own bars and score sheet.
        _quick_play(page, server, "appetite")
        _play_moves(page, 3)
        assert _violations(page) == []
        page.set_viewport_size({"width": 360, "height": 740})
    finally:
        context.close()
