"""The food explorer's pages: search as you type, a food's label and card, comparing foods, and the
formulas page."""

import json
import re

import pytest
from django.core.management import call_command

from nutrition.eat_right_deck import SHIPPED_DECK_FILE
from nutrition.models import Food
from nutrition.scoring import score_card


@pytest.mark.django_db
def test_food_explorer_says_how_to_import_when_there_is_no_data(client):
    html = client.get("/foods/").content.decode()
    assert "The food data is not imported yet" in html
    assert "python manage.py import_usda_sr" in html
    response = client.get("/foods/11090/")
    assert response.status_code == 404 and "import_usda_sr" in response.content.decode()
    assert client.get("/foods/compare/?ndb=11090").status_code == 404


def test_the_search_form_works_without_javascript_and_searches_as_you_type_with_htmx(client, imported):
    html = client.get("/foods/").content.decode()
    form = re.search(r'<form method="get" action="/foods/"[^>]*role="search".*?</form>', html, re.S).group(0)
    assert '<label for="food-q">' in form and 'id="food-q" type="search" name="q"' in form
    assert 'hx-get="/foods/"' in form and 'hx-trigger="input changed delay:250ms, search"' in form
    assert 'hx-target="#food-results"' in form
    assert '<button type="submit" class="button button-primary">Search</button>' in form
    assert '<label for="food-group">MyPlate group</label>' in form
    assert "5 foods found." in html and "Broccoli, raw" in html


def test_search_by_name_ndb_and_myplate_group(client, imported):
    html = client.get("/foods/", {"q": "raw broccoli"}).content.decode()
    assert "1 food found" in html and 'href="/foods/11090/"' in html and "Butter" not in html
    assert "Broccoli, raw" in client.get("/foods/", {"q": "11090"}).content.decode()
    html = client.get("/foods/", {"group": "fruits"}).content.decode()
    assert "Apples, raw, with skin" in html and "Broccoli, raw" not in html
    html = client.get("/foods/", {"group": "sometimes"}).content.decode()
    assert "Butter, salted" in html and "Candies, milk chocolate" in html and "Apples" not in html
    # An unknown group is ignored rather than an error.
    assert "5 foods found" in client.get("/foods/", {"group": "bogus"}).content.decode()


