"""Suite-wide test setup: one live server per pytest-xdist worker, shared by every browser test
file (Chromium: one per file, see `browser`); a Redis key prefix per worker on the production
path; fixed deals."""

import os
import uuid

import pytest

from tests.faults.redis_process import RedisProcess
from tests.games.web.live_server import LiveServer

# The one live server's settings (each worker has its own server and database): turn-based bots
# answer at once, timed moves (flips, real-time bots' slaps) wait for the test to move the clock
# (tests.games.web.test_browser.advance_clock), deals follow a fixed seed, and the limits meant
# for a school's address are out of the way of a suite whose every browser comes from 127.0.0.1
# (their own tests check them).
LIVE_SERVER_ENV = {
    "GAMES_BOT_DELAY_MS": "0",
    "GAMES_ALLOW_STACKED_DECKS": "1",
    "GAMES_TEST_CLOCK": "1",
    "GAMES_DEAL_SEED": "1",
    "CLASSROOM_DASHBOARD_COALESCE_MS": "150",
    "CLASSROOM_JOIN_RATE": "1000/m",
    "CLASSROOM_SIGNUP_RATE": "1000/h",
    "GAMES_CREATE_RATE": "1000/m",
}


def pytest_configure(config):
    from django.conf import settings

    # A Redis key prefix of each worker's own: one worker's cache.clear() or channel groups
    # never touch another's (the production path runs on one Redis). In the environment too: a
    # process a test starts (another worker of the "cluster") shares its test's keys.
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker:
        prefix = f"{os.environ.get('CHANNELS_PREFIX', 'plateful')}-{worker}"
        os.environ["CHANNELS_PREFIX"] = prefix
        layer = settings.CHANNEL_LAYERS.get("default", {})
        if "prefix" in layer.get("CONFIG", {}):
            layer["CONFIG"]["prefix"] = prefix
        cache = settings.CACHES["default"]
        if "KEY_PREFIX" in cache:
            cache["KEY_PREFIX"] = prefix

    # Tests serve static files from the app folders: no collectstatic, no manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True
    # Fixed deals in the test process too (games.dealing): a failure comes back on a rerun.
    settings.GAMES_DEAL_SEED = "1"


def _clear_cache():
    """Rate-limit counters live in the cache: one test's requests never count against another's.
    On Redis only this worker's keys go (Django's clear() would flush every worker's)."""
    from django.conf import settings
    from django.core.cache import cache

    prefix = settings.CACHES["default"].get("KEY_PREFIX")
    if prefix is None:
        cache.clear()
        return
    try:
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)
    except Exception:  # an outage test may have Redis down: nothing to clear then
        pass


@pytest.fixture(autouse=True)
def _fresh_cache():
    _clear_cache()
    yield
    _clear_cache()


@pytest.fixture(autouse=True)
def _card_image_cache(tmp_path, settings):
    """Each test renders card pictures into its own folder."""
    settings.CARD_IMAGE_CACHE = tmp_path / "card-images"


@pytest.fixture(autouse=True)
def _default_language():
    """LocaleMiddleware activates a request's language and never deactivates it: after a test's
    request in Spanish, code run outside a request would speak Spanish in the next test."""
    from django.utils import translation

    yield
    translation.deactivate()


CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium through Playwright (never a downloaded browser: there is no
    internet here). One per test file, not per worker: Playwright's sync API keeps an event loop
    running in the worker's main thread while it is open, and every later Django or asyncio test
    on that worker would then fail (SynchronousOnlyOperation). A launch takes about half a second."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def private_redis(settings):
    """A redis-server of the test's own as the channel layer (tests/faults/redis_process.py), for
    outage tests that stop it and start it again empty."""
    server = RedisProcess().start()
    settings.CHANNEL_LAYERS = server.layer_settings(prefix=f"outage-{uuid.uuid4().hex[:8]}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def live_servers():
    """This worker's live servers by their extra settings, each started on first use and shared
    by every test that asks for the same settings (most ask for none: `server`)."""
    started: dict[tuple, LiveServer] = {}

    def get(**extra_env: str) -> LiveServer:
        key = tuple(sorted(extra_env.items()))
        if key not in started:
            started[key] = LiveServer(**{**LIVE_SERVER_ENV, **extra_env}).start()
        return started[key]

    yield get
    for live in started.values():
        live.stop()


@pytest.fixture(scope="session")
def server(live_servers) -> LiveServer:
    """The worker's one live server (Daphne, its own SQLite file, decks loaded)."""
    return live_servers()
