"""The production layout for fault tests: scripts/workers.py (two Daphne workers sharing one port
with SO_REUSEPORT) on the test's own PostgreSQL database and the test's own redis-server, and
players that talk to it over real TCP as browsers do (a websocket for live updates and moves,
HTTP POSTs for moves, a session cookie holding their seat)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from channels.db import database_sync_to_async
from django.db import connection, transaction

from games import services
from games.engines import get_engine
from games.models import Match
from tests.faults.wsclient import Closed, WebSocket

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
VERSION = re.compile(r'id="live"[^>]*data-version="(\d+)"')
PAUSED = "Live updates paused"
SCHEDULER_STARTED = "Scheduler started in process"  # games.scheduler logs it (LOG_LEVEL=INFO)
CSRF = "faulttestcsrftoken0123456789abcd"  # 32 characters, as Django's own secrets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """The test database (PostgreSQL) as a URL the workers can use."""
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def wait_for(condition, seconds: float, what: str, step: float = 0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(step)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


class Cluster:
    """scripts/workers.py with two workers; the log says which pid each worker has."""

    def __init__(self, folder: Path, redis_url: str, **env: str):
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.log_path = folder / "workers.log"
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_url,
            "CHANNELS_PREFIX": f"faults-{uuid.uuid4().hex[:8]}",
            "STATICFILES_BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage",
            "WHITENOISE_USE_FINDERS": "true",
            "PYTHONUNBUFFERED": "1",
            "GAMES_BOT_DELAY_MS": "60",
            "ALLOWED_HOSTS": HOST,
            "LOG_LEVEL": "INFO",
            **env,
        }
        self.launcher: subprocess.Popen | None = None
        self.starts = 0

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def pids(self) -> dict[str, int]:
        """Each worker's current pid (the latest line per worker)."""
        return {n: int(p) for n, p in re.findall(r"worker (\d): pid (\d+) on", self.log())}

    def start(self, *, probe_http: bool = True) -> Cluster:
        """Start the launcher; wait until both workers' schedulers started (the log says so: no
        request needed) and, with probe_http, until /healthz answers."""
        started_before = self.log().count(SCHEDULER_STARTED)
        with open(self.log_path, "a") as log:
            self.launcher = subprocess.Popen(
                [sys.executable, "scripts/workers.py", "--workers", "2", "--host", HOST]
                + ["--port", str(self.port)],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1
        wait_for(
            lambda: self.log().count(SCHEDULER_STARTED) >= started_before + 2,
            40,
            "both workers to start their scheduler",
        )
        if probe_http:
            wait_for(lambda: self.health() == 200, 20, "/healthz")
        return self

    def health(self) -> int:
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=3) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            return 0

    def holders(self, client_ports: list[int]) -> dict[int, str]:
        """Which worker ("1", "2") holds the server side of each client's connection (by the
        client's local port), read from /proc: the kernel spreads sockets over the workers."""
        inodes: dict[str, int] = {}  # socket inode -> client port
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError), open(table) as rows:
                for row in list(rows)[1:]:
                    fields = row.split()
                    local, remote, inode = fields[1], fields[2], fields[9]
                    if int(local.rsplit(":", 1)[1], 16) == self.port:
                        inodes[inode] = int(remote.rsplit(":", 1)[1], 16)
        found: dict[int, str] = {}
        for number, pid in self.pids().items():
            with contextlib.suppress(OSError):
                for fd in os.listdir(f"/proc/{pid}/fd"):
                    with contextlib.suppress(OSError):
                        target = os.readlink(f"/proc/{pid}/fd/{fd}")
                        if target.startswith("socket:["):
                            port = inodes.get(target[8:-1])
                            if port in client_ports:
                                found[port] = number
        return found

    def kill_worker(self, number: str = "1") -> int:
        pid = self.pids()[number]
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill_all(self) -> None:
        """Every worker and the launcher killed at once (a machine's crash, an OOM kill)."""
        if self.launcher is not None:  # first, so that it starts no worker meanwhile
            self.launcher.kill()
            self.launcher.wait(timeout=10)
            self.launcher = None
        pids = list(self.pids().values())
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        for pid in pids:
            wait_for(lambda pid=pid: not _alive(pid), 10, f"worker {pid} to die")

    def stop(self) -> None:
        if self.launcher is not None:
            self.launcher.send_signal(signal.SIGTERM)
            try:
                self.launcher.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.launcher.kill()
            self.launcher = None
        for pid in self.pids().values():  # a worker left behind must not outlive the test
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (killed, not reaped yet) is dead too
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


# ----- matches and players --------------------------------------------------------------------


def match_row(match_id: str) -> Match:
    return Match.objects.get(pk=match_id)


