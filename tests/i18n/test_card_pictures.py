"""A Spanish reader gets Spanish card pictures: the language the picture is painted in is part
of its cache key and ETag, and the response varies with the language cookie."""

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

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
