"""The food explorer in real headless Chromium: results change as you type (htmx, no page load),
the MyPlate group filter, ticking foods to compare them (a tick outlives the next search), and
the explorer and the comparison chart on a phone in both languages."""

from __future__ import annotations

import pytest

from tests.nutrition.conftest import write_tiny_release

pytestmark = pytest.mark.browser

WAIT_MS = 20000
FOODS = (
    "11090",
    "09003",
    "09004",
    "09016",
    "18301",
    "01001",
    "19120",
    "01082",
    "14209",
)  # 14209: brewed coffee, in no group
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def server(server, tmp_path_factory):
    server.manage("import_usda_sr", str(write_tiny_release(tmp_path_factory.mktemp("sr"), FOODS)))
    return server


def test_search_as_you_type_filter_by_group_and_compare(server, browser):
    page = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    page.goto(f"{server.url}/foods/")
    page.evaluate("window.stillTheSamePage = true")
    page.get_by_label("Food name or NDB number").type("apple", delay=40)
    page.wait_for_function(
        "() => document.querySelector('#food-count').textContent.includes('apple')", timeout=WAIT_MS
    )
    names = page.locator(".food-hit-name").all_inner_texts()
    assert names[:2] == ["Apples, raw, with skin", "Apples, raw, without skin"]
    assert names[-1] == "Pie, apple, commercially prepared, enriched flour"
    assert page.evaluate("window.stillTheSamePage") is True, "htmx swapped the results, no page load"
    assert "q=apple" in page.url  # the address follows, so Back and a shared link work

    page.get_by_label("MyPlate group").select_option("sometimes")
    page.wait_for_function("() => document.querySelectorAll('.food-hit').length === 1", timeout=WAIT_MS)
    assert page.locator(".food-hit-name").all_inner_texts() == [
        "Pie, apple, commercially prepared, enriched flour"
    ]

    page.get_by_label("MyPlate group").select_option("")
    page.wait_for_function("() => document.querySelectorAll('.food-hit').length === 4", timeout=WAIT_MS)
    page.get_by_label("Compare Apples, raw, with skin").check()
    page.get_by_label("Compare Pie, apple, commercially prepared, enriched flour").check()
    page.get_by_role("button", name="Compare the foods you ticked").click()
    page.wait_for_url("**/foods/compare/**", timeout=WAIT_MS)
    assert page.locator("svg[role='img'] rect").count() == 11 * 2
    assert page.locator(".compare-name").all_inner_texts() == [
        "A Apples, raw, with skin",
        "B Pie, apple, commercially prepared, enriched flour",
    ]
    page.context.close()


def _ticked(page) -> list[str]:
    return page.eval_on_selector_all(
        "input[form='compare-form']:checked", "boxes => boxes.map((b) => b.value)"
    )


def _search(page, words: str) -> None:
    box = page.get_by_label("Food name or NDB number")
    box.fill("")
    box.type(words, delay=20)
    page.wait_for_function(
        "words => document.querySelector('#food-count').textContent.includes(words)",
        arg=words,
        timeout=WAIT_MS,
    )


def test_a_ticked_food_stays_ticked_through_the_next_searches(server, browser):
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{server.url}/foods/")
    _search(page, "apple")
    page.get_by_label("Compare Apples, raw, with skin").check()
    _search(page, "broccoli")
    assert _ticked(page) == ["09003"], "the apple is still ticked, though no longer in the results"
    page.get_by_label("Compare Broccoli, raw").check()
    page.get_by_label("Food name or NDB number").press("Enter")  # Enter searches too
    page.wait_for_function("() => document.querySelectorAll('.food-hit').length === 1", timeout=WAIT_MS)
    _search(page, "apple")
    assert sorted(_ticked(page)) == ["09003", "11090"]
    assert page.get_by_label("Compare Apples, raw, with skin").is_checked(), "ticked where it is listed"
    page.get_by_label("Compare Apples, raw, with skin").uncheck()
    _search(page, "pie")
    assert _ticked(page) == ["11090"], "an untick holds too"
    page.get_by_role("button", name="Compare the foods you ticked").click()
    page.wait_for_url("**/foods/compare/**", timeout=WAIT_MS)
    assert page.locator(".compare-name").all_inner_texts() == ["A Broccoli, raw"]
    page.context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_food_explorer_fits_a_phone(server, browser, language):
    page = browser.new_context(viewport=PHONE, locale=language).new_page()
    page.goto(f"{server.url}/foods/")
    assert page.locator(".plate-none").count(), "a food in no group: the longest group label"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_the_comparison_chart_draws_its_bars_in_spanish(server, browser):
    page = browser.new_context(viewport=PHONE, locale="es-MX").new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{server.url}/foods/compare/?ndb=09003&ndb=11090")
    assert page.locator("html").get_attribute("lang") == "es"
    widths = page.eval_on_selector_all("svg.chart-svg rect", "bars => bars.map((b) => b.getBBox().width)")
    assert len(widths) == 11 * 2 and all(width > 0 for width in widths), widths
    # Every word of the chart (headings, labels, numbers) inside the picture: none cut off.
    outside = page.evaluate(
        """() => { const svg = document.querySelector('svg.chart-svg'); const box = svg.viewBox.baseVal;
          return [...svg.querySelectorAll('text')].filter((t) => { const b = t.getBBox();
            return b.x < 0 || b.x + b.width > box.width; }).map((t) => t.textContent); }"""
    )
    assert not outside
    assert not errors
    page.context.close()
