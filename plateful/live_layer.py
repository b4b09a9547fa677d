"""Live pages that outlive a channel layer outage (Redis stopped, restarted or unreachable).

Without this, a Channels consumer dies with its layer: the first failed `receive` or
`group_add` raises out of the consumer and Daphne closes the socket with 1011, and every new
socket is refused the same way until Redis returns. Here instead:

- `LayerWatch` (one per event loop and layer) knows whether the layer answers. The first failure
  anyone sees (a consumer's receive or group_add, a move's group_send in a view) marks it down
  and tells every open consumer of this process; one probe task then tries a real round trip
  with growing pauses (BACKOFF_FIRST up to BACKOFF_MAX, jittered) until the layer answers, and
  tells every consumer it is back.
- `ResilientConsumer` keeps its websocket open through it all: its layer receive waits out an
  outage instead of raising, `join` remembers the groups it wants (joined again after the
  outage, since a restarted Redis forgot them), and subclasses say what a page shows meanwhile
  (`layer_lost`) and how it catches up (`layer_back`: a full redraw, since updates were missed).
- `group_send_or_skip` is for sync code (views, services' change hooks): it never raises and
  never waits long; while the layer is down it skips at once (the pages redraw in full when it
  comes back, so nothing skipped is lost for good).

`ResilientConsumer` also spares every frame a thread hop: Channels checks the database
connections before each handler; here only a handler marked `@touches_database` gets that.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import os
import random
import uuid

from asgiref.sync import async_to_sync
from channels.consumer import get_handler_name
from channels.db import aclose_old_connections
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

BACKOFF_FIRST = 0.25  # seconds before the first probe; doubled after each failure...
BACKOFF_MAX = 2.0  # ...up to this (one small round trip per process: cheap)
CALL_TIMEOUT = 2.0  # a layer call that takes longer counts as a failure


def status_html(*, paused: bool) -> str:
    """The "live updates paused" notice's content, as an out-of-band swap into #live-status
    (templates/base.html): the notice text while paused, empty (hidden) once live again."""
    return render_to_string("_live_status.html", {"paused": paused, "oob": True})


async def layer_answers(layer, timeout: float = CALL_TIMEOUT) -> bool:
    """A real round trip: send on a throwaway channel and read the message back."""
    channel = f"live-probe.{uuid.uuid4().hex}"
    token = uuid.uuid4().hex

    async def round_trip() -> bool:
        await layer.send(channel, {"type": "live.probe", "token": token})
        return (await layer.receive(channel)).get("token") == token

    try:
        return await asyncio.wait_for(round_trip(), timeout)
    except Exception:  # refused, timed out, full: not answering
        return False


class LayerWatch:
    """Whether one channel layer answers, as seen from one event loop (one server process)."""

    def __init__(self, layer, loop: asyncio.AbstractEventLoop):
        self.layer = layer
        self.loop = loop
        self.down = False
        self.outages = 0  # how many times it went down (logs, tests)
        self.members: set[ResilientConsumer] = set()
        self._up = asyncio.Event()
        self._up.set()
        self._went_down = asyncio.Event()
        self._probe: asyncio.Task | None = None

    def failed(self, error: BaseException | None = None) -> None:
        """Something failed on the layer: mark it down (once) and start probing. Loop only."""
        if self.down:
            return
        self.down = True
        self.outages += 1
        self._up.clear()
        self._went_down.set()
        logger.warning("Channel layer unavailable (%r): live updates paused, retrying.", error)
        for member in list(self.members):
            member.layer_changed(up=False)
        self._probe = self.loop.create_task(self._wait_for_layer())

    def failed_threadsafe(self, error: BaseException | None = None) -> None:
        """`failed` from any thread (a sync view's group_send)."""
        if self.loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self.failed(error)
        else:
            self.loop.call_soon_threadsafe(self.failed, error)

    async def _wait_for_layer(self) -> None:
        delay = BACKOFF_FIRST
        while True:
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            if await layer_answers(self.layer):
                break
            delay = min(delay * 2, BACKOFF_MAX)
        self.down = False
        self._went_down.clear()
        self._up.set()
        logger.warning("Channel layer answers again: live updates resume.")
        for member in list(self.members):
            member.layer_changed(up=True)

    async def wait_up(self) -> None:
        await self._up.wait()

    async def wait_down(self) -> None:
        await self._went_down.wait()


_watches: dict[tuple[int, int], LayerWatch] = {}


def watch_for(layer, loop: asyncio.AbstractEventLoop | None = None) -> LayerWatch:
    """The watch of `layer` on `loop` (the running loop by default)."""
    loop = loop or asyncio.get_running_loop()
    key = (id(loop), id(layer))
    watch = _watches.get(key)
    if watch is None or watch.loop is not loop or watch.layer is not layer:
        for old_key, old in list(_watches.items()):  # loops of finished tests, old layers
            if old.loop.is_closed():
                del _watches[old_key]
        watch = _watches[key] = LayerWatch(layer, loop)
    return watch


# The loop of the async code a sync caller runs for (a request's or a socket's task), with the
# process id (a forked child must not use its parent's loop). asgiref copies the caller's context
# into the thread it runs sync code in, so a view or service finds its own server loop here.
_caller_loop: contextvars.ContextVar[tuple[int, asyncio.AbstractEventLoop] | None] = contextvars.ContextVar(
    "live_caller_loop", default=None
)


def remember_caller_loop() -> asyncio.AbstractEventLoop:
    """Called from async code (every request and socket) so the sync code it calls can find it."""
    loop = asyncio.get_running_loop()
    _caller_loop.set((os.getpid(), loop))
    return loop


def caller_loop() -> asyncio.AbstractEventLoop | None:
    """The server loop a sync caller (a view in asgiref's thread) belongs to, if any."""
    caller = _caller_loop.get()
    return caller[1] if caller is not None and caller[0] == os.getpid() else None


def _loop_of_sync_caller() -> asyncio.AbstractEventLoop | None:
    return caller_loop()


def group_send_or_skip(group: str, message: dict) -> bool:
    """Send to a group from sync code without ever raising or waiting long. Skipped at once
    while this process knows the layer is down. True when sent."""
    return group_sends_or_skip([(group, message)])


def group_sends_or_skip(sends: list[tuple[str, dict]]) -> bool:
    """group_send_or_skip for several (group, message) pairs, sent in this order in one trip to
    the event loop."""
    layer = get_channel_layer()
    if layer is None or not sends:
        return False
    loop = _loop_of_sync_caller()
    watch = None
    if loop is not None and not loop.is_closed():
        key = (id(loop), id(layer))
        watch = _watches.get(key)
        if watch is not None and watch.down:
            return False

    async def send() -> None:
        for group, message in sends:
            await asyncio.wait_for(layer.group_send(group, message), CALL_TIMEOUT)

    try:
        async_to_sync(send)()
    except Exception as error:  # an outage must not undo (or fail) the change being announced
        logger.warning("Could not tell group %s about a change (%r).", sends[0][0], error)
        if watch is None and loop is not None and loop.is_running():
            watch = watch_for(layer, loop)  # asyncio.Event binds its loop late: any thread
        if watch is not None:
            watch.failed_threadsafe(error)
        return False
    return True


def touches_database(handler):
    """Marks a consumer handler that calls the async ORM itself (`await Match.objects.aget(...)`,
    `async for` over a queryset): `ResilientConsumer.dispatch` checks the database connections
    before it runs, as Channels does before every handler. On `connect`, `receive` or
    `disconnect` the mark counts for the websocket event that calls it."""
    handler.touches_database = True
    return handler


# The websocket events AsyncWebsocketConsumer hands on to a subclass's method.
_HANDED_ON = {
    "websocket_connect": "connect",
    "websocket_receive": "receive",
    "websocket_disconnect": "disconnect",
}


class ResilientConsumer(AsyncWebsocketConsumer):
    """A websocket consumer whose socket stays open when the channel layer fails.

    Subclasses join their groups with `await self.join(group)` (not channel_layer.group_add),
    and may override `layer_lost` / `layer_back` (both async; the defaults show and hide the
    "live updates paused" notice)."""

    layer_down = False
    _outage_told = False  # layer_lost was run for the current outage

    async def __call__(self, scope, receive, send):
        # AsyncConsumer.__call__, except that the layer's receive never ends the consumer.
        self.scope = scope
        self.base_send = send
        self.live_groups: list[str] = []
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.watch = None
        sources = [receive]
        if self.channel_layer is not None:
            self.channel_name = await self.channel_layer.new_channel()  # local: never fails
            self.channel_receive = functools.partial(self.channel_layer.receive, self.channel_name)
            self.watch = watch_for(self.channel_layer)
            self.watch.members.add(self)
            sources.append(self._layer_receive)
        try:
            await await_many_dispatch(sources, self.dispatch)
        except StopConsumer:
            pass
        finally:
            if self.watch is not None:
                self.watch.members.discard(self)
            for task in getattr(self, "_layer_tasks", ()):
                task.cancel()

    async def dispatch(self, message):
        # AsyncConsumer.dispatch (Channels 4.3) awaits aclose_old_connections() before every
        # handler: a sync_to_async round trip through the thread pool for every frame and group
        # message (about a third of a bare echo's server CPU). Only the async ORM called straight
        # from a handler relies on it: it runs in that same thread-sensitive thread and checks
        # nothing itself. database_sync_to_async, the way these consumers reach the database,
        # runs close_old_connections in the thread of the call, before and after it
        # (channels/db.py, DatabaseSyncToAsync.thread_handler).
        name = get_handler_name(message)
        handler = getattr(self, name, None)
        if not handler:
            raise ValueError(f"No handler for message type {message['type']}")
        if getattr(handler, "touches_database", False) or getattr(
            getattr(self, _HANDED_ON.get(name, ""), None), "touches_database", False
        ):
            await aclose_old_connections()
        await handler(message)

    async def _layer_receive(self) -> dict:
        """The next message from the layer; through an outage, it just waits for one."""
        watch = self.watch
        while True:
            if watch.down:
                await watch.wait_up()
                continue
            receiving = asyncio.ensure_future(self.channel_receive())
            going_down = asyncio.ensure_future(watch.wait_down())
            try:
                await asyncio.wait({receiving, going_down}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                going_down.cancel()
                if not receiving.done():
                    receiving.cancel()
            if receiving.done() and not receiving.cancelled():
                error = receiving.exception()
                if error is None:
                    return receiving.result()
                watch.failed(error)

    async def join(self, group: str) -> bool:
        """Join a group now if the layer answers, and again after every outage. False when
        the layer is down (the consumer is then told `layer_lost` and later `layer_back`)."""
        if group not in self.live_groups:
            self.live_groups.append(group)
        return await self._join(group)

    async def _join(self, group: str) -> bool:
        if self.watch is None:
            return False
        if self.watch.down:
            self.layer_changed(up=False)  # make sure this page shows it
            return False
        try:
            await asyncio.wait_for(self.channel_layer.group_add(group, self.channel_name), CALL_TIMEOUT)
        except Exception as error:
            self.watch.failed(error)
            return False
        return True

    async def leave(self, group: str) -> None:
        """Leave one group (quietly: a layer that is down forgets it anyway)."""
        if group in self.live_groups:
            self.live_groups.remove(group)
        if self.watch is None or self.watch.down:
            return
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.channel_layer.group_discard(group, self.channel_name), CALL_TIMEOUT)

    async def leave_groups(self) -> None:
        """On disconnect: leave every group (quietly, and not at all while the layer is down)."""
        groups, self.live_groups = self.live_groups, []
        if self.watch is None or self.watch.down:
            return
        for group in groups:
            leaving = self.channel_layer.group_discard(group, self.channel_name)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(leaving, CALL_TIMEOUT)

    async def accept(self, *args, **kwargs):
        await super().accept(*args, **kwargs)
        self.accepted = True

    def layer_changed(self, *, up: bool) -> None:
        """Called by the watch (in the loop): run layer_lost/layer_back in a task of their own,
        once per outage, and only on an accepted socket (before that, `join` tells)."""
        if up:
            if not self.layer_down:
                return
            self.layer_down = False
            if not self._outage_told:
                return
            self._outage_told = False
            self._in_task(self._layer_back())
        else:
            self.layer_down = True
            if self._outage_told or not getattr(self, "accepted", False):
                return
            self._outage_told = True
            self._in_task(self.layer_lost())

    def _in_task(self, work) -> None:
        tasks = self.__dict__.setdefault("_layer_tasks", set())
        task = asyncio.ensure_future(work)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    async def _layer_back(self) -> None:
        for group in list(self.live_groups):
            if not await self._join(group):
                return  # down again: the next recovery calls us again
        await self.layer_back()

    async def layer_lost(self) -> None:
        with contextlib.suppress(Exception):  # the socket may be closing meanwhile
            await self.send(text_data=status_html(paused=True))

    async def layer_back(self) -> None:
        with contextlib.suppress(Exception):
            await self.send(text_data=status_html(paused=False))
