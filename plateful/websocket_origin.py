"""Which pages may open a websocket: the site's own pages (the same scheme, host and port as the
handshake itself) and the origins in CSRF_TRUSTED_ORIGINS, judged the way Django's CSRF check
judges a form's Origin header. The handshake's Host must be in ALLOWED_HOSTS.

Channels' AllowedHostsOriginValidator compares host names only, so any page on another port or
scheme of an allowed host (a program listening on http://127.0.0.1:9999 on a student's laptop, a
plain-http page of an https site) could open a socket carrying the student's cookies.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain


def _header(scope: dict, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1").strip()
    return ""


def _allowed_hosts() -> list[str]:
    hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not hosts:  # as HttpRequest.get_host
        hosts = [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def _is_secure(scope: dict) -> bool:
    """As HttpRequest.is_secure: the front's header (SECURE_PROXY_SSL_HEADER) when it sent one,
    else the handshake's own scheme."""
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        meta_name, secure_value = proxy_header
        name = meta_name.removeprefix("HTTP_").replace("_", "-").lower().encode()
        said = _header(scope, name)
        if said:
            return said.split(",", 1)[0].strip() == secure_value
    return scope.get("scheme", "ws") == "wss"


def _trusted(origin: str) -> bool:
    """In CSRF_TRUSTED_ORIGINS: exactly, or under a "https://*.example.org" wildcard."""
    parsed = urlsplit(origin)
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        trusted = trusted.lower()
        if "*" not in trusted:
            if origin == trusted:
                return True
            continue
        pattern = urlsplit(trusted)
        if parsed.scheme == pattern.scheme and is_same_domain(parsed.netloc, pattern.netloc.lstrip("*")):
            return True
    return False


def origin_allowed(scope: dict) -> bool:
    """May the page named by this handshake's Origin header open the socket?"""
    origin, host = _header(scope, b"origin").lower(), _header(scope, b"host").lower()
    if not origin or not host:
        return False
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, _allowed_hosts()):
        return False
    own = f"{'https' if _is_secure(scope) else 'http'}://{host}"
    try:
        return origin == own or _trusted(origin)
    except ValueError:  # an Origin that is not an address at all
        return False


class SameOriginWebsocket:
    """ASGI middleware: a websocket handshake from any other origin is refused (HTTP 403)."""

    def __init__(self, app):
        self.app = app
        self.denier = WebsocketDenier.as_asgi()

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await self.denier(scope, receive, send)
        return await self.app(scope, receive, send)
