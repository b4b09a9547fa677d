"""The production layout's launcher (scripts/workers.py, started by scripts/serve --production):
two Daphne workers share one port; a worker killed with SIGKILL is replaced while the other
keeps answering; SIGTERM stops them all. Runs on both modes; the database step of serve
--production (create it when missing) is checked on PostgreSQL."""

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

pytestmark = [pytest.mark.production_path]
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(condition, seconds: float = 40):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("timed out")


def _health(url: str) -> int:
    try:
        with urllib.request.urlopen(f"{url}/healthz", timeout=3) as response:
            return response.status
    except OSError:
        return 0


def _database_url(tmp_path) -> str:
    if connection.vendor != "postgresql":
        return f"sqlite:///{tmp_path}/db.sqlite3"  # /healthz needs a database that answers
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_two_workers_share_a_port_a_killed_one_is_replaced_and_sigterm_stops_all(tmp_path):
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log_path = tmp_path / "workers.log"
    env = {**os.environ, "DATABASE_URL": _database_url(tmp_path), "PYTHONUNBUFFERED": "1"}
    env.update(STATICFILES_BACKEND="django.contrib.staticfiles.storage.StaticFilesStorage")
    with open(log_path, "w") as log:
        launcher = subprocess.Popen(
            [sys.executable, "scripts/workers.py", "--workers", "2", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:

        def pids() -> dict[str, int]:
            return {n: int(p) for n, p in re.findall(r"worker (\d): pid (\d+) on", log_path.read_text())}

        first = _wait_for(lambda: pids() if len(pids()) == 2 else None)
        _wait_for(lambda: _health(url) == 200)
        os.kill(first["1"], signal.SIGKILL)
        _wait_for(lambda: f"worker 1: pid {first['1']} exited (-9); restarting" in log_path.read_text())
        # Before worker 1 is back (a second's pause, then Daphne's start), worker 2 answers.
        assert _health(url) == 200
        replaced = _wait_for(lambda: pids()["1"] != first["1"] and pids())
        assert replaced["2"] == first["2"]
        _wait_for(lambda: _health(url) == 200)
    finally:
        launcher.send_signal(signal.SIGTERM)
        assert launcher.wait(timeout=20) == 0
    for pid in replaced.values():
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert _health(url) == 0

    if connection.vendor == "postgresql":
        name = f"plateful_serve_check_{os.getpid()}"
        target = _database_url(tmp_path).rsplit("/", 1)[0] + "/" + name

        def create() -> str:
            command = [sys.executable, "scripts/create_database.py", target]
            return subprocess.run(command, cwd=ROOT, capture_output=True, text=True).stdout

        try:
            assert create().startswith("Created the database")
            assert create() == ""  # already there: nothing to do
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
