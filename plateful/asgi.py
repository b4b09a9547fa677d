"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
# Django must be set up before the consumers (and their models) are imported.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from plateful.locale import WebsocketLocaleMiddleware  # noqa: E402
from plateful.routing import websocket_urlpatterns  # noqa: E402
from plateful.safe_input import websocket_scope_problem  # noqa: E402


class RefuseUnstorableWebsocket:
    """The websocket twin of UnstorableInputMiddleware: a handshake whose path, query or
    cookies hold a NUL byte or broken text is accepted and closed at once with 4404 (path) or
    4400, before the session or any consumer reads the database."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        code = websocket_scope_problem(scope)
        if code is None:
            return await self.app(scope, receive, send)
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": code})


application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": RefuseUnstorableWebsocket(
            AllowedHostsOriginValidator(
                WebsocketLocaleMiddleware(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
            )
        ),
    }
)
