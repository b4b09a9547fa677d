"""ResilientConsumer.dispatch (plateful.live_layer): a frame or group message goes straight to its
handler, without Channels' database connection check (a round trip through the thread pool per
message); a handler marked @touches_database still gets the check first, in the thread where the
async ORM runs, so it never queries over a connection that is dead or past its age."""

from __future__ import annotations

import time

import channels.consumer
import channels.generic.websocket
import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection, connections

from games.models import Match
from plateful import live_layer
from plateful.live_layer import ResilientConsumer, touches_database


@pytest.fixture
def checks(monkeypatch):
    """Every database connection check asked for, by who asked: Channels' dispatch (the one this
    module's consumers must not reach), ours, and websocket_disconnect's own (once per socket,
    at its end). Counted at aclose_old_connections, not close_old_connections: Channels' test
    communicators make that one a no-op while they send and receive."""
    made = []

    def counter(who):
        async def aclose_old_connections():
            made.append((who, time.monotonic()))

        return aclose_old_connections

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counter("channels dispatch"))
    monkeypatch.setattr(channels.generic.websocket, "aclose_old_connections", counter("disconnect"))
    monkeypatch.setattr(live_layer, "aclose_old_connections", counter("dispatch"), raising=False)
    return made


@pytest.fixture
def in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


class Room(ResilientConsumer):
    """An echo room over the layer: every frame goes to the group, every group message out."""

    async def connect(self):
        await self.accept()
        await self.join("dispatch-test")

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send("dispatch-test", {"type": "room.say", "text": text_data})

    async def room_say(self, message):
        await self.send(text_data=message["text"])

    async def disconnect(self, code):
        await self.leave_groups()


class Probe(ResilientConsumer):
    def __init__(self, checks=None):
        super().__init__()
        self.checks = checks
        self.ran: list[tuple[str, int]] = []  # (handler, checks made before it ran)

    async def probe_plain(self, message):
        self.ran.append(("plain", len(self.checks)))

    @touches_database
    async def probe_reads(self, message):
        self.ran.append(("reads", len(self.checks)))

    @touches_database
    async def probe_count(self, message):
        self.matches = await Match.objects.acount()  # the async ORM, straight from the handler
        self.raw = await sync_to_async(lambda: connection.connection)()


class Reader(Probe):
    @touches_database
    async def receive(self, text_data=None, bytes_data=None):
        self.ran.append(("receive", len(self.checks)))


async def test_a_plain_handler_runs_without_the_connection_check(checks):
    probe = Probe(checks)
    await probe.dispatch({"type": "probe.plain"})
    assert probe.ran == [("plain", 0)]
    assert checks == []


async def test_frames_and_group_messages_of_a_socket_make_no_check(checks, in_memory_layer):
    sockets = [WebsocketCommunicator(Room.as_asgi(), "/ws/room/") for _ in range(2)]
    for socket in sockets:
        assert (await socket.connect())[0]
    await sockets[0].send_to(text_data="hello")
    assert [await socket.receive_from() for socket in sockets] == ["hello", "hello"]
    for socket in sockets:
        await socket.disconnect()
    # Connects, a frame, two group messages: no check. Each socket's end: Channels' own one.
    assert [who for who, _at in checks] == ["disconnect", "disconnect"]


async def test_a_marked_handler_gets_the_check_before_it_runs(checks):
    probe = Probe(checks)
    await probe.dispatch({"type": "probe.reads"})
    await probe.dispatch({"type": "probe.plain"})
    assert probe.ran == [("reads", 1), ("plain", 1)]
    assert [who for who, _at in checks] == ["dispatch"]


async def test_a_mark_on_receive_counts_for_the_websocket_frame(checks):
    reader = Reader(checks)
    await reader.dispatch({"type": "websocket.receive", "text": "hi"})
    assert reader.ran == [("receive", 1)]


@pytest.mark.django_db(transaction=True)
async def test_a_marked_handler_using_the_async_orm_gets_a_fresh_connection(monkeypatch):
    # The async ORM runs in asgiref's thread-sensitive thread, with that thread's connection:
    # there, the connection dies under Django (a server restart, a dropped link) and is past
    # CONN_MAX_AGE, so only close_old_connections in that thread, before the query, saves it.
    def kill_the_connection():
        here = connections["default"]  # this thread's own
        here.ensure_connection()
        if here.vendor == "sqlite":
            # The test database lives in memory and Django never closes such a connection (the
            # database would go with it; the main thread's connection keeps it here): let this
            # thread's connection close as a file's or PostgreSQL's does.
            monkeypatch.setattr(here, "is_in_memory_db", lambda: False)
        dead = here.connection
        dead.close()
        here.close_at = time.monotonic() - 1
        return dead

    dead = await sync_to_async(kill_the_connection)()
    probe = Probe()
    await probe.dispatch({"type": "probe.count"})  # raised "closed database" over the dead one
    assert probe.matches == 0
    assert probe.raw is not None and probe.raw is not dead


async def test_a_message_without_a_handler_still_raises_value_error():
    with pytest.raises(ValueError, match=r"^No handler for message type probe\.nothing$"):
        await Probe().dispatch({"type": "probe.nothing"})
    with pytest.raises(ValueError, match="has no 'type'"):
        await Probe().dispatch({"text": "hi"})
