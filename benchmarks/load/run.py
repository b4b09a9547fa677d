"""Start the servers, ramp the student count, find what each mode holds (benchmarks/load/README.md).

    .venv/bin/python -m benchmarks.load.run                       # echo, production, embedded
    .venv/bin/python -m benchmarks.load.run --modes embedded --steps 30,60,90 --seconds 20
    .venv/bin/python -m benchmarks.load.run --modes production --steps 30 --moves socket,http --repeat 3

Modes (each server is started here, on ports 8400-8402 or --port-base + 0-2, and stopped
afterwards; --database names production's database, to run beside another run):
- echo: benchmarks/load/echo_app.py, 2 Daphne workers sharing the port, Redis db 5;
- production: scripts/workers.py (2 Daphne workers), PostgreSQL database `plateful_load`
  (created, migrated, dropped at the end), Redis db 5 with a private CHANNELS_PREFIX;
- embedded: one Daphne, SQLite in a temporary folder, the in-memory channel layer.
`--server uvicorn` runs each mode's workers on uvicorn instead (benchmarks/README.md, "Daphne or
uvicorn"; not in requirements.txt: the comment at UVICORN says what to install).
Moves go over the game socket as the page sends them while its socket is open (`--moves socket`,
the default) or over HTTP as its fallback does (`--moves http`); `--moves socket,http` runs each
step once per way, one after the other on the same server, `--repeat` times (alternated runs for
medians on a noisy machine). Each step uses fresh class sessions. A step holds at p99 < 200 ms
with no error and no lost update; the ramp goes on until p99 reaches 2 s (or an error or a loss)
so the whole curve is measured, and the summary gives the largest count at p99 < 200 ms and at
p99 < 1 s. Server CPU (% of one core, all server processes) and RSS come from psutil over the
measuring window.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil

from benchmarks.load.echo_clients import run_echo
from benchmarks.load.loadgen import MOVE_WAYS, run_classes

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
P99_LIMIT_MS = 200.0  # the criterion: a step "holds" at p99 below this, no error, no loss
BUSY_LIMIT_MS = 1000.0  # a second criterion for a busy shared machine (reported beside it)
STOP_MS = 2000.0  # the ramp goes on past failed steps until p99 reaches this (or errors)
DEFAULT_STEPS = {
    "echo": [60, 120, 180, 240, 300, 450, 600, 900],
    "production": [8, 16, 30, 60, 90, 120, 180, 240, 300, 360],
    "embedded": [8, 16, 30, 60, 90, 120],
}
PORTS = {"echo": 2, "production": 1, "embedded": 0}  # added to --port-base
# `--server uvicorn`: each worker is uvicorn on a socket shared by the mode's workers, for the
# comparison in benchmarks/README.md ("Daphne or uvicorn"); not installed by requirements.txt:
#     .venv/bin/pip install uvicorn==0.54.0 uvloop==0.23.0 httptools==0.8.0 websockets==15.0.1
UVICORN = ["-m", "uvicorn", "--loop", "uvloop", "--http", "httptools", "--ws", "websockets-sansio"]
UVICORN += ["--ws-per-message-deflate", "false", "--no-access-log"]
DATABASE = "plateful_load"  # the default of --database
REDIS = "redis://127.0.0.1:6379/5"


def wait_for(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer")


def shared_socket(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


class Server:
    """One mode's server processes, started and stopped here."""

    def __init__(
        self, mode: str, folder: str, port_base: int = 8400, database: str = DATABASE, server: str = "daphne"
    ):
        self.mode, self.folder, self.port = mode, folder, port_base + PORTS[mode]
        self.server = server
        self.database = database
        self.base = f"http://127.0.0.1:{self.port}"
        self.processes: list[subprocess.Popen] = []
        self.log = open(Path(folder) / f"{mode}.log", "w")  # noqa: SIM115 - closed in stop()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "plateful.settings",
            "DEBUG": "false",
            "STATICFILES_BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage",
            "WHITENOISE_USE_FINDERS": "true",
            "CARD_IMAGE_CACHE": f"{folder}/card-images",
            "CLASSROOM_JOIN_RATE": "100000/m",
            "CLASSROOM_WRONG_CODE_RATE": "100000/m",
            "GAMES_CREATE_RATE": "100000/m",
            "CLASSROOM_MAX_STUDENTS": "100",
            "PYTHONPATH": str(ROOT),
        }
        if mode == "embedded":
            self.env["DATABASE_URL"] = f"sqlite:///{folder}/db.sqlite3"
            self.env.pop("REDIS_URL", None)
        else:
            self.env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{database}"
            self.env["REDIS_URL"] = REDIS
            self.env["CHANNELS_PREFIX"] = f"{database.replace('_', '-')}-{mode}"

    def run(self, *command: str) -> str:
        done = subprocess.run(command, cwd=ROOT, env=self.env, check=True, capture_output=True, text=True)
        return done.stdout

    def start_workers(self, count: int, application: str) -> None:
        """`count` server processes sharing the port (as scripts/workers.py starts them)."""
        for _worker in range(count):
            sock = shared_socket(self.port)
            server = ["-m", "daphne"] if self.server == "daphne" else UVICORN
            command = [PYTHON, *server, "--fd", str(sock.fileno()), application]
            output = {"stdout": self.log, "stderr": self.log}
            self.processes.append(
                subprocess.Popen(command, cwd=ROOT, env=self.env, pass_fds=[sock.fileno()], **output)
            )
            sock.close()

    def start(self) -> Server:
        if self.mode == "echo":
            self.start_workers(2, "benchmarks.load.echo_app:application")
            wait_for(self.base + "/")
            return self
        if self.mode == "production":
            self.drop_database()
            self.run(PYTHON, "scripts/create_database.py", self.env["DATABASE_URL"])
        self.run(PYTHON, "manage.py", "migrate", "--noinput")
        self.run(PYTHON, "manage.py", "load_decks")
        if self.server == "uvicorn":
            self.start_workers(2 if self.mode == "production" else 1, "plateful.asgi:application")
            wait_for(self.base + "/healthz")
            return self
        if self.mode == "production":
            command = [PYTHON, "scripts/workers.py", "--workers", "2", "--port", str(self.port)]
        else:
            command = [
                PYTHON,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "plateful.asgi:application",
            ]
        self.processes.append(
            subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=self.log, stderr=self.log)
        )
        wait_for(self.base + "/healthz")
        return self

    def server_processes(self) -> list[psutil.Process]:
        found = []
        for process in self.processes:
            try:
                top = psutil.Process(process.pid)
                children = top.children(recursive=True)
                # scripts/workers.py only supervises: its Daphne children are the server.
                supervised = self.mode == "production" and self.server == "daphne"
                found += children if supervised else [top, *children]
            except psutil.NoSuchProcess:
                continue
        return found

    def classes(self, count: int) -> dict:
        return json.loads(self.run(PYTHON, "benchmarks/load/setup_classes.py", "--classes", str(count)))

    def drop_database(self) -> None:
        subprocess.run(
            [
                "psql",
                "-h",
                "127.0.0.1",
                "-U",
                "postgres",
                "-c",
                f"DROP DATABASE IF EXISTS {self.database} WITH (FORCE)",
            ],
            check=False,
            capture_output=True,
        )

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        if self.mode == "production":
            self.drop_database()
        self.log.close()


