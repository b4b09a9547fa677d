"""The live match socket (Channels WebsocketCommunicator against the real ASGI app)."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import scheduler, services
from games.engines import get_engine
from games.live import consumers
from games.models import Match, MatchAction
from plateful.asgi import application
from tests.games.web.leaks import leaked_cards
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]


@database_sync_to_async
def _table(game="test-cards", kinds=("human", "human"), deck=None):
    return table_create(game, kinds, seed=3, deck=deck)


async def _connect(match_id, session_key=None, query=""):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    communicator = WebsocketCommunicator(application, f"/ws/play/{match_id}/{query}", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def _version(html):
    return int(re.search(r'id="live"[^>]*data-version="(\d+)"', html).group(1))


async def _answer(socket) -> str:
    """A move made over this socket: its answer is the move's frame (the public fragment and the
    mover's own, as every page of the seat gets it), then the marker, a frame of its own."""
    view = await socket.receive_from()
    assert await socket.receive_from() == consumers.MOVE_ANSWERED
    return view


@database_sync_to_async
def _state(match_id):
    match = Match.objects.get(pk=match_id)
    return match, services.match_state(match=match)


async def test_each_seat_gets_its_own_view_and_never_another_seats_hand():
    match, tokens, sessions = await _table()
    engine = get_engine("test-cards")
    _, state = await _state(match.pk)
    for seat in (0, 1):
        socket = await _connect(match.pk, sessions[seat])
        html = await socket.receive_from()
        assert 'hx-swap-oob="true"' in html and _version(html) == 0
        for card in state["hands"][seat]:
            assert f"/cards/chomp/240/{card}.webp" in html
        assert not leaked_cards(html, engine.hidden_cards(state, seat))
        await socket.disconnect()
    spectator = await _connect(match.pk)
    html = await spectator.receive_from()
    assert "You are watching this game." in html
    assert not leaked_cards(html, engine.hidden_cards(state, None))
    await spectator.disconnect()


async def test_a_move_over_the_socket_reaches_every_seat_and_a_reconnect_resyncs():
    match, tokens, sessions = await _table()
    first, second = await _connect(match.pk, sessions[0]), await _connect(match.pk, sessions[1])
    await first.receive_from(), await second.receive_from()
    _, state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    await first.send_to(
        text_data=json.dumps({"action": json.dumps(action), "HEADERS": {"HX-Request": "true"}})
    )
    assert _version(await _answer(first)) == 1
    pushed = await second.receive_from()
    assert _version(pushed) == 1 and "P0 played" in pushed and "You still hold" not in pushed
    await second.disconnect()
    again = await _connect(match.pk, sessions[1])
    html = await again.receive_from()
    assert _version(html) == 1 and "Your turn!" in html
    await again.disconnect()
    await first.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        "[1, 2]",
        json.dumps({"nothing": 1}),
        json.dumps({"action": "{bad"}),
        json.dumps({"action": 5}),
        json.dumps({"action": {"type": "play", "card": "shark-1", "version": 0}, "seat": 1}),
        "x" * 10000,
    ],
)
async def test_malformed_or_forged_frames_get_an_error_frame_and_change_nothing(frame):
    match, tokens, sessions = await _table()
    socket = await _connect(match.pk, sessions[0])
    await socket.receive_from()
    await socket.send_to(text_data=frame)
    reply = await socket.receive_from()
    assert 'id="flash"' in reply and 'role="alert"' in reply
    assert await database_sync_to_async(MatchAction.objects.count)() == 0
    await socket.disconnect()


async def test_a_stale_move_is_too_late_and_a_spectator_cannot_move():
    match, tokens, sessions = await _table()
    socket = await _connect(match.pk, sessions[0])
    await socket.receive_from()
    _, state = await _state(match.pk)
    action = {**get_engine("test-cards").legal_actions(state, 0)[0], "version": 9}
    await socket.send_to(text_data=json.dumps({"action": action}))
    assert "The game moved on before your move arrived." in await socket.receive_from()
    watcher = await _connect(match.pk)
    await watcher.receive_from()
    await watcher.send_to(text_data=json.dumps({"action": {**action, "version": 0}}))
    assert "watching" in await watcher.receive_from()
    await watcher.disconnect()
    await socket.disconnect()


