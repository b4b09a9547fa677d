"""The live match socket: one consumer per open match page.

On (re)connect the consumer finds the browser's seat (its seat token, from the session or a
`token` query parameter), joins the match's group and sends the whole current view. After every
change the group gets "match changed" (across processes with the rows the change wrote, which
the first socket of the match in each process installs in games.live.snapshots: no process reads
them back); each consumer then renders its own seat's view with the same partial as the htmx
responses (games/play.html#live, an out-of-band swap). Two
exceptions keep a busy class cheap: the page whose htmx request made the move (its id is in the
socket's address and the move's X-Plateful-Page header) is not redrawn, its answer shows the
change already; and a page still being drawn when more changes arrive draws only the newest.

Moves come over the socket, every game's (static/games/moves.js sends each move control's
{"action": <JSON>, "seat": n}; HTTP only while the socket is closed or live updates are paused).
The socket answers its own move as the HTTP move's answer does: the mover's view, drawn from the
move's rows, then MOVE_ANSWERED (the group's redraw skips that page); a refusal says the same
words as the HTTP answer would. Fairness: moves are judged in the
order the server receives them. Within one process, each match's moves queue on a first-come
first-served lock in arrival order; across processes the database row lock decides. A move names
the version it was made against, so a slap on a pile that already changed is refused as too late
(no penalty), never as a Bad Chomp.
Client clocks are never used.

Seats change hands (a bot takes a removed or moved student's seat, a student a bot's): nothing
is drawn for a seat its socket's token no longer holds. Each render checks the token against the
seat rows it reads anyway; a change that gives a seat away ("match.seats_changed") also makes
every socket ask the access gates again. A socket whose seat went to someone else watches from
then on (and says so); one the gates now refuse (a student taken out of the class) gets a notice
instead of the game and is closed (4403). A move over a socket that lost its seat is refused.

Watchers are cheap and bounded: every watcher socket of a match in this process shares one render
per change and language (`_watcher_view`), and sockets are capped per client address and per
match (watchers only) in each process: MATCH_SOCKETS_PER_ADDRESS, MATCH_SOCKETS_PER_MATCH. A socket
over a cap gets a message and is closed with 4429, which the page does not retry.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter, OrderedDict
from concurrent.futures import ThreadPoolExecutor
from importlib import import_module
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from django.conf import settings
from django.core.exceptions import SynchronousOnlyOperation
from django.db import connections
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import access, audiences, rendering, scheduler, services
from games.engines import IllegalAction
from games.live import move_queue, snapshots
from games.messages import say
from games.models import Match, Seat
from games.views import PAGE_ID, SESSION_KEY
from plateful.client_address import scope_client_ip
from plateful.live_layer import ResilientConsumer
from plateful.locale import scope_language
from plateful.safe_json import JSONRefused, loads_bounded

CLOSE_NO_MATCH = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY = 4429  # over a socket cap: the page shows why and does not reconnect
MAX_FRAME = 8192
# Sent after the view that answers a move made over this socket: an HTML comment, so htmx swaps
# nothing for it (static/games/moves.js and benchmarks/load/loadgen.py look for it).
MOVE_ANSWERED = "<!-- plateful:move-answered -->"
OUTAGE_POLL_SECONDS = 2.0  # while the channel layer is down, each page checks its match this often

_RENDERS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="match-render")

# Open sockets in this process, per client address and per match (see the module's docstring).
_sockets_per_address: Counter[str] = Counter()
_sockets_per_match: Counter[str] = Counter()

# A change is drawn once per audience in this process: (match id, version, changed_at, language)
# -> the task that reads the match and draws the part every socket shares (its result: the match
# as drawn), and -> the task drawing the watchers' page from it (its result: (version, html)).
# Seats compose their own page from the shared part (games.audiences). A few changes per match
# stay; older ones are never asked for again.
_SHARED_VIEWS: OrderedDict[tuple, asyncio.Future] = OrderedDict()
_WATCHER_VIEWS: OrderedDict[tuple, asyncio.Future] = OrderedDict()
_WATCHER_VIEWS_LIMIT = 256
# The languages a carried shared render may be in (anything else in a message is ignored).
_LANGUAGES = frozenset(code for code, _name in settings.LANGUAGES)


def _holds_seat(match: Match, seat: int | None, token: str | None) -> bool:
    """Whether the token still holds the seat, read from the rows the render reads anyway."""
    seats, _recent = snapshots.match_rows(match)
    return services.seat_holds_token(seats=seats, seat=seat, token=token)


def _page(match: Match, seat: int | None, token: str | None, language: str) -> str | None:
    """The seat's view, or None when its token no longer holds the seat."""
    if seat is not None and not _holds_seat(match, seat, token):
        return None
    with translation.override(language):
        return rendering.live_html(match, seat, oob=True)


