"""Classroom load generator: students join class sessions by code and play real games.

Every student is a browser as far as the server can tell: its own cookie jar (session, CSRF and
device cookies), the same requests static/js and htmx make, and the same two websockets a class
table's page opens (/ws/play/<match>/ for the game, /ws/class/<code>/ for the class bar):

1. GET /join?code=..., POST /join (code + nickname): the student is in the waiting room.
2. The teacher (logged in over /login/) presses Start: POST /teach/sessions/<id>/start/.
3. GET /class/<code>/ redirects the student to their table's match page, which it loads
   (GET /play/<match>/) before opening both sockets.
4. The student plays: whenever its latest view (the page, a POST answer or a socket push) has a
   move button (hx-post .../move/ with hx-vals), it waits a human pace (2-5 s) or a stress
   pace (0.2-0.5 s) and makes one of them, the way `moves` says: "socket" (the page's way while
   its socket is open, static/games/moves.js) sends {"action", "seat"} on the game socket and
   waits for the socket's answer (the mover's view and the "move made" marker, or a refusal);
   "http" (the page's fallback) posts it as htmx
   does (form fields seat + action, HX-Request and X-CSRFToken headers). A
   finished game's "Play again" (POST .../again/) takes it to the next one.

Measured: every accepted move (the version its answer shows) against the moment each OTHER
student at the table first receives, on its game socket, a view of that version or later:
move-to-update latency as a classmate sees it. A classmate still connected that never gets it
(within `LOST_AFTER` seconds) counts a lost update. Errors: HTTP 5xx, failed requests, sockets
closed by the server or failing to open, pages that don't lead to a table. 4xx answers to moves
("Too late", "not your turn") and a socket's refusal frames are refusals the game expects and are
counted apart. The mover's own answer (the POST's, or its socket's redraw or refusal) is timed too.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import random
import re
import time
from dataclasses import dataclass, field

import aiohttp

LOST_AFTER = 5.0  # seconds: an update a classmate hasn't seen by then is lost
VERSION = re.compile(r'id="live"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="live"')
BUTTON = re.compile(r"<button\b[^>]*>", re.S)
ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
GAME_SOCKET = re.compile(r'ws-connect="(/ws/play/[^"]+)"')
PACES = {"human": (2.0, 5.0), "stress": (0.2, 0.5)}
MOVE_WAYS = ("socket", "http")
REFUSAL = re.compile(r'id="flash"')  # a refusal frame: the flash message alone, no view
ANSWERED = "<!-- plateful:move-answered -->"  # games/live/consumers.py MOVE_ANSWERED: after the view


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def version_of(text: str) -> int | None:
    found = VERSION.search(text)
    if not found:
        return None
    return int(found.group(1) or found.group(2))


def moves_in(text: str) -> list[dict]:
    """The move buttons a browser would show as pressable: [{"seat", "action"}] (form fields)."""
    found = []
    for tag in BUTTON.findall(text):
        attributes = dict(ATTRIBUTE.findall(tag))
        post, vals = attributes.get("hx-post", ""), attributes.get("hx-vals")
        if not vals or not post.endswith("/move/") or attributes.get("aria-disabled") == "true":
            continue
        try:
            fields = json.loads(html.unescape(vals))
        except ValueError:
            continue
        found.append({"seat": str(fields["seat"]), "action": fields["action"]})
    return found


@dataclass
class Stats:
    """What every student of one run records (one event loop: no locks needed)."""

    moves: list[tuple[str, int, float, int]] = field(default_factory=list)  # match, version, t0, student
    receipts: dict[tuple[str, int], list[tuple[float, int]]] = field(default_factory=dict)
    seats: dict[str, set[int]] = field(default_factory=dict)  # match -> students with its socket open
    errors: list[str] = field(default_factory=list)
    refusals: int = 0
    http_times: list[float] = field(default_factory=list)
    answer_times: list[float] = field(default_factory=list)  # a move to the mover's own answer
    frames: int = 0

    def error(self, what: str) -> None:
        self.errors.append(what)

    def summary(self, since: float, until: float) -> dict:
        """Moves made in [since, until): latency seen by the other students at the table."""
        latencies, lost, counted = [], 0, 0
        for match, version, t0, mover in self.moves:
            if not since <= t0 < until:
                continue
            counted += 1
            for student in self.seats.get(match, ()):
                if student == mover:
                    continue
                seen = next(
                    (t for t, v in self.receipts.get((match, student), ()) if v >= version and t >= t0),
                    None,
                )
                if seen is None or seen - t0 > LOST_AFTER:
                    lost += 1
                else:
                    latencies.append((seen - t0) * 1000)
        seconds = max(until - since, 1e-9)
        return {
            "moves": counted,
            "moves_per_s": counted / seconds,
            "updates": len(latencies),
            "p50_ms": percentile(latencies, 0.50),
            "p95_ms": percentile(latencies, 0.95),
            "p99_ms": percentile(latencies, 0.99),
            "lost": lost,
            "errors": len(self.errors),
            "error_kinds": sorted(set(self.errors))[:5],
            "refusals": self.refusals,
            "http_p99_ms": percentile(self.http_times, 0.99),
            "answer_p50_ms": percentile(self.answer_times, 0.50),
            "answer_p99_ms": percentile(self.answer_times, 0.99),
        }


class Student:
    def __init__(
        self,
        number: int,
        base: str,
        code: str,
        stats: Stats,
        pace: str,
        stop: asyncio.Event,
        moves: str = "socket",
    ):
        self.number, self.base, self.code, self.stats, self.stop = number, base, code, stats, stop
        self.pace = PACES[pace]
        self.moves = moves
        self.last_view = -1  # the version of the newest frame with a view on the game socket
        self.answer: int | None = None  # a socket move's answer: its version, or None (refused)
        self.answered = asyncio.Event()
        self.http = aiohttp.ClientSession(
            cookie_jar=aiohttp.CookieJar(unsafe=True), timeout=aiohttp.ClientTimeout(total=30)
        )
        self.origin = base
        self.match = ""
        self.path = ""
        self.game_socket = ""
        self.headers = {"HX-Request": "true"}
        self.view = ""
        self.version = -1
        self.changed = asyncio.Event()
        self.sockets: list[aiohttp.ClientWebSocketResponse] = []
        self.tasks: list[asyncio.Task] = []

    # ----- HTTP as a browser and htmx do it ---------------------------------------------------

    def _csrf(self) -> str:
        for cookie in self.http.cookie_jar:
            if cookie.key == "csrftoken":
                return cookie.value
        return ""

    async def request(self, method: str, path: str, **kwargs) -> tuple[int, str, str]:
        started = time.monotonic()
        headers = {"Origin": self.origin, "Referer": self.base + "/", **kwargs.pop("headers", {})}
        if method == "POST":
            headers["X-CSRFToken"] = self._csrf()
        try:
            async with self.http.request(method, self.base + path, headers=headers, **kwargs) as response:
                text = await response.text()
                status, url = response.status, str(response.url)
        except (TimeoutError, aiohttp.ClientError) as problem:
            self.stats.error(f"{method} {path.split('/')[1]}: {type(problem).__name__}")
            return 0, "", ""
        self.stats.http_times.append((time.monotonic() - started) * 1000)
        if status >= 500:
            self.stats.error(f"{method} {path.split('/')[1]}: HTTP {status}")
        return status, text, url

    async def join(self) -> bool:
        await self.request("GET", f"/join?code={self.code}")
        status, _text, url = await self.request(
            "POST", "/join", data={"code": self.code, "nickname": student_name(self.number)}
        )
        if status != 200 or "/class/" not in url:
            self.stats.error(f"join: HTTP {status}")
            return False
        return True

    async def go_to_table(self) -> bool:
        """Follow the class page to this student's table and open the page's two sockets."""
        for _attempt in range(20):
            status, text, url = await self.request("GET", f"/class/{self.code}/")
            if "/play/" in url or "/tables/" in url:
                self.path = url[len(self.base) :]
                self.match = self.path.strip("/").split("/")[1]
                # As htmx does: the socket at the page's ws-connect address.
                found = GAME_SOCKET.search(text)
                self.game_socket = found.group(1) if found else f"/ws/play/{self.match}/"
                self.headers = {"HX-Request": "true"}
                self.see(text)
                return await self.connect()
            if status == 0 or status >= 500 or self.stop.is_set():
                return False
            await asyncio.sleep(0.5)  # the waiting room: the teacher hasn't started yet
        self.stats.error("class page: never sent to a table")
        return False

    async def connect(self) -> bool:
        ws_base = self.base.replace("http", "ws", 1)
        try:
            game = await self.http.ws_connect(f"{ws_base}{self.game_socket}", origin=self.origin)
            bar = await self.http.ws_connect(f"{ws_base}/ws/class/{self.code}/", origin=self.origin)
        except (TimeoutError, aiohttp.ClientError) as problem:
            self.stats.error(f"websocket open: {type(problem).__name__}")
            return False
        self.sockets = [game, bar]
        self.stats.seats.setdefault(self.match, set()).add(self.number)
        self.tasks = [
            asyncio.create_task(self.read(game, self.match, counts=True)),
            asyncio.create_task(self.read(bar, self.match, counts=False)),
        ]
        return True

    async def disconnect(self) -> None:
        self.stats.seats.get(self.match, set()).discard(self.number)
        for socket in self.sockets:
            await socket.close()
        for task in self.tasks:
            task.cancel()
        self.sockets, self.tasks = [], []

    async def read(self, socket, match: str, *, counts: bool) -> None:
        receipts = self.stats.receipts.setdefault((match, self.number), [])
        async for message in socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            if not counts:
                continue
            self.stats.frames += 1
            version = version_of(message.data)
            if version is not None:
                receipts.append((time.monotonic(), version))
                self.last_view = version
                self.see(message.data)
            elif message.data == ANSWERED:  # the move was made: the view just before is its answer
                self.answer = self.last_view
                self.answered.set()
            elif REFUSAL.search(message.data):
                self.answer = None
                self.answered.set()
        if not self.stop.is_set() and socket in self.sockets:
            self.stats.error(f"socket closed by the server ({socket.close_code})")

    def see(self, text: str) -> None:
        """A newer view (page, POST answer or push) replaces the shown one, as play.js does."""
        version = version_of(text)
        if version is not None and version > self.version:
            self.version, self.view = version, text
            self.changed.set()

    # ----- playing ------------------------------------------------------------------------------

    async def play(self) -> None:
        while not self.stop.is_set():
            moves = moves_in(self.view)
            if not moves:
                if 'data-status="finished"' in self.view and await self.play_again():
                    continue
                self.changed.clear()
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), timeout=2.0)
                continue
            try:
                await asyncio.wait_for(self.stop.wait(), timeout=random.uniform(*self.pace))
                return
            except TimeoutError:
                pass
            moves = moves_in(self.view)  # the view may have moved on while thinking
            if moves:
                await self.move(random.choice(moves))

    async def move(self, fields: dict) -> None:
        if self.moves == "socket":
            await self.move_over_socket(fields)
        else:
            await self.move_over_http(fields)

    async def move_over_socket(self, fields: dict) -> None:
        """As static/games/moves.js: the control's values on the open game socket, then wait for
        the answer (the mover's view then MOVE_ANSWERED, or a refusal frame) before thinking
        again. The consumer answers each frame before it reads the next one."""
        game = self.sockets[0] if self.sockets else None
        if game is None or game.closed:
            await self.move_over_http(fields)  # the page's fallback
            return
        started = time.monotonic()
        self.answered.clear()
        try:
            await game.send_str(json.dumps({"action": fields["action"], "seat": int(fields["seat"])}))
            await asyncio.wait_for(self.answered.wait(), timeout=LOST_AFTER)
        except (ConnectionError, aiohttp.ClientError) as problem:
            self.stats.error(f"socket send: {type(problem).__name__}")
            return
        except TimeoutError:
            self.stats.error("socket move: no answer")
            return
        self.stats.answer_times.append((time.monotonic() - started) * 1000)
        if self.answer is None:
            self.stats.refusals += 1
        else:
            self.stats.moves.append((self.match, self.answer, started, self.number))

    async def move_over_http(self, fields: dict) -> None:
        started = time.monotonic()
        status, text, _url = await self.request(
            "POST", f"/play/{self.match}/move/", data=fields, headers=self.headers
        )
        if status == 200:
            self.stats.answer_times.append((time.monotonic() - started) * 1000)
            version = version_of(text)
            if version is not None:
                self.stats.moves.append((self.match, version, started, self.number))
            self.see(text)
        elif 400 <= status < 500:
            self.stats.refusals += 1
            if status == 409:  # play.js: the game moved on, fetch the current view
                _status, page, _url = await self.request("GET", self.path, headers={"HX-Request": "true"})
                self.see(page)

    async def play_again(self) -> bool:
        if 'data-status="finished"' not in self.view:
            return False
        status, _text, _url = await self.request(
            "POST", f"/play/{self.match}/again/", headers={"HX-Request": "true"}
        )
        if status != 200:
            return False
        await self.disconnect()
        self.version, self.view = -1, ""
        return await self.go_to_table()

    async def close(self) -> None:
        await self.disconnect()
        await self.http.close()


class Teacher:
    def __init__(self, base: str, username: str, password: str, stats: Stats):
        self.student = Student(0, base, "", stats, "human", asyncio.Event())
        self.username, self.password = username, password

    async def login(self) -> bool:
        await self.student.request("GET", "/login/")
        status, _text, url = await self.student.request(
            "POST", "/login/", data={"username": self.username, "password": self.password}
        )
        return status == 200 and "/login/" not in url

    async def start(self, session_id: int) -> int:
        status, _text, _url = await self.student.request(
            "POST", f"/teach/sessions/{session_id}/start/", headers={"HX-Request": "true"}
        )
        return status

    async def close(self) -> None:
        await self.student.close()


# A class's nicknames: a color and an animal (and a number past 200). Numbers alone won't do:
# the site rightly refuses "Pupil 69" (every name here passes its nickname rules).
NAME_COLORS = ["Red", "Blue", "Green", "Gold", "Silver", "Orange", "Purple", "Teal", "Amber", "Violet"]
NAME_ANIMALS = [
    "Otter",
    "Panda",
    "Koala",
    "Lynx",
    "Heron",
    "Falcon",
    "Dolphin",
    "Tiger",
    "Rabbit",
    "Turtle",
    "Zebra",
    "Llama",
    "Moose",
    "Robin",
    "Gecko",
    "Bison",
    "Camel",
    "Eagle",
    "Walrus",
    "Puffin",
]


def student_name(number: int) -> str:
    name = f"{NAME_COLORS[number % 10]} {NAME_ANIMALS[number // 10 % 20]}"
    return name if number < 200 else f"{name} {number // 200 + 1}"


async def gather_limited(coroutines, limit: int) -> list:
    """Run many coroutines, at most `limit` at once (a class doesn't all click in the same ms)."""
    gate = asyncio.Semaphore(limit)

    async def one(coroutine):
        async with gate:
            return await coroutine

    return await asyncio.gather(*(one(c) for c in coroutines))


async def run_classes(
    base: str,
    setup: dict,
    *,
    students: int,
    seconds: float,
    pace: str = "human",
    class_size: int = 30,
    warmup: float = 3.0,
    ramp_limit: int = 20,
    window=None,
    moves: str = "socket",
) -> dict:
    """`students` students in classes of `class_size` (the sessions in `setup`, as
    setup_classes.py prints them) join, sit and play for `seconds`, making their moves over the
    game socket or over HTTP (`moves`); returns the numbers. `window("start")` and
    `window("end")` are called around the measuring window."""
    if moves not in MOVE_WAYS:
        raise ValueError(f"moves: one of {MOVE_WAYS}, not {moves!r}")
    stats, stop = Stats(), asyncio.Event()
    sessions = setup["sessions"]
    needed = -(-students // class_size)
    if len(sessions) < needed:
        raise ValueError(f"{students} students need {needed} class sessions, got {len(sessions)}")
    crowd = [
        Student(n, base, sessions[n // class_size]["code"], stats, pace, stop, moves) for n in range(students)
    ]
    teacher = Teacher(base, setup["teacher"]["username"], setup["teacher"]["password"], stats)
    try:
        joined = await gather_limited([s.join() for s in crowd], ramp_limit)
        if not await teacher.login():
            stats.error("teacher login failed")
        for session in sessions[:needed]:
            if await teacher.start(session["id"]) != 200:
                stats.error("teacher start failed")
        crowd = [s for s, ok in zip(crowd, joined, strict=True) if ok]
        seated = await gather_limited([s.go_to_table() for s in crowd], ramp_limit)
        players = [s for s, ok in zip(crowd, seated, strict=True) if ok]
        tasks = [asyncio.create_task(s.play()) for s in players]
        await asyncio.sleep(warmup)
        since = time.monotonic()
        setup_errors = list(stats.errors)  # why a student never sat down, if one didn't
        stats.errors.clear()  # only errors while everybody sits and plays are this step's
        if window:
            window("start")  # e.g. the runner's server CPU meter
        await asyncio.sleep(seconds)
        until = time.monotonic()
        if window:
            window("end")
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.sleep(min(LOST_AFTER, 2.0))  # the last moves' updates may still arrive
        result = stats.summary(since, until)
        # A student who couldn't join or reach a table is an error too (its own error was
        # recorded before the window, so count it here).
        if len(players) < students:
            result["errors"] += students - len(players)
            result["error_kinds"] = [
                *result["error_kinds"],
                f"{students - len(players)} never seated",
                *sorted(set(setup_errors))[:5],
            ]
        result.update(students=len(players), asked=students, sockets=2 * len(players))
        result.update(frames=stats.frames, moves_over=moves)
        return result
    finally:
        stop.set()
        await gather_limited([s.close() for s in crowd], 100)
        await teacher.close()
