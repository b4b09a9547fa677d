"""The deck pages in a teacher's panel: searching and adding foods, the checks that follow, pictures
and print sheets, and one teacher kept out of another's decks."""

from __future__ import annotations

import re

import pytest

from decks import services
from decks.models import TeacherCard

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def deck(foods, teacher):
    return services.deck_create(owner=teacher, name="Snacks")


def test_the_deck_list_makes_a_deck(teacher_client, decks_loaded):
    page = teacher_client.get("/teach/decks/")
    assert page.status_code == 200 and "Make a new deck" in page.content.decode()
    response = teacher_client.post("/teach/decks/", {"name": "Fruit salad", "start": "snack-attack"})
    assert response.status_code == 302
    deck = services.decks_of(owner=response.wsgi_request.user)[0]
    assert response["Location"] == f"/teach/decks/{deck.pk}/" and deck.card_count == 26
    refused = teacher_client.post("/teach/decks/", {"name": "", "start": "empty"})
    assert refused.status_code == 400 and "Give the deck a name." in refused.content.decode()


def test_search_as_you_type_then_add_and_the_check_follows(teacher_client, deck):
    results = teacher_client.get(f"/teach/decks/{deck.pk}/", {"q": "kiwi"}, **HTMX)
    html = results.content.decode()
    assert results.status_code == 200 and "<html" not in html
    assert "Kiwifruit, green, raw" in html and "Fruit card" in html
    page = teacher_client.get(f"/teach/decks/{deck.pk}/")
    assert "you have 0." in page.content.decode()
    added = teacher_client.post(f"/teach/decks/{deck.pk}/quick-add/", {"ndb": "09148"}, **HTMX)
    html = added.content.decode()
    assert added.status_code == 200 and 'hx-swap-oob="true"' in html
    assert "Added Kiwifruit (1 cup, sliced)." in html
    assert "Snack Attack needs exactly 26 fruit, veggie, junk and exercise cards: you have 1." in html
    card = services.deck_cards(deck=deck)[0]
    assert f'id="card-{card.card_id}"' in html
    assert f"/teach/decks/{deck.pk}/cards/240/{card.card_id}.webp" in html


def test_refusals_come_back_in_words_and_change_nothing(teacher_client, deck):
    refused = teacher_client.post(f"/teach/decks/{deck.pk}/quick-add/", {"ndb": "99999"}, **HTMX)
    assert (
        refused.status_code == 404
        and refused.content.decode() == "There is no USDA food with the number “99999”."
    )
    form = teacher_client.post(
        f"/teach/decks/{deck.pk}/add/09148/",
        {"measure": "1", "times": "0", "category": "fruit", "special": "", "name": "Kiwi"},
    )
    assert (
        form.status_code == 400
        and "Ensure this value is greater than or equal to 0.1." in form.content.decode()
    )
    form = teacher_client.post(
        f"/teach/decks/{deck.pk}/add/09148/",
        {"measure": "1", "times": "1", "category": "fruit", "special": "sugar-shock", "name": "Kiwi"},
    )
    assert form.status_code == 400 and "Only a junk food card can be Sugar Shock." in form.content.decode()
    assert not TeacherCard.objects.filter(deck=deck).exists()


def test_the_card_form_previews_and_adds_a_card(teacher_client, deck):
    page = teacher_client.get(f"/teach/decks/{deck.pk}/add/09148/")
    html = page.content.decode()
    assert page.status_code == 200 and "Suggested: Fruit" in html and 'value="Kiwifruit"' in html
    preview = re.search(r'src="(/teach/decks/\d+/preview/09148\.webp\?[^"]+)"', html).group(1)
    picture = teacher_client.get(preview.replace("&amp;", "&"))
    assert picture.status_code == 200 and picture["Content-Type"] == "image/webp"
    assert picture["Cache-Control"].startswith("private")
    refreshed = teacher_client.get(
        f"/teach/decks/{deck.pk}/add/09148/",
        {"measure": "1", "times": "0.5", "category": "fruit", "special": "", "name": "Kiwi"},
        **HTMX,
    )
    assert "<html" not in refreshed.content.decode() and "1/2 cup, sliced" in refreshed.content.decode()
    saved = teacher_client.post(
        f"/teach/decks/{deck.pk}/add/09148/",
        {"measure": "1", "times": "0.5", "category": "fruit", "special": "", "name": "Kiwi"},
    )
    card = services.deck_cards(deck=deck)[0]
    assert saved.status_code == 302 and saved["Location"] == f"/teach/decks/{deck.pk}/#card-{card.card_id}"
    assert card.record["name"] == "Kiwi" and card.record["serving_label"] == "1/2 cup, sliced"
    edit = teacher_client.get(f"/teach/decks/{deck.pk}/cards/{card.card_id}/edit/")
    assert edit.status_code == 200 and 'value="0.5"' in edit.content.decode()


