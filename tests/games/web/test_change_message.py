"""After a move commits, the process that made it draws it once (games.live.broadcast): the public
fragment for the language its pages read, each seat's private fragment for the browser that holds
the seat. A socket only forwards them: a watcher the public fragment, a seat the two as one frame,
without a query nor a render of its own. Nobody reading the match: nothing is drawn. Production
path: the move made in another process (PostgreSQL and Redis), the pages open in this one."""

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
from django.db import connection
from django.db.backends.utils import CursorWrapper

from games import rendering, services
from games.engines import get_engine
from games.live.consumers import MatchConsumer
from games.models import Match
from plateful.asgi import application
from tests.games.web import fragments
from tests.games.web.leaks import leaked_cards
from tests.tables import table_create

pytestmark = [pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]
# A countdown's time left is read when a page is drawn: not part of a comparison.
_COUNTDOWN = re.compile(r'data-ms="\d+"|>\d+</span> s')

# The other process: the worker that took the move's request (and draws it).
MOVE = """
import json, sys
import django
django.setup()
from games import services
move = json.loads(sys.argv[1])
services.match_submit_action(match_id=move["match"], seat=move["seat"], action=move["action"],
                             token=move["token"])
"""


@pytest.fixture
def in_memory_layer(settings):
    """One process: the in-memory channel layer, whatever the environment names."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def queries(monkeypatch):
    """Every SQL statement this process runs, in any thread (the sockets' included), but those
    of a move made by `_move` (the process that made the change draws it: that is not the
    receiving side)."""
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


@pytest.fixture
def renders(monkeypatch):
    """The fragments and pages this process draws: ("public", None), ("private", seat) and
    ("page", seat) (a socket drawing its own page)."""
    drawn: list[tuple[str, int | None]] = []
    public, private, page = rendering.public_html, rendering.private_html, rendering.live_html

    def counted_public(rows, **kwargs):
        drawn.append(("public", None))
        return public(rows, **kwargs)

    def counted_private(rows, seat, slots):
        drawn.append(("private", seat))
        return private(rows, seat, slots)

    def counted_page(match, seat, **kwargs):
        drawn.append(("page", seat))
        return page(match, seat, **kwargs)

    monkeypatch.setattr(rendering, "public_html", counted_public)
    monkeypatch.setattr(rendering, "private_html", counted_private)
    monkeypatch.setattr(rendering, "live_html", counted_page)
    return drawn


def _same(html: str) -> str:
    return _COUNTDOWN.sub("", html)


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


def _expected(match_id: str, readers: list) -> dict:
    """Each reader's frame as the match stands: the public fragment, then (a seat's) its own."""
    rows = rendering.read_rows(Match.objects.get(pk=match_id))
    public, slots = rendering.public_html(rows)
    return {r: public if r is None else public + rendering.private_html(rows, r, slots) for r in readers}


@database_sync_to_async
def _move(match_id: str, tokens: dict) -> int:
    """The next move, made in this process as a request would make it (its thread is "mover"
    while it runs: its queries and the broadcast's are the sending side's). The seat that moved."""
    thread = threading.current_thread()
    name, thread.name = thread.name, "mover"
    try:
        seat, action = _next_move(match_id)
        services.match_submit_action(match_id=match_id, seat=seat, action=action, token=tokens[seat])
    finally:
        thread.name = name
    return seat


async def _connect(match_id, session_key=None, query=""):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if session_key:
        headers.append((b"cookie", f"sessionid={session_key}".encode()))
    socket = WebsocketCommunicator(application, f"/ws/play/{match_id}/{query}", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from()  # its page, drawn for it
    return socket


@database_sync_to_async
def _table(game="test-cards", humans=2, seed=3):
    return table_create(game, ("human",) * humans, seed=seed)


async def test_a_watcher_gets_the_public_fragment_and_a_seat_both_in_one_frame_without_a_query(
    in_memory_layer, queries, renders
):
    match, tokens, sessions = await _table()
    sockets = {seat: await _connect(match.pk, sessions[seat]) for seat in range(2)}
    sockets[None] = await _connect(match.pk)  # a watcher
    queries.clear()
    renders.clear()
    await _move(match.pk, tokens)
    drawn = {reader: await socket.receive_from(timeout=5) for reader, socket in sockets.items()}
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.3)  # one frame each, nothing after it
    assert queries == []  # the sockets forwarded what they got: no read
    # Drawn once by the process that moved: the public fragment, each seat's own; no page.
    assert sorted(renders, key=str) == [("private", 0), ("private", 1), ("public", None)]
    expected = await database_sync_to_async(_expected)(match.pk, list(sockets))
    hidden = await database_sync_to_async(_hidden)(match.pk)
    public = expected[None]
    for reader, frame in drawn.items():
        assert frame == expected[reader]
        assert frame.startswith(public) and not leaked_cards(frame, hidden[reader])
        # A seat's own part: whose page it is, then its pieces, swapped into the public part.
        ids = [element_id for element_id, _html in fragments.top_elements(frame[len(public) :])]
        if reader is None:
            assert ids == []
        else:
            assert ids[0] == "viewer" and len(ids) > 1 and all(f'id="{i}"' in public for i in ids[1:])
    for socket in sockets.values():
        await socket.disconnect()


async def test_a_seats_private_fragment_reaches_only_the_pages_that_hold_its_seat(
    in_memory_layer, monkeypatch
):
    from django.contrib.sessions.backends.db import SessionStore

    match, tokens, sessions = await _table(humans=3)

    def another_browser() -> str:  # a browser with a session of its own, and no seat here
        session = SessionStore()
        session["something"] = 1
        session.save()
        return session.session_key

    got_private = []  # the sockets a frame with a seat's private part reached (on the server)
    forward = MatchConsumer.match_fragment

    async def spied(self, message):
        if 'id="viewer"' in message["html"]:
            got_private.append((self.seat, self.token))
        await forward(self, message)

    monkeypatch.setattr(MatchConsumer, "match_fragment", spied)
    sockets = {
        "seat 1": await _connect(match.pk, sessions[1]),
        "seat 1, by its token": await _connect(match.pk, query=f"?token={tokens[1]}"),
        "seat 2": await _connect(match.pk, sessions[2]),
        "another browser": await _connect(match.pk, await database_sync_to_async(another_browser)()),
        "no session": await _connect(match.pk),
    }
    mover = await _move(match.pk, tokens)
    assert mover == 0  # seat 0 has no page open: nobody gets its fragment
    drawn = {name: await socket.receive_from(timeout=5) for name, socket in sockets.items()}
    expected = await database_sync_to_async(_expected)(match.pk, [None, 1, 2])
    assert drawn["seat 1"] == drawn["seat 1, by its token"] == expected[1]
    assert drawn["seat 2"] == expected[2]
    assert drawn["another browser"] == drawn["no session"] == expected[None]
    assert sorted(got_private) == sorted([(1, tokens[1]), (1, tokens[1]), (2, tokens[2])])
    state = await database_sync_to_async(lambda: services.match_state(match=Match.objects.get(pk=match.pk)))()
    for name in ("another browser", "no session"):
        assert 'id="viewer"' not in drawn[name]
        assert not any(f"/{card}.webp" in drawn[name] for card in state["hands"][1] + state["hands"][2])
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()


async def test_a_move_nobody_reads_is_not_drawn(in_memory_layer, renders):
    match, tokens, sessions = await _table()
    await _move(match.pk, tokens)  # no page open: no socket noted itself
    assert renders == []
    # Once a page is open (a watcher), the next move is drawn for it: the public fragment alone.
    watcher = await _connect(match.pk)
    renders.clear()
    await _move(match.pk, tokens)
    assert renders == [("public", None)]
    assert 'data-version="2"' in await watcher.receive_from(timeout=5)
    await watcher.disconnect()


def _move_in_another_process(match_id: str, seat: int, action: dict, token: str) -> None:
    db = connection.settings_dict
    address = f"{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{address}",
        "GAMES_SCHEDULER": "0",
        "DJANGO_SETTINGS_MODULE": "plateful.settings",
    }
    move = json.dumps({"match": match_id, "seat": seat, "action": action, "token": token})
    subprocess.run([sys.executable, "-c", MOVE, move], cwd=ROOT, env=env, check=True, timeout=60)


@pytest.mark.production_path
async def test_a_move_made_in_another_process_reaches_this_ones_pages_drawn_there(queries, renders):
    if not _cross_process():
        pytest.skip("needs PostgreSQL and the Redis channel layer (two processes)")
    match, tokens, sessions = await _table(game="food-war", humans=4, seed=5)
    sockets = {seat: await _connect(match.pk, sessions[seat]) for seat in range(4)}
    sockets[None] = await _connect(match.pk)  # a spectator
    seat, action = await database_sync_to_async(_next_move)(match.pk)
    queries.clear()  # from here on: only what this process does with the change
    renders.clear()
    await database_sync_to_async(_move_in_another_process)(match.pk, seat, action, tokens[seat])
    drawn = {reader: await socket.receive_from(timeout=10) for reader, socket in sockets.items()}
    assert queries == [] and renders == []  # the other process drew it; here, only forwarded
    expected = await database_sync_to_async(_expected)(match.pk, list(sockets))
    hidden = await database_sync_to_async(_hidden)(match.pk)
    for reader, frame in drawn.items():
        assert 'data-version="1"' in frame and not leaked_cards(frame, hidden[reader])
        assert _same(frame) == _same(expected[reader])
    for socket in sockets.values():
        assert await socket.receive_nothing(timeout=0.3)
        await socket.disconnect()
