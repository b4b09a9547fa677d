"""The project stays readable: no Python module grows past MAX_LINES lines (split it first).

Migrations are generated, and foodcards/render* is being split into a package on its own branch."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600
LEFT_OUT = ("foodcards/render",)


def _modules() -> list[Path]:
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        # Hidden folders (.venv, .git) and generated migrations are not ours to split.
        subfolders[:] = [name for name in subfolders if not name.startswith(".") and name != "migrations"]
        for name in files:
            path = Path(folder) / name
            if name.endswith(".py") and not path.relative_to(ROOT).as_posix().startswith(LEFT_OUT):
                found.append(path)
    return found


def test_the_largest_python_module_is_under_600_lines():
    sizes = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in _modules()
    }
    assert len(sizes) > 50, "the walk found the project's modules"
    largest = max(sizes, key=sizes.get)
    assert sizes[largest] < MAX_LINES, f"{largest} has {sizes[largest]} lines: split it"


def test_no_test_flushes_the_whole_cache():
    """On the production path every pytest-xdist worker shares one Redis database, and Django's
    RedisCache.clear() flushes all of it: the other worker's channel groups too, so its sockets
    stop hearing their pushes (a dashboard waited 5 s for a push that never came). Tests clear
    only their own worker's keys, through tests/conftest.py."""
    callers = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "tests").rglob("*.py")
        if path.name != "test_structure.py"
        and path.relative_to(ROOT).as_posix() != "tests/conftest.py"
        and "cache.clear()" in path.read_text(encoding="utf-8")
    ]
    assert callers == [], f"these flush every worker's Redis keys: {callers}"
