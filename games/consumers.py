"""The live match socket: one consumer per open match page.

On (re)connect the consumer finds the browser's seat (its seat token, from the session or a
`token` query parameter), joins the match's group and sends the whole current view. After every
change the group gets a bare "match changed"; each consumer then renders its own seat's view
with the same partial as the htmx responses (games/play.html#live, an out-of-band swap). Two
exceptions keep a busy class cheap: the page whose htmx request made the move (its id is in the
socket's address and the move's X-Plateful-Page header) is not redrawn, its answer shows the
change already; and a page still being drawn when more changes arrive draws only the newest.

Moves (slaps above all) may come over the socket as htmx ws-send frames: {"action": <JSON>,
"seat": n?}. Fairness: moves are judged in the order the server receives them. Within one
process, each match's moves queue on a first-come first-served lock in arrival order; across
processes the database row lock decides. A move names the version it was made against, so a
slap on a pile that already changed is refused as too late (no penalty), never as a Bad Chomp.
Client clocks are never used.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connections
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import access, rendering, scheduler, services
from games.changes import MatchChange
from games.models import Match
from games.views import PAGE_ID, SESSION_KEY
from plateful.live_layer import ResilientConsumer, group_send_or_skip
from plateful.locale import scope_language
from plateful.safe_json import JSONRefused, loads_bounded

CLOSE_NO_MATCH = 4404
CLOSE_FORBIDDEN = 4403
MAX_FRAME = 8192
OUTAGE_POLL_SECONDS = 2.0  # while the channel layer is down, each page checks its match this often

_match_locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
_RENDERS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="match-render")


def _render_cached(match: Match, seat: int | None, language: str) -> str:
    try:
        with translation.override(language):
            return rendering.live_html(match, seat, oob=True)
    finally:
        # Should a render ever need the database (its rows fell out of the cache), the
        # connection it opened in this thread must not outlive it.
        connections.close_all()


def broadcast_change(change: MatchChange) -> None:
    """Subscriber of games.changes: tell every open page of the match that it changed (each
    page's consumer then redraws its own seat's view)."""
    layer = get_channel_layer()
    if layer is None:
        return
    if change.version is None or change.changed_at is None:
        row = Match.objects.filter(pk=change.match_id).values("version", "changed_at").first()
        if row is None:
            return
        version, changed_at = row["version"], row["changed_at"]
    else:
        version, changed_at = change.version, change.changed_at
    message = {
        "type": "match.changed",
        "version": version,
        "changed_at": changed_at.isoformat(),
        # Who moved (None: the table, or a lobby change): that seat's page usually has its
        # answer already (the htmx response), so its socket redraws after the others.
        "seat": change.seat,
        "page": change.page,
    }
    # Never raises nor waits long: while the layer is down the move stays stored and the pages
    # catch up with a full redraw when it is back (plateful.live_layer).
    group_send_or_skip(services.group_name(change.match_id), message)


class MatchConsumer(ResilientConsumer):
    """One open match page. Through a channel layer outage the socket stays open: the page says
    "live updates paused", checks the match every OUTAGE_POLL_SECONDS and redraws when it
    changed, gets its own moves' answers directly, and has a full redraw when the layer is back
    (see plateful.live_layer)."""

    match_id: str = ""
    seat: int | None = None
    token: str | None = None
    page: str = ""  # this page's id (play.html): changes its own htmx moves made aren't redrawn
    shown_version: int | None = None
    _wanted: dict | None = None  # the newest change not drawn yet
    _drawing: asyncio.Task | None = None

    async def connect(self):
        scheduler.remember_loop()
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        await self.accept()
        problem, close_code = await database_sync_to_async(self._identify)()
        if problem:
            await self.send(text_data=rendering.error_html(problem))
            await self.close(code=close_code)
            return
        await self.join(services.group_name(self.match_id))  # down: the page still opens
        await self.send_view()
        scheduler.kick(self.match_id)  # restart-safe: resume an overdue bot move or timer

    async def disconnect(self, code):
        if self._drawing is not None:
            self._drawing.cancel()
        await self.leave_groups()

    async def layer_lost(self):
        await super().layer_lost()
        while self.layer_down:
            await asyncio.sleep(OUTAGE_POLL_SECONDS)
            version = await database_sync_to_async(self._stored_version)()
            if self.layer_down and version is not None and version != self.shown_version:
                await self.send_view()

    async def layer_back(self):
        await self.send_view()  # whatever the group said meanwhile is lost: the whole view
        await super().layer_back()

    def _stored_version(self) -> int | None:
        return Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()

    def _identify(self) -> tuple[str, int]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return _("There is no game with that address."), CLOSE_NO_MATCH
        refusal = access.match_access_refusal(match, self.scope)
        if refusal:
            return refusal, CLOSE_FORBIDDEN
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        page = query.get("page", [""])[0]
        self.page = page if PAGE_ID.fullmatch(page) else ""
        given = query.get("token", [None])[0]
        if given is not None:
            seat = services.seat_for_token(match=match, token=given)
            if seat is None:
                return _("That seat token isn't for this game."), CLOSE_FORBIDDEN
            self.token, self.seat = given, seat
            return "", 0
        session = self.scope.get("session")
        token = session.get(SESSION_KEY, {}).get(self.match_id) if session is not None else None
        self.token = token
        self.seat = services.seat_for_token(match=match, token=token)
        return "", 0

    async def receive(self, text_data=None, bytes_data=None):
        received_at = timezone.now()
        try:
            action, seat = self._parse(text_data)
        except ValueError as problem:
            await self.send(text_data=rendering.error_html(str(problem)))
            return
        if self.seat is None:
            await self.send(
                text_data=rendering.error_html(_("You are watching this game, not playing in it."))
            )
            return
        if seat is not None and seat != self.seat:
            await self.send(text_data=rendering.error_html(_("That seat isn't yours.")))
            return
        # First come, first served: asyncio.Lock wakes its waiters in arrival order.
        async with _match_locks[self.match_id]:
            try:
                await database_sync_to_async(services.match_submit_action)(
                    match_id=self.match_id,
                    seat=self.seat,
                    action=action,
                    token=self.token,
                    received_at=received_at,
                )
            except services.MatchError as error:
                message = error.message
                if error.code == "stale":
                    message = _("Too late: the cards changed before your move arrived.")
                await self.send(text_data=rendering.error_html(message))
                return
        if self.layer_down:  # no group message will come back: answer the mover directly
            await self.send_view()

    @staticmethod
    def _parse(text_data) -> tuple[dict, int | None]:
        if not isinstance(text_data, str) or len(text_data) > MAX_FRAME:
            raise ValueError(_("That message doesn't make sense."))
        try:
            frame = loads_bounded(text_data, max_bytes=MAX_FRAME)
        except JSONRefused as refused:
            raise ValueError(str(refused)) from None
        except ValueError:
            raise ValueError(_("That message doesn't make sense.")) from None
        if not isinstance(frame, dict) or "action" not in frame:
            raise ValueError(_("That message doesn't make sense."))
        action = frame["action"]
        if isinstance(action, str):
            try:
                action = loads_bounded(action, max_bytes=MAX_FRAME)
            except JSONRefused as refused:
                raise ValueError(str(refused)) from None
            except ValueError:
                raise ValueError(_("That move doesn't make sense.")) from None
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ValueError(_("That move doesn't make sense."))
        seat = frame.get("seat")
        if seat is not None:
            try:
                seat = int(seat)
            except (TypeError, ValueError):
                raise ValueError(_("That seat isn't at this table.")) from None
        return action, seat

    async def match_changed(self, message):
        if self.page and message.get("page") == self.page:
            # This page made the move over htmx: the move's answer draws it there already.
            version = message.get("version")
            if version is not None:
                self.shown_version = max(version, self.shown_version or 0)
            return
        # Latest wins: while this page is being drawn, changes arriving meanwhile are drawn once,
        # as the newest of them (a busy server draws fewer, never older, views).
        self._wanted = message
        if self._drawing is None or self._drawing.done():
            self._drawing = asyncio.ensure_future(self._draw_wanted())

    async def _draw_wanted(self) -> None:
        while self._wanted is not None:
            message, self._wanted = self._wanted, None
            version = message.get("version")
            if version is not None and self.shown_version is not None and version < self.shown_version:
                continue  # a newer view is shown already (a full redraw, or this page's own move)
            await self._draw_change(message)

    async def _draw_change(self, message) -> None:
        if self.seat is not None and self.seat == message.get("seat"):
            # The mover's own page (a move over the socket, or another tab of the same seat):
            # let the classmates' redraws of this change queue first.
            for _turn in range(3):
                await asyncio.sleep(0)
        cached = rendering.cached_match(self.match_id, message.get("version"), message.get("changed_at"))
        if cached is not None and not (self.seat is None and self.token is None):
            # The move (or another seat's render) in this process already read this change: no
            # database trip. Renders are pure CPU, so they take turns in one thread, in arrival
            # order, away from the database thread the sockets' reads and moves use.
            html = await sync_to_async(_render_cached, thread_sensitive=False, executor=_RENDERS)(
                cached, self.seat, scope_language(self.scope)
            )
            self.shown_version = cached.version
            await self.send(text_data=html)
            return
        await self.send_view(message.get("version"), message.get("changed_at"))

    async def send_view(self, version: int | None = None, changed_at: str | None = None):
        html = await database_sync_to_async(self._render)(version, changed_at)
        if html:
            await self.send(text_data=html)

    def _render(self, version: int | None = None, changed_at: str | None = None) -> str:
        # The sockets of one change queue here one after the other: the first reads the match
        # (a move made in another process), the next ones find it in this process's cache.
        match = None
        if version is not None and not (self.seat is None and self.token is None):
            match = rendering.cached_match(self.match_id, version, changed_at)
        if match is None:
            match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return ""
        if self.seat is None and self.token is None:
            self._find_new_seat(match)
        self.shown_version = match.version
        with translation.override(scope_language(self.scope)):
            return rendering.live_html(match, self.seat, oob=True)

    def _find_new_seat(self, match: Match) -> None:
        """A watcher who just sat down at this table (in another request) plays from now on."""
        session = self.scope.get("session")
        key = getattr(session, "session_key", None)
        if not key:
            return
        fresh = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
        token = fresh.get(SESSION_KEY, {}).get(self.match_id)
        seat = services.seat_for_token(match=match, token=token)
        if seat is not None:
            self.token, self.seat = token, seat
