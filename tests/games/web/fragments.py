"""htmx's out-of-band swaps, applied to a page in Python, as the ws extension applies a pushed
frame (every top-level element replaces the page's element with its id, in order), so unit tests
can check what a page shows after a push."""

from __future__ import annotations

import re

_START = re.compile(r"<([a-z][a-z0-9]*)\b[^>]*>", re.I)
_OOB = re.compile(r' hx-swap-oob="[^"]*"')
_ID = re.compile(r'\bid="([^"]+)"')


def _end_of(html: str, start: int) -> int:
    """Where the element that opens at `start` ends (its tags counted by name)."""
    tag = _START.match(html, start)
    name = tag.group(1).lower()
    opening, closing = re.compile(rf"<{name}\b", re.I), f"</{name}>"
    depth, at = 0, start
    while True:
        next_open = opening.search(html, at)
        next_close = html.find(closing, at)
        if next_close < 0:
            raise ValueError(f"<{name}> at {start} never closes")
        if next_open is not None and next_open.start() < next_close:
            depth += 1
            at = next_open.end()
        else:
            depth -= 1
            at = next_close + len(closing)
            if depth == 0:
                return at


def top_elements(frame: str) -> list[tuple[str, str]]:
    """The frame's top-level elements: (id, outer HTML without hx-swap-oob)."""
    found, at = [], 0
    while (tag := _START.search(frame, at)) is not None:
        end = _end_of(frame, tag.start())
        element = frame[tag.start() : end]
        found.append((_ID.search(tag.group(0)).group(1), _OOB.sub("", element, count=1)))
        at = end
    return found


def element(page: str, element_id: str) -> str:
    """The page's element with this id, whole."""
    start = page.rfind("<", 0, page.index(f'id="{element_id}"'))
    return page[start : _end_of(page, start)]


def apply(page: str, frame: str) -> str:
    """The page after htmx swaps the frame's elements into it out of band."""
    for element_id, swapped in top_elements(frame):
        page = page.replace(element(page, element_id), swapped, 1)
    return page
