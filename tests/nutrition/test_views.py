import json

import pytest
from django.core.management import call_command

from nutrition.eat_right_deck import SHIPPED_DECK_FILE


@pytest.mark.django_db
def test_food_explorer_says_how_to_import_when_there_is_no_data(client):
    html = client.get("/foods/").content.decode()
    assert "The food data is not imported yet" in html
    assert "python manage.py import_usda_sr" in html
    response = client.get("/foods/11090/")
    assert response.status_code == 404 and "import_usda_sr" in response.content.decode()


@pytest.fixture
def imported(db, tiny_sr):
    call_command("import_usda_sr", str(tiny_sr))


def test_food_explorer_searches_by_name_and_ndb_and_filters_by_group(client, imported):
    html = client.get("/foods/").content.decode()
    assert "5 foods found" in html and "Broccoli, raw" in html
    html = client.get("/foods/", {"q": "raw broccoli"}).content.decode()
    assert "1 food found" in html and 'href="/foods/11090/"' in html and "Butter" not in html
    assert "Broccoli, raw" in client.get("/foods/", {"q": "11090"}).content.decode()
    html = client.get("/foods/", {"group": "0900"}).content.decode()
    assert "Apples, raw, with skin" in html and "Broccoli, raw" not in html


def test_food_page_shows_nutrients_and_card_numbers_for_a_measure(client, imported):
    html = client.get("/foods/11090/").content.decode()
    assert "Broccoli, raw" in html and "MyPlate group: Vegetables" in html
    assert "Card numbers for 91 g" in html  # the first household measure: 1 cup chopped
    assert "31 calories" in html and "Overall value 32" in html and "Vitamin power 26" in html
    assert "89.2 mg" in html  # vitamin C per 100 g
    assert 'href="/cards/eat-right/broccoli/"' in html  # the food is on a card
    html = client.get("/foods/11090/", {"measure": "100g"}).content.decode()
    assert "Card numbers for 100 g" in html and "34 calories" in html


def test_unknown_food_is_a_404(client, imported):
    assert client.get("/foods/99999/").status_code == 404


def test_formulas_page_explains_the_numbers_with_live_broccoli_and_doughnut(client):
    response = client.get("/foods/formulas/")
    assert response.status_code == 200
    html = response.content.decode()
    for text in ("NRF9.3", "Vitamin power", "divided by 4", "−200 calories", "added sugars"):
        assert text in html
    cards = {card["id"]: card for card in json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))["cards"]}
    for card_id in ("broccoli", "doughnut"):
        card = cards[card_id]
        assert f"{card['calories']} calories" in html
        assert f"Overall value {card['value']}" in html
        assert f"Vitamin power {card['vitamin_power']}" in html
