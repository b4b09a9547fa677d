"""The live match socket: one consumer per open match page.

On connect the consumer finds the browser's seat (its seat token, from the session or a `token`
query parameter), asks the access gates, joins the match's groups (every page's; and the group
of the browsers that hold its seat, or its language's watchers'), notes itself for the
broadcasts (games.live.broadcast.listen) and sends its page, drawn for it.

After a move, the process that made it draws the change once and sends it (games.live.broadcast):
the public fragment to each language's watchers, and to each seat's holders one frame, the
public fragment followed by the seat's private one. Here a socket forwards the frame it gets:
no render, no query. Every frame names its version; the page ignores one older than what it
shows (static/games/play.js).

Any other change ("match.redraw": a deal, a lobby change, a seat changing hands) makes each page
draw itself again. When a seat changed hands, the page first asks the gates again and checks that
its token still holds its seat: a socket whose seat went to someone else watches from then on
(and says so; it has left the holder's group, so it gets none of the new holder's fragments); one
the gates now refuse (a student taken out of the class) gets a notice instead of the game and is
closed (4403). A move over a socket that lost its seat is refused.

Moves come over the socket, every game's (static/games/moves.js sends each move control's
{"action": <JSON>, "seat": n}; HTTP only while the socket is closed or live updates are paused).
The move's own fragment is followed by MOVE_ANSWERED; a refusal says the same words as the HTTP
answer would. Fairness: moves are judged in the order the server receives them. Within one
process, each match's moves queue on a first-come first-served lock in arrival order; across
processes the database row lock decides. A move names the version it was made against, so a slap
on a pile that already changed is refused as too late (no penalty), never as a Bad Chomp. Client
clocks are never used.

Sockets are capped per client address and per match (watchers only) in each process:
MATCH_SOCKETS_PER_ADDRESS, MATCH_SOCKETS_PER_MATCH. A socket over a cap gets a message and is
closed with 4429, which the page does not retry.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from importlib import import_module
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import access, devices, rendering, scheduler, services
from games.engines import IllegalAction
from games.live import broadcast, move_queue
from games.messages import say
from games.models import Match, Seat, hash_token
from games.views import SESSION_KEY
from plateful.client_address import scope_client_ip
from plateful.live_layer import ResilientConsumer
from plateful.locale import scope_language
from plateful.safe_json import JSONRefused, loads_bounded

CLOSE_NO_MATCH = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY = 4429  # over a socket cap: the page shows why and does not reconnect
MAX_FRAME = 8192
# Sent after the fragment that shows a move made over this socket: an HTML comment, so htmx swaps
# nothing for it (static/games/moves.js and benchmarks/load/loadgen.py look for it).
MOVE_ANSWERED = "<!-- plateful:move-answered -->"
OUTAGE_POLL_SECONDS = 2.0  # while the channel layer is down, each page checks its match this often
LISTEN_AGAIN_SECONDS = 3600  # a long-open socket notes itself again (broadcast.LISTEN_SECONDS)

# Open sockets in this process, per client address and per match (see the module's docstring).
_sockets_per_address: Counter[str] = Counter()
_sockets_per_match: Counter[str] = Counter()


class MatchConsumer(ResilientConsumer):
    """One open match page. Through a channel layer outage the socket stays open: the page says
    "live updates paused", checks the match every OUTAGE_POLL_SECONDS and redraws when it
    changed, gets its own moves' answers directly, and has a full redraw when the layer is back
    (see plateful.live_layer)."""

    match_id: str = ""
    language: str = ""
    seat: int | None = None
    token: str | None = None
    # A shared device (pass-and-play): the seats its token holds. Its page reads the table as a
    # watcher does (public fragments only: no hand is ever pushed to it) and moves for them.
    device: tuple[int, ...] = ()
    shown_version: int | None = None
    _answer_due: int | None = None  # this socket's move: answered with the fragment of that version
    _listened_at: float = 0.0
    _address: str | None = None  # while counted in _sockets_per_address
    _in_match: bool = False  # while counted in _sockets_per_match
    _closed: bool = False  # closed by the server (taken out, over a cap): nothing more is sent

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
        self.language = scope_language(self.scope)
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
        problem, close_code = await database_sync_to_async(self._identify)()
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
        # Joined before the page is drawn: a move made meanwhile comes as a fragment after it.
        await self.join(services.group_name(self.match_id))  # down: the page still opens
        await self._join_reader_group()
        await self._draw_page()
        scheduler.kick(self.match_id)  # restart-safe: resume an overdue bot move or timer

    async def _refuse(self, message: str, code: int) -> None:
        self._closed = True
        await self.send(text_data=rendering.error_html(message))
        await self.close(code=code)

    async def disconnect(self, code):
        self._closed = True
        self._uncount()
        await self.leave_groups()

    async def layer_lost(self):
        await super().layer_lost()
        while self.layer_down and not self._closed:
            await asyncio.sleep(OUTAGE_POLL_SECONDS)
            version = await database_sync_to_async(self._stored_version)()
            if self.layer_down and version is not None and version != self.shown_version:
                await self._redraw(recheck=True)  # seats may have changed hands meanwhile

    async def layer_back(self):
        # Whatever the groups said meanwhile is lost: the whole view, seats checked again; and a
        # restarted Redis forgot this socket's note (broadcast.listen) along with its groups.
        await self._listen()
        await self._redraw(recheck=True)
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
        given = query.get("token", [None])[0]
        if given is not None:
            if not devices.seats_for_token(match=match, token=given):
                return _("That seat token isn't for this game."), CLOSE_FORBIDDEN
            token = given
        else:
            session = self.scope.get("session")
            token = session.get(SESSION_KEY, {}).get(self.match_id) if session is not None else None
        self.token = token
        self.seat = services.seat_for_token(match=match, token=token)
        self.device = tuple(devices.device_seats(match=match, token=token))
        return "", 0

    async def receive(self, text_data=None, bytes_data=None):
        received_at = timezone.now()
        if self._closed:
            return
        try:
            action, seat = self._parse(text_data)
        except ValueError as problem:
            await self.send(text_data=rendering.error_html(str(problem)))
            return
        if self.seat is None and not self.device:
            await self.send(
                text_data=rendering.error_html(_("You are watching this game, not playing in it."))
            )
            return
        if seat is not None and seat != self.seat and seat not in self.device:
            await self.send(text_data=rendering.error_html(_("That seat isn't yours.")))
            return
        mover = self.seat if self.seat is not None else seat
        async with move_queue.turn(self.match_id):  # first come, first served
            try:
                moved, _events = await database_sync_to_async(services.match_submit_action)(
                    match_id=self.match_id,
                    seat=mover,
                    action=action,
                    token=self.token,
                    received_at=received_at,
                )
            except IllegalAction as error:
                await self.send(text_data=rendering.error_html(say(error.text)))
                return
            except services.MatchError as error:
                if (
                    error.code == "forbidden"
                    and self.seat is not None
                    and not await database_sync_to_async(self._still_seated)()
                ):
                    await self._seat_lost()  # refused, and told why: the seat is someone else's now
                    return
                # The same words as the HTTP answer (games.views.match_move) for the same refusal.
                await self.send(text_data=rendering.error_html(error.message))
                return
        # The move's fragment comes through this socket's groups like everyone's (it waits in
        # the channel until this handler returns); MOVE_ANSWERED goes right after it. With the
        # layer down, none comes: the page is drawn here.
        self._answer_due = moved.version
        if self.layer_down:
            await self._draw_page()

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

    # ----- the change messages (games.live.broadcast) ------------------------------------------

    async def match_fragment(self, message):
        if not self._closed:
            await self._forward(message, message["html"])

    async def match_redraw(self, message):
        await self._redraw(recheck=bool(message.get("recheck")))

    async def _forward(self, message: dict, html: str) -> None:
        version = message["version"]
        # Not when this page drew this version or a newer one itself (on connect, a redraw).
        if self.shown_version is None or version > self.shown_version:
            self.shown_version = version
            await self.send(text_data=html)
        await self._answered(version)
        if time.monotonic() - self._listened_at > LISTEN_AGAIN_SECONDS:
            await self._listen()

    async def _answered(self, version: int) -> None:
        """After the view that shows this socket's own move: "move made"."""
        if self._answer_due is not None and version >= self._answer_due:
            self._answer_due = None
            await self.send(text_data=MOVE_ANSWERED)

    async def _redraw(self, *, recheck: bool) -> None:
        if self._closed:
            return
        if recheck and not await self._still_allowed():
            return
        await self._draw_page()

    # ----- this page, drawn here -----------------------------------------------------------

    async def _draw_page(self) -> None:
        """This socket's page, drawn for it (on connect, a redraw, an outage)."""
        was = self.seat
        drawn = await database_sync_to_async(self._render)()
        if drawn is None:
            await self._seat_lost()
            return
        version, html = drawn
        if self._closed or not html:
            return
        if self.seat != was:  # a watcher who sat down at the table meanwhile
            await self.leave(broadcast.watchers_group(self.match_id, self.language))
            await self._join_reader_group()
        self.shown_version = version
        await self.send(text_data=html)
        await self._answered(version)

    def _render(self) -> tuple[int, str] | None:
        """(version, this socket's #live) as stored now; (0, "") when the match is gone; None
        when its token no longer holds its seat."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return 0, ""
        rows = rendering.read_rows(match)
        if self.seat is None:
            self._find_new_seat(match)  # a watcher may have sat down (at the table, in another tab)
        elif not services.seat_holds_token(seats=rows.seats, seat=self.seat, token=self.token):
            return None
        with translation.override(self.language):
            html = rendering.live_html(match, self.seat, rows=rows, oob=True, device=bool(self.device))
            return match.version, html

    def _reader_group(self) -> str:
        """Where this page's fragments come: its seat holder's group, or its language's watchers'."""
        if self.seat is not None:
            return broadcast.holder_group(self.match_id, hash_token(self.token), self.language)
        return broadcast.watchers_group(self.match_id, self.language)

    async def _join_reader_group(self) -> None:
        await self.join(self._reader_group())
        await self._listen()

    async def _listen(self) -> None:
        self._listened_at = time.monotonic()
        holder = hash_token(self.token) if self.seat is not None else None
        await database_sync_to_async(broadcast.listen)(self.match_id, holder, self.language)

    def _still_seated(self) -> bool:
        seats = list(Seat.objects.filter(match_id=self.match_id, number=self.seat))
        return services.seat_holds_token(seats=seats, seat=self.seat, token=self.token)

    async def _seat_lost(self) -> None:
        """This socket's token no longer holds its seat (a bot or another student has it): the
        page watches from now on and says so; or, when the gates no longer let it in at all (a
        student taken out of the class), it shows a notice instead of the game and closes."""
        await self.leave(self._reader_group())
        self.seat, self.token = None, None
        await self._join_reader_group()
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
        await self._draw_page()

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
