"""scripts/serve, run for real in a copy of the scripts folder whose .venv programs only write down
how they were called: the site starts with DEBUG off unless the caller turns it on, and the
embedded default still makes the demo teacher (who needs no DEBUG); --production makes none."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RECORDER = """#!/usr/bin/env bash
echo "$(basename "$0") $* DEBUG=${DEBUG-unset}" >> "$SERVE_CALLS"
"""


def _serve(tmp_path: Path, *args: str, **env: str) -> list[str]:
    (tmp_path / "scripts").mkdir()
    for name in ("serve", "_venv.sh"):
        shutil.copy2(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for program in ("python", "pip", "daphne"):
        (bin_dir / program).write_text(RECORDER)
        (bin_dir / program).chmod(0o755)
    calls = tmp_path / "calls.log"
    environment = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "PRODUCTION")}
    environment.update(SERVE_CALLS=str(calls), **env)
    subprocess.run(
        ["bash", str(tmp_path / "scripts" / "serve"), *args],
        cwd=tmp_path,
        env=environment,
        check=True,
        capture_output=True,
        timeout=60,
    )
    return calls.read_text().splitlines()


def _started(calls: list[str]) -> str:
    return next(call for call in calls if call.startswith(("daphne", "python scripts/workers.py")))


def test_serve_runs_with_debug_off_and_still_makes_the_demo_teacher(tmp_path):
    calls = _serve(tmp_path)
    assert _started(calls) == "daphne -b 127.0.0.1 -p 8000 plateful.asgi:application DEBUG=false"
    assert "python manage.py create_demo_teacher DEBUG=false" in calls
    # Every USDA food, from the SR files the project ships (nothing beside the clone needed).
    assert "python manage.py import_usda_sr DEBUG=false" in calls


def test_a_developer_can_still_turn_debug_on(tmp_path):
    calls = _serve(tmp_path, DEBUG="true")
    assert _started(calls).endswith("DEBUG=true")


@pytest.mark.parametrize("debug", ["", "true"])
def test_the_production_layout_makes_no_demo_teacher(tmp_path, debug):
    extra = {"DEBUG": debug} if debug else {}
    calls = _serve(tmp_path, "--production", **extra)
    assert _started(calls).startswith("python scripts/workers.py --workers 2")
    assert not [call for call in calls if "create_demo_teacher" in call]
