"""Match sockets are bounded: per client address (counted like every other limit, through
plateful.client_address) and per match (watchers only), in each process; a socket over a cap is
told why and closed with 4429, which the page does not retry. However many watch, a move is drawn
once for them all."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import rendering, services
from games.engines import get_engine
from games.live import consumers
from games.models import Match
from plateful.asgi import application
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]


@database_sync_to_async
def _table(kinds=("human", "human")):
    return table_create("test-cards", kinds, seed=3)


def _socket(match_id, *, address="10.0.0.1", session_key=None, extra_headers=()):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver"), *extra_headers]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    communicator.scope["client"] = (address, 50000)  # the connection's peer, as Daphne sets it
    return communicator


async def _open(match_id, **kwargs):
    communicator = _socket(match_id, **kwargs)
    connected, _ = await communicator.connect()
    assert connected
    first = await communicator.receive_output()
    return communicator, first


def _refused(first, second) -> bool:
    return (
        first["type"] == "websocket.send"
        and 'role="alert"' in first["text"]
        and second == {"type": "websocket.close", "code": consumers.CLOSE_TOO_MANY}
    )


async def test_sockets_per_address_are_capped_and_another_address_still_gets_in(settings):
    settings.MATCH_SOCKETS_PER_ADDRESS = 3
    match, tokens, sessions = await _table()
    other, _, _ = await _table()
    sockets = [(await _open(match.pk))[0] for _ in range(2)]
    sockets.append((await _open(other.pk))[0])  # every match counts for the address
    extra, first = await _open(match.pk)
    assert _refused(first, await extra.receive_output())
    assert "Too many game pages" in first["text"]
    # A player from that address too: the address is full.
    player, first = await _open(match.pk, session_key=sessions[0])
    assert _refused(first, await player.receive_output())
    elsewhere, first = await _open(match.pk, address="10.0.0.2")
    assert 'id="live"' in first["text"]
    # One closes: the address has room again.
    await sockets.pop().disconnect()
    again, first = await _open(match.pk)
    assert 'id="live"' in first["text"]
    for socket in [*sockets, elsewhere, again]:
        await socket.disconnect()


async def test_behind_a_front_the_address_it_wrote_counts_and_a_forged_one_changes_nothing(settings):
    settings.MATCH_SOCKETS_PER_ADDRESS = 1
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"
    match, _, _ = await _table()
    # Two schools behind the same front: the front appends each one's address.
    school_a, first = await _open(
        match.pk, address="10.9.9.9", extra_headers=[(b"x-forwarded-for", b"203.0.113.5")]
    )
    assert 'id="live"' in first["text"]
    school_b, first = await _open(
        match.pk, address="10.9.9.9", extra_headers=[(b"x-forwarded-for", b"198.51.100.7")]
    )
    assert 'id="live"' in first["text"]
    # School A's browser writes its own X-Forwarded-For: the front appends the real address.
    forged, first = await _open(
        match.pk, address="10.9.9.9", extra_headers=[(b"x-forwarded-for", b"192.0.2.1, 203.0.113.5")]
    )
    assert _refused(first, await forged.receive_output())
    for socket in (school_a, school_b):
        await socket.disconnect()


async def test_watchers_per_match_are_capped_but_a_player_always_gets_in(settings):
    settings.MATCH_SOCKETS_PER_MATCH = 2
    match, tokens, sessions = await _table()
    other, _, _ = await _table()
    watchers = [(await _open(match.pk, address=f"10.0.1.{n}"))[0] for n in range(2)]
    extra, first = await _open(match.pk, address="10.0.1.9")
    assert _refused(first, await extra.receive_output())
    assert "as many people watching" in first["text"]
    player, first = await _open(match.pk, address="10.0.1.9", session_key=sessions[1])
    assert 'data-viewer="1"' in first["text"]
    elsewhere, first = await _open(other.pk, address="10.0.1.9")  # another match has room
    assert 'id="live"' in first["text"]
    for socket in [*watchers, player, elsewhere]:
        await socket.disconnect()


@pytest.mark.production_path
async def test_a_move_is_drawn_once_for_all_its_watchers_and_once_for_the_seat_being_read(
    monkeypatch, settings
):
    settings.MATCH_SOCKETS_PER_MATCH = 100
    match, tokens, sessions = await _table()
    watchers = [(await _open(match.pk, address=f"10.0.2.{n}"))[0] for n in range(50)]
    player = (await _open(match.pk, session_key=sessions[1]))[0]
    renders = []
    for name in ("public_html", "private_html", "live_html"):
        original = getattr(rendering, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            renders.append(_name if _name != "private_html" else (_name, args[1]))
            return _original(*args, **kwargs)

        monkeypatch.setattr(rendering, name, counted)

    def move():
        engine = get_engine("test-cards")
        state = services.match_state(match=Match.objects.get(pk=match.pk))
        action = engine.legal_actions(state, 0)[0]
        services.match_submit_action(match_id=match.pk, seat=0, action=action, token=tokens[0])

    await database_sync_to_async(move)()
    for socket in [*watchers, player]:
        pushed = await socket.receive_from(timeout=5)
        assert 'data-version="1"' in pushed
    # One public fragment for the fifty watchers and the player; a private one for seat 1 alone
    # (seat 0 has no page open); no socket drew anything of its own.
    assert sorted(renders, key=str) == sorted(["public_html", ("private_html", 1)], key=str)
    for socket in [*watchers, player]:
        await socket.disconnect()
