"""Live updates come in each reader's language: two players at one table, one reading Spanish
(the language cookie the switch sets), one English (Accept-Language), and a Spanish spectator
who only sends Accept-Language. The socket's language comes from its handshake
(plateful/locale.py), never from whoever made the move."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from games import services
from games.engines import get_engine
from plateful.asgi import application
from plateful.locale import language_from_scope
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _no_scheduler(settings):
    settings.GAMES_SCHEDULER = False


@database_sync_to_async
def _food_war_table():
    match, _tokens, sessions = table_create("food-war", ("human", "human"), seed=3)
    return match, sessions


async def _connect(match_id, *, cookie="", accept_language=""):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    if accept_language:
        headers.append((b"accept-language", accept_language.encode()))
    socket = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


@database_sync_to_async
def _first_move(match_id):
    match = services.Match.objects.get(pk=match_id)
    return get_engine("food-war").legal_actions(services.match_state(match=match), 0)[0]


async def test_one_table_two_languages_and_the_pushes_follow_each_reader():
    match, sessions = await _food_war_table()
    cookie = settings.LANGUAGE_COOKIE_NAME
    spanish = await _connect(match.pk, cookie=f"sessionid={sessions[0]}; {cookie}=es")
    english = await _connect(match.pk, cookie=f"sessionid={sessions[1]}", accept_language="en-US,en;q=0.8")
    watcher = await _connect(match.pk, accept_language="es-MX,es;q=0.9,en;q=0.5")
    first = [await spanish.receive_from(), await english.receive_from(), await watcher.receive_from()]
    assert "Lo que pasó" in first[0] and "What happened" not in first[0]
    assert "What happened" in first[1] and "Lo que pasó" not in first[1]
    assert "Estás mirando este juego." in first[2]

    action = await _first_move(match.pk)
    await spanish.send_to(text_data=json.dumps({"action": json.dumps(action)}))
    mine, theirs, watched = (
        await spanish.receive_from(timeout=10),
        await english.receive_from(timeout=10),
        await watcher.receive_from(timeout=10),
    )
    assert "Volteaste." in mine and "flipped" not in mine
    assert "P0 flipped." in theirs and "volteó" not in theirs
    assert "P0 volteó." in watched and "flipped" not in watched
    for socket in (spanish, english, watcher):
        await socket.disconnect()


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ([(b"cookie", b"django_language=es")], "es"),
        ([(b"cookie", b"django_language=es"), (b"accept-language", b"en")], "es"),
        ([(b"cookie", b"django_language=xx"), (b"accept-language", b"es-AR,es")], "es"),
        ([(b"accept-language", b"fr-FR,es;q=0.5")], "es"),
        ([(b"accept-language", b"fr-FR,de")], "en"),
        ([], "en"),
    ],
)
def test_the_socket_language_is_what_an_http_request_would_get(headers, language):
    assert language_from_scope({"type": "websocket", "path": "/ws/x/", "headers": headers}) == language
