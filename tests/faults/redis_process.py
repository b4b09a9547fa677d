"""A redis-server of the test's own on a private port, to stop and start at will (the machine's
shared Redis is never touched). No persistence: a restart forgets every group, as a real
Redis restart without a dump does."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

import pytest

# Ports tried first (this project's fault tests' range; FAULT_REDIS_PORTS="a-b" moves it);
# when all are busy, any free port.
DEFAULT_PORTS = "8340-8349"


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    first, last = (int(p) for p in os.environ.get("FAULT_REDIS_PORTS", DEFAULT_PORTS).split("-"))
    for port in range(first, last + 1):
        if _port_free(port):
            return port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RedisProcess:
    def __init__(self, port: int | None = None):
        if shutil.which("redis-server") is None:
            pytest.skip("redis-server is not installed")
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> RedisProcess:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                   "--appendonly", "no"]  # fmt: skip
        deadline = time.monotonic() + 15
        while True:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if self._wait_answers(deadline):
                return self
            self.process.kill()
            self.process.wait()
            if time.monotonic() > deadline:  # e.g. the port is still held: give up, loudly
                raise RuntimeError(f"redis-server did not start on port {self.port}")
            time.sleep(0.3)

    def _wait_answers(self, deadline: float) -> bool:
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return True
            except OSError:
                pass
            time.sleep(0.05)
        return False

    def stop(self) -> None:
        """kill -9: an outage, not a polite shutdown."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def layer_settings(self, prefix: str = "fault-test") -> dict:
        return {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [self.url], "prefix": prefix, "capacity": 500, "expiry": 30},
            }
        }
