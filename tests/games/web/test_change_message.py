"""A move made in one process reaches the open pages held by another, whose sockets draw it
from the rows the change message carried, without a single database query, decoding them once
for the whole process. Production path: two real processes on PostgreSQL and Redis; on both
modes: one process standing in for the other (it forgets what its moves wrote), on a Redis of
the test's own."""

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connection, connections
from django.db.backends.utils import CursorWrapper

from games import changes, rendering, services
from games.engines import get_engine
from games.live import snapshots
from games.models import Match
from plateful.asgi import application
from tests.games.web.leaks import leaked_cards
from tests.games.web.renders import count_shared_renders, same
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]

# The other process: the worker that took the move's request.
MOVE = """
import json, sys
import django
django.setup()
from games import changes, services
from games.live import snapshots
if sys.argv[1] == "bare":
    snapshots.PAYLOAD_LIMIT = 0  # rows too big to carry: the message goes bare
move = json.loads(sys.argv[2])
services.match_submit_action(match_id=move["match"], seat=move["seat"], action=move["action"],
                             token=move["token"])
"""


def _cross_process() -> bool:
    backend = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return connection.vendor == "postgresql" and "channels_redis" in backend


def _next_move(match_id: str) -> tuple[int, dict]:
    """The first legal move of the first seat to play."""
    match = Match.objects.get(pk=match_id)
    engine, state = get_engine(match.game), services.match_state(match=match)
    seat = next(seat for seat in engine.to_move(state) if seat is not None)
    return seat, engine.legal_actions(state, seat)[0]


def _hidden(match_id: str) -> dict:
    """Each seat's (and a spectator's) cards it may not see, as the match stands."""
    match = Match.objects.get(pk=match_id)
    engine, state = get_engine(match.game), services.match_state(match=match)
    return {seat: engine.hidden_cards(state, seat) for seat in (*range(match.seats), None)}


def _move_in_another_process(match_id: str, seat: int, action: dict, token: str, *, carry: bool) -> None:
    db = connection.settings_dict
    address = f"{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{address}",
        "GAMES_SCHEDULER": "0",
        "DJANGO_SETTINGS_MODULE": "plateful.settings",
    }
    move = json.dumps({"match": match_id, "seat": seat, "action": action, "token": token})
    subprocess.run(
        [sys.executable, "-c", MOVE, "carry" if carry else "bare", move],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=60,
    )


async def _connect(match_id, session_key=None):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    socket = WebsocketCommunicator(application, f"/ws/play/{match_id}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


def _version(html: str) -> int:
    return int(re.search(r'id="live"[^>]*data-version="(\d+)"', html).group(1))


@pytest.fixture
def queries(monkeypatch):
    """Every SQL statement this process runs, in any thread (the sockets draw in their own)
    but one called "mover"."""
    ran: list[str] = []
    lock = threading.Lock()
    real = CursorWrapper._execute_with_wrappers

    def counted(self, sql, params, many, executor):
        if threading.current_thread().name != "mover":
            with lock:
                ran.append(sql)
        return real(self, sql, params, many, executor)

    monkeypatch.setattr(CursorWrapper, "_execute_with_wrappers", counted)
    return ran


@pytest.mark.production_path
async def test_another_process_draws_a_move_from_the_message_without_a_query(queries, monkeypatch):
    if not _cross_process():
        pytest.skip("needs PostgreSQL and the Redis channel layer (two processes)")
    match, tokens, sessions = await database_sync_to_async(table_create)("food-war", ("human",) * 4, seed=5)
    sockets = {seat: await _connect(match.pk, sessions[seat]) for seat in range(4)}
    sockets[None] = await _connect(match.pk)  # a spectator
    for socket in sockets.values():
        assert _version(await socket.receive_from()) == 0
    decoded = []
    real_decode = snapshots.rows_from_payload
    monkeypatch.setattr(snapshots, "rows_from_payload", lambda p: decoded.append(p) or real_decode(p))
    shared_renders = count_shared_renders(monkeypatch)
    move = database_sync_to_async(_move_in_another_process)

    seat, action = await database_sync_to_async(_next_move)(match.pk)
    queries.clear()  # from here on: only what this process does with the change
    await move(match.pk, seat, action, tokens[seat], carry=True)
    drawn = {seat: await socket.receive_from(timeout=10) for seat, socket in sockets.items()}
    assert queries == []
    assert len(decoded) == 1  # one decode for the process, not one per socket
    # The part every reader shares came drawn with the message: this process drew only each
    # reader's own pieces, and each page is the page this process would draw by itself.
    assert shared_renders == []
    fresh = await database_sync_to_async(_drawn_here)(match.pk, list(drawn))
    hidden = await database_sync_to_async(_hidden)(match.pk)
    for seat, html in drawn.items():
        assert _version(html) == 1
        assert not leaked_cards(html, hidden[seat])
        assert same(html) == same(fresh[seat])

    # The next move's rows too big to carry: the message goes bare and this process reads.
    seat, action = await database_sync_to_async(_next_move)(match.pk)
    queries.clear()
    await move(match.pk, seat, action, tokens[seat], carry=False)
    for socket in sockets.values():
        assert _version(await socket.receive_from(timeout=10)) == 2
    assert any("games_match" in sql for sql in queries)
    assert len(decoded) == 1
    assert shared_renders == ["games/play.html#live"]  # drawn here, once for every socket
    for socket in sockets.values():
        await socket.disconnect()


def _drawn_here(match_id: str, readers: list) -> dict:
    """Each reader's page as this process draws it alone, from a fresh read."""
    match = Match.objects.get(pk=match_id)
    return {reader: rendering.whole_live_html(match, reader, oob=True) for reader in readers}


def _move_here_as_another_process(match_id: str, seat: int, action: dict, token: str) -> None:
    """The move, in a thread of its own, announced without keeping its rows in this process."""
    others = [s for s in changes._subscribers if s is not snapshots.remember_change]

    def move() -> None:
        try:
            services.match_submit_action(match_id=match_id, seat=seat, action=action, token=token)
        finally:
            connections.close_all()  # this thread's own connection must not outlive the test

    mover = threading.Thread(target=move, name="mover")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(changes, "_subscribers", others)
        mover.start()
        mover.join(timeout=30)


async def test_sockets_draw_a_carried_change_from_one_decode_without_a_query(
    private_redis, queries, monkeypatch
):
    match, tokens, sessions = await database_sync_to_async(table_create)("test-cards", ("human",) * 2, seed=3)
    sockets = {seat: await _connect(match.pk, sessions[seat]) for seat in range(2)}
    sockets[None] = await _connect(match.pk)
    for socket in sockets.values():
        assert _version(await socket.receive_from()) == 0
    decoded = []
    real_decode = snapshots.rows_from_payload
    monkeypatch.setattr(snapshots, "rows_from_payload", lambda p: decoded.append(p) or real_decode(p))
    seat, action = await database_sync_to_async(_next_move)(match.pk)
    snapshots._SNAPSHOTS.clear()  # what the other process holds of this match: nothing new
    queries.clear()
    await asyncio.to_thread(_move_here_as_another_process, match.pk, seat, action, tokens[seat])
    drawn = {seat: await socket.receive_from(timeout=10) for seat, socket in sockets.items()}
    assert queries == [] and len(decoded) == 1
    hidden = await database_sync_to_async(_hidden)(match.pk)
    for seat, html in drawn.items():
        assert _version(html) == 1 and not leaked_cards(html, hidden[seat])
    for socket in sockets.values():
        await socket.disconnect()
