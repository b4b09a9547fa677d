"""Websocket routes of every app, gathered in one list for the ASGI router."""

websocket_urlpatterns = []