def log_is_sound(match_id: str) -> tuple[bool, list[int], int]:
    """(its log replays to its stored state, the logged move indexes, its version).
    The workers' bots and timers may still be playing: the match row stays locked (as a move
    locks it) while its log is read, so no move commits between the row and its log."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        indexes = list(match.actions.order_by("index").values_list("index", flat=True))
        return services.match_replays_to_stored_state(match=match), indexes, match.version


def my_move(match_id: str, seat: int) -> tuple[int, dict | None]:
    """(the match's version, the first legal move of `seat` now, or None when it isn't theirs)."""
    match = Match.objects.get(pk=match_id)
    if match.status != Match.Status.PLAYING:
        return match.version, None
    engine = get_engine(match.game)
    state = services.match_state(match=match)
    if seat not in engine.to_move(state):
        return match.version, None
    legal = engine.legal_actions(state, seat)
    return match.version, (legal[0] if legal else None)


class Player:
    """One person at a table: an open socket (reconnecting like htmx's ws extension when it
    drops), pushes counted, and moves when it is their turn, over the socket or over HTTP."""

    def __init__(self, cluster: Cluster, match_id: str, seat: int, session_key: str, *, http_every: int = 3):
        self.cluster, self.match_id, self.seat, self.session_key = cluster, match_id, seat, session_key
        self.http_every = http_every
        self.socket: WebSocket | None = None
        self.local_port = 0
        self.pushed_version = -1  # the newest version a push showed
        self.paused_seen = False
        self.paused_now = False
        self.frames = 0
        self.drops: list[str] = []  # why the socket ended, each time
        self.reconnects = 0
        self.http_moves: list[tuple[int, int]] = []  # (version moved at, HTTP status)
        self.socket_moves = 0
        self.moves = 0
        self.errors: list[str] = []
        self._reader: asyncio.Task | None = None

    # the socket

    async def open(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        delay = 0.1
        while True:
            try:
                path, cookie = f"/ws/play/{self.match_id}/", f"sessionid={self.session_key}"
                self.socket = await WebSocket.connect(HOST, self.cluster.port, path, cookie=cookie)
                self.local_port = self.socket.writer.get_extra_info("sockname")[1]
                self._reader = asyncio.ensure_future(self._read(self.socket))
                return
            except Closed as error:
                if time.monotonic() > deadline:
                    who = f"seat {self.seat} of {self.match_id}"
                    raise AssertionError(f"{who} cannot connect: {error}") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)

    async def _read(self, socket: WebSocket) -> None:
        try:
            while True:
                text = await socket.receive()
                self.frames += 1
                if PAUSED in text:
                    self.paused_seen = self.paused_now = True
                elif 'id="live-status"' in text:
                    self.paused_now = False
                found = VERSION.search(text)
                if found:
                    self.pushed_version = max(self.pushed_version, int(found.group(1)))
        except Closed as error:
            self.drops.append(str(error))

    async def keep_open(self) -> None:
        """Reconnect when the socket dropped (what htmx does after a 1006/1011 close)."""
        if self._reader is not None and self._reader.done():
            self.reconnects += 1
            await self.open()

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.socket is not None:
            await self.socket.close()

    @property
    def open_now(self) -> bool:
        return self._reader is not None and not self._reader.done()

    # moves

    async def move_if_my_turn(self) -> bool:
        version, action = await database_sync_to_async(my_move)(self.match_id, self.seat)
        if action is None:
            return False
        self.moves += 1
        if self.moves % self.http_every == 0 or not self.open_now:
            status = await asyncio.to_thread(self._post_move, action)
            self.http_moves.append((version, status))
            if status >= 500:
                self.errors.append(f"HTTP {status} for a move")
        else:
            try:
                await self.socket.send(json.dumps({"action": json.dumps(action)}))
                self.socket_moves += 1
            except Closed:
                return False
        await self._wait_for_version_after(version)
        return True

    def _post_move(self, action: dict) -> int:
        body = f"seat={self.seat}&action={urllib.request.quote(json.dumps(action))}".encode()
        request = urllib.request.Request(
            f"{self.cluster.url}/play/{self.match_id}/move/",
            data=body,
            headers={
                "Cookie": f"sessionid={self.session_key}; csrftoken={CSRF}",
                "X-CSRFToken": CSRF,
                "HX-Request": "true",
                "Content-Type": "application/x-www-form-urlencoded",
            },
        )
        for _attempt in range(40):
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status
            except urllib.error.HTTPError as error:
                return error.code
            except OSError:  # the worker it reached just died: a browser would retry the click
                time.sleep(0.25)
        return 0

    async def _wait_for_version_after(self, version: int, seconds: float = 3.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            current = await database_sync_to_async(
                lambda: Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()
            )()
            if current is not None and current > version:
                return
            await asyncio.sleep(0.05)
