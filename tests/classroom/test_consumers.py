"""The live class sockets: the teacher's dashboard and projector, and a student's class bar."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from classroom import live, roster, services
from classroom.models import TableMatch
from games import services as games
from games.engines import get_engine
from plateful.asgi import application
from tests.classroom.conftest import duel_session, join, make_teacher

pytestmark = [pytest.mark.django_db(transaction=True)]


async def _connect(path: str, browser: Client | None = None):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if browser is not None and "sessionid" in browser.cookies:
        headers.append((b"cookie", f"sessionid={browser.cookies['sessionid'].value}".encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect()
    assert connected
    return socket


@database_sync_to_async
def _class(names=("Ana",)):
    teacher = make_teacher()
    browser = Client()
    browser.force_login(teacher)
    session = duel_session(teacher)
    students = {name: join(session, name) for name in names}
    return teacher, browser, session, students


@database_sync_to_async
def _join(session, name):
    return join(session, name)


@database_sync_to_async
def _student_moves(session, name):
    """The student plays a legal move at their table (the table reveals first if it must)."""
    table = TableMatch.objects.get(session=session, current=True)
    seat = next(s for s in table.seats.select_related("student") if s.student and s.student.nickname == name)
    engine = get_engine("duel")
    for _ in range(5):
        match = games.match_get(match_id=table.match_id)
        state = games.match_state(match=match)
        if seat.seat in engine.to_move(state):
            action = engine.legal_actions(state, seat.seat)[0]
            games.match_submit_action(match_id=match.pk, seat=seat.seat, action=action, token=seat.token)
            return games.match_get(match_id=match.pk).version
        if None in engine.to_move(state):
            action = engine.legal_actions(state, None)[0]
            games.match_submit_action(match_id=match.pk, seat=None, action=action, trusted=True)
        else:
            bot = next(iter(engine.to_move(state)))
            games.match_submit_action(
                match_id=match.pk, seat=bot, action=engine.legal_actions(state, bot)[0], trusted=True
            )
    raise AssertionError("the student never got a turn")


async def test_the_dashboard_shows_arrivals_and_moves_without_a_reload(settings):
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 50
    teacher, browser, session, students = await _class()
    dashboard = await _connect(f"/ws/teach/{session.pk}/dashboard/", browser)
    first = await dashboard.receive_from()
    assert 'id="dashboard"' in first and 'hx-swap-oob="true"' in first and "Ana" in first
    await _join(session, "Ben")
    assert "Ben" in await dashboard.receive_from(timeout=3)
    await database_sync_to_async(services.session_start)(session=session)
    started = await dashboard.receive_from(timeout=3)
    assert "Table 1" in started
    version = await _student_moves(session, "Ana")
    pushed = await dashboard.receive_from(timeout=3)
    while f'data-version="{version}"' not in pushed:  # a bot's reveal may come first
        pushed = await dashboard.receive_from(timeout=3)
    await dashboard.disconnect()


async def test_a_burst_of_changes_makes_one_redraw(settings):
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 300
    teacher, browser, session, students = await _class()
    dashboard = await _connect(f"/ws/teach/{session.pk}/dashboard/", browser)
    await dashboard.receive_from()
    layer = get_channel_layer()
    for _ in range(30):  # thirty students moving at once
        await layer.group_send(live.teacher_group(session.pk), {"type": "class.changed", "activity": True})
    await dashboard.receive_from(timeout=3)
    assert await dashboard.receive_nothing(timeout=0.8)
    await dashboard.disconnect()


async def test_a_change_of_the_class_state_is_drawn_at_once_even_behind_a_burst_of_moves(settings):
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 3000
    teacher, browser, session, students = await _class()
    dashboard = await _connect(f"/ws/teach/{session.pk}/dashboard/", browser)
    await dashboard.receive_from()
    layer = get_channel_layer()
    group = live.teacher_group(session.pk)
    for _ in range(10):
        await layer.group_send(group, {"type": "class.changed", "activity": True})
    await layer.group_send(group, {"type": "class.changed", "activity": False})  # e.g. the end
    await dashboard.receive_from(timeout=1)  # not after the moves' 3 s
    assert await dashboard.receive_nothing(timeout=0.5)  # the moves were drawn with it
    await dashboard.disconnect()


async def test_only_the_sessions_teacher_gets_its_dashboard():
    teacher, browser, session, students = await _class()
    anonymous = await _connect(f"/ws/teach/{session.pk}/dashboard/")
    assert (await anonymous.receive_output())["code"] == 4403
    other = Client()
    await sync_to_async(other.force_login)(await database_sync_to_async(make_teacher)("mr-okafor"))
    stranger = await _connect(f"/ws/teach/{session.pk}/projector/", other)
    assert (await stranger.receive_output())["code"] == 4403
    student_browser = students["Ana"][0]
    student = await _connect(f"/ws/teach/{session.pk}/dashboard/", student_browser)
    assert (await student.receive_output())["code"] == 4403


async def test_the_projector_lists_arrivals_and_never_a_card(settings):
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 50
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    projector = await _connect(f"/ws/teach/{session.pk}/projector/", browser)
    html = await projector.receive_from()
    assert 'id="projector-live"' in html and "Ana" in html and "Ben" in html
    await database_sync_to_async(services.session_start)(session=session)
    html = await projector.receive_from(timeout=3)
    assert "At the tables" in html and "class-progress" in html  # "Top players" once a game ends
    assert "/cards/" not in html and ".png" not in html
    await projector.disconnect()


async def test_a_students_bar_follows_pause_and_seating():
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    ana_browser = students["Ana"][0]
    bar = await _connect(f"/ws/class/{session.code}/", ana_browser)
    html = await bar.receive_from()
    assert 'id="class-bar-live"' in html and 'data-kind="waiting"' in html
    await database_sync_to_async(services.session_set_paused)(session=session, paused=True)
    assert "paused-screen" in await bar.receive_from(timeout=3)
    await database_sync_to_async(services.session_set_paused)(session=session, paused=False)
    assert "paused-screen" not in await bar.receive_from(timeout=3)
    await database_sync_to_async(services.session_start)(session=session)
    seated = await bar.receive_from(timeout=3)
    assert 'data-kind="table"' in seated and 'data-place="/play/' in seated
    await bar.disconnect()


async def test_a_stranger_gets_no_class_bar():
    teacher, browser, session, students = await _class()
    socket = await _connect(f"/ws/class/{session.code}/", Client())
    assert "haven" in await socket.receive_from()
    assert (await socket.receive_output())["code"] == 4403


@pytest.mark.production_path
async def test_joining_and_the_dashboard_push_on_the_production_path(settings):
    """PostgreSQL + the Redis channel layer and cache (scripts/test runs this on both)."""
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 50
    teacher, browser, session, students = await _class()
    dashboard = await _connect(f"/ws/teach/{session.pk}/dashboard/", browser)
    assert "Ana" in await dashboard.receive_from(timeout=5)
    kid = Client()
    response = await sync_to_async(kid.post)(
        "/join", {"code": session.code, "nickname": "Zoë", "action": "join"}
    )
    assert response.status_code == 302
    pushed = await dashboard.receive_from(timeout=5)
    assert "Zoë" in pushed
    await database_sync_to_async(services.session_start)(session=session)
    assert "Table 1" in await dashboard.receive_from(timeout=5)
    version = await _student_moves(session, "Ana")
    deadline = asyncio.get_running_loop().time() + 10
    while True:
        pushed = await dashboard.receive_from(timeout=5)
        if f'data-version="{version}"' in pushed or asyncio.get_running_loop().time() > deadline:
            break
    assert f'data-version="{version}"' in pushed
    await dashboard.disconnect()


@database_sync_to_async
def _seated(session, students, name=None, table=None):
    """A student's current table and their browser, holding the seat's token (the class page
    hands it over). `table`: any student seated at that table."""
    tables = TableMatch.objects.filter(session=session, current=True)
    if name is None:
        name = tables.get(table=table).seats.filter(student__isnull=False).first().student.nickname
    browser = students[name][0]
    browser.get(f"/class/{session.code}/")
    return tables.get(seats__student__nickname=name), name, browser


@database_sync_to_async
def _hidden_from_watchers(match_id):
    match = games.match_get(match_id=match_id)
    return get_engine(match.game).hidden_cards(games.match_state(match=match), None)


async def _frames(socket, timeout=1.0):
    frames = []
    while not await socket.receive_nothing(timeout=timeout):
        frames.append(await socket.receive_output())
    return frames


def _leaked(text, hidden):
    return set(re.findall(r"[A-Za-z0-9_-]+", text)) & set(hidden)


@pytest.mark.production_path  # "match.seats_changed" through Redis too
async def test_a_removed_students_open_match_socket_gets_a_notice_and_closes_and_no_more_cards():
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    await database_sync_to_async(services.session_start)(session=session)
    table, _name, ana_browser = await _seated(session, students, "Ana")
    socket = await _connect(f"/ws/play/{table.match_id}/", ana_browser)
    assert "data-version=" in await socket.receive_from()
    await database_sync_to_async(roster.student_remove)(session=session, student_id=students["Ana"][1].pk)
    await _student_moves(session, "Ben")  # the game goes on, a bot in Ana's seat
    hidden = await _hidden_from_watchers(table.match_id)
    frames = await _frames(socket)
    texts = [frame["text"] for frame in frames if frame["type"] == "websocket.send"]
    for text in texts:
        assert not _leaked(text, hidden), "the removed student's page got cards after the removal"
    assert any("You are no longer playing at this table" in text for text in texts)
    assert any("took you out" in text for text in texts)
    assert frames[-1] == {"type": "websocket.close", "code": 4403}


@pytest.mark.production_path  # "match.seats_changed" through Redis too
async def test_a_moved_students_old_table_socket_becomes_a_watchers_one():
    teacher, browser, session, students = await _class(("Ana", "Ben", "Cal"))
    await database_sync_to_async(services.session_start)(session=session)
    # Tables of 2 and 1 (with a bot): someone at the full table 1 moves into the bot's seat.
    table, name, mover_browser = await _seated(session, students, table=1)
    socket = await _connect(f"/ws/play/{table.match_id}/", mover_browser)
    await socket.receive_from()
    await database_sync_to_async(services.student_move)(
        session=session, student_id=students[name][1].pk, table=2
    )
    hidden = await _hidden_from_watchers(table.match_id)
    texts = [frame["text"] for frame in await _frames(socket) if frame["type"] == "websocket.send"]
    assert texts, "the old table's page heard nothing"
    for text in texts:
        assert not _leaked(text, hidden), "the moved student's old page still saw the seat's cards"
    assert any("You are no longer playing at this table" in text for text in texts)
    assert 'data-viewer="watching"' in texts[-1]
    await socket.disconnect()


@database_sync_to_async
def _turn_of(match_id, name):
    """Play the table's and the others' moves until it is `name`'s turn; their seat and move."""
    table = TableMatch.objects.get(match_id=match_id)
    seat = next(s for s in table.seats.select_related("student") if s.student and s.student.nickname == name)
    engine = get_engine("duel")
    for _ in range(10):
        match = games.match_get(match_id=match_id)
        state = games.match_state(match=match)
        if seat.seat in engine.to_move(state):
            return match.version, engine.legal_actions(state, seat.seat)[0]
        other = None if None in engine.to_move(state) else next(iter(engine.to_move(state)))
        games.match_submit_action(
            match_id=match_id, seat=other, action=engine.legal_actions(state, other)[0], trusted=True
        )
    raise AssertionError("never their turn")


