"""A Spanish reader gets Spanish card pictures: the language the picture is painted in is part
of its cache key and ETag, and the response varies with the language cookie."""

import unicodedata

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from PIL import ImageFont

from foodcards.render import kit

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(db):
    call_command("load_decks", verbosity=0)


def _get(path, language):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path)
    assert response.status_code == 200
    return response


@pytest.mark.parametrize(
    "path", ["/cards/eat-right/broccoli.png", "/cards/chomp/shark-1.png", "/cards/eat-right/apple.png"]
)
def test_each_language_gets_its_own_picture(decks, path):
    english, spanish = _get(path, "en"), _get(path, "es")
    assert english["ETag"].endswith('-en"') and spanish["ETag"].endswith('-es"')
    assert b"".join(english.streaming_content) != b"".join(spanish.streaming_content)
    assert "Cookie" in spanish["Vary"] and "Accept-Language" in spanish["Vary"]
    # The browser's English copy is not good for a Spanish reader.
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    assert client.get(path, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
    assert client.get(path, HTTP_IF_NONE_MATCH=spanish["ETag"]).status_code == 304


def test_every_letter_of_the_spanish_catalogue_can_be_painted_on_a_card():
    """Pillow's own font has no accented letters: a text with one is drawn in Liberation Sans,
    which must have every letter the Spanish catalogue uses (no "tofu" boxes on a card)."""
    latin = ImageFont.truetype(str(kit.LATIN_FONT), size=40)
    tofu = bytes(latin.getmask("\ue000"))
    po = settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po"
    used = {c for e in polib.pofile(str(po)) for s in [e.msgstr, *e.msgstr_plural.values()] for c in s}
    # Letters, digits and punctuation (arrows and other symbols only appear on web pages).
    letters = {c for c in used if unicodedata.category(c)[0] in "LNP"}
    lacking = sorted(c for c in letters if not kit._default_font_has(c) and bytes(latin.getmask(c)) == tofu)
    assert not lacking, f"No glyph for {lacking}"
    assert kit.font(40, "Piña") is not kit.font(40, "Pina") and kit.font(40, "Pina") is kit.font(40)


def test_a_spanish_page_gives_its_pictures_spanish_addresses(decks):
    """Each language has its own picture address: no browser or shared cache can hand a Spanish
    page the English copy, and the address alone says how to paint it."""
    english = _get("/cards/eat-right/", "en").content.decode()
    spanish = _get("/cards/eat-right/", "es").content.decode()
    assert "/cards/eat-right/160/apple.webp " in english and "?lang=" not in english
    assert "/cards/eat-right/160/apple.webp?lang=es " in spanish
    painted = Client().get("/cards/eat-right/apple.png?lang=es")  # no cookie, no Accept-Language
    assert painted["ETag"].endswith('-es"')
    assert Client().get("/cards/eat-right/apple.png?lang=xx")["ETag"].endswith('-en"')  # unknown: ignored
    small = Client().get("/cards/eat-right/back.png?size=small&lang=es")
    assert small.status_code == 200 and "-es" in small["ETag"]
