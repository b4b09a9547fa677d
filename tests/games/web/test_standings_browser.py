"""The end of every game in real headless Chromium: the final standings are ranked (the winners
first, then by score; ties share a rank, 1, 1, 3) and each score says what it counts with the
right plural ("1 card", "3 rounds won"), in English and in Spanish; Food War's stacks stop saying
"Sitting out this tie" once the game is over."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES
from tests.games.web.test_browser import (  # noqa: F401 - the module's fixtures
    _play_to_the_end,
    _quick_play,
    server,
)

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "points": ("point", "points"),
        "cards": ("card", "cards"),
        "rounds": ("round won", "rounds won"),
        "meals": ("balanced meal", "balanced meals"),
    },
    "es": {
        "points": ("punto", "puntos"),
        "cards": ("carta", "cartas"),
        "rounds": ("ronda ganada", "rondas ganadas"),
        "meals": ("comida balanceada", "comidas balanceadas"),
    },
}
SITTING_OUT = {"en": "Sitting out this tie", "es": "No juega este empate"}


def _standings(page) -> list[dict]:
    return page.evaluate(
        """() => [...document.querySelectorAll('#live .final-scores li')].map(li => ({
            rank: li.dataset.rank ? Number(li.dataset.rank) : null,
            value: li.value,
            won: li.classList.contains('won'),
            name: li.querySelector('.player-name') ? li.querySelector('.player-name').innerText : '',
            words: li.querySelector('strong').innerText.trim(),
        }))"""
    )


def _check_standings(rows: list[dict], game: str, language: str) -> None:
    assert rows, f"{game}: no final standings"
    singular, plural = WORDS[language][ENGINES[game].score_unit]
    numbers = []
    for row in rows:
        match = re.fullmatch(r"(\d+) (.+)", row["words"])
        assert match, f"{game}: a score without its words: {row['words']!r}"
        n, unit = int(match[1]), match[2]
        assert unit == (singular if n == 1 else plural), f"{game}: {row['words']!r}"
        numbers.append(n)
    keys = [(row["won"], n) for row, n in zip(rows, numbers, strict=True)]
    assert keys == sorted(keys, reverse=True), f"{game}: not ranked: {rows}"
    for row, key in zip(rows, keys, strict=True):
        better = sum(1 for other in keys if other > key)
        assert row["rank"] == better + 1 == row["value"], f"{game}: rank {row} among {keys}"


@pytest.fixture
def page_in(browser, server):  # noqa: F811
    contexts = []

    def open_page(language: str):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        context.add_cookies([{"name": "django_language", "value": language, "url": server.url}])
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize("game", list(ENGINES))
def test_every_game_ends_with_ranked_standings_in_its_own_words(server, page_in, game):  # noqa: F811
    page = page_in("en")
    _quick_play(page, server, game, {name: str(value) for name, value in ENGINES[game].quick_options.items()})
    _play_to_the_end(page)
    if game == "food-war":  # the game is over: no stack sits out a tie any more
        assert SITTING_OUT["en"] not in page.locator("#live").inner_text()
    _check_standings(_standings(page), game, "en")


@pytest.mark.parametrize("game", ["food-war", "duel"])
def test_the_standings_in_spanish(server, page_in, game):  # noqa: F811
    page = page_in("es")
    _quick_play(page, server, game, {name: str(value) for name, value in ENGINES[game].quick_options.items()})
    _play_to_the_end(page)
    if game == "food-war":  # the game is over: no stack sits out a tie any more
        assert SITTING_OUT["es"] not in page.locator("#live").inner_text()
    _check_standings(_standings(page), game, "es")
