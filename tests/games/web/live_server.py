"""A real Plateful server for browser tests and benchmarks: a temporary SQLite file, migrated,
decks loaded, Daphne in a subprocess on a free port (tests talk to it only over HTTP)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


ASGI_APP = "plateful.asgi:application"


class LiveServer:
    def __init__(self, **extra_env: str):
        self.folder = tempfile.TemporaryDirectory(prefix="plateful-live-")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.folder.name}/db.sqlite3",
            "STATICFILES_BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage",
            "WHITENOISE_USE_FINDERS": "true",
            "CARD_IMAGE_CACHE": f"{self.folder.name}/card-images",
            "DJANGO_SETTINGS_MODULE": "plateful.settings",
            "GAMES_BOT_DELAY_MS": "60",
            **extra_env,
        }
        self.env.pop("REDIS_URL", None)
        self.process: subprocess.Popen | None = None

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            stdout=subprocess.DEVNULL,
        )

    def start(self) -> LiveServer:
        self.manage("migrate", "--noinput")
        self.manage("load_decks")
        self.log = open(Path(self.folder.name) / "daphne.log", "w")  # noqa: SIM115 - closed in stop()
        try:
            self._launch()
        except RuntimeError:
            self.stop()
            raise
        return self

    def restart(self, *, while_down=None) -> None:
        """Stop Daphne and start it again on the same port and database (restart safety);
        `while_down()`, if given, runs while no server answers (e.g. to watch a page notice)."""
        self._halt()
        if while_down is not None:
            while_down()
        self._launch()

    def _launch(self) -> None:
        """Start Daphne and wait until /healthz answers."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), ASGI_APP],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("The test server did not start.")

    def _halt(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None

    def stop(self) -> None:
        self._halt()
        if hasattr(self, "log"):
            self.log.close()
        self.folder.cleanup()

    def daphne_log(self) -> str:
        return (Path(self.folder.name) / "daphne.log").read_text()
