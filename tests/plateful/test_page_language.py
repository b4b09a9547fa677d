"""`<html lang>` names the language of the text served: a Spanish browser gets lang="es" only once
the project ships a Spanish catalogue; until then the text is English and the page says "en"."""

import re

import pytest

from plateful import context_processors
from plateful.context_processors import has_catalogue, text_language


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """The project's locale directories are only `tmp_path` (empty unless a test adds a file)."""
    monkeypatch.setattr(context_processors, "_project_locale_dirs", lambda: [tmp_path])
    has_catalogue.cache_clear()
    yield tmp_path
    has_catalogue.cache_clear()


def _lang(client, accept: str) -> str:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_without_a_project_catalogue_a_spanish_browser_gets_english_and_lang_en(locale_dir, client):
    assert text_language("es") == "en"
    assert _lang(client, "es") == "en"
    assert _lang(client, "en-US,en;q=0.9") == "en"


def test_once_the_spanish_catalogue_exists_the_page_says_es(locale_dir, client):
    (locale_dir / "es" / "LC_MESSAGES").mkdir(parents=True)
    (locale_dir / "es" / "LC_MESSAGES" / "django.mo").write_bytes(b"")
    assert text_language("es") == "es"
    assert _lang(client, "es") == "es"


@pytest.mark.django_db
def test_the_real_site_says_es_exactly_when_it_ships_spanish(client):
    has_catalogue.cache_clear()
    assert _lang(client, "es") == ("es" if has_catalogue("es") else "en")
    assert text_language(None) == "en" and text_language("en-gb") == "en-gb"
