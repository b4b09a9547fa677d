"""A bare echo through plateful.live_layer.ResilientConsumer, fixed work, one process: what a
forwarded frame costs the consumer base (benchmarks/README.md, "Skipping the per-frame thread hop").

ROOM sockets in one room; ROUNDS times every socket sends a frame, which the room's group
message brings to every socket (ROOM x ROUNDS frames, ROOM^2 x ROUNDS group messages, each one
dispatch). --before loads the given copy of live_layer.py instead of the tree's.
    .venv/bin/python benchmarks/dispatch_hop.py [--before /path/to/old/live_layer.py] [--redis URL]
"""

import argparse
import asyncio
import importlib.util
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
parser = argparse.ArgumentParser()
parser.add_argument("--before")
parser.add_argument("--redis")
parser.add_argument("--room", type=int, default=30)
parser.add_argument("--rounds", type=int, default=40)
args = parser.parse_args()

import django  # noqa: E402 - configured here, after the arguments say which layer
from django.conf import settings  # noqa: E402

layer = {"BACKEND": "channels.layers.InMemoryChannelLayer"}
if args.redis:
    layer = {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [args.redis], "prefix": f"echo-bench-{os.getpid()}"},
    }
settings.configure(
    DEBUG=False,
    SECRET_KEY="echo-bench",
    INSTALLED_APPS=["channels"],
    CHANNEL_LAYERS={"default": layer},
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}},
)
django.setup()


if args.before:
    spec = importlib.util.spec_from_file_location("plateful.live_layer", args.before)
    live_layer = importlib.util.module_from_spec(spec)
    sys.modules["plateful.live_layer"] = live_layer
    spec.loader.exec_module(live_layer)
else:
    from plateful import live_layer  # noqa: E402

from asgiref.testing import ApplicationCommunicator  # noqa: E402  (not channels': no patching)


class Room(live_layer.ResilientConsumer):
    async def connect(self):
        await self.accept()
        await self.join("echo-room")

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send("echo-room", {"type": "room.message", "text": text_data})

    async def room_message(self, message):
        await self.send(text_data=message["text"])

    async def disconnect(self, code):
        await self.leave_groups()


async def main():
    app = Room.as_asgi()
    scope = {
        "type": "websocket",
        "path": "/ws/echo/0/",
        "headers": [],
        "query_string": b"",
        "subprotocols": [],
    }
    sockets = [ApplicationCommunicator(app, dict(scope)) for _ in range(args.room)]
    for s in sockets:
        await s.send_input({"type": "websocket.connect"})
        assert (await s.receive_output(5))["type"] == "websocket.accept"
    started = time.monotonic()
    for r in range(args.rounds):
        for n, s in enumerate(sockets):
            await s.send_input({"type": "websocket.receive", "text": f"{n}:{r}"})
        for s in sockets:
            for _ in range(args.room):
                out = await s.receive_output(10)
                assert out["type"] == "websocket.send", out
    took = time.monotonic() - started
    for s in sockets:
        await s.send_input({"type": "websocket.disconnect", "code": 1000})
        await s.wait(5)
    dispatches = args.rounds * args.room * (1 + args.room)
    print(
        f"{'before' if args.before else 'after'}: {dispatches} dispatches in {took:.3f} s, "
        f"{took / dispatches * 1e6:.1f} us each"
    )


asyncio.run(main())