def _render_cached(match: Match, seat: int | None, token: str | None, language: str) -> str | None:
    """_page, in a thread that may read the database."""
    try:
        return _page(match, seat, token, language)
    finally:
        # Should a render ever need the database (its rows fell out of the cache), the
        # connection it opened in this thread must not outlive it.
        connections.close_all()


def _render_shared(match_id: str, version: int | None, changed_at: str | None, language: str):
    """The match as a change left it (from this process's cache, else as stored now, which is
    never older), with the part of its page every socket shares drawn. None: no such match."""
    match = snapshots.cached_match(match_id, version, changed_at) if version is not None else None
    if match is None:
        match = Match.objects.filter(pk=match_id).first()
    if match is not None and rendering.composed(match):
        with translation.override(language):
            rendering.shared_live_html(match, oob=True)
    return match


def _install_shared(match_id: str, message: dict) -> None:
    """Keep the shared render a change message carried (drawn by the process that made the
    change), once per process: this process's sockets then draw only their own pieces."""
    shared = message.get("shared")
    if not isinstance(shared, dict) or not isinstance(shared.get("html"), str):
        return
    if shared.get("language") not in _LANGUAGES:
        return
    match = snapshots.cached_match(match_id, message["version"], message["changed_at"])
    if match is None or not rendering.composed(match):
        return
    with translation.override(shared["language"]):
        if rendering.shared_held(match, oob=True):
            return  # another socket of the match here kept it already
        html = audiences.adopt(shared["html"], shared.get("marks"))
        if html is not None:
            rendering.shared_remember(match, html, oob=True)


def _render_watchers(match: Match, language: str) -> tuple[int, str]:
    with translation.override(language):
        return match.version, rendering.live_html(match, None, oob=True)


def _one_task(tasks: OrderedDict, key: tuple, start) -> asyncio.Future:
    """The task for this change (no change named: a fresh one, shared by nobody)."""
    task = tasks.get(key) if key[1] is not None else None
    if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
        task = asyncio.ensure_future(start())
        if key[1] is None:
            return task
        tasks[key] = task
        while len(tasks) > _WATCHER_VIEWS_LIMIT:
            tasks.popitem(last=False)
    return task


def _shared_view(match_id: str, version: int | None, changed_at: str | None, language: str) -> asyncio.Future:
    """The one read and shared render of this change for every socket of the match here."""
    key = (match_id, version, changed_at, language)

    async def shared():
        held = _held_shared(*key)
        return held if held is not None else await database_sync_to_async(_render_shared)(*key)

    return _one_task(_SHARED_VIEWS, key, shared)


def _held_shared(match_id: str, version: int | None, changed_at: str | None, language: str) -> Match | None:
    """The change as this process holds it, its shared part drawn already (carried by its
    message, or drawn here for an earlier socket): nothing to read or draw. None otherwise."""
    match = snapshots.cached_match(match_id, version, changed_at) if version is not None else None
    if match is None:
        return None
    with translation.override(language):
        if rendering.composed(match) and not rendering.shared_held(match, oob=True):
            return None
    return match


async def _render_here_or_in_thread(match: Match, seat: int | None, token: str | None, language: str):
    """A seat's page from a change this process holds: its own pieces are a millisecond of
    pure CPU, drawn right here on the event loop (a hop to a thread and back costs about as
    much again). Should it need the database after all (its rows fell out of the cache), it
    goes to the render thread, where that is allowed."""
    try:
        return _page(match, seat, token, language)
    except SynchronousOnlyOperation:
        return await sync_to_async(_render_cached, thread_sensitive=False, executor=_RENDERS)(
            match, seat, token, language
        )


