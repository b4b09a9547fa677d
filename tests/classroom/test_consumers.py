"""The live class sockets: the teacher's dashboard and projector, and a student's class bar."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from classroom import live, services
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
    assert "Top players" in html and "/cards/" not in html and ".png" not in html
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
