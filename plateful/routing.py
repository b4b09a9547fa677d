"""Websocket routes of every app, gathered in one list for the ASGI router."""

from games.routing import websocket_urlpatterns as games_websockets

websocket_urlpatterns = [*games_websockets]
