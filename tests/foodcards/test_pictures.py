"""Right-sized card pictures: the WebP copies, their addresses, caching and languages."""

import io

import pytest
from django.utils import translation
from PIL import Image

from foodcards import pictures
from foodcards.models import Card, Deck
from foodcards.services import card_image_urls

THUMBNAIL_LIMIT = 15 * 1024


def _image(response) -> Image.Image:
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    image.load()
    return image


@pytest.mark.django_db
def test_every_card_and_back_has_thumbnails_under_15_kb(decks):
    """Each picture of each deck (every card and back) at 160 and 240 px wide, encoded as served.

    Drawn once per picture in memory (copies of a card share one); the 360 px copies, for 3x
    screens, are measured in benchmarks/README.md.
    """
    shown = [pictures.card_picture(card=card) for card in Card.objects.select_related("deck")]
    shown += [pictures.back_picture(deck_slug=slug) for slug in Deck.objects.values_list("slug", flat=True)]
    distinct = {picture.etag: picture for picture in shown}.values()
    assert len(distinct) >= 100
    for picture in distinct:
        full = picture.draw()
        for width in (160, 240):
            size = len(pictures.picture_bytes(full, width))
            assert size < THUMBNAIL_LIMIT, f"{picture.etag} at {width} px is {size} bytes"


@pytest.mark.django_db
def test_a_copy_is_served_as_webp_with_an_etag_and_then_from_the_cache(decks, client):
    first = client.get("/cards/chomp/160/shark-1.webp")
    assert first.status_code == 200 and first["Content-Type"] == "image/webp"
    assert first["X-Card-Cache"] == "miss" and "max-age" in first["Cache-Control"]
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in first["Vary"].split(",")}
    assert _image(first).size == (160, 223)
    # Another copy of the same card shares the picture; a browser that has it is told so.
    second = client.get("/cards/chomp/160/shark-2.webp")
    assert second["X-Card-Cache"] == "hit" and second["ETag"] == first["ETag"]
    again = client.get("/cards/chomp/160/shark-1.webp", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    # Each width is its own picture with its own ETag.
    wider = client.get("/cards/chomp/360/shark-1.webp")
    assert _image(wider).size == (360, 503) and wider["ETag"] != first["ETag"]


@pytest.mark.django_db
def test_backs_come_right_sized_too(decks, client):
    back = client.get("/cards/eat-right/240/back.webp")
    assert back.status_code == 200 and _image(back).size == (240, 335)
    assert _image(client.get("/cards/eat-right/back.png?size=small")).size == (252, 352)
    assert _image(client.get("/cards/eat-right/back.png")).size == (744, 1039)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/cards/chomp/161/shark-1.webp", "Card pictures come 160, 240, 360 pixels wide, not 161."),
        ("/cards/chomp/0/shark-1.webp", "not 0."),
        ("/cards/chomp/160/joker.webp", "There is no picture for “joker” in “chomp”."),
        ("/cards/uno/160/back.webp", "There is no picture for “back” in “uno”."),
    ],
)
def test_an_unknown_width_or_card_is_a_404_that_says_why(decks, client, url, message):
    response = client.get(url)
    assert response.status_code == 404
    assert message in response.content.decode()


@pytest.mark.django_db
def test_a_width_that_is_not_a_number_is_not_an_address(decks, client):
    assert client.get("/cards/chomp/big/shark-1.webp").status_code == 404


@pytest.mark.django_db
def test_the_language_is_part_of_the_picture_and_of_its_cache_key(decks, client, long_spanish):
    english = client.get("/cards/appetite/160/lunch-4.webp", HTTP_ACCEPT_LANGUAGE="en")
    spanish = client.get("/cards/appetite/160/lunch-4.webp", HTTP_ACCEPT_LANGUAGE="es")
    assert spanish.status_code == 200 and spanish["X-Card-Cache"] == "miss"
    assert spanish["ETag"] != english["ETag"]
    assert _image(spanish).tobytes() != _image(english).tobytes()  # "LUNCHESLUN" is painted
    # An English copy held by the browser is not "not modified" for a Spanish reader.
    assert (
        client.get(
            "/cards/appetite/160/lunch-4.webp", HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=english["ETag"]
        ).status_code
        == 200
    )
    assert client.get("/cards/appetite/160/lunch-4.webp", HTTP_ACCEPT_LANGUAGE="es")["X-Card-Cache"] == "hit"
    # The print sheet follows the language as well.
    deck = Deck.objects.get(slug="appetite")
    with translation.override(long_spanish):
        spanish_print = pictures.deck_print_etag(deck=deck, paper="a4")
    with translation.override("en"):
        assert spanish_print != pictures.deck_print_etag(deck=deck, paper="a4")


@pytest.mark.django_db
def test_card_image_urls_names_every_copy_without_asking_the_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        urls = card_image_urls(deck="eat-right", card="broccoli")
    assert urls.full == "/cards/eat-right/broccoli.png"
    assert urls.variants == {
        160: "/cards/eat-right/160/broccoli.webp",
        240: "/cards/eat-right/240/broccoli.webp",
        360: "/cards/eat-right/360/broccoli.webp",
    }
    assert urls.src == "/cards/eat-right/240/broccoli.webp"
    assert urls.srcset() == (
        "/cards/eat-right/160/broccoli.webp 160w, /cards/eat-right/240/broccoli.webp 240w, "
        "/cards/eat-right/360/broccoli.webp 360w"
    )
    assert urls.srcset(with_full=True).endswith(", /cards/eat-right/broccoli.png 744w")
    assert card_image_urls(deck="chomp", card="back").src == "/cards/chomp/240/back.webp"
