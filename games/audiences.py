"""Draw once per audience: a change's page is drawn once for everyone (the shared part) and
each seat adds only its own pieces.

The shared render of `#live` leaves marks where the page depends on its reader:
- a seat's name (`name_mark(n)`): each reader gets the name as it reads it ("You" for itself),
  so every reader, screen readers included, reads the same words as in a page drawn for it alone;
- what differs between one seat and everyone else (`choice_mark(n, mine, others)`: the "me"
  highlight of its row, "Your meal" / "Ana's meal", the order that puts its own meal first);
  choices nest (each has its own id);
- the page's viewer (`VIEWER_MARK`: a seat number or "watching");
- a private piece (`slot_mark(template)`: the turn line, the seat's moves, its feed...), which
  is drawn for each reader from that reader's own context and put in the slot.
`compose` fills the marks in one pass over the shared HTML. A random nonce in every mark keeps a
player's text (a nickname) from ever passing for one.
"""

from __future__ import annotations

import itertools
import re
import secrets

from django.utils.html import conditional_escape

_OPEN = "\ue000" + secrets.token_hex(4)
_CLOSE = "\ue001"
_END = "\ue002"
VIEWER_MARK = f"{_OPEN}v{_CLOSE}"
_OR = "\ue003"
_MARK = re.compile(
    re.escape(_OPEN)
    + "(?:n(\\d+)\ue001"  # a seat's name
    + "|c(\\d+)\\.(\\d+)\ue001(.*?)\ue003\\3\ue003(.*?)\ue002\\3\ue002"  # a choice
    + "|(v)\ue001"  # the viewer
    + "|s([^\ue001]+)\ue001)",  # a private piece
    re.S,
)
_CHOICE_IDS = itertools.count()
_SLOT = re.compile(re.escape(_OPEN) + "s([^\ue001]+)\ue001")


def marks_opening() -> str:
    """This process's opening of a mark (its nonce included), sent along with a shared render
    that another process will compose (adopt)."""
    return _OPEN


def adopt(shared_html: str, opening: str) -> str | None:
    """Another process's shared render with its marks made this process's (each process has its
    own nonce); None when `opening` is not a mark's opening."""
    if not (isinstance(opening, str) and len(opening) == len(_OPEN) and opening.startswith("\ue000")):
        return None
    return shared_html.replace(opening, _OPEN)


def name_mark(number: int) -> str:
    return f"{_OPEN}n{number}{_CLOSE}"


def choice_mark(number: int, mine: str, others: str) -> str:
    """`mine` for seat `number`'s reader, `others` for every other reader (watchers too)."""
    key = next(_CHOICE_IDS)
    return f"{_OPEN}c{number}.{key}{_CLOSE}{mine}{_OR}{key}{_OR}{others}{_END}{key}{_END}"


def slot_mark(template: str) -> str:
    return f"{_OPEN}s{template}{_CLOSE}"


def slots(shared_html: str) -> list[str]:
    """The private pieces a shared render leaves to each reader, in page order, once each."""
    return list(dict.fromkeys(_SLOT.findall(shared_html)))


def compose(shared_html: str, viewer: int | None, names: list[str], pieces: dict[str, str]) -> str:
    """The shared HTML as `viewer` reads it: its names for the seats, its own highlights, and
    its private pieces (HTML drawn for it) in their slots."""

    def fill(found: re.Match) -> str:
        name, chooser, _key, mine, others, is_viewer, slot = found.groups()
        if name is not None:
            return str(conditional_escape(names[int(name)]))
        if chooser is not None:
            return _MARK.sub(fill, mine if viewer is not None and int(chooser) == viewer else others)
        if is_viewer:
            return "watching" if viewer is None else str(viewer)
        return pieces[slot]

    return _MARK.sub(fill, shared_html)
