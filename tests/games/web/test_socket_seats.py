"""A match socket draws only the seat its token holds now: when a seat changes hands (a bot
takes a player's seat, another player takes it next), the old page watches from then on and
says so, never sees the new holder's cards, and its moves are refused."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import services
from games.engines import get_engine
from games.models import Match, MatchAction
from plateful.asgi import application
from tests.games.web import fragments
from tests.games.web.leaks import leaked_cards
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]

NO_LONGER = "You are no longer playing at this table"


@database_sync_to_async
def _table(kinds=("human", "human")):
    return table_create("test-cards", kinds, seed=3)


async def _connect(match_id, session_key=None):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def _viewer(html):
    """Whose page a frame says it is (its #viewer: a seat, or "watching"); None when it doesn't
    say (a watcher's public fragment, a message)."""
    found = re.search(r'<div[^>]*id="viewer"[^>]*data-viewer="([^"]*)"', html)
    return found.group(1) if found else None


# What a match page holds around the frames its socket swaps in (games/templates/games/play.html).
PAGE = '<p id="flash" hidden></p><div id="viewer" hidden></div><section id="live"></section>'


def _page_after(frames):
    """The page after htmx swaps every frame into it, in order (tests/games/web/fragments.py)."""
    page = PAGE
    for frame in frames:
        page = fragments.apply(page, frame)
    return page


@database_sync_to_async
def _state(match_id):
    return services.match_state(match=Match.objects.get(pk=match_id))


@database_sync_to_async
def _hand_over(match_id, seat):
    """The seat goes to a bot, then to another player (a late joiner takes the bot's seat)."""
    services.match_seat_replace(match_id=match_id, seat=seat, kind="bot", bot_level="beginner")
    return services.match_seat_replace(match_id=match_id, seat=seat, kind="human", nickname="Newcomer")


@database_sync_to_async
def _move(match_id, seat, token):
    engine = get_engine("test-cards")
    state = services.match_state(match=Match.objects.get(pk=match_id))
    services.match_submit_action(
        match_id=match_id, seat=seat, action=engine.legal_actions(state, seat)[0], token=token
    )


async def _frames(socket, timeout=1.0):
    frames = []
    while not await socket.receive_nothing(timeout=timeout):
        frames.append(await socket.receive_from())
    return frames


@pytest.mark.production_path  # "match.seats_changed" through Redis too
async def test_a_page_whose_seat_changed_hands_watches_and_never_sees_the_new_holders_cards():
    match, tokens, sessions = await _table()
    old = await _connect(match.pk, sessions[1])
    first = await old.receive_from()
    assert all(f"/{card}.webp" in first for card in (await _state(match.pk))["hands"][1])
    new_token = await _hand_over(match.pk, 1)
    await _move(match.pk, 0, tokens[0])  # the game goes on: seat 1 has the newcomer's cards now
    state = await _state(match.pk)
    hidden = get_engine("test-cards").hidden_cards(state, None)  # what a watcher must not see
    frames = await _frames(old)
    assert frames, "the old page heard nothing"
    for frame in frames:
        assert not leaked_cards(frame, hidden), "the old page saw the seat's hand after it left"
    assert any(NO_LONGER in frame for frame in frames)
    for frame in frames:
        assert _viewer(frame) in (None, "watching")
    # The page shows the watchers' view now, of the newest version, and says so.
    page = _page_after([first, *frames])
    assert _viewer(page) == "watching" and 'data-version="1"' in fragments.element(page, "live")
    assert not leaked_cards(page, hidden) and NO_LONGER in fragments.element(page, "flash")
    # The newcomer's own page does get the seat's view.
    fresh = WebsocketCommunicator(
        application,
        f"/ws/play/{match.pk}/?token={new_token}",
        headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")],
    )
    assert (await fresh.connect())[0]
    assert _viewer(await fresh.receive_from()) == "1"
    for socket in (old, fresh):
        await socket.disconnect()


async def test_a_move_over_a_socket_whose_seat_went_to_a_bot_is_refused_and_says_why():
    match, tokens, sessions = await _table()
    old = await _connect(match.pk, sessions[0])  # seat 0 is to move
    await old.receive_from()
    await database_sync_to_async(services.match_seat_replace)(
        match_id=match.pk, seat=0, kind="bot", bot_level="beginner"
    )
    await _frames(old, timeout=0.5)
    state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    await old.send_to(text_data=json.dumps({"action": json.dumps(action), "seat": 0}))
    reply = "".join(await _frames(old, timeout=0.5))
    assert 'role="alert"' in reply
    assert NO_LONGER in reply or "watching this game" in reply
    assert await database_sync_to_async(MatchAction.objects.filter(match_id=match.pk).count)() == 0
    await old.disconnect()


async def test_a_watcher_with_a_session_who_sits_down_plays_on_the_same_socket():
    from django.contrib.sessions.backends.db import SessionStore
    from django.test import Client

    def setup():
        host = Client()
        table = host.post("/games/test-cards/table/", {"seats": 2, "nickname": "Host"})["Location"]
        friend = SessionStore()
        friend["something"] = 1  # a browser that had a session before it came here
        friend.save()
        return host, table.split("/")[2], friend.session_key

    host, match_id, friend_key = await database_sync_to_async(setup)()
    socket = await _connect(match_id, friend_key)
    assert _viewer(await socket.receive_from()) == "watching"

    def sit_and_start():
        friend = Client()
        friend.cookies["sessionid"] = friend_key
        joined = friend.post(f"/tables/{match_id}/join/", {"nickname": "Bo"}, headers={"HX-Request": "true"})
        assert "HX-Refresh" not in joined
        host.post(f"/tables/{match_id}/start/")

    # Both requests run before the socket draws anything (one render thread): the join's redraw
    # reaches it after the start, and must still find the seat taken just before it.
    await database_sync_to_async(sit_and_start)()
    frames = await _frames(socket)
    assert frames and _viewer(frames[-1]) == "1"
    assert 'data-status="playing"' in frames[-1]
    await socket.disconnect()
