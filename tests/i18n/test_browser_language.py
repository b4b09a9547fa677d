"""The language switch (in the footer of every page) in real Chromium: reached and used with
the keyboard alone, it turns the page Spanish, the choice survives a new visit (the cookie
lasts a year), and a game started after it plays in Spanish, live updates included."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

WAIT_MS = 20000
MOVE = "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"


def _tab_to(page, element_id: str, most: int = 150) -> None:
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
            return
    raise AssertionError(f"Tab never reached #{element_id}")


def test_the_switch_by_keyboard_turns_every_page_and_the_live_game_spanish(server, browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(f"{server.url}/games/")
    assert page.get_attribute("html", "lang") == "en"
    _tab_to(page, "site-language")
    assert page.locator("label[for=site-language]").inner_text() == "Language"
    page.keyboard.press("ArrowDown")  # English -> Español
    assert page.locator("#site-language").input_value() == "es"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.closest('form').className") == "language-form"
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith("/games/")  # back where the reader was
    assert page.get_attribute("html", "lang") == "es"
    assert page.locator("label[for=site-language]").inner_text() == "Idioma"
    cookie = next(c for c in context.cookies() if c["name"] == "django_language")
    assert cookie["value"] == "es" and cookie["expires"] > 300 * 24 * 3600

    # A new visit, and a game: pages and live pushes in Spanish.
    page.goto(f"{server.url}/games/food-war/")
    assert page.get_attribute("html", "lang") == "es"
    page.fill("#qp-nickname", "Kim")
    page.click("#quick-play button[type=submit]")
    page.wait_for_selector("#live", timeout=WAIT_MS)
    assert "Lo que pasó" in page.locator("#live").inner_text()
    version = page.locator("#live").get_attribute("data-version")
    page.locator(MOVE).first.click()
    page.wait_for_function(
        "v => document.querySelector('#live').dataset.version != v", arg=version, timeout=WAIT_MS
    )
    page.wait_for_function(
        "() => /volteó|Volteaste/.test(document.querySelector('#live').innerText)", timeout=WAIT_MS
    )
    text = page.locator("#live").inner_text()
    assert "flipped" not in text and "What happened" not in text
    context.close()