def test_htmx_gets_only_the_results_and_the_count_out_of_band(client, imported):
    html = client.get("/foods/", {"q": "apple"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in html and "<form" not in html.replace('<form id="compare-form"', "")
    assert 'id="food-count" class="food-count" role="status" hx-swap-oob="true"' in html
    assert "1 food found for “apple”." in html and "Apples, raw, with skin" in html
    # A history restore (back button) asks with HX-Request too, and needs the whole page.
    html = client.get(
        "/foods/", {"q": "apple"}, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    ).content.decode()
    assert "<html" in html


def test_food_page_has_a_label_per_household_measure_its_myplate_group_and_its_card(client, imported):
    html = client.get("/foods/11090/").content.decode()
    assert '<h1 lang="en">Broccoli, raw</h1>' in html  # USDA data is English on every page
    assert 'class="plate plate-vegetables">Vegetables</span>' in html
    assert "Nutrition Facts" in html and "1 cup chopped (91 g)" in html  # the first measure
    broccoli = Food.objects.get(ndb="11090")
    score = score_card(broccoli.nutrients_for_scoring(), 91, broccoli.profile())
    numbers = re.search(r'<dl class="card-numbers-row">.*?</dl>', html, re.S).group(0)
    assert re.findall(r"<dd>([\d.]+)</dd>", numbers) == [
        str(score.calories),
        f"{score.vitamin_power:.1f}",
        str(score.value),
    ]
    assert f"Why the overall value is {score.value}" in html
    assert "89.2 mg" in html  # vitamin C per 100 g
    assert 'href="/cards/eat-right/broccoli/"' in html  # the food is on a card
    # Every household measure is a link, and a select switches without JavaScript too.
    assert 'href="?measure=1"' in html and 'href="?measure=100g"' in html
    assert 'hx-get="/foods/11090/" hx-trigger="change" hx-target="#food-serving"' in html
    html = client.get("/foods/11090/", {"measure": "100g"}).content.decode()
    assert "<strong>100 g</strong>" in html and "<dd>34</dd>" in html
    partial = client.get("/foods/11090/", {"measure": "100g"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<h1>" not in partial and "Nutrition Facts" in partial


def test_an_egg_shows_protein_and_butter_is_not_dairy(client, db, tmp_path):
    from tests.nutrition.conftest import write_tiny_release

    call_command("import_usda_sr", str(write_tiny_release(tmp_path / "sr", ("01129", "01001"))), verbosity=0)
    assert "plate-protein" in client.get("/foods/01129/").content.decode()
    assert "Sometimes foods" in client.get("/foods/01001/").content.decode()


def test_unknown_food_is_a_404(client, imported):
    assert client.get("/foods/99999/").status_code == 404


def test_compare_draws_a_server_side_svg_chart_with_a_table_of_the_same_numbers(client, imported):
    html = client.get("/foods/compare/", {"ndb": ["11090", "19120"], "basis": "100g"}).content.decode()
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert 'role="img"' in svg and 'aria-labelledby="chart-svg-title chart-svg-desc"' in svg
    assert svg.count("<rect") == 11 * 2  # 11 rows (calories, 7 good, 3 to limit), 2 foods
    table = re.search(r'<table class="compare-table">.*?</table>', html, re.S).group(0)
    vitamin_c = re.search(r"<th scope=\"row\">Vitamin C</th>(.*?)</tr>", table).group(1)
    assert re.findall(r">(\d+) %<", vitamin_c) == ["99", "0"]  # broccoli 89.2 mg of 90; chocolate none
    assert "B 99 %" not in svg and "A 99 %" in svg
    assert "<script" not in svg
    # Each food's card numbers for the same 100 g, and a link to drop it.
    assert html.count('class="card-numbers-row"') == 2
    assert 'href="?ndb=19120&amp;basis=100g"' in html


def test_compare_adds_foods_from_a_search_up_to_three(client, imported):
    html = client.get("/foods/compare/", {"ndb": "11090", "q": "apple"}).content.decode()
    assert 'href="?ndb=11090&amp;ndb=09003&amp;basis=serving">Add Apples, raw, with skin</a>' in html
    html = client.get("/foods/compare/", {"ndb": ["11090", "09003", "01001", "19120"]}).content.decode()
    assert html.count('class="compare-food"') == 3 and "Remove one to add another" in html
    assert "Pick two or three foods" in client.get("/foods/compare/").content.decode()


def test_formulas_page_explains_the_rules_in_plain_words_with_its_sources(client):
    response = client.get("/foods/formulas/")
    assert response.status_code == 200
    html = response.content.decode()
    for text in (
        "Nutri-Score",
        "2023",
        "Update of the Nutri-Score algorithm",
        "NRF9.3",
        "Fulgoni",
        "Louie",
        "Drewnowski",
        "Nutrient Rich Foods index",
        "100 calories of the food",
        "half a cup",
        "ounce-equivalent",
        "good source",
        "−200 calories",
        "Every junk food card is worth less than every fresh fruit, vegetable and whole-grain card",
        "3/8 cup of vegetables",
    ):
        assert text in html, text
    cards = {card["id"]: card for card in json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))["cards"]}
    for card_id in ("broccoli", "potato-chips"):
        card = cards[card_id]
        assert f"{card['calories']} calories" in html
        assert f"Overall value {card['value']}" in html
        assert f"Vitamin power {card['vitamin_power']:.1f}" in html


@pytest.mark.django_db
def test_a_card_page_shows_its_food_groups_in_myplate_units(client):
    call_command("load_decks", verbosity=0)
    html = client.get("/cards/eat-right/cheese-pizza/").content.decode()
    assert "2 grains servings" in html and "1 dairy serving" in html and "No whole veggie serving" in html
    assert "0.13 cup on MyPlate; 1 serving is half a cup" in html
    assert "2 ounce-equivalents on MyPlate" in html
    assert "Why the overall value is" in html


@pytest.mark.django_db
def test_alcoholic_drinks_are_in_no_list_a_child_sees(client, tmp_path):
    from tests.nutrition.conftest import write_tiny_release

    beer, wine, root_beer, energy = "14003", "14106", "14157", "14627"
    sr = write_tiny_release(tmp_path / "sr", ("11090", beer, wine, root_beer, energy))
    call_command("import_usda_sr", str(sr), verbosity=0)
    html = client.get("/foods/").content.decode()
    assert "3 foods found" in html and "beer, regular" not in html and "wine" not in html
    assert "Carbonated beverage, root beer" in html
    for query in ("beer", "wine", "alcoholic"):
        assert "Alcoholic beverage" not in client.get("/foods/", {"q": query}).content.decode()
    assert "beer, regular" not in client.get("/foods/compare/", {"q": "beer"}).content.decode()
    # An energy drink is found fortified from its nutrients: the list shows the badge.
    html = client.get("/foods/", {"q": "monster"}).content.decode()
    assert "Energy Drink, Monster" in html and "badge-fortified" in html