def test_a_food_page_offers_add_to_my_deck_to_a_teacher(client, teacher_client, deck):
    assert "Add to my deck" not in client.get("/foods/09148/").content.decode()
    html = teacher_client.get("/foods/09148/?measure=2").content.decode()
    assert "Add to my deck" in html and f'<option value="{deck.pk}">Snacks</option>' in html
    go = teacher_client.get("/teach/decks/add/", {"deck": deck.pk, "ndb": "09148", "measure": "2"})
    assert go.status_code == 302 and go["Location"] == f"/teach/decks/{deck.pk}/add/09148/?measure=2"


def test_pictures_and_the_print_sheet_are_the_owners(teacher_client, other_client, client, deck):
    card = services.card_add_food(deck=deck, ndb="09148")
    png = teacher_client.get(f"/teach/decks/{deck.pk}/cards/{card.card_id}.png")
    assert png.status_code == 200 and png["Content-Type"] == "image/png"
    for width in (160, 240, 360):
        webp = teacher_client.get(f"/teach/decks/{deck.pk}/cards/{width}/{card.card_id}.webp")
        assert webp.status_code == 200 and webp["Content-Type"] == "image/webp"
        assert webp["Cache-Control"].startswith("private")
    assert teacher_client.get(f"/teach/decks/{deck.pk}/cards/200/{card.card_id}.webp").status_code == 404
    pdf = teacher_client.get(f"/teach/decks/{deck.pk}/print.pdf", {"paper": "letter"})
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert b"".join(pdf.streaming_content).startswith(b"%PDF")
    # The card isn't in a game yet: its public picture address doesn't exist.
    assert client.get(f"/cards/eat-right/{card.card_id}.png").status_code == 404


@pytest.mark.parametrize(
    ("method", "address"),
    [
        ("get", "/teach/decks/{deck}/"),
        ("get", "/teach/decks/{deck}/?q=kiwi"),
        ("get", "/teach/decks/{deck}/cards/{card}.png"),
        ("get", "/teach/decks/{deck}/cards/240/{card}.webp"),
        ("get", "/teach/decks/{deck}/print.pdf"),
        ("get", "/teach/decks/{deck}/cards/{card}/edit/"),
        ("post", "/teach/decks/{deck}/cards/{card}/edit/"),
        ("post", "/teach/decks/{deck}/cards/{card}/remove/"),
        ("get", "/teach/decks/{deck}/add/09148/"),
        ("get", "/teach/decks/{deck}/preview/09148.webp?measure=1&times=1&category=fruit&name=K"),
        ("post", "/teach/decks/{deck}/quick-add/"),
        ("post", "/teach/decks/{deck}/exercise/"),
        ("post", "/teach/decks/{deck}/rename/"),
        ("get", "/teach/decks/{deck}/delete/"),
        ("post", "/teach/decks/{deck}/delete/"),
        ("get", "/teach/decks/add/?deck={deck}&ndb=09148"),
    ],
)
def test_another_teacher_finds_nothing(other_client, client, deck, method, address):
    card = services.card_add_food(deck=deck, ndb="09148")
    address = address.format(deck=deck.pk, card=card.card_id)
    data = {"name": "Mine now", "ndb": "09148", "measure": "1", "times": "1", "category": "fruit"}
    response = getattr(other_client, method)(address, data if method == "post" else None)
    assert response.status_code == 404
    assert getattr(client, method)(address).status_code == 302  # not logged in: the login page
    card.refresh_from_db()
    assert card.record["name"] == "Kiwifruit" and services.deck_records(deck=deck)
    assert services.decks_of(owner=deck.owner)[0].name == "Snacks"


def test_rename_remove_and_delete(teacher_client, deck):
    card = services.card_add_food(deck=deck, ndb="09148")
    teacher_client.post(f"/teach/decks/{deck.pk}/rename/", {"name": "Fruit only"})
    deck.refresh_from_db()
    assert deck.name == "Fruit only"
    removed = teacher_client.post(f"/teach/decks/{deck.pk}/cards/{card.card_id}/remove/", **HTMX)
    assert "Removed Kiwifruit." in removed.content.decode() and services.deck_records(deck=deck) == []
    confirm = teacher_client.get(f"/teach/decks/{deck.pk}/delete/")
    assert "Delete “Fruit only”?" in confirm.content.decode()
    assert teacher_client.post(f"/teach/decks/{deck.pk}/delete/").status_code == 302
    assert services.decks_of(owner=deck.owner) == []
