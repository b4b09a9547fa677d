"""The language of a websocket: Django's LocaleMiddleware for Channels.

An HTTP request gets its language from LocaleMiddleware (the language cookie that the switch in
templates/base.html sets, else Accept-Language, else LANGUAGE_CODE). A websocket has no such
middleware, and a consumer renders HTML long after its handshake, in other threads: without
this, every live update would come in the default language. `WebsocketLocaleMiddleware` reads
the same cookie and header from the handshake, keeps the answer in scope["language"] and makes
it the active language for the whole connection; consumers also wrap their renders in
`translation.override(scope_language(scope))`, so a render in a worker thread speaks it too.
Two players at one table may so read it in two languages.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.http.cookie import parse_cookie
from django.utils import translation


def _header(scope, name: bytes) -> str:
    values = [value for key, value in scope.get("headers") or [] if key.lower() == name]
    return "; ".join(value.decode("latin-1") for value in values)


def language_from_scope(scope) -> str:
    """The language LocaleMiddleware would pick for an HTTP request with these headers."""
    request = SimpleNamespace(
        COOKIES=parse_cookie(_header(scope, b"cookie")),
        META={"HTTP_ACCEPT_LANGUAGE": _header(scope, b"accept-language")},
        path_info=scope.get("path", "/"),
    )
    return translation.get_language_from_request(request)


def scope_language(scope) -> str:
    """The connection's language (set by the middleware; worked out here when it did not run)."""
    return scope.get("language") or language_from_scope(scope)


class WebsocketLocaleMiddleware:
    """ASGI middleware for websockets: scope["language"], active for the whole connection."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        language = language_from_scope(scope)
        with translation.override(language):
            return await self.app({**scope, "language": language}, receive, send)