class Usage:
    """CPU (percent of one core) and RSS of the server processes over a window."""

    def __init__(self, server: Server):
        self.server = server
        self.processes = server.server_processes()
        self.client = psutil.Process()
        self.result: dict | None = None
        self.window("start")

    def window(self, moment: str) -> None:
        """Called by the generator when the measuring window starts and ends."""
        now, cpu, client = time.monotonic(), self._cpu(), sum(self.client.cpu_times()[:2])
        if moment == "start":
            self.started, self.cpu, self.client_cpu = now, cpu, client
            return
        seconds = now - self.started
        self.result = {
            "cpu_percent": 100 * (cpu - self.cpu) / seconds,
            "client_cpu_percent": 100 * (client - self.client_cpu) / seconds,
        }

    def _cpu(self) -> float:
        total = 0.0
        for process in self.processes:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                continue
        return total

    def rss_mb(self) -> float:
        total = 0
        for process in self.server.server_processes():
            try:
                total += process.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        return total / 2**20

    def done(self) -> dict:
        if self.result is None:
            self.window("end")
        return {**self.result, "rss_mb": self.rss_mb()}


def passed(result: dict, limit_ms: float = P99_LIMIT_MS) -> bool:
    p99 = result.get("p99_ms")
    return p99 is not None and p99 < limit_ms and result["errors"] == 0 and result["lost"] == 0


