import io
import re

import pytest
from PIL import Image

from foodcards import services
from foodcards.models import Card, Deck


def _png(response) -> Image.Image:
    data = b"".join(response.streaming_content)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.django_db
def test_card_picture_answers_png_and_the_second_request_comes_from_the_cache(decks, client, monkeypatch):
    first = client.get("/cards/chomp/shark-1.png")
    assert first.status_code == 200
    assert first["Content-Type"] == "image/png"
    assert first["X-Card-Cache"] == "miss"
    assert "max-age" in first["Cache-Control"] and first["ETag"]
    assert _png(first).size == (744, 1039)

    def no_drawing(*args, **kwargs):
        raise AssertionError("the cached picture should have been used")

    monkeypatch.setattr("foodcards.render.card_image", no_drawing)
    second = client.get("/cards/chomp/shark-1.png")
    assert second.status_code == 200 and second["X-Card-Cache"] == "hit"
    assert _png(second).size == (744, 1039)
    # A browser that already has it gets "not modified".
    again = client.get("/cards/chomp/shark-1.png", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304


@pytest.mark.django_db
def test_galleries_get_small_pictures_of_the_same_card(decks, client):
    small = client.get("/cards/snack-wars/donut-2.png?size=small")
    assert small.status_code == 200 and small["Content-Type"] == "image/png"
    assert _png(small).size == (252, 352)
    full = client.get("/cards/snack-wars/donut-2.png")
    assert full["ETag"] != small["ETag"]
    assert client.get("/cards/snack-wars/donut-2.png?size=huge").status_code == 400


@pytest.mark.django_db
def test_editing_a_card_changes_its_picture(decks, client):
    first = client.get("/cards/appetite/dinner-3.png")
    card = Card.objects.get(deck__slug="appetite", slug="dinner-3")
    card.number = 4
    card.save()
    second = client.get("/cards/appetite/dinner-3.png")
    assert second["X-Card-Cache"] == "miss" and second["ETag"] != first["ETag"]
    assert _png(first).tobytes() != _png(second).tobytes()


@pytest.mark.django_db
def test_deck_backs_are_served(decks, client):
    response = client.get("/cards/snack-wars/back.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


@pytest.mark.django_db
def test_the_decks_page_lists_the_four_decks(decks, client):
    html = client.get("/cards/").content.decode()
    for name in ("Eat Right", "CHOMP!", "Appetite", "SNACK WARS"):
        assert name in html
    assert html.count('href="/cards/') >= 4


@pytest.mark.django_db
def test_a_deck_gallery_shows_every_card_its_counts_and_our_choices(decks, client):
    response = client.get("/cards/snack-wars/")
    assert response.status_code == 200
    html = response.content.decode()
    assert len(re.findall(r'<img src="/cards/snack-wars/240/[a-z0-9-]+\.webp"', html)) == 60
    assert "Raccoon: 10" in html and "Food: 45" in html and "Bonus: 5" in html
    assert "Choices we made where the rule book is silent" in html
    assert "five copies of each food" in html
    assert "/cards/snack-wars/print.pdf?paper=a4" in html and "?paper=letter" in html


@pytest.mark.django_db
def test_eat_right_gallery_counts_the_snack_attack_cards(decks, client):
    html = client.get("/cards/eat-right/").content.decode()
    assert "Snack Attack cards: 26" in html


@pytest.mark.django_db
def test_an_eat_right_card_page_shows_the_food_its_nutrition_facts_and_why_it_is_worth_its_value(
    decks, client
):
    card = Card.objects.get(deck__slug="eat-right", special="broccoli")
    response = client.get(f"/cards/eat-right/{card.slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"/cards/eat-right/{card.slug}.png" in html
    assert card.record["usda_description"] in html
    assert f"/foods/{card.ndb}/" in html and "/foods/formulas/" in html
    assert "Nutrition facts for one serving" in html
    assert "Vitamin C" in html and "Sodium" in html and "% Daily Value" in html
    assert f"Why this card is worth {card.value}" in html
    # The printed numbers are what the formulas give: no warning.
    assert "Careful: the card" not in html
    nutrition = services.card_nutrition(card=card)
    assert nutrition["matches_card"]
    vitamin_c = next(fact for fact in nutrition["facts"] if fact["key"] == "vitamin_c_mg")
    expected = card.nutrients["vitamin_c_mg"] * card.serving_g / 100  # 81.2 mg, as a label rounds it
    assert vitamin_c["text"] == f"{round(expected, 1):g} mg"
    potassium = next(fact for fact in nutrition["facts"] if fact["key"] == "potassium_mg")
    assert potassium["text"] == "290 mg"  # 287.6 mg: a label rounds potassium to 10 mg


@pytest.mark.django_db
def test_every_eat_right_card_matches_the_formulas(decks):
    for card in Card.objects.filter(deck__slug="eat-right").exclude(ndb=None).select_related("deck"):
        assert services.card_nutrition(card=card)["matches_card"], card.slug


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "text"),
    [
        ("/cards/chomp/octopus-1/", "Action card"),
        ("/cards/chomp/seal-2/", "Big Fish, Little Fish, Shrimp, Plankton"),
        ("/cards/appetite/dessert-9/", "Desserts"),
        ("/cards/snack-wars/bonus-raccoons/", "1 point for each Raccoon card collected"),
        ("/cards/eat-right/exhilarating-exercise/", "-200"),
    ],
)
def test_other_card_pages_say_what_the_card_does(decks, client, url, text):
    response = client.get(url)
    assert response.status_code == 200
    assert text in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/cards/uno/",
        "/cards/chomp/joker/",
        "/cards/chomp/joker.png",
        "/cards/uno/print.pdf",
        "/cards/uno/back.png",
    ],
)
def test_unknown_decks_and_cards_get_a_friendly_404(decks, client, url):
    response = client.get(url)
    assert response.status_code == 404
    html = response.content.decode()
    assert "Oops, that card got eaten!" in html and 'href="/cards/chomp/"' in html


@pytest.mark.django_db
def test_print_sheet_is_a_pdf_with_a_page_per_nine_cards(decks, client):
    response = client.get("/cards/chomp/print.pdf?paper=letter")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 6  # 52 cards
    # The second time it comes from the cache on disk, and a browser that has it is told so.
    path = services.deck_print_pdf(deck=Deck.objects.get(slug="chomp"), paper="letter")
    assert path.read_bytes() == data
    again = client.get("/cards/chomp/print.pdf?paper=letter", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert client.get("/cards/chomp/print.pdf?paper=a3").status_code == 400
