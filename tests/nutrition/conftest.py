"""Fixtures of the nutrition tests: a tiny USDA SR release cut from the real files."""

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

TINY_FOODS = ("11090", "09003", "01001", "19120", "18436")  # broccoli, apple, butter, chocolate, doughnut


def _lines_for(path: Path, ndbs) -> bytes:
    wanted = tuple(f"~{ndb}~".encode() for ndb in ndbs)
    return b"".join(line for line in path.read_bytes().splitlines(keepends=True) if line.startswith(wanted))


def write_tiny_release(folder: Path, ndbs=TINY_FOODS) -> Path:
    """Copy FD_GROUP.txt and the lines of a few foods from the real SR files into `folder`."""
    source = Path(settings.USDA_SR_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "FD_GROUP.txt").write_bytes((source / "FD_GROUP.txt").read_bytes())
    for name in ("FOOD_DES.txt", "ABBREV.txt", "WEIGHT.txt"):
        (folder / name).write_bytes(_lines_for(source / name, ndbs))
    return folder


@pytest.fixture
def tiny_sr(tmp_path) -> Path:
    return write_tiny_release(tmp_path / "tiny-sr")


@pytest.fixture
def imported(db, tiny_sr):
    """The tiny release imported into the test database."""
    call_command("import_usda_sr", str(tiny_sr), verbosity=0)