async def test_a_forged_or_foreign_token_and_a_missing_match_are_refused():
    match, tokens, sessions = await _table()
    other, other_tokens, _ = await _table()
    for query in ("?token=forged", f"?token={other_tokens[0]}"):
        socket = await _connect(match.pk, query=query)
        assert "seat token isn&#x27;t for this game" in await socket.receive_from()
        assert (await socket.receive_output())["code"] == 4403
    socket = await _connect("no-such-match")
    assert "no game" in await socket.receive_from()
    assert (await socket.receive_output())["code"] == 4404


async def test_a_seat_token_in_the_query_picks_the_seat():
    match, tokens, sessions = await _table()
    socket = await _connect(match.pk, query=f"?token={tokens[1]}")
    html = await socket.receive_from()
    _, state = await _state(match.pk)
    assert all(card in html for card in state["hands"][1])
    await socket.disconnect()


@pytest.mark.production_path
async def test_a_slap_first_wins_the_pile_a_bad_chomp_costs_a_point_and_a_late_slap_is_too_late():
    deck = ["seal-1", "shark-1", "shrimp-1", "shrimp-2", "shrimp-3", "shrimp-4", "shrimp-5", "shrimp-6"]
    match, tokens, sessions = await _table(game="test-slap", kinds=("human", "human"), deck=deck)
    me, rival = await _connect(match.pk, sessions[0]), await _connect(match.pk, sessions[1])
    await me.receive_from(), await rival.receive_from()
    submit = database_sync_to_async(services.match_submit_action)

    async def flip(version: int) -> None:  # the table's own move, as its timer plays it
        action = {"type": "flip", "after_ms": 400, "version": version}
        await submit(match_id=match.pk, seat=None, action=action, trusted=True)

    await flip(0)
    await me.receive_from(), await rival.receive_from()
    await me.send_to(text_data=json.dumps({"action": {"type": "slap", "version": 1}}))  # a Seal: Bad Chomp
    assert "You made a Bad Chomp on Seal" in await _answer(me)
    await rival.receive_from()
    await flip(2)
    await me.receive_from(), await rival.receive_from()
    await me.send_to(text_data=json.dumps({"action": {"type": "slap", "version": 3}}))
    await rival.send_to(text_data=json.dumps({"action": {"type": "slap", "version": 3}}))
    mine = await _answer(me)
    assert "You chomped the pile!" in mine
    replies = [await rival.receive_from(), await rival.receive_from()]
    assert any("moved on before your move arrived" in reply for reply in replies)  # the HTTP words
    final, _ = await _state(match.pk)
    assert final.state["scores"] == [1, 0] and final.state["won"][0] == ["seal-1", "shark-1"]
    await me.disconnect()
    await rival.disconnect()


async def test_server_side_bots_move_after_a_short_delay_and_the_page_updates(settings):
    settings.GAMES_SCHEDULER = True
    settings.GAMES_BOT_DELAY_MS = 30
    match, tokens, sessions = await _table(kinds=("human", "bot"))
    socket = await _connect(match.pk, sessions[0])
    await socket.receive_from()
    _, state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    await socket.send_to(text_data=json.dumps({"action": action}))
    assert _version(await _answer(socket)) == 1
    html = await socket.receive_from(timeout=3)  # the bot's move, pushed without asking
    assert _version(html) == 2 and "Your turn!" in html
    await socket.disconnect()
    await scheduler.shutdown()


async def test_an_overdue_bot_move_resumes_when_a_page_connects(settings):
    """A server restart loses its timers: the next socket that opens finds the overdue move."""
    settings.GAMES_BOT_DELAY_MS = 30
    match, tokens, sessions = await _table(kinds=("bot", "human"))  # the bot moves first
    assert (await _state(match.pk))[0].version == 0  # nothing ran it (scheduler off)
    settings.GAMES_SCHEDULER = True
    socket = await _connect(match.pk, sessions[1])
    assert _version(await socket.receive_from()) == 0
    assert _version(await socket.receive_from(timeout=3)) == 1
    await socket.disconnect()
    await scheduler.shutdown()


