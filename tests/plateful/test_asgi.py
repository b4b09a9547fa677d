"""plateful.asgi starts the bots' and timers' scheduler with the application: on the ASGI
lifespan startup (servers that send it), on any first request, and under Daphne when its
reactor runs (proven with real workers in tests/faults/test_faults.py)."""

from __future__ import annotations

import sys

import pytest
from channels.testing import ApplicationCommunicator

from games import scheduler
from plateful import asgi


@pytest.fixture
def fresh_scheduler(monkeypatch, settings):
    settings.GAMES_SCHEDULER = False  # the loop is remembered; no match is resumed here
    monkeypatch.setattr(scheduler, "_loop", None)


async def test_lifespan_startup_starts_the_scheduler_and_shutdown_completes(fresh_scheduler):
    lifespan = ApplicationCommunicator(asgi.application, {"type": "lifespan", "asgi": {"version": "3.0"}})
    await lifespan.send_input({"type": "lifespan.startup"})
    assert await lifespan.receive_output(timeout=3) == {"type": "lifespan.startup.complete"}
    assert scheduler._loop is not None and scheduler._loop.is_running()
    await lifespan.send_input({"type": "lifespan.shutdown"})
    assert await lifespan.receive_output(timeout=3) == {"type": "lifespan.shutdown.complete"}


@pytest.mark.django_db
async def test_any_first_request_starts_it_too(fresh_scheduler):
    request = ApplicationCommunicator(
        asgi.application,
        {"type": "http", "method": "GET", "path": "/healthz", "headers": [], "query_string": b""},
    )
    await request.send_input({"type": "http.request", "body": b""})
    assert (await request.receive_output(timeout=5))["type"] == "http.response.start"
    assert scheduler._loop is not None


def test_under_daphne_the_reactor_starts_it_inside_its_loop(monkeypatch):
    calls = []

    class Reactor:
        def callWhenRunning(self, function):
            calls.append(function)

        def callLater(self, delay, function):
            calls.append((delay, function))

    monkeypatch.setitem(sys.modules, "twisted.internet.reactor", Reactor())
    monkeypatch.setitem(sys.modules, "daphne.server", sys.modules[__name__])
    asgi.start_with_daphne()
    calls[0]()  # the reactor starts running
    assert calls[1] == (0, scheduler.remember_loop)
