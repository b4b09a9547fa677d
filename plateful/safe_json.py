"""JSON from players, parsed with bounds: moves over HTTP and websocket frames alike.

Python's json module recurses once per nesting level, so a move nested a few thousand deep
raises RecursionError (a 500 over HTTP, a crashed socket). loads_bounded is json.loads with
bounds: it checks size and nesting before parsing and refuses text PostgreSQL cannot store (NUL,
lone surrogates, which JSON escapes such as \\u0000 can produce) with a JSONRefused that says
why, for people. Text that is not JSON at all (NaN and Infinity included, which PostgreSQL's
jsonb refuses too) raises json.JSONDecodeError as json.loads does, so each caller keeps its own
words for "that doesn't make sense". Both are ValueErrors.
"""

from __future__ import annotations

import json
import re

from django.utils.translation import gettext as _

from plateful.safe_input import is_storable

DEFAULT_MAX_BYTES = 8192
DEFAULT_MAX_DEPTH = 20

# A JSON string literal (escapes included; an unterminated one runs to the end, so the scan
# stays linear) or a bracket that opens or closes a level.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class JSONRefused(ValueError):
    """JSON we will not parse or keep; str() is a message for people."""


def loads_bounded(
    text: str | bytes, *, max_bytes: int = DEFAULT_MAX_BYTES, max_depth: int = DEFAULT_MAX_DEPTH
):
    """json.loads for untrusted input: at most `max_bytes` of UTF-8, at most `max_depth`
    nested arrays and objects, finite numbers and storable text only."""
    if isinstance(text, bytes):
        if len(text) > max_bytes:
            raise _too_long(max_bytes)
        text = text.decode()  # UnicodeDecodeError is a ValueError, as in json.loads
    if not isinstance(text, str):
        raise TypeError(f"JSON must be text, not {type(text).__name__}")
    if len(text) > max_bytes or len(text.encode(errors="surrogatepass")) > max_bytes:
        raise _too_long(max_bytes)
    if nesting_depth(text, stop_after=max_depth) > max_depth:
        raise _too_deep(max_depth)
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:  # only when max_depth is set beyond Python's recursion limit
        raise _too_deep(max_depth) from None
    if not _storable(value):
        raise JSONRefused(_("That message holds a character we can't accept (a NUL byte or broken text)."))
    return value


def nesting_depth(text: str, *, stop_after: int | None = None) -> int:
    """How deeply arrays and objects nest in JSON `text` (brackets inside strings don't count).
    Stops counting once past `stop_after`."""
    depth = deepest = 0
    for found in _TOKEN.finditer(text):
        token = found.group()
        if token[0] == '"':
            continue
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_after is not None and deepest > stop_after:
                    break
        else:
            depth -= 1
    return deepest


def _too_long(max_bytes: int) -> JSONRefused:
    return JSONRefused(_("That message is too long (at most %(bytes)d bytes).") % {"bytes": max_bytes})


def _too_deep(max_depth: int) -> JSONRefused:
    return JSONRefused(
        _("That message is nested too deeply (at most %(depth)d levels).") % {"depth": max_depth}
    )


def _refuse_constant(name: str):
    raise json.JSONDecodeError(f"{name} is not JSON", name, 0)


def _storable(value) -> bool:
    """Every string and key in a parsed value can be stored (the depth is already bounded)."""
    if isinstance(value, str):
        return is_storable(value)
    if isinstance(value, dict):
        return all(is_storable(key) and _storable(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_storable(item) for item in value)
    return True
