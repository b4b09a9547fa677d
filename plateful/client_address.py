"""The client's address, as every limit counts it: wrong join codes, joins, new games
(django-ratelimit's RATELIMIT_IP_META_KEY) and logins (django-axes' AXES_CLIENT_IP_CALLABLE).

By default the peer of the connection (REMOTE_ADDR): right for the embedded default, and behind
the nginx front of docs/deploy.md, which sets X-Forwarded-For to the one address it saw (never
appends to what the client sent) for Daphne's --proxy-headers to put in REMOTE_ADDR.

A front that can only append to X-Forwarded-For (many cloud load balancers) is named with
CLIENT_IP_HEADER=X-Forwarded-For: then the last address in that header counts, the one the front
itself added; anything before it came from the client and is ignored. A header that is missing
or holds no address falls back to the peer. Either way, the workers must be reachable only
through the front: a client talking to them directly could write the header itself.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _meta_name(header: str) -> str:
    return "HTTP_" + header.upper().replace("-", "_")


def _last_address(written: str, peer: str) -> str:
    """The last address of a header's value (the one the front added), else the peer."""
    try:
        return str(ipaddress.ip_address(written.rsplit(",", 1)[-1].strip()))
    except ValueError:
        return peer


def client_ip(request: HttpRequest) -> str:
    peer = request.META.get("REMOTE_ADDR", "")
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if not header:
        return peer
    return _last_address(request.META.get(_meta_name(header), ""), peer)


def scope_client_ip(scope: dict) -> str:
    """The same address for a websocket (a Channels scope): its `client` is the connection's
    peer (Daphne's --proxy-headers put the front's X-Forwarded-For there), and CLIENT_IP_HEADER,
    when set, is read from the handshake's headers the same way as from a request's."""
    client = scope.get("client") or ()
    peer = str(client[0]) if client else ""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if not header:
        return peer
    name = header.lower().encode("latin-1")
    # Several lines of one header are joined as Django joins them for a request.
    values = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key.lower() == name]
    return _last_address(",".join(values), peer)
