"""Fixtures for the web layer: two small contract games registered for the tests."""

import pytest

from games.bots.base import BOTS
from games.engines import ENGINES
from tests.games.web.fake_games import FAKE_BOTS, FAKE_ENGINES


@pytest.fixture(autouse=True)
def fake_games(settings):
    settings.GAMES_SCHEDULER = False  # sync tests drive bots with scheduler.bots_play
    for engine in FAKE_ENGINES:
        ENGINES[engine.slug] = engine
    for bot in FAKE_BOTS:
        BOTS.setdefault(bot.game, {})[bot.level] = bot
    yield
    for engine in FAKE_ENGINES:
        ENGINES.pop(engine.slug, None)
    for bot in FAKE_BOTS:
        BOTS.get(bot.game, {}).pop(bot.level, None)
