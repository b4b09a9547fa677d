"""Bad input never gives a 500: NUL bytes and broken text are refused before the database
(PostgreSQL refuses them; SQLite would store them), and moves nested thousands deep are refused
over HTTP and over the socket, which stays open. Runs on both databases."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.management import call_command
from django.test import Client

from games.models import Match
from plateful.asgi import application

pytestmark = [pytest.mark.production_path]

DEEP_MOVE = "[" * 5000 + "]" * 5000  # the case: 10,000 bytes
DEEP_SMALL_MOVE = "[" * 4000 + "]" * 4000  # deep, yet under the 8 KB bound


@pytest.fixture
def table(settings):
    """A waiting two-seat Duel table; Kim (the returned client) sits in seat 0."""
    settings.GAMES_SCHEDULER = False
    call_command("load_decks", verbosity=0)
    kim = Client()
    response = kim.post("/games/duel/table/", {"seats": 2, "nickname": "Kim"})
    assert response.status_code == 302, response.content
    return Match.objects.get(pk=response["Location"].split("/")[2]), kim


@pytest.mark.django_db
@pytest.mark.parametrize(
    "method,path",
    [
        ("get", "/play/ab%00cd/"),
        ("get", "/tables/ab%00cd/"),
        ("get", "/replays/%00/"),
        ("post", "/play/ab%00cd/move/"),
        ("post", "/tables/%00/join/"),
        ("get", "/cards/eat-right/%00/"),
    ],
)
def test_a_nul_in_an_address_is_not_found(client, method, path):
    response = getattr(client, method)(path)
    assert response.status_code == 404
    assert "There is no page at that address." in response.content.decode()


@pytest.mark.django_db
def test_a_nul_in_a_nickname_is_refused_and_changes_nothing(table):
    match, _kim = table
    friend = Client()
    response = friend.post(f"/tables/{match.pk}/join/", {"nickname": "Sam\x00"})
    assert response.status_code == 400
    assert "a NUL byte or broken text" in response.content.decode()
    match.refresh_from_db()
    assert match.version == Match.objects.get(pk=match.pk).version
    assert "Sam" not in json.dumps(match.state)
    # The same request without the NUL is fine.
    assert friend.post(f"/tables/{match.pk}/join/", {"nickname": "Sam"}).status_code == 200


@pytest.mark.django_db
def test_a_nul_in_a_query_or_a_cookie_is_a_bad_request(client, table):
    match, _kim = table
    assert client.get("/foods/", {"q": "apple\x00"}).status_code == 400
    assert client.get(f"/replays/{match.pk}/", {"seat": "\x00"}).status_code == 400
    assert client.get("/games/", {"\x00": "1"}).status_code == 400
    client.cookies["sessionid"] = "abc\x00def"
    assert client.get("/games/").status_code == 400


@pytest.mark.django_db
def test_a_move_nested_5000_deep_or_holding_a_nul_gets_a_clear_400(table):
    match, kim = table
    url = f"/play/{match.pk}/move/"
    response = kim.post(url, {"seat": 0, "action": DEEP_MOVE})
    assert response.status_code == 400
    assert "too long" in response.content.decode()
    response = kim.post(url, {"seat": 0, "action": DEEP_SMALL_MOVE})
    assert response.status_code == 400
    assert "nested too deeply (at most 20 levels)" in response.content.decode()
    escaped_nul = json.dumps({"type": "play", "card": "\x00"})  # the JSON text holds \u0000
    response = kim.post(url, {"seat": 0, "action": escaped_nul})
    assert response.status_code == 400
    assert "character we can't accept" in response.content.decode()
    response = kim.post(url, {"seat": 0, "action": '{"type": "play", "card": NaN}'})
    assert response.status_code == 400
    assert match.version == Match.objects.get(pk=match.pk).version


async def _connect(path, cookie=""):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


@pytest.mark.django_db(transaction=True)
async def test_a_deep_frame_over_the_socket_gets_an_error_frame_and_the_socket_stays_open(settings):
    settings.GAMES_SCHEDULER = False
    await database_sync_to_async(call_command)("load_decks", verbosity=0)
    kim = Client()
    response = await database_sync_to_async(kim.post)("/games/duel/table/", {"seats": 2, "nickname": "Kim"})
    match_id = response["Location"].split("/")[2]
    socket = await _connect(f"/ws/play/{match_id}/", f"sessionid={kim.cookies['sessionid'].value}")
    await socket.receive_from()  # the whole view
    for frame, says in (
        (json.dumps({"action": DEEP_SMALL_MOVE}), "nested too deeply"),
        (DEEP_SMALL_MOVE, "nested too deeply"),
        (DEEP_MOVE, "doesn"),  # over the frame size: "That message doesn't make sense."
        (json.dumps({"action": {"type": "play", "card": "\x00"}}), "character we can&#x27;t accept"),
    ):
        await socket.send_to(text_data=frame)
        reply = await socket.receive_from()
        assert 'role="alert"' in reply and says in reply
    # Still open: an ordinary refused move gets its own answer on the same socket.
    await socket.send_to(text_data=json.dumps({"action": {"type": "play"}, "seat": 1}))
    assert "That seat isn" in await socket.receive_from()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "path,cookie,code",
    [
        ("/ws/play/ab%00cd/", "", 4404),
        ("/ws/play/abcd/?token=a%00b", "", 4400),
        ("/ws/play/abcd/", "sessionid=ab\x00cd", 4400),
    ],
)
async def test_a_nul_in_the_socket_address_query_or_cookie_closes_it_with_a_4xx_code(path, cookie, code):
    from urllib.parse import unquote

    # A server hands the path over decoded (%00 is a NUL), the query string raw.
    route, _, query = path.partition("?")
    socket = WebsocketCommunicator(
        application,
        unquote(route) + ("?" + query if query else ""),
        headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")]
        + ([(b"cookie", cookie.encode("latin-1"))] if cookie else []),
    )
    connected, _ = await socket.connect()
    assert connected
    closed = await socket.receive_output()
    assert closed == {"type": "websocket.close", "code": code}