async def test_after_a_move_every_seat_redraws_without_reading_the_database(monkeypatch):
    from games.live.consumers import MatchConsumer

    match, tokens, sessions = await _table(kinds=("human", "human", "human"))
    sockets = [await _connect(match.pk, sessions[seat]) for seat in (0, 1, 2)]
    for socket in sockets:
        await socket.receive_from()
    reads = []
    original = MatchConsumer._render

    def counted(self):
        reads.append(self.seat)
        return original(self)

    monkeypatch.setattr(MatchConsumer, "_render", counted)
    _, state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    await database_sync_to_async(services.match_submit_action)(
        match_id=match.pk, seat=0, action=action, token=tokens[0]
    )
    for seat, socket in enumerate(sockets):
        html = await socket.receive_from()
        assert _version(html) == 1
        assert ("Your turn!" in html) == (seat == 1)
    assert reads == []  # the move's own rows were enough: no socket read the match again
    for socket in sockets:
        await socket.disconnect()


async def _move_over_http(match_id, session_key, seat, action):
    """A move posted as htmx posts it (the page's fallback while its socket is down)."""

    def post():
        client = Client()
        client.cookies["sessionid"] = session_key
        return client.post(
            f"/play/{match_id}/move/",
            {"seat": seat, "action": json.dumps(action)},
            headers={"HX-Request": "true"},
        )

    return await database_sync_to_async(post)()


async def test_a_move_over_htmx_is_pushed_to_every_open_page_the_movers_own_included():
    match, tokens, sessions = await _table()
    tab_a, tab_b = await _connect(match.pk, sessions[0]), await _connect(match.pk, sessions[0])
    classmate = await _connect(match.pk, sessions[1])
    for socket in (tab_a, tab_b, classmate):
        await socket.receive_from()
    _, state = await _state(match.pk)
    action = get_engine("test-cards").legal_actions(state, 0)[0]
    answer = await _move_over_http(match.pk, sessions[0], 0, action)
    assert answer.status_code == 200 and _version(answer.content.decode()) == 1
    # The page that moved gets the push too (play.js skips a version it already shows), the
    # same frame as the seat's other tab; the classmate its own.
    sockets = {"a": tab_a, "b": tab_b, "c": classmate}
    pushed = {name: await socket.receive_from() for name, socket in sockets.items()}
    assert all(_version(html) == 1 for html in pushed.values())
    assert pushed["a"] == pushed["b"] and 'data-viewer="0"' in pushed["a"]
    assert 'data-viewer="1"' in pushed["c"] and "Your turn!" in pushed["c"]
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()


async def test_moves_made_while_a_page_is_drawn_never_take_it_back_to_an_older_version(monkeypatch):
    """The socket joins its groups before it draws its page: the fragments of moves made
    meanwhile come after the page, and those older than what it shows are not forwarded."""
    from games.live.consumers import MatchConsumer

    match, tokens, sessions = await _table()
    original = MatchConsumer._render
    moved = []

    def three_moves_then_draw(self):
        if not moved:  # while this socket draws its first page (in the render thread)
            engine = get_engine("test-cards")
            for _ in range(3):
                match_now = Match.objects.get(pk=match.pk)
                state = services.match_state(match=match_now)
                seat = next(s for s in engine.to_move(state) if s is not None)
                action = engine.legal_actions(state, seat)[0]
                services.match_submit_action(match_id=match.pk, seat=seat, action=action, token=tokens[seat])
                moved.append(seat)
        return original(self)

    monkeypatch.setattr(MatchConsumer, "_render", three_moves_then_draw)
    player = await _connect(match.pk, sessions[1])
    versions = [_version(await player.receive_from(timeout=3))]
    while not await player.receive_nothing(timeout=0.5):
        versions.append(_version(await player.receive_from()))
    assert len(moved) == 3
    assert versions[0] == 3 and all(version == 3 for version in versions)  # 1 and 2: never sent
    await player.disconnect()
