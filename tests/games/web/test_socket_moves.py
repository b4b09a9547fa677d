"""Moves over the match socket for every game (static/games/moves.js sends each move control's
values as {"action": ..., "seat": n}): judged like the HTTP move, refused with the HTTP move's
own words, and a malformed or forged frame changes nothing."""

from __future__ import annotations

import html
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import access, services
from games.engines import get_engine
from games.live import consumers
from games.models import Match, MatchAction
from plateful.asgi import application
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]

CONTROL = re.compile(r"<button[^>]*\bws-send\b[^>]*>", re.S)


@database_sync_to_async
def _duel():
    return table_create("duel", ("human", "human"), seed=5)


PAUSABLE = "test-pausable"  # the owner whose move gate the paused_match fixture registers


@database_sync_to_async
def _turns(owner: str = ""):
    """A turn-based game with hidden hands (tests/games/web/fake_games.py)."""
    return table_create("test-cards", ("human", "human"), seed=3, owner=owner)


async def _connect(match_id, session_key):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    headers.append((b"cookie", f"sessionid={session_key}".encode()))
    socket = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


def _version(page: str) -> int:
    return int(re.search(r'id="live"[^>]*data-version="(\d+)"', page).group(1))


def _flash(page: str) -> str:
    return html.unescape(re.search(r'<p id="flash"[^>]*>(.*?)</p>', page, re.S).group(1)).strip()


def _page_frames(page: str) -> list[str]:
    """The frame each move control of a drawn view sends (what moves.js sends: its hx-vals)."""
    frames = []
    for tag in CONTROL.findall(page):
        assert 'hx-post="/play/' in tag  # the same control falls back to HTTP
        values = json.loads(html.unescape(re.search(r'hx-vals="([^"]*)"', tag).group(1)))
        frames.append(json.dumps({"action": values["action"], "seat": values["seat"]}))
    return frames


@database_sync_to_async
def _stored(match_id):
    match = Match.objects.get(pk=match_id)
    return match.version, MatchAction.objects.filter(match=match).count()


@database_sync_to_async
def _to_move(match_id):
    match = Match.objects.get(pk=match_id)
    engine = get_engine(match.game)
    state = services.match_state(match=match)
    return next(seat for seat in engine.to_move(state) if seat is not None), state


def _post(match_id, session_key, seat, action) -> tuple[int, str]:
    client = Client()
    client.cookies["sessionid"] = session_key
    answer = client.post(
        f"/play/{match_id}/move/",
        {"seat": seat, "action": json.dumps(action)},
        headers={"HX-Request": "true"},
    )
    return answer.status_code, answer.content.decode()


async def test_a_duel_move_sent_as_the_page_sends_it_is_judged_and_drawn_for_both_seats():
    match, _tokens, sessions = await _duel()
    mover, _state = await _to_move(match.pk)
    other = 1 - mover
    sockets = {
        mover: await _connect(match.pk, sessions[mover]),
        other: await _connect(match.pk, sessions[other]),
    }
    views = {seat: await socket.receive_from() for seat, socket in sockets.items()}
    frames = _page_frames(views[mover])
    assert frames
    await sockets[mover].send_to(text_data=frames[0])
    # The mover's socket answers the move as the HTTP answer would (its view, then the marker
    # static/games/moves.js waits for), and the group's redraw skips it; the other seat's draws.
    assert _version(await sockets[mover].receive_from(timeout=5)) == 1
    assert await sockets[mover].receive_from(timeout=5) == consumers.MOVE_ANSWERED
    assert _version(await sockets[other].receive_from(timeout=5)) == 1
    assert await sockets[mover].receive_nothing(timeout=0.5)
    assert await _stored(match.pk) == (1, 1)
    for socket in sockets.values():
        await socket.disconnect()


@pytest.mark.parametrize(
    "forge",
    [
        lambda frame: {**frame, "seat": 1 - frame["seat"]},  # the other player's seat
        lambda frame: {**frame, "seat": "zero"},
        lambda frame: {**frame, "seat": frame["seat"] + 0.5},
        lambda frame: {**frame, "seat": True},
        lambda frame: {**frame, "seat": [frame["seat"]]},
        lambda frame: {**frame, "action": frame["action"][:-3]},  # cut JSON
        lambda frame: {**frame, "action": json.dumps({"card": "x"})},  # no move type
        lambda frame: {"seat": frame["seat"]},  # no move at all
        lambda frame: {**frame, "action": json.dumps({**json.loads(frame["action"]), "type": "cheat"})},
        lambda frame: {**frame, "padding": "x" * 9000},  # over the frame limit
    ],
)
async def test_a_malformed_or_forged_frame_is_refused_and_changes_nothing(forge):
    match, _tokens, sessions = await _duel()
    mover, _state = await _to_move(match.pk)
    socket = await _connect(match.pk, sessions[mover])
    frame = json.loads(_page_frames(await socket.receive_from())[0])
    await socket.send_to(text_data=json.dumps(forge(frame)))
    reply = await socket.receive_from(timeout=5)
    assert 'id="flash"' in reply and 'role="alert"' in reply and _flash(reply)
    assert 'id="live"' not in reply  # a refusal, not a redraw
    assert await socket.receive_nothing(timeout=0.2)  # and no "move made" marker
    assert await _stored(match.pk) == (0, 0)
    # The socket still plays: the real frame is judged.
    await socket.send_to(text_data=json.dumps(frame))
    assert _version(await socket.receive_from(timeout=5)) == 1
    assert await socket.receive_from(timeout=5) == consumers.MOVE_ANSWERED
    assert await _stored(match.pk) == (1, 1)
    await socket.disconnect()


@pytest.fixture
def paused_match():
    """A move gate (a paused class) for the matches named in the returned set, for one test."""
    paused: set[str] = set()

    def gate(match_id):
        return "Your teacher paused the game. Wait a moment." if match_id in paused else None

    access.register_move_gate(PAUSABLE, gate)
    yield paused
    access._move_gates.pop(PAUSABLE, None)


@pytest.mark.parametrize("case", ["not_your_turn", "stale", "unknown_card", "paused"])
async def test_a_refused_move_says_the_same_words_over_the_socket_as_over_http(case, paused_match):
    match, _tokens, sessions = await _turns(owner=PAUSABLE)
    mover, state = await _to_move(match.pk)
    action = get_engine("test-cards").legal_actions(state, mover)[0]
    seat = mover
    if case == "not_your_turn":
        seat = 1 - mover
        action = {**action, "card": state["hands"][seat][0]}
    elif case == "stale":
        action = {**action, "version": 7}
    elif case == "unknown_card":
        action = {**action, "card": "no-such-card"}
    else:
        paused_match.add(match.pk)
    status, over_http = await database_sync_to_async(_post)(match.pk, sessions[seat], seat, action)
    assert status in (400, 409) and over_http
    socket = await _connect(match.pk, sessions[seat])
    await socket.receive_from()
    await socket.send_to(text_data=json.dumps({"action": json.dumps(action), "seat": seat}))
    assert _flash(await socket.receive_from(timeout=5)) == over_http
    assert await _stored(match.pk) == (0, 0)
    await socket.disconnect()
