"""The classroom load generator (benchmarks/load) keeps working: four students join a class
session by its code against a real Daphne server, are seated at one table, play Food War for a
few seconds at stress pace, making their moves over the game socket or over HTTP, and every
move reaches the classmates with no error. Not timed: the
numbers live in benchmarks/README.md."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks.load.loadgen import moves_in, run_classes, version_of
from tests.games.web.live_server import ROOT

RATES = {"CLASSROOM_JOIN_RATE": "1000/m", "GAMES_BOT_DELAY_MS": "25"}


def test_the_page_parsers_read_htmx_buttons_and_versions():
    page = (
        '<section id="live" class="live" data-version="7" data-status="playing">'
        '<button type="button" hx-post="/play/abc/move/" hx-target="#live" '
        'hx-vals="{&quot;seat&quot;: 2, &quot;action&quot;: &quot;{\\&quot;type\\&quot;: '
        '\\&quot;flip\\&quot;}&quot;}">Flip</button>'
        '<button type="button" aria-disabled="true" hx-post="/play/abc/move/" hx-vals="{}">No</button>'
    )
    assert version_of(page) == 7
    assert moves_in(page) == [{"seat": "2", "action": '{"type": "flip"}'}]


@pytest.mark.parametrize("moves", ["socket", "http"])
async def test_four_students_join_by_code_and_every_move_reaches_the_others(server, moves):
    made = subprocess.run(
        [sys.executable, "benchmarks/load/setup_classes.py", "--classes", "1"],
        cwd=ROOT,
        env=server.env,
        check=True,
        capture_output=True,
        text=True,
    )
    setup = json.loads(made.stdout)
    result = await run_classes(server.url, setup, students=4, seconds=3, pace="stress", warmup=1, moves=moves)
    assert result["error_kinds"] == []
    assert result["errors"] == 0
    assert result["students"] == 4
    assert result["moves"] > 0
    assert result["updates"] > 0
    assert result["lost"] == 0
    assert result["moves_over"] == moves and result["answer_p50_ms"] is not None
