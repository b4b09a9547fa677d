"""Game names stay English in Spanish (docs/translation.md): a name is a name, like a brand, so a
child who reads "Underwater War" on the rules page finds the same words on the table, in a
lesson and on a classmate's screen in English. The rule holds in the catalogue (every message
that names a game names it the same way in Spanish) and on the pages (each game's rules page and
the catalog show the same names in both languages)."""

import re

import polib
import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games import rendering, services
from games.bots import bot_levels
from games.engines import ENGINES
from games.services import SeatSpec

PO = settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po"
# Every game of the registry, and Food War's two variants (named on its board and rules page).
GAME_NAMES = sorted({engine.name for engine in ENGINES.values()} | {"Vitamin War", "Calorie War"})
# "the Appetite" is also a word of that game's rules (the number to hit), and words are translated.
APPETITE_THE_WORD = re.compile(r"\b(?:[Tt]he|and|exact) Appetites?\b")


@pytest.fixture(scope="module")
def catalogue():
    return polib.pofile(str(PO))


def test_a_game_name_is_its_own_spanish(catalogue):
    # A message with a context is a word, not the name (the Appetite a hand must hit).
    translated = {
        e.msgid: e.msgstr
        for e in catalogue
        if e.msgid in GAME_NAMES and not e.msgctxt and e.msgstr != e.msgid
    }
    assert not translated, f"Game names stay English in Spanish: {translated}"


def test_every_message_that_names_a_game_names_it_in_english_in_spanish_too(catalogue):
    renamed = []
    for entry in catalogue:
        if entry.obsolete or entry.msgctxt:  # a context marks a word, not the name
            continue
        spanish = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        english = APPETITE_THE_WORD.sub("", entry.msgid)
        for name in GAME_NAMES:
            if name in english and any(name not in text for text in spanish):
                renamed.append((name, entry.msgid[:60], spanish[0][:60]))
    assert not renamed, "Game names stay English in Spanish:\n" + "\n".join(map(str, renamed))


def _page(path: str, language: str) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


def _heading(html: str) -> str:
    return re.sub(r"<[^>]+>|\s+", " ", re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)).strip()


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(ENGINES))
def test_each_rules_page_and_the_catalog_name_the_game_the_same_in_both_languages(slug):
    name = ENGINES[slug].name
    assert _heading(_page(f"/games/{slug}/", "es")) == _heading(_page(f"/games/{slug}/", "en")) == name
    assert f">{name}<" in _page("/games/", "es").replace("&#x27;", "'")


def test_no_sentence_ends_right_after_a_game_name_placeholder(catalogue):
    """A game's name may end in "!" (CHOMP!): a sentence that puts its period right after the
    name reads "CHOMP!." (issue 31)."""
    ending = re.compile(r"%\((?:game|name|game_name)\)s\.")
    found = [e.msgid for e in catalogue if ending.search(e.msgid) and "game" in e.msgid]
    assert not found, found


@pytest.mark.django_db
def test_the_appetite_to_hit_is_a_word_and_reads_in_spanish():
    """On the Appetite board "Appetite" is also the number a hand must hit: a word, translated."""
    bot = SeatSpec(kind="bot", bot_level=bot_levels("appetite")[0])
    match, _tokens = services.match_create(game="appetite", seats=[bot, bot], seed=3)
    with translation.override("es"):
        page = rendering.live_html(match, 0)
    assert 'class="appetite-counter-label">Apetito</span>' in page