@pytest.mark.production_path  # the pause reaches the gate through the shared stamp too
async def test_a_paused_class_refuses_moves_over_the_match_socket_until_resumed():
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    await database_sync_to_async(services.session_start)(session=session)
    table, name, ana_browser = await _seated(session, students, "Ana")
    version, action = await _turn_of(table.match_id, name)
    socket = await _connect(f"/ws/play/{table.match_id}/", ana_browser)
    assert f'data-version="{version}"' in await socket.receive_from()
    await database_sync_to_async(services.session_set_paused)(session=session, paused=True)
    await socket.send_to(text_data=json.dumps({"action": action}))
    assert "Your teacher paused the game" in await socket.receive_from(timeout=3)
    assert (await database_sync_to_async(games.match_get)(match_id=table.match_id)).version == version
    await database_sync_to_async(services.session_set_paused)(session=session, paused=False)
    await socket.send_to(text_data=json.dumps({"action": action}))
    for _ in range(100):  # the move is judged (its redraw comes through the layer: not awaited here)
        if (await database_sync_to_async(games.match_get)(match_id=table.match_id)).version > version:
            break
        await asyncio.sleep(0.05)
    assert (await database_sync_to_async(games.match_get)(match_id=table.match_id)).version == version + 1
    await socket.disconnect()


