"""Websocket routes of every app, gathered in one list for the ASGI router, and a last route
that closes a socket to any other address with 4404 (like an HTTP 404): Channels' router would
raise instead, a server error with a traceback in the log."""

from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import re_path

from classroom.routing import websocket_urlpatterns as classroom_websockets
from games.routing import websocket_urlpatterns as games_websockets
from plateful.safe_input import CLOSE_NOT_FOUND


class UnknownAddress(AsyncWebsocketConsumer):
    """A socket no route answers: accepted only to be closed with 4404 at once."""

    async def connect(self):
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)


websocket_urlpatterns = [
    *games_websockets,
    *classroom_websockets,
    re_path(r"", UnknownAddress.as_asgi()),
]
