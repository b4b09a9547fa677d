"""Suite-wide test setup."""

import uuid

import pytest

from tests.faults.redis_process import RedisProcess


def pytest_configure(config):
    from django.conf import settings

    # Tests serve static files from the app folders: no collectstatic, no manifest.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.WHITENOISE_USE_FINDERS = True
    settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters live in the cache: one test's requests never count against another's."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


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
    """Debian's headless Chromium through Playwright, one per test module (never a downloaded
    browser: there is no internet here)."""
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