async def ramp(
    server: Server,
    steps: list[int],
    seconds: float,
    pace: str,
    ways: tuple[str, ...] = ("socket",),
    repeat: int = 1,
) -> list[dict]:
    results = []
    idle_rss = Usage(server).rss_mb()
    if server.mode == "echo":
        ways = ("",)  # the echo has no moves
    for count in steps:
        step = [
            await one_step(server, count, seconds, pace, way, idle_rss) for _ in range(repeat) for way in ways
        ]
        results += step
        if not all(passed(result, STOP_MS) for result in step):
            break
    return results


async def one_step(server: Server, count: int, seconds: float, pace: str, way: str, idle_rss: float) -> dict:
    load = os.getloadavg()
    setup = None if server.mode == "echo" else server.classes(-(-count // 30))
    usage = Usage(server)
    if server.mode == "echo":
        result = await run_echo(server.base, sockets=count, seconds=seconds, pace=pace, window=usage.window)
    else:
        result = await run_classes(
            server.base, setup, students=count, seconds=seconds, pace=pace, window=usage.window, moves=way
        )
    # Server CPU over the measuring window only (joins and seating left out), and the
    # generator's own CPU (it shares the machine with the servers).
    result.update(usage.done())
    sockets = result["sockets"] or 1
    # Server CPU per move (for Plateful) or per message (echo): less moved by a busy machine
    # than the latencies are.
    moves = result["moves_per_s"] or 1e-9
    result["server_cpu_ms_per_move"] = 10 * result["cpu_percent"] / moves
    result.update(
        mode=server.mode,
        pace=pace,
        idle_rss_mb=idle_rss,
        rss_per_100_sockets_mb=100 * (result["rss_mb"] - idle_rss) / sockets,
        loadavg_before=[round(x, 2) for x in load],
        ok=passed(result),
    )
    print(json.dumps(result), flush=True)
    await asyncio.sleep(3)  # let the closed sockets and finished requests settle
    return result


def best(results: list[dict], limit_ms: float = P99_LIMIT_MS) -> dict | None:
    good = [r for r in results if passed(r, limit_ms)]
    return max(good, key=lambda r: r["sockets"]) if good else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modes", default="echo,production,embedded")
    parser.add_argument("--steps", default="", help="comma-separated counts (one mode only)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--pace", choices=["human", "stress"], default="human")
    parser.add_argument("--out", default="", help="also write every step as JSON lines here")
    parser.add_argument(
        "--moves",
        default="socket",
        help="how students send moves: socket (the page's way), http (its fallback), or socket,http",
    )
    parser.add_argument("--repeat", type=int, default=1, help="run each step (each way) this many times")
    parser.add_argument("--port-base", type=int, default=8400, help="embedded, production, echo: +0, +1, +2")
    parser.add_argument("--database", default=DATABASE, help="production's database (dropped at the end)")
    parser.add_argument("--server", choices=["daphne", "uvicorn"], default="daphne", help="the ASGI server")
    options = parser.parse_args()
    ways = tuple(options.moves.split(","))
    if not ways or any(way not in MOVE_WAYS for way in ways):
        parser.error(f"--moves: a comma-separated choice of {', '.join(MOVE_WAYS)}")
    modes = options.modes.split(",")
    everything = []
    with tempfile.TemporaryDirectory(prefix="plateful-load-") as folder:
        for mode in modes:
            steps = [int(s) for s in options.steps.split(",")] if options.steps else DEFAULT_STEPS[mode]
            server = Server(mode, folder, options.port_base, options.database, options.server).start()
            try:
                everything += asyncio.run(
                    ramp(server, steps, options.seconds, options.pace, ways, options.repeat)
                )
            finally:
                server.stop()
    if options.out:
        Path(options.out).write_text("".join(json.dumps(r) + "\n" for r in everything))
    for limit in (P99_LIMIT_MS, BUSY_LIMIT_MS):
        echo = best([r for r in everything if r["mode"] == "echo"], limit)
        for mode in modes:
            for way in ways if mode != "echo" else ("",):
                runs = [r for r in everything if r["mode"] == mode and r.get("moves_over", "") == way]
                top = best(runs, limit)
                held = (top["students"] if mode != "echo" else top["sockets"]) if top else 0
                ratio = ""
                if echo and mode != "echo":
                    ratio = f" = {held / echo['sockets']:.2f} x the echo's sockets"
                unit = f" students, moves over {way}" if mode != "echo" else " sockets"
                print(f"p99 < {limit:.0f} ms: {mode} holds {held}{unit}{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
