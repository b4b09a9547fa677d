"""Websocket routes of every app, gathered in one list for the ASGI router."""

from classroom.routing import websocket_urlpatterns as classroom_websockets
from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns = [*games_websockets, *classroom_websockets]
