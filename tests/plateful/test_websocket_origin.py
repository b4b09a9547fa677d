"""plateful.websocket_origin: a socket is accepted only from a page of the site itself, the same
scheme, host and port (as Django's CSRF check judges a form's Origin), or from an origin listed in
CSRF_TRUSTED_ORIGINS."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from plateful.asgi import application

# Channels closes old database connections around each consumer event.
pytestmark = pytest.mark.django_db
PATH = "/ws/nowhere/"  # any address: an accepted socket is closed 4404 there, a refused one never opens


@pytest.fixture(autouse=True)
def _no_scheduler(settings):
    settings.GAMES_SCHEDULER = False  # nothing to resume: these sockets never reach a database


async def _opens(origin: str | None, host: str, *, scheme: str = "ws", extra=()) -> bool:
    headers = [(b"host", host.encode()), *extra]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    socket = WebsocketCommunicator(application, PATH, headers=headers)
    socket.scope["scheme"] = scheme
    connected, _ = await socket.connect(timeout=3)
    await socket.disconnect()
    return connected


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("http://testserver", "testserver"),
        ("http://127.0.0.1:8000", "127.0.0.1:8000"),  # scripts/serve
        ("http://localhost:41234", "localhost:41234"),  # a browser test's live server
        ("http://[::1]:8000", "[::1]:8000"),
        ("HTTP://TestServer", "testserver"),  # scheme and host are not case-sensitive
    ],
)
async def test_a_page_of_the_site_itself_opens_its_socket(origin, host):
    assert await _opens(origin, host)


@pytest.mark.parametrize(
    ("origin", "host"),
    [
        ("https://testserver", "testserver"),  # another scheme
        ("http://testserver:8001", "testserver"),  # another port
        ("http://127.0.0.1:8001", "127.0.0.1:8000"),
        ("http://127.0.0.1", "127.0.0.1:8000"),
        ("http://localhost:8000", "127.0.0.1:8000"),  # another host, allowed as a host itself
        ("http://evil.example", "testserver"),
        ("null", "testserver"),
        (None, "testserver"),  # no Origin at all
        ("http://evil.example", "evil.example"),  # a host that is not in ALLOWED_HOSTS
    ],
)
async def test_any_other_origin_is_refused(origin, host):
    assert not await _opens(origin, host)


async def test_over_tls_the_page_is_https(settings):
    assert await _opens("https://testserver", "testserver", scheme="wss")
    assert not await _opens("http://testserver", "testserver", scheme="wss")


async def test_behind_a_tls_front_the_proxy_header_says_https(settings):
    forwarded = [(b"x-forwarded-proto", b"https")]
    assert not await _opens("https://testserver", "testserver", extra=forwarded)  # not configured
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert await _opens("https://testserver", "testserver", extra=forwarded)
    assert not await _opens("http://testserver", "testserver", extra=forwarded)
    assert not await _opens("https://testserver", "testserver")  # the front said nothing: http


async def test_csrf_trusted_origins_are_accepted_too(settings):
    settings.ALLOWED_HOSTS = ["plateful.example.org", "testserver"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://plateful.example.org", "https://*.example.net"]
    assert await _opens("https://plateful.example.org", "plateful.example.org")
    assert await _opens("https://class.example.net", "plateful.example.org")
    assert not await _opens("http://plateful.example.org:8443", "plateful.example.org")
    assert not await _opens("http://class.example.net", "plateful.example.org")
