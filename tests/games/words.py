"""Checks that what an engine says can be said (used by the conformance suite):

- every text renders, in English, for every viewer allowed to see it (no missing parameter);
- a sentence that names a seat has a "you" variant for it whenever that seat may read it, so
  nobody is ever told about themselves in the third person ("Kim ate Apple." to Kim);
- every message id is in the catalogue `makemessages` builds from the sources (so it was
  marked with gettext_noop or ngettext_noop and can be translated).
"""

from __future__ import annotations

import ast
import functools
import os
import shutil
import tempfile
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

from games.engines.messages import Speaker, is_message, message_ids

ROOT = Path(__file__).resolve().parents[2]
NOT_SOURCES = (".*", "locale", "var", "staticfiles", "__pycache__", "*.pyc", "db.sqlite3*", "test-artifacts")


@functools.cache
def fresh_catalogue(sources: Path = ROOT) -> Path:
    """The .po file makemessages builds from the sources under a folder (the project's, its
    tests left out, by default). It runs on a copy: with the real locale/ folder at hand,
    makemessages would write its catalogue there."""
    folder = Path(tempfile.mkdtemp(prefix="plateful-catalogue-"))
    copy = folder / "sources"
    shutil.copytree(sources, copy, ignore=shutil.ignore_patterns(*NOT_SOURCES))
    here = os.getcwd()
    try:
        os.chdir(copy)
        with override_settings(LOCALE_PATHS=[folder / "locale"]):
            call_command(
                "makemessages", locale=["xx"], verbosity=0, ignore_patterns=["tests/*", "benchmarks/*"]
            )
    finally:
        os.chdir(here)
    return folder / "locale" / "xx" / "LC_MESSAGES" / "django.po"


@functools.cache
def catalogue_ids(sources: Path = ROOT) -> frozenset:
    """Every msgid (and msgid_plural) makemessages finds in the sources under a folder (the
    project's, its tests left out, by default)."""
    return frozenset(_po_ids(fresh_catalogue(sources)))


def _po_ids(path: Path) -> set[str]:
    ids, current, field = set(), [], None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith(("msgid ", "msgid_plural ")):
            if current:
                ids.add("".join(current))
            field, current = line.split(" ", 1)[0], [ast.literal_eval(line.split(" ", 1)[1])]
        elif line.startswith('"') and field in ("msgid", "msgid_plural"):
            current.append(ast.literal_eval(line))
        else:
            if current and field in ("msgid", "msgid_plural"):
                ids.add("".join(current))
            current, field = [], None
    ids.discard("")
    return ids


def _flat_ids(text) -> set[str]:
    found = set()
    for item in message_ids(text):
        found.update(item if isinstance(item, list) else [item])
    return found


class Words:
    """Collects and checks everything one game says."""

    def __init__(self, seats: int):
        self.seats = seats
        self.ids: set[str] = set()
        self.speakers = {viewer: Speaker(viewer=viewer) for viewer in [None, *range(seats)]}

    def text(self, text, *, to=None, where="") -> None:
        if text is None:
            return
        audience = [None, *range(self.seats)] if to is None else list(to)
        for viewer in audience:
            said = self.speakers[viewer].say(text)
            assert "%(" not in said, f"{where}: a placeholder was left in {said!r}"
        self._check_variants(text, [v for v in audience if v is not None], where)
        if isinstance(text, str):
            return  # a plain id: found by the catalogue check like any other
        self.ids |= _flat_ids(text)

    def plain(self, text) -> None:
        """A plain message id (an option's label, a game's name)."""
        self.ids.add(text)

    def _check_variants(self, text, readers: list[int], where: str) -> None:
        stack = [text]
        while stack:
            item = stack.pop()
            if isinstance(item, list):
                stack.extend(item)
                continue
            if not is_message(item):
                continue
            variants = item.get("you") or {}
            for key, value in (item.get("params") or {}).items():
                if is_message(value) or isinstance(value, list):
                    stack.append(value)
                    continue
                named = [value["seat"]] if isinstance(value, dict) and "seat" in value else []
                named += value.get("seats", []) if isinstance(value, dict) else []
                if set(named) & set(readers):
                    assert key in variants, (
                        f"{where}: {item['id']!r} names seat(s) {named} as {key!r} to a reader among "
                        f"{readers}, but has no 'you' variant for {key!r}"
                    )

    def view(self, view: dict, seat) -> None:
        to = None if seat is None else [seat]
        self.text(view.get("status"), to=to, where="status")
        for zone in view.get("zones") or []:
            self.text(zone["label"], to=to, where=f"zone {zone['key']}")
        for column in view.get("numbers") or []:
            self.text(column["label"], to=to, where="number")
        for fact in view.get("facts") or []:
            self.text(fact["label"], to=to, where="fact")
            if not isinstance(fact["value"], int | float):
                self.text(fact["value"], to=to, where="fact value")

    def actions(self, engine, state, seat, legal) -> None:
        for action in legal:
            words = engine.action_text(state, action)
            assert is_message(words), f"{engine.slug}: no action_words for {action['type']!r}"
            self.text(words, to=[seat] if seat is not None else None, where=f"button {action['type']}")

    def refusal(self, error) -> None:
        """An IllegalAction's words: English for the logs, and ids the catalogue must have."""
        assert error.message and "%(" not in error.message
        if isinstance(error.text, str):
            self.ids.add(error.text)
        else:
            self.ids |= _flat_ids(error.text)

    def unknown(self, known: frozenset | None = None) -> set[str]:
        return self.ids - (catalogue_ids() if known is None else known)
