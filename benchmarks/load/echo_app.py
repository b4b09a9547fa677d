"""The baseline: a bare Channels echo, rooms over a Redis channel layer, nothing else.

    REDIS_URL=redis://127.0.0.1:6379/5 CHANNELS_PREFIX=echo daphne benchmarks.load.echo_app:application

/ws/echo/<room>/: every text frame a socket sends goes to every socket in its room (itself
included), untouched. No database, no sessions, no templates: what Channels + Daphne + Redis
cost on this machine, so Plateful's classroom numbers can be read as a share of it.
"""

from __future__ import annotations

import os

import django
from django.conf import settings

if not settings.configured:
    settings.configure(
        DEBUG=False,
        SECRET_KEY="echo-benchmark",
        ALLOWED_HOSTS=["*"],
        INSTALLED_APPS=["channels"],
        CHANNEL_LAYERS={
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {
                    "hosts": [os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")],
                    "prefix": os.environ.get("CHANNELS_PREFIX", "echo"),
                },
            }
        },
    )
    django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402 - after settings
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402


class EchoRoom(AsyncWebsocketConsumer):
    async def connect(self):
        self.room = f"echo-{self.scope['url_route']['kwargs']['room']}"
        await self.channel_layer.group_add(self.room, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.room, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.room, {"type": "room.message", "text": text_data})

    async def room_message(self, message):
        await self.send(text_data=message["text"])


async def _no_http(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": b"echo ok"})


application = ProtocolTypeRouter(
    {"http": _no_http, "websocket": URLRouter([path("ws/echo/<str:room>/", EchoRoom.as_asgi())])}
)
