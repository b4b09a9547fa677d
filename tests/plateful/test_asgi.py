"""plateful.asgi starts the bots' and timers' scheduler with the application: on the ASGI
lifespan startup (servers that send it), on any first request, and under Daphne when its
reactor runs (proven with real workers in tests/faults/test_faults.py); and stops it when the
server stops, so a real Daphne process busy with bot moves still stops at once on SIGTERM."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from channels.testing import ApplicationCommunicator
from django.db import connection

from games import scheduler
from plateful import asgi
from tests.faults.cluster import database_url, free_port, wait_for


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

        def addSystemEventTrigger(self, phase, event, function):
            calls.append((phase, event, function))

    monkeypatch.setitem(sys.modules, "twisted.internet.reactor", Reactor())
    monkeypatch.setitem(sys.modules, "daphne.server", sys.modules[__name__])
    asgi.start_with_daphne()
    assert calls[1] == ("before", "shutdown", asgi.stop_scheduler)  # and stops it first
    calls[0]()  # the reactor starts running
    assert calls[2] == (0, scheduler.remember_loop)


# ----- a real Daphne process stops at once on SIGTERM ----------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
CSRF = "shutdowntestcsrftoken0123456789a"  # 32 characters, as Django's own secrets
VERSION = re.compile(r'id="live"[^>]*data-version="(\d+)"')


def _database_url(tmp_path: Path, env: dict) -> str:
    """The test's own PostgreSQL database (production path), else a migrated SQLite file."""
    if connection.vendor == "postgresql":
        return database_url()
    url = f"sqlite:///{tmp_path}/db.sqlite3"
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"]
    subprocess.run(migrate, cwd=ROOT, env={**env, "DATABASE_URL": url}, check=True, timeout=120)
    return url


def _post(url: str, form: dict) -> str:
    request = urllib.request.Request(
        url,
        data=urllib.parse.urlencode(form).encode(),
        headers={"Cookie": f"csrftoken={CSRF}", "X-CSRFToken": CSRF},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.geturl()


def _version(url: str) -> int:
    with urllib.request.urlopen(url, timeout=10) as response:
        return int(VERSION.search(response.read().decode()).group(1))


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_sigterm_stops_daphne_within_seconds_while_bots_are_moving(tmp_path, settings):
    """Six-seat CHOMP! tables of bots at a fiftieth of the usual pace keep the scheduler making
    moves all the time; SIGTERM must still stop the server within 10 s (it used to hang for
    good: a move's "match changed" waited on an event loop that had already stopped)."""
    settings.GAMES_SCHEDULER = False  # only the server plays the bots here
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "STATICFILES_BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage",
        "WHITENOISE_USE_FINDERS": "true",
        "GAMES_TIMER_SCALE": "0.02",
        "GAMES_BOT_DELAY_MS": "20",
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "INFO",
        "PYTHONFAULTHANDLER": "1",  # SIGABRT below prints where every thread waits
    }
    env["DATABASE_URL"] = _database_url(tmp_path, env)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "daphne.log"
    with open(log_path, "w") as log:
        daphne = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "plateful.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_for(lambda: _health(base) == 200, 40, "Daphne to answer")
        matches = [
            _post(f"{base}/games/chomp/play/", {"seats": 6, "bot_level": "beginner"}) for _ in range(8)
        ]
        wait_for(lambda: all(_version(match) >= 5 for match in matches), 30, "the bots to play")
        stopping = time.monotonic()
        daphne.send_signal(signal.SIGTERM)
        try:
            daphne.wait(timeout=30)
        except subprocess.TimeoutExpired:
            daphne.send_signal(signal.SIGABRT)
            daphne.wait(timeout=10)
            pytest.fail(f"Daphne was still running 30 s after SIGTERM:\n{log_path.read_text()[-12000:]}")
        took = time.monotonic() - stopping
        assert took < 10, f"Daphne took {took:.1f} s to stop"
        assert daphne.returncode == 0
    finally:
        if daphne.poll() is None:
            daphne.kill()
            daphne.wait()


def _health(base: str) -> int:
    try:
        with urllib.request.urlopen(f"{base}/healthz", timeout=3) as response:
            return response.status
    except OSError:
        return 0
