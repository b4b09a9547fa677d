"""The food explorer in real headless Chromium: results change as you type (htmx, no page load),
the MyPlate group filter, and ticking foods to compare them."""

from __future__ import annotations

import pytest

from tests.nutrition.conftest import write_tiny_release

pytestmark = pytest.mark.browser

WAIT_MS = 20000
FOODS = ("11090", "09003", "09004", "09016", "18301", "01001", "19120", "01082")


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
