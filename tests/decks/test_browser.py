"""In real headless Chromium: a teacher builds a 26-card Snack Attack deck from the explorer (search
as you type and "Add" on the deck page, then "Add to my deck" on a food's page), watching the deck's
Snack Attack check count up, then plays Snack Attack with it against a bot: the new cards are dealt.

Every wait is on a condition (never a fixed sleep)."""

from __future__ import annotations

import re

import pytest

from tests.nutrition.conftest import write_tiny_release

pytestmark = pytest.mark.browser

WAIT_MS = 20000
PASSWORD = "a-long-test-password-1"
# (what the teacher types, the USDA food to add): 10 fruit, 9 veggies and 5 junk foods.
SEARCHES = (
    ("apples", "Apples, raw, with skin"),
    ("bananas", "Bananas, raw"),
    ("kiwi", "Kiwifruit, green, raw"),
    ("mangos", "Mangos, raw"),
    ("pears", "Pears, raw"),
    ("plums", "Plums, raw"),
    ("papaya", "Papayas, raw"),
    ("cherries", "Cherries, sweet, raw"),
    ("apricots", "Apricots, raw"),
    ("nectarines", "Nectarines, raw"),
    ("broccoli", "Broccoli, raw"),
    ("carrots", "Carrots, raw"),
    ("cucumber", "Cucumber, with peel, raw"),
    ("celery", "Celery, raw"),
    ("kale", "Kale, raw"),
    ("zucchini", "Squash, summer, zucchini, includes skin, raw"),
    ("cauliflower", "Cauliflower, raw"),
    ("asparagus", "Asparagus, raw"),
    ("radishes", "Radishes, raw"),
    ("jellybeans", "Candies, jellybeans"),
    ("gumdrops", "Candies, gumdrops, starch jelly pieces"),
    ("marshmallows", "Candies, marshmallows"),
    ("lemon-lime", "Carbonated beverage, lemon-lime soda, no caffeine"),
    ("tortilla chips", "Snacks, tortilla chips, plain, white corn, salted"),
)
FOODS = (
    "09003", "09040", "09148", "09176", "09252", "09279", "09226", "09070", "09021", "09191",
    "11090", "11124", "11205", "11143", "11233", "11477", "11135", "11011", "11429",
    "19108", "19106", "19116", "14144", "19056",
    "09089",  # figs: added from the food's own page
    "11304", "18075", "01082",  # peas, bread and milk: foods that are found but not added
)  # fmt: skip


@pytest.fixture(scope="module")
def server(server, tmp_path_factory):
    server.manage("import_usda_sr", str(write_tiny_release(tmp_path_factory.mktemp("sr"), FOODS)))
    return server


def _sign_up(page, server) -> None:
    page.goto(f"{server.url}/signup/")
    page.fill("#id_username", "ms-rivera")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_url("**/teach/")


def _wait_for_count(page, count: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('#deck-status .deck-count').textContent.trim().startsWith(n + ' card')",
        arg=count,
        timeout=WAIT_MS,
    )


def _snack_check(page) -> str:
    return page.locator("#check-snack-attack .check-message").inner_text()


def test_a_teacher_builds_a_snack_attack_deck_from_the_explorer_and_plays_it(server, browser):
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    _sign_up(page, server)
    page.get_by_role("link", name="My decks").first.click()
    page.get_by_label("Name of the deck").fill("Our snack store")
    page.get_by_role("button", name="Make the deck").click()
    page.wait_for_url(re.compile(r"/teach/decks/\d+/$"))
    deck_url = page.url
    assert (
        _snack_check(page)
        == "Snack Attack needs exactly 26 fruit, veggie, junk and exercise cards: you have 0."
    )
    page.evaluate("window.stillTheSamePage = true")

    for count, (typed, food) in enumerate(SEARCHES, start=1):
        page.fill("#deck-q", typed)  # results come as you type
        hit = page.locator(".deck-hits .food-hit").filter(has=page.get_by_role("link", name=food, exact=True))
        hit.get_by_role("button", name="Add").click(timeout=WAIT_MS)
        _wait_for_count(page, count)
        if count in (1, 23):
            assert _snack_check(page).endswith(f"you have {count}.")
    assert page.evaluate("window.stillTheSamePage") is True, "htmx added the cards, no page load"

    page.get_by_role("button", name="Add Exhilarating Exercise").click()
    _wait_for_count(page, 25)
    assert _snack_check(page).endswith("you have 25.")

    # The 26th from the explorer: a food's page, "Add to my deck", half a cup.
    page.goto(f"{server.url}/foods/?q=figs")
    page.get_by_role("link", name="Figs, raw", exact=True).click()
    page.get_by_role("button", name="Add to my deck").click()
    page.wait_for_url(re.compile(r"/teach/decks/\d+/add/09089/"))
    page.get_by_label("Name on the card").fill("Fresh figs")
    page.get_by_role("button", name="Add it to the deck").click()
    page.wait_for_url(re.compile(r"/teach/decks/\d+/#card-my-"))
    assert page.url.startswith(deck_url)
    _wait_for_count(page, 26)
    assert _snack_check(page) == "Ready for 2 to 8 players, with 26 cards."
    names = set(page.locator(".deck-card .card-caption strong").all_inner_texts())
    assert {"Fresh figs", "Kiwifruit", "Jellybeans", "Exhilarating Exercise"} <= names and len(names) == 26
    deck_cards = set(page.locator(".deck-card").evaluate_all("cards => cards.map(c => c.dataset.cardId)"))

    # Play it: the check's own link opens Snack Attack with the deck chosen.
    page.locator("#check-snack-attack").get_by_role("link", name="Play Snack Attack! with it").click()
    page.wait_for_selector("#quick-play")
    assert page.locator("#qp-teacher-deck option:checked").inner_text().startswith("Our snack store")
    page.fill("#qp-nickname", "Ms Rivera")
    page.click("#quick-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    for _shopping in range(2):  # your first move: pick two face-down cards from the store
        version = page.locator("#live").get_attribute("data-version")
        page.locator("#live [data-action-type='shop']").first.click(timeout=WAIT_MS)
        page.wait_for_function(
            "v => document.querySelector('#live').dataset.version != v", arg=version, timeout=WAIT_MS
        )
    page.wait_for_selector(".snack-hand [data-card]", timeout=WAIT_MS)
    hand = page.locator(".snack-hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert hand and set(hand) <= deck_cards, "the teacher's own cards are dealt"
    page.wait_for_function(
        "() => [...document.querySelectorAll('.snack-hand [data-card] img')]"
        ".every(img => img.complete && img.naturalWidth > 0)",
        timeout=WAIT_MS,
    )
    # The pictures the browser chose: the teacher's own cards, as right-sized WebP copies.
    sources = page.locator(".snack-hand [data-card] img").evaluate_all("imgs => imgs.map(i => i.currentSrc)")
    assert sources and all(re.search(r"/cards/eat-right/\d+/my-[0-9a-f]{24}\.webp", src) for src in sources)
    page.context.close()
