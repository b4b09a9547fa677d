"""games.scheduler finds the server's loop from sync code through public means only: the context
asgiref copies into the thread that runs a view (no asgiref private attribute)."""

from __future__ import annotations

import asyncio
import contextvars
import threading

from asgiref.sync import sync_to_async

from games import scheduler


async def test_a_view_thread_finds_the_loop_of_the_request_that_runs_it(monkeypatch, settings):
    settings.GAMES_SCHEDULER = False  # nothing is resumed here
    monkeypatch.setattr(scheduler, "_loop", None)
    scheduler.remember_loop()  # as plateful.asgi does for every request and socket
    monkeypatch.setattr(scheduler, "_loop", None)  # only the request's own context is left
    found = await sync_to_async(scheduler._server_loop)()
    assert found is asyncio.get_running_loop()


async def test_without_a_caller_sync_code_falls_back_to_the_remembered_loop(monkeypatch, settings):
    settings.GAMES_SCHEDULER = False
    monkeypatch.setattr(scheduler, "_loop", None)
    scheduler.remember_loop()
    found: list = []
    # A plain thread with a fresh context (the scheduler's own tasks run in one): no caller.
    thread = threading.Thread(target=lambda: found.append(contextvars.Context().run(scheduler._server_loop)))
    thread.start()
    await asyncio.to_thread(thread.join)
    assert found == [asyncio.get_running_loop()]


def test_sync_code_with_no_server_loop_plans_nothing(monkeypatch):
    monkeypatch.setattr(scheduler, "_loop", None)
    assert contextvars.Context().run(scheduler._server_loop) is None
