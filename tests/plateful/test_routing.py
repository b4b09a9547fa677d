"""plateful.routing: every app's websocket routes, and an address no route knows closed with
4404 (like an HTTP 404), never a server error with a traceback."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from plateful.asgi import application

# Channels closes old database connections around each consumer event.
pytestmark = pytest.mark.django_db
HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.mark.parametrize(
    "path", ["/ws/nothing-here/", "/ws/", "/ws/play/", "/ws/teach/not-a-number/x/", "/elsewhere"]
)
async def test_a_socket_to_an_unknown_address_is_closed_with_4404(path, caplog, settings):
    settings.GAMES_SCHEDULER = False  # nothing to resume: this test has no database
    socket = WebsocketCommunicator(application, path, headers=HEADERS)
    connected, _ = await socket.connect(timeout=3)
    assert connected
    assert await socket.receive_output(timeout=3) == {"type": "websocket.close", "code": 4404}
    assert not [record for record in caplog.records if record.levelname in ("ERROR", "CRITICAL")]
