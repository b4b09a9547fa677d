"""A Redis outage under open match pages (plateful.live_layer): sockets stay open, moves keep
working and being stored, each page says "live updates paused" and still catches up (it checks
its match meanwhile), and when Redis is back every page re-joins its group and gets a full
redraw. Redis here is a redis-server of the test's own (tests/faults/redis_process.py), killed
with SIGKILL and started again empty; runs on both modes (SQLite or PostgreSQL)."""

import json
import re
import time

import pytest
from channels.db import database_sync_to_async

from games import services
from games.engines import get_engine
from plateful import live_layer
from tests.games.web.test_consumers import _connect, _state, _table, _version

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.production_path]

PAUSED = "Live updates paused"
NOTICE_CLEARED = re.compile(r'<div id="live-status" hx-swap-oob="innerHTML"></div>')


async def _receive_until(socket, wanted, seconds: float = 20.0) -> str:
    """Frames until one satisfies `wanted`; fails if the socket closes or time runs out."""
    deadline = time.monotonic() + seconds
    seen = []
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"timed out; frames seen: {[frame[:120] for frame in seen]}"
        try:
            message = await socket.receive_output(timeout=left)
        except TimeoutError:
            continue
        assert message["type"] == "websocket.send", f"the socket was closed: {message}"
        seen.append(message["text"])
        if wanted(message["text"]):
            return message["text"]


def _at_version(version):
    return lambda html: 'id="live"' in html and _version(html) == version


async def _move(match_id, seat, token):
    _, state = await _state(match_id)
    action = get_engine("test-cards").legal_actions(state, seat)[0]
    await database_sync_to_async(services.match_submit_action)(
        match_id=match_id, seat=seat, action=action, token=token
    )


async def test_sockets_stay_open_through_an_outage_moves_are_stored_and_pages_catch_up(private_redis):
    match, tokens, sessions = await _table()
    first, second = await _connect(match.pk, sessions[0]), await _connect(match.pk, sessions[1])
    await first.receive_from(), await second.receive_from()

    private_redis.stop()
    started = time.monotonic()
    await _move(match.pk, 0, tokens[0])  # what the move view does: stored, no error
    assert (await _state(match.pk))[0].version == 1
    for socket in (first, second):
        await _receive_until(socket, lambda html: PAUSED in html)
    # No group message can come: the page finds the change itself (it checks every 2 s).
    assert "Your turn!" in await _receive_until(second, _at_version(1))
    paused_for = time.monotonic() - started

    private_redis.start()  # empty: the groups were forgotten
    for socket in (first, second):
        await _receive_until(socket, lambda html: NOTICE_CLEARED.search(html) is not None)
    # Back in their group: the next move reaches the other page through Redis again.
    await _move(match.pk, 1, tokens[1])
    assert _version(await _receive_until(first, _at_version(2), seconds=10)) == 2
    assert paused_for < 10
    await first.disconnect()
    await second.disconnect()


async def test_a_page_opened_during_the_outage_opens_and_joins_once_redis_is_back(private_redis):
    match, tokens, sessions = await _table()
    private_redis.stop()
    socket = await _connect(match.pk, sessions[1])
    frames = [await socket.receive_from(timeout=10), await socket.receive_from(timeout=10)]
    assert any(_version(frame) == 0 for frame in frames if 'id="live"' in frame)
    assert any(PAUSED in frame for frame in frames)
    private_redis.start()
    redrawn = await _receive_until(socket, _at_version(0))  # the full redraw on recovery
    assert 'hx-swap-oob="true"' in redrawn
    await _receive_until(socket, lambda html: NOTICE_CLEARED.search(html) is not None)
    await _move(match.pk, 0, tokens[0])
    assert "Your turn!" in await _receive_until(socket, _at_version(1), seconds=10)
    await socket.disconnect()


async def test_a_move_over_the_socket_during_the_outage_is_answered_directly(private_redis):
    match, tokens, sessions = await _table()
    socket = await _connect(match.pk, sessions[0])
    await socket.receive_from()
    private_redis.stop()
    await _receive_until(socket, lambda html: PAUSED in html)
    _, state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    await socket.send_to(text_data=json.dumps({"action": json.dumps(action)}))
    assert _version(await _receive_until(socket, _at_version(1), seconds=5)) == 1
    await socket.disconnect()


def test_the_move_view_stores_the_move_and_answers_while_redis_is_down(client, private_redis):
    match, tokens, sessions = _table.func()
    client.cookies["sessionid"] = sessions[0]
    private_redis.stop()
    state = services.match_state(match=match)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    started = time.monotonic()
    response = client.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(action)})
    assert response.status_code == 200
    assert time.monotonic() - started < live_layer.CALL_TIMEOUT + 2
    match.refresh_from_db()
    assert match.version == 1


def test_new_games_are_made_while_redis_is_down_the_rate_limit_failing_open(client, private_redis, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "plateful.cache.ForgivingRedisCache",
            "LOCATION": private_redis.url,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.GAMES_CREATE_RATE = "2/m"
    form = {"nickname": "Kim", "seats": 2, "bot_level": "beginner"}
    for _ in range(2):  # counted in Redis while it answers
        assert client.post("/games/test-cards/play/", form).status_code == 302
    assert client.post("/games/test-cards/play/", form).status_code == 429
    private_redis.stop()
    started = time.monotonic()
    response = client.post("/games/test-cards/play/", form)
    assert response.status_code == 302 and response["Location"].startswith("/play/")
    assert time.monotonic() - started < live_layer.CALL_TIMEOUT + 2
