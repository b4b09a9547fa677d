"""Websocket routes of the games app (gathered in plateful/routing.py)."""

from django.urls import path

from games.live.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/play/<str:match_id>/", MatchConsumer.as_asgi()),
]
