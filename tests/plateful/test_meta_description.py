"""Every page says what it is to a search engine or a shared link's preview: one
<meta name="description">, in the reader's language (templates/base.html gives a default, the
pages people land on give their own)."""

import html
import re

import pytest
from django.conf import settings
from django.test import Client

from games.catalog import game_summary
from games.engines import ENGINES

pytestmark = pytest.mark.django_db

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')
PAGES = ("/", "/join", "/foods/", "/games/", "/cards/", "/login/", *(f"/games/{slug}/" for slug in ENGINES))


def _descriptions(path: str, language: str) -> list[str]:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path)
    assert response.status_code == 200, path
    return [html.unescape(found) for found in DESCRIPTION.findall(response.content.decode())]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_one_meta_description_in_its_readers_language(path):
    english, spanish = _descriptions(path, "en"), _descriptions(path, "es")
    assert len(english) == len(spanish) == 1, path
    assert len(english[0]) > 50 and len(spanish[0]) > 50
    assert english != spanish


def test_the_landing_pages_describe_themselves():
    home, join, games = (_descriptions(path, "en")[0] for path in ("/", "/join", "/games/"))
    assert len({home, join, games}) == 3
    assert _descriptions("/games/duel/", "en") == [game_summary("duel")]
