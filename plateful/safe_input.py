"""Text PostgreSQL cannot store, refused at the edge of the site.

PostgreSQL refuses NUL (U+0000) in text and JSON, and text that is not valid Unicode (a lone
surrogate such as U+D800, which Python strings can hold). SQLite stores both, so without this
the same bad request is a 404 on one database and a 500 on the other. The HTTP middleware
(plateful.middleware) and the websocket guard (plateful.asgi) refuse such input with a clear
4xx before any view, consumer or session lookup touches the database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import parse_qsl

from django.http.cookie import parse_cookie

_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

# Websocket close codes (4000-4999 are the application's own): like HTTP 400 and 404.
CLOSE_BAD_REQUEST = 4400
CLOSE_NOT_FOUND = 4404


def is_storable(text: str) -> bool:
    """True when PostgreSQL can store `text` (no NUL, no lone surrogate)."""
    return _UNSTORABLE.search(text) is None


def all_storable(texts: Iterable[str]) -> bool:
    return all(is_storable(text) for text in texts)


def websocket_scope_problem(scope: dict) -> int | None:
    """The close code for a websocket handshake whose path, query or cookies hold text the
    database cannot store (None when all is well). Decodes the query string the way the
    consumers do (UTF-8, broken bytes replaced), so what is checked is what they would read."""
    if not is_storable(scope.get("path", "")):
        return CLOSE_NOT_FOUND
    query = scope.get("query_string", b"").decode(errors="replace")
    if not all_storable(text for pair in parse_qsl(query, keep_blank_values=True) for text in pair):
        return CLOSE_BAD_REQUEST
    for name, value in scope.get("headers", ()):
        if name.lower() == b"cookie":
            cookies = parse_cookie(value.decode("latin-1"))
            if not all_storable(text for pair in cookies.items() for text in pair):
                return CLOSE_BAD_REQUEST
    return None
