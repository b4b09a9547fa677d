"""Pass-and-play: several seats of a match held by one shared device (one token). Its page shows
the public table and "Pass to Maya"; a hand is drawn only when the device asks for it, for whose
turn it is; no socket frame to the device ever carries a private fragment."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from games import scheduler, services
from games.engines import get_engine
from games.live import consumers
from games.models import Match, MatchAction
from games.views import SESSION_KEY
from plateful.asgi import application
from tests.games.web import fragments
from tests.games.web.leaks import leaked_cards

PASS_TO = re.compile(r'class="pass-title">([^<]+)<')


def _device_play(client, game="duel", names=("Maya", "Leo"), seats=2, **extra):
    data = {"seats": seats, "bot_level": "beginner", "player": list(names), **extra}
    return client.post(f"/games/{game}/play/", data)


def _device_match(client, **kwargs) -> Match:
    response = _device_play(client, **kwargs)
    assert response.status_code == 302, response.content
    return Match.objects.get(pk=response["Location"].split("/")[2])


def _hidden(match, seat):
    match.refresh_from_db()
    return get_engine(match.game).hidden_cards(services.match_state(match=match), seat)


@pytest.mark.django_db
def test_one_device_holds_every_named_seat_and_its_page_shows_only_the_table_and_pass_to(client):
    match = _device_match(client, game="snack-attack", names=("Maya", "Leo", "Ana"), seats=4)
    seats = list(match.seat_set.all())
    assert [s.nickname for s in seats[:3]] == ["Maya", "Leo", "Ana"]
    assert seats[3].kind == "bot" and len({s.token_hash for s in seats[:3]}) == 1
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert '<div id="viewer" data-viewer="device" hidden>' in page
    assert PASS_TO.search(page)[1] == "Pass to Maya" and "Show my cards" in page
    assert not leaked_cards(page, _hidden(match, None))  # nobody's hand, not even Maya's
    assert client.get(f"/play/{match.pk}/").content.decode().count("Pass to Maya") == 1  # a reload


@pytest.mark.django_db
def test_show_my_cards_answers_only_for_whose_turn_it_is_and_only_to_the_device(client):
    match = _device_match(client)
    hand = client.get(f"/play/{match.pk}/hand/?seat=0")
    assert hand.status_code == 200
    html = hand.content.decode()
    assert 'data-revealed="0"' in html and "Maya's cards" in html and "Hide my cards" in html
    assert leaked_cards(html, _hidden(match, 1)) and not leaked_cards(html, _hidden(match, 0))
    assert client.get(f"/play/{match.pk}/hand/?seat=1").status_code == 409  # Maya first
    assert client.get(f"/play/{match.pk}/hand/?seat=x").status_code == 403
    stranger = Client()
    assert stranger.get(f"/play/{match.pk}/hand/?seat=0").status_code == 403
    # Maya plays: the answer is the table with "Pass to Leo", and her hand is gone from it.
    action = get_engine("duel").legal_actions(services.match_state(match=match), 0)[0]
    moved = client.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(action)})
    assert moved.status_code == 200
    assert PASS_TO.search(moved.content.decode())[1] == "Pass to Leo"
    assert not leaked_cards(moved.content.decode(), _hidden(match, None))
    assert client.get(f"/play/{match.pk}/hand/?seat=0").status_code == 409
    assert client.get(f"/play/{match.pk}/hand/?seat=1").status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("names", "seats", "words"),
    [
        (("Maya", "maya"), 2, "already"),
        (("Maya", ""), 2, "at least two names"),
        (("Maya", "Leo", "Ana"), 2, "more names than players"),
        (("Maya", "x" * 41), 2, ""),
    ],
)
def test_bad_names_for_one_device_get_a_clear_message_and_make_nothing(client, names, seats, words):
    response = _device_play(client, names=names, seats=seats)
    assert response.status_code == 400 and words in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.django_db
def test_a_table_for_friends_can_seat_several_players_on_the_hosts_device(client):
    response = client.post(
        "/games/snack-attack/table/", {"seats": 3, "nickname": "Maya", "player": ["Leo", ""]}
    )
    assert response.status_code == 302, response.content
    match = Match.objects.get(pk=response["Location"].split("/")[2])
    seats = list(match.seat_set.all())
    assert [s.kind for s in seats] == ["human", "human", "open"]
    assert seats[0].token_hash == seats[1].token_hash
    friend = Client()
    assert friend.post(f"/tables/{match.pk}/join/", {"nickname": "Ana"}).status_code == 200
    assert client.post(f"/tables/{match.pk}/start/").status_code == 200  # the device is the host
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    friend_page = friend.get(f"/play/{match.pk}/").content.decode()
    assert 'data-viewer="2"' in friend_page and not leaked_cards(friend_page, _hidden(match, 2))


@pytest.mark.django_db
def test_a_finished_game_on_one_device_plays_again_with_the_same_players(client):
    match = _device_match(client, game="snack-attack", names=("Maya", "Leo"), seats=3)
    services.match_close(match_id=match.pk, reason="test")
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "device-only" in page and "Play again" in page
    again = client.post(f"/play/{match.pk}/again/")
    assert again.status_code == 302, again.content
    new = Match.objects.get(pk=again["Location"].split("/")[2])
    seats = list(new.seat_set.all())
    assert [(s.kind, s.nickname) for s in seats[:2]] == [("human", "Maya"), ("human", "Leo")]
    assert seats[0].token_hash == seats[1].token_hash and seats[2].kind == "bot"
    assert "Pass to Maya" in client.get(f"/play/{new.pk}/").content.decode()


# ----- the device's socket -------------------------------------------------------------------


@database_sync_to_async
def _device_table(game="duel"):
    specs = [
        services.SeatSpec(kind="human", nickname="Maya", device=True),
        services.SeatSpec(kind="human", nickname="Leo", device=True),
    ]
    match, tokens = services.match_create(game=game, seats=specs, seed=5)
    session = SessionStore()
    session[SESSION_KEY] = {match.pk: tokens[0]}
    session.save()
    return match, session.session_key


async def _connect(match_id, session_key=None):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def _next_move(match_id):
    """(the seat whose turn it is, its first legal move), or (None, None) when only the table
    may move; and the cards a watcher may not see."""
    match = Match.objects.get(pk=match_id)
    state = services.match_state(match=match)
    engine = get_engine(match.game)
    seat = min((n for n in engine.view(state, None).get("to_move") or () if n is not None), default=None)
    move = engine.legal_actions(state, seat)[0] if seat is not None else None
    return seat, move, engine.hidden_cards(state, None)


def _public_only(frame: str, hidden: set[str]) -> None:
    """A frame with the public fragment alone: #live, no #viewer nor any seat's piece swapped in,
    and no card a watcher may not see."""
    assert [element_id for element_id, _html in fragments.top_elements(frame)] == ["live"], frame[:300]
    assert not leaked_cards(frame, hidden)


@pytest.mark.django_db(transaction=True)
async def test_the_socket_frames_of_a_one_device_page_never_carry_a_private_fragment():
    match, session_key = await _device_table()
    device = await _connect(match.pk, session_key)
    opening = await device.receive_from()
    assert 'data-viewer="device"' in opening and "Pass to Maya" in opening
    moved = 0
    while moved < 6:
        seat, move, _hidden = await _next_move(match.pk)
        if seat is None:  # the table's own move (the next round): a public fragment too
            assert await database_sync_to_async(scheduler.bots_play)(match_id=match.pk, max_moves=1)
            _public_only(await device.receive_from(), (await _next_move(match.pk))[2])
            continue
        await device.send_to(text_data=json.dumps({"action": move, "seat": seat}))
        frame = await device.receive_from()
        assert await device.receive_from() == consumers.MOVE_ANSWERED
        _public_only(frame, (await _next_move(match.pk))[2])
        moved += 1
    await device.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_device_moves_only_for_its_own_seats_and_a_watcher_not_at_all():
    match, session_key = await _device_table()
    device = await _connect(match.pk, session_key)
    await device.receive_from()
    _seat, move, _hidden = await _next_move(match.pk)
    await device.send_to(text_data=json.dumps({"action": move, "seat": 7}))
    assert "isn&#x27;t yours" in await device.receive_from()
    await device.send_to(text_data=json.dumps({"action": move}))
    assert "Only the table itself" in await device.receive_from()
    watcher = await _connect(match.pk)
    await watcher.receive_from()
    await watcher.send_to(text_data=json.dumps({"action": move, "seat": 0}))
    assert "watching" in await watcher.receive_from()
    assert not await database_sync_to_async(MatchAction.objects.filter(match_id=match.pk).exists)()
    await watcher.disconnect()
    await device.disconnect()
