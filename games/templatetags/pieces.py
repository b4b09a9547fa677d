"""The `piece` tag: a part of a match page only its reader sees (the turn line, the seat's
moves, its feed...).

A started match's `#live` is drawn once per change for everyone (the public fragment: the
watchers' page) and once per seat for that seat's pieces (games.rendering). In the public render
a piece is drawn for a watcher and its name is noted (`drawn_pieces`), so each seat's private
fragment draws the same pieces from its own context and swaps them in by id; in a page drawn for
one reader (`reader_context`), the piece is drawn from that reader's context in place.
"""

from __future__ import annotations

import re

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe

register = template.Library()

_NOT_ID = re.compile(r"[^a-z0-9]+")


def piece_id(slot: str) -> str:
    """The element id of a piece ("games/play/_duel_hand.html" -> "piece-duel-hand")."""
    name, _hash, key = slot.partition("#")
    stem = name.rsplit("/", 1)[-1].removesuffix(".html").lstrip("_")
    return "piece-" + _NOT_ID.sub("-", f"{stem}-{key}" if key else stem).strip("-")


def draw_piece(context: dict, slot: str, *, oob: bool = False) -> str:
    """One piece drawn from a reader's own context, in its element (an out-of-band swap for a
    private fragment)."""
    name, _hash, key = slot.partition("#")
    inner = render_to_string(name, {**context, "piece_key": key})
    swap = mark_safe(' hx-swap-oob="true"') if oob else ""
    return format_html('<div id="{}" class="piece"{}>{}</div>', piece_id(slot), swap, mark_safe(inner))


@register.simple_tag(takes_context=True)
def piece(context, name: str, key: str = ""):
    """A piece of the page drawn per reader. `key`: for a piece drawn once per item of a loop
    (each meal's Sugar Shock buttons), which item; the piece reads it as `piece_key`."""
    slot = f"{name}#{key}" if key else name
    drawn = context.get("drawn_pieces")
    if drawn is not None:
        drawn.append(slot)
    reader = context.get("reader_context")
    return draw_piece(reader if reader is not None else context.flatten(), slot)