async def test_an_ended_class_ends_the_game_on_its_open_match_sockets():
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    await database_sync_to_async(services.session_start)(session=session)
    table, name, ana_browser = await _seated(session, students, "Ana")
    socket = await _connect(f"/ws/play/{table.match_id}/", ana_browser)
    await socket.receive_from()
    await database_sync_to_async(services.session_end)(session=session)
    texts = [frame["text"] for frame in await _frames(socket) if frame["type"] == "websocket.send"]
    assert texts and "The teacher ended the class session." in texts[-1]
    await socket.disconnect()


@pytest.mark.production_path  # "match.seats_changed" through Redis too
async def test_a_student_taken_out_stops_watching_every_table_of_the_class():
    teacher, browser, session, students = await _class(("Ana", "Ben", "Cal", "Dan"))
    await database_sync_to_async(services.session_start)(session=session)
    ana_table, _name, ana_browser = await _seated(session, students, "Ana")
    other = await database_sync_to_async(
        lambda: TableMatch.objects.filter(session=session, current=True).exclude(pk=ana_table.pk).get()
    )()
    watcher = await _connect(f"/ws/play/{other.match_id}/", ana_browser)  # Ana watches a classmate's table
    assert "data-version=" in await watcher.receive_from()
    await database_sync_to_async(roster.student_remove)(
        session=session, student_id=students["Ana"][1].pk, ban=True
    )
    frames = await _frames(watcher)
    texts = [frame["text"] for frame in frames if frame["type"] == "websocket.send"]
    assert any("took you out" in text for text in texts)
    assert frames[-1] == {"type": "websocket.close", "code": 4403}


async def test_a_held_name_opens_no_table_of_the_class():
    teacher, browser, session, students = await _class(("Ana", "Ben"))
    await database_sync_to_async(services.session_start)(session=session)
    table = await database_sync_to_async(lambda: TableMatch.objects.get(session=session, current=True))()
    await database_sync_to_async(roster.session_set_approve_names)(session=session, approve=True)
    cal_browser, _cal = await _join(session, "Cal")  # waits for the teacher's OK
    socket = await _connect(f"/ws/play/{table.match_id}/", cal_browser)
    frames = await _frames(socket)
    texts = [frame["text"] for frame in frames if frame["type"] == "websocket.send"]
    assert not any("Ana" in text for text in texts)
    assert frames[-1] == {"type": "websocket.close", "code": 4403}
