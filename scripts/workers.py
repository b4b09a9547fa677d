"""Run N Daphne worker processes on one address, the production layout of scripts/serve.

Each worker gets its own listening socket bound to the same host and port with SO_REUSEPORT,
so the kernel spreads new connections (HTTP and websockets alike) evenly over the workers: no
proxy in between, and no sticky sessions needed, because every match lives in the database
and live updates fan out through the Redis channel layer. A worker that dies is started again
after a short pause (its clients reconnect, and the kernel hands them to a live worker
meanwhile). Ctrl+C or SIGTERM stops every worker.

    python scripts/workers.py --workers 2 --host 127.0.0.1 --port 8000 [-- daphne options]
"""

from __future__ import annotations

import argparse
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPLICATION = "plateful.asgi:application"
RESTART_PAUSE = 1.0  # seconds before a dead worker is started again
QUICK_EXIT = 10.0  # a worker that dies this soon after starting is failing, not crashing once
QUICK_EXITS_ALLOWED = 3


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket of our own on a port other workers share (SO_REUSEPORT)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


class Workers:
    def __init__(self, count: int, host: str, port: int, daphne_args: list[str]):
        self.count, self.host, self.port, self.daphne_args = count, host, port, daphne_args
        self.processes: dict[int, subprocess.Popen] = {}
        self.started_at: dict[int, float] = {}
        self.quick_exits = 0
        self.stopping = False

    def start(self, number: int) -> None:
        sock = listening_socket(self.host, self.port)
        try:
            command = [sys.executable, "-m", "daphne", "--fd", str(sock.fileno()), *self.daphne_args]
            process = subprocess.Popen([*command, APPLICATION], cwd=ROOT, pass_fds=[sock.fileno()])
        finally:
            # The worker holds the only copy now: if it dies, its socket closes with it and new
            # connections go to the other workers instead of waiting in a dead backlog.
            sock.close()
        self.processes[number] = process
        self.started_at[number] = time.monotonic()
        print(f"worker {number}: pid {process.pid} on http://{self.host}:{self.port}/", flush=True)

    def run(self) -> int:
        for number in range(1, self.count + 1):
            self.start(number)
        while not self.stopping:
            time.sleep(0.2)
            for number, process in list(self.processes.items()):
                if process.poll() is not None and not self.stopping:
                    if time.monotonic() - self.started_at[number] < QUICK_EXIT:
                        self.quick_exits += 1
                        if self.quick_exits >= QUICK_EXITS_ALLOWED:
                            print("Workers keep failing as they start: stopping (see the errors above).")
                            return 1
                    print(f"worker {number}: pid {process.pid} exited ({process.returncode}); restarting")
                    time.sleep(RESTART_PAUSE)
                    if not self.stopping:
                        self.start(number)
        return 0

    def stop(self, *_signal) -> None:
        self.stopping = True
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + 10
        for process in self.processes.values():
            try:
                process.wait(timeout=max(deadline - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("daphne_args", nargs="*", help="extra Daphne options, after --")
    options = parser.parse_args()
    workers = Workers(options.workers, options.host, options.port, options.daphne_args)
    signal.signal(signal.SIGTERM, workers.stop)
    signal.signal(signal.SIGINT, workers.stop)
    try:
        return workers.run()
    except OSError as error:
        print(f"Cannot listen on {options.host}:{options.port}: {error.strerror}.", file=sys.stderr)
        return 1
    finally:
        workers.stop()


if __name__ == "__main__":
    sys.exit(main())
