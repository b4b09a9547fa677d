"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
# Django must be set up before the consumers (and their models) are imported.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from twisted.internet.defer import Deferred  # noqa: E402

from games import scheduler  # noqa: E402
from nicknames.rude import warm_up  # noqa: E402
from plateful.locale import WebsocketLocaleMiddleware  # noqa: E402
from plateful.routing import websocket_urlpatterns  # noqa: E402
from plateful.safe_input import websocket_scope_problem  # noqa: E402
from plateful.websocket_origin import SameOriginWebsocket  # noqa: E402


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


class StartScheduler:
    """Bots and table timers (games.scheduler) run from the server's start, so after a restart
    an overdue bot move or table timer is played at once, with nobody connected:

    - servers that speak the ASGI lifespan protocol (uvicorn, hypercorn) start it on
      "lifespan.startup" (and cancel its timers on "lifespan.shutdown");
    - Daphne does not send lifespan events, so under Daphne it starts as soon as Twisted's
      reactor (the asyncio loop) runs, and stops before the reactor does: see
      `start_with_daphne` below;
    - and in any case on the first request or socket of any kind (idempotent).
    """

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            return await self.lifespan(receive, send)
        scheduler.remember_loop()
        return await self.app(scope, receive, send)

    async def lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                scheduler.remember_loop()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await scheduler.shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return


def start_with_daphne() -> None:
    """Daphne imports this module after installing Twisted's asyncio reactor and runs the
    reactor next: have the reactor start the scheduler inside its loop once it runs, and stop
    it before the reactor stops (SIGTERM, Ctrl+C): `stop_scheduler`. Not under Daphne (tests,
    other servers), nothing happens here."""
    reactor = sys.modules.get("twisted.internet.reactor")
    if reactor is None or "daphne.server" not in sys.modules:
        return
    # callWhenRunning fires just before the loop spins; callLater(0) runs inside it.
    reactor.callWhenRunning(lambda: reactor.callLater(0, scheduler.remember_loop))
    reactor.addSystemEventTrigger("before", "shutdown", stop_scheduler)


def stop_scheduler() -> Deferred | None:
    """Daphne's reactor is about to stop: stop the scheduler first, while the loop still runs
    (games.scheduler.shutdown, bounded), and have the reactor wait for it as it waits for
    Daphne's own connections to close."""
    stopping = scheduler.shutdown_soon()
    return Deferred.fromFuture(stopping) if stopping is not None else None


warm_up()  # the nickname filter's lists, before the first class joins at once

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": RefuseUnstorableWebsocket(
            SameOriginWebsocket(
                WebsocketLocaleMiddleware(AuthMiddlewareStack(URLRouter(websocket_urlpatterns)))
            )
        ),
    }
)
application = StartScheduler(application)
start_with_daphne()