def _watcher_view(
    match_id: str, version: int | None, changed_at: str | None, language: str
) -> asyncio.Future:
    """The one page of this change for every watcher of the match in this process."""
    key = (match_id, version, changed_at, language)

    async def draw():
        match = await asyncio.shield(_shared_view(*key))
        if match is None:
            return None
        return await database_sync_to_async(_render_watchers)(match, language)

    return _one_task(_WATCHER_VIEWS, key, draw)


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
    _address: str | None = None  # while counted in _sockets_per_address
    _in_match: bool = False  # while counted in _sockets_per_match
    _recheck: bool = False  # a seat changed hands: ask the gates again before the next draw
    _closed: bool = False  # closed by the server (taken out, over a cap): nothing more is sent
    _saw_waiting: bool = False  # drew the table's lobby: a watcher may have sat down since

    async def __call__(self, scope, receive, send):
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._uncount()  # however the socket ends

    def _uncount(self) -> None:
        if self._address is not None:
            _sockets_per_address[self._address] -= 1
            if _sockets_per_address[self._address] <= 0:
                del _sockets_per_address[self._address]
            self._address = None
        if self._in_match:
            _sockets_per_match[self.match_id] -= 1
            if _sockets_per_match[self.match_id] <= 0:
                del _sockets_per_match[self.match_id]
            self._in_match = False

    async def connect(self):
        scheduler.remember_loop()
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        await self.accept()
        # Counted before the first await: a flood of sockets can't all pass the check at once.
        address = scope_client_ip(self.scope)
        if _sockets_per_address[address] >= settings.MATCH_SOCKETS_PER_ADDRESS:
            await self._refuse(
                _(
                    "Too many game pages are open from your network. "
                    "Close some of them, then reload this page."
                ),
                CLOSE_TOO_MANY,
            )
            return
        _sockets_per_address[address] += 1
        self._address = address
        problem, close_code, match = await database_sync_to_async(self._identify)()
        if problem:
            await self._refuse(problem, close_code)
            return
        if self.seat is None and _sockets_per_match[self.match_id] >= settings.MATCH_SOCKETS_PER_MATCH:
            await self._refuse(
                _("This game has as many people watching as it can take. Try again in a while."),
                CLOSE_TOO_MANY,
            )
            return
        _sockets_per_match[self.match_id] += 1
        self._in_match = True
        await self.join(services.group_name(self.match_id))  # down: the page still opens
        if self.seat is None and match.status != Match.Status.WAITING:
            await self._send_watcher_view(match.version, match.changed_at.isoformat())
        else:
            await self.send_view()
        scheduler.kick(self.match_id)  # restart-safe: resume an overdue bot move or timer

    async def _refuse(self, message: str, code: int) -> None:
        self._closed = True
        await self.send(text_data=rendering.error_html(message))
        await self.close(code=code)

    async def disconnect(self, code):
        self._closed = True
        if self._drawing is not None:
            self._drawing.cancel()
        self._uncount()
        await self.leave_groups()

    async def layer_lost(self):
        await super().layer_lost()
        while self.layer_down and not self._closed:
            await asyncio.sleep(OUTAGE_POLL_SECONDS)
            version = await database_sync_to_async(self._stored_version)()
            if self.layer_down and version is not None and version != self.shown_version:
                self._recheck = True  # seats may have changed hands meanwhile
                await self._draw_change({})

    async def layer_back(self):
        self._recheck = True  # whatever the group said meanwhile is lost: the whole view
        await self._draw_change({})
        await super().layer_back()

    def _stored_version(self) -> int | None:
        return Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()

    def _identify(self) -> tuple[str, int, Match | None]:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return _("There is no game with that address."), CLOSE_NO_MATCH, None
        refusal = access.match_access_refusal(match, self.scope)
        if refusal:
            return refusal, CLOSE_FORBIDDEN, match
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        page = query.get("page", [""])[0]
        self.page = page if PAGE_ID.fullmatch(page) else ""
        given = query.get("token", [None])[0]
        if given is not None:
            seat = services.seat_for_token(match=match, token=given)
            if seat is None:
                return _("That seat token isn't for this game."), CLOSE_FORBIDDEN, match
            self.token, self.seat = given, seat
            return "", 0, match
        session = self.scope.get("session")
        token = session.get(SESSION_KEY, {}).get(self.match_id) if session is not None else None
        self.token = token
        self.seat = services.seat_for_token(match=match, token=token)
        return "", 0, match

    async def receive(self, text_data=None, bytes_data=None):
        received_at = timezone.now()
        if self._closed:
            return
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
        if not self.page:  # a page without an id: this socket's own, so the group skips it too
            self.page = f"socket-{uuid.uuid4().hex[:24]}"
        async with move_queue.turn(self.match_id):  # first come, first served
            try:
                moved, _events = await database_sync_to_async(services.match_submit_action)(
                    match_id=self.match_id,
                    seat=self.seat,
                    action=action,
                    token=self.token,
                    received_at=received_at,
                    page=self.page,  # this socket answers its move itself (below)
                )
            except IllegalAction as error:
                await self.send(text_data=rendering.error_html(say(error.text)))
                return
            except services.MatchError as error:
                if error.code == "forbidden" and not await database_sync_to_async(self._still_seated)():
                    await self._seat_lost()  # refused, and told why: the seat is someone else's now
                    return
                # The same words as the HTTP answer (games.views.match_move) for the same refusal.
                # No redraw: a live socket gets the change that made this move too late anyway.
                await self.send(text_data=rendering.error_html(error.message))
                return
        # The move's answer, as the HTTP move's answer is: this seat's view drawn from the rows
        # the move wrote, then the marker that says "your move was made" (static/games/moves.js
        # waits for it, or for a refusal, before it sends another move). The group's redraw of
        # this change skips this page (its id is on the change).
        # Drawn as the group's redraws are (from the move's cached rows, on the event loop), not
        # on the database thread the next moves wait for.
        await self._draw_change({"version": moved.version, "changed_at": moved.changed_at.isoformat()})
        if not self._closed and self.seat is not None:  # (not when it found its seat lost)
            await self.send(text_data=MOVE_ANSWERED)

    @staticmethod
    def _json(text: str, nonsense: str):
        """JSON of bounded size and depth; ValueError with `nonsense` (or the size refusal)."""
        try:
            return loads_bounded(text, max_bytes=MAX_FRAME)
        except JSONRefused as refused:
            raise ValueError(str(refused)) from None
        except ValueError:
            raise ValueError(nonsense) from None

    @staticmethod
    def _parse(text_data) -> tuple[dict, int | None]:
        if not isinstance(text_data, str) or len(text_data) > MAX_FRAME:
            raise ValueError(_("That message doesn't make sense."))
        frame = MatchConsumer._json(text_data, _("That message doesn't make sense."))
        if not isinstance(frame, dict) or "action" not in frame:
            raise ValueError(_("That message doesn't make sense."))
        action = frame["action"]
        if isinstance(action, str):
            action = MatchConsumer._json(action, _("That move doesn't make sense."))
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ValueError(_("That move doesn't make sense."))
        seat = frame.get("seat")
        if isinstance(seat, str) and seat.isdecimal() and len(seat) < 4:
            seat = int(seat)  # a form field's string, as the HTTP move sends it
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise ValueError(_("That seat isn't at this table."))
        return action, seat

    async def match_changed(self, message):
        if self._closed:
            return
        if self.page and message.get("page") == self.page:
            # This page made the move over htmx: the move's answer draws it there already.
            version = message.get("version")
            if version is not None:
                self.shown_version = max(version, self.shown_version or 0)
            return
        if message.get("rows") is not None:
            # The rows the change wrote, from another process: installed by the first socket
            # of this match here to draw it (one decode per process; all draw from the cache).
            snapshots.install_payload(
                self.match_id, message["version"], message["changed_at"], message["rows"]
            )
            _install_shared(self.match_id, message)
        # Latest wins: while this page is being drawn, changes arriving meanwhile are drawn once,
        # as the newest of them (a busy server draws fewer, never older, views).
        self._wanted = message
        if self._drawing is None or self._drawing.done():
            self._drawing = asyncio.ensure_future(self._draw_wanted())

    async def match_seats_changed(self, message):
        """A seat changed hands, or someone was taken out of the match's class: before anything
        more is drawn, this page asks the gates again (and its render checks its seat)."""
        self._recheck = True  # survives "latest wins": a later change is drawn with the check
        await self.match_changed({**message, "page": ""})

    async def _draw_wanted(self) -> None:
        while self._wanted is not None and not self._closed:
            message, self._wanted = self._wanted, None
            version = message.get("version")
            if (
                version is not None
                and self.shown_version is not None
                and version < self.shown_version
                and not self._recheck
            ):
                continue  # a newer view is shown already (a full redraw, or this page's own move)
            await self._draw_change(message)

    async def _draw_change(self, message) -> None:
        if self._recheck:
            self._recheck = False
            if not await self._still_allowed():
                return
        version, changed_at = message.get("version"), message.get("changed_at")
        if self.seat is None:
            if not self._saw_waiting:
                await self._send_watcher_view(version, changed_at)  # one render for all watchers
                return
            await self.send_view(version, changed_at)  # a watcher of a lobby may sit down
            return
        if self.seat == message.get("seat"):
            # The mover's own page (a move over the socket, or another tab of the same seat):
            # let the classmates' redraws of this change queue first.
            for _turn in range(3):
                await asyncio.sleep(0)
        cached = None
        if version is not None:
            # One read and one shared render of this change for every socket here (shielded:
            # this socket closing must not cancel what the others wait for).
            language = scope_language(self.scope)
            cached = await asyncio.shield(_shared_view(self.match_id, version, changed_at, language))
        if cached is not None and self._newer_wanted(version):
            return  # a newer change came in meanwhile: it is drawn next, this one never
        if cached is not None:
            # The seat's own page from the shared part: its pieces only. Renders are pure CPU,
            # so they take turns in one thread, in arrival order, away from the database thread
            # the sockets' reads and moves use.
            html = await _render_here_or_in_thread(cached, self.seat, self.token, language)
            if html is None:
                await self._seat_lost(version, changed_at)
                return
            self.shown_version = cached.version
            await self.send(text_data=html)
            return
        await self.send_view(version, changed_at)

    def _newer_wanted(self, version: int | None) -> bool:
        wanted = (self._wanted or {}).get("version")
        return version is not None and wanted is not None and wanted > version

    async def _send_watcher_view(self, version: int | None, changed_at: str | None) -> None:
        # Shielded: this socket closing must not cancel the render other watchers wait for.
        drawn = await asyncio.shield(
            _watcher_view(self.match_id, version, changed_at, scope_language(self.scope))
        )
        if drawn is None or self._closed:
            return
        self.shown_version, html = drawn
        await self.send(text_data=html)

    async def send_view(self, version: int | None = None, changed_at: str | None = None):
        html = await database_sync_to_async(self._render)(version, changed_at)
        if html is None:
            await self._seat_lost(version, changed_at)
        elif html and not self._closed:
            await self.send(text_data=html)

    def _render(self, version: int | None = None, changed_at: str | None = None) -> str | None:
        """This socket's view ("" when the match is gone; None when its token no longer holds
        its seat). The sockets of one change queue here one after the other: the first reads
        the match (a move made in another process), the next ones find it in this process's
        cache."""
        match = None
        if version is not None and self.seat is not None:
            match = snapshots.cached_match(self.match_id, version, changed_at)
        if match is None:
            match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return ""
        if self.seat is None:
            if self._saw_waiting or match.status == Match.Status.WAITING:
                self._find_new_seat(match)
            # Once the table has started nobody sits down any more: this page's next views are
            # the watchers' shared one (it looks once more, for a seat taken just before the start).
            self._saw_waiting = match.status == Match.Status.WAITING
        elif not _holds_seat(match, self.seat, self.token):
            return None
        self.shown_version = match.version
        with translation.override(scope_language(self.scope)):
            return rendering.live_html(match, self.seat, oob=True)

    def _still_seated(self) -> bool:
        seats = list(Seat.objects.filter(match_id=self.match_id, number=self.seat))
        return services.seat_holds_token(seats=seats, seat=self.seat, token=self.token)

    async def _seat_lost(self, version: int | None = None, changed_at: str | None = None) -> None:
        """This socket's token no longer holds its seat (a bot or another student has it): the
        page watches from now on and says so; or, when the gates no longer let it in at all (a
        student taken out of the class), it shows a notice instead of the game and closes."""
        self.seat, self.token, self._saw_waiting = None, None, False
        if not await self._still_allowed():
            return
        await self.send(
            text_data=rendering.error_html(
                _(
                    "You are no longer playing at this table: your seat went to someone else. "
                    "You can still watch."
                )
            )
        )
        await self._send_watcher_view(version, changed_at)

    async def _still_allowed(self) -> bool:
        """Ask the gates again (a class took its student out): when they refuse, the page gets
        a notice instead of the game, and the socket closes."""
        refusal = await database_sync_to_async(access.match_access_refusal)(
            Match(pk=self.match_id), self.scope
        )
        if not refusal:
            return True
        self._closed = True
        await self.send(text_data=rendering.left_html(refusal))
        await self.close(code=CLOSE_FORBIDDEN)
        return False

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
