"""The walk-through of docs/engines.md, "Adding a game", end to end: the example game
(tests/games/example_game.py), registered for these tests only, keeps the whole engine contract
(the conformance suite's playouts and checks), its bots play only legal moves, the catalogue
lists it, and makemessages finds every word it says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from games import services
from games.bots import bot_levels, get_bot, register_bot, unregister_bot
from games.engines import ENGINES, register, unregister
from tests.games import example_game
from tests.games.test_conformance import _CheckedBot, _playout, _replay
from tests.games.words import catalogue_ids


@pytest.fixture
def top_card():
    register(example_game.TOP_CARD)
    for bot in example_game.LEVELS:
        register_bot(bot)
    yield example_game.TOP_CARD
    unregister(example_game.TOP_CARD)
    for bot in example_game.LEVELS:
        unregister_bot(bot)


@pytest.fixture(scope="module")
def its_words(tmp_path_factory):
    """What makemessages finds in the example module, with the project's own words (the
    shared refusals of games.engines.base)."""
    folder = tmp_path_factory.mktemp("top-card")
    shutil.copy(Path(example_game.__file__), folder / "top_card.py")
    return catalogue_ids(folder) | catalogue_ids()


def test_the_example_game_keeps_the_engine_contract(top_card, its_words):
    assert {"Top Card", "You laid %(card)s.", "%(who)s laid %(card)s."} <= its_words
    for seats in (top_card.min_seats, top_card.max_seats):
        final, log = _playout(top_card, seats, 7, {}, None, known=its_words)
        assert _replay(top_card, seats, 7, {}, None, log) == final
        assert len(log) == 3 * seats


def test_its_bots_play_legal_moves_and_the_catalogue_lists_it(top_card, its_words):
    assert bot_levels("top-card") == ["beginner", "strong"]
    bots = {seat: _CheckedBot(get_bot("top-card", "strong")) for seat in range(2)}
    _playout(top_card, 2, 3, {}, None, light=True, bots=bots, known=its_words)
    assert list(ENGINES)[-1] == "top-card"  # the catalogue's order is the registry's
    assert services.games_catalog()[-1]["name"] == "Top Card"


def test_registering_it_was_for_these_tests_only():
    assert "top-card" not in ENGINES and bot_levels("top-card") == []
