"""What one move crosses and where its CPU goes, on the embedded default.

    .venv/bin/python benchmarks/move_path.py path                # one Duel card click, module by module
    .venv/bin/python benchmarks/move_path.py path --via socket   # the same click sent over the socket
    .venv/bin/python benchmarks/move_path.py costs --game food-war --seats 4 --moves 300

`path` plays one warm-up move, then follows one Duel card click from the request (an htmx POST
as the page sends it, or a websocket frame) until every seat's page has its new view, and lists
the project modules it passes through in the order they are first entered. A *crossing* is a call
from one project module into another (the nearest project caller, whatever library code sits
between them, e.g. Django's template engine calling a template tag); each distinct crossing
counts once. A crossing *returns into a visited module* when its target was already on the path.

`costs` runs the web benchmark's move loop (benchmarks/web.py) while py-spy samples the process
250 times a second from outside; each sample that used a core goes to a component by its stack
(SQL, templates, engine, view building, gates, services, request handling, sockets, thread hops,
event loop); samples that wait are left out. A component's share of the samples times the
measured CPU per move gives its milliseconds per move (table setup is a small part of the run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load.cpu_shares import WAITING  # noqa: E402
from benchmarks.web import _bench, _setup_django, move_post  # noqa: E402

PROJECT_PACKAGES = ("games", "classroom", "plateful", "foodcards", "nutrition", "homework", "nicknames")
HEADERS = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


# ----- path: the modules one click crosses ------------------------------------------------------


def _project_module(frame) -> str | None:
    name = frame.f_globals.get("__name__", "")
    if name.split(".")[0] in PROJECT_PACKAGES:
        return name
    return None


class PathRecorder:
    """Records each call from one project module into another, in every thread, while on."""

    def __init__(self) -> None:
        self.on = False
        self.lock = threading.Lock()
        self.crossings: list[tuple[str, str]] = []
        self.modules: list[str] = []

    def hook(self, frame, event, _arg):
        if not self.on or event != "call":
            return
        callee = _project_module(frame)
        if callee is None:
            return
        caller, parent = None, frame.f_back
        while parent is not None and caller is None:
            caller = _project_module(parent)
            parent = parent.f_back
        with self.lock:
            if callee not in self.modules:
                self.modules.append(callee)
            if caller is not None and caller != callee and (caller, callee) not in self.crossings:
                self.crossings.append((caller, callee))


async def _one_click(via: str, recorder: PathRecorder) -> None:
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from games import services
    from games.engines import get_engine
    from plateful.asgi import application
    from tests.tables import table_create

    engine = get_engine("duel")
    match, _tokens, cookies = await database_sync_to_async(table_create)("duel", ("human", "human"), seed=7)
    sockets = {}
    for seat, key in cookies.items():
        socket = WebsocketCommunicator(
            application,
            f"/ws/play/{match.pk}/",
            headers=[*HEADERS, (b"cookie", f"sessionid={key}".encode())],
        )
        await socket.connect()
        await socket.receive_from()
        sockets[seat] = socket

    @database_sync_to_async
    def card_move():
        state = services.match_state(match=services.match_get(match_id=match.pk))
        for seat in sorted(s for s in engine.to_move(state) if s is not None):
            for action in engine.legal_actions(state, seat):
                if "card" in action:
                    return seat, action
        raise RuntimeError("no card move to click")

    async def click(seat: int, action: dict) -> None:
        if via == "socket":
            await sockets[seat].send_to(text_data=json.dumps({"action": json.dumps(action), "seat": seat}))
        else:
            request = move_post(application, match.pk, seat, action, cookies[seat])
            response = await request.get_response(timeout=10)
            if response["status"] != 200:
                raise RuntimeError(f"move refused: {response['status']}")
        # Every page gets the change, the mover's too.
        wanted = f'data-version="{action["version"] + 1}"'
        for socket in sockets.values():
            while wanted not in await socket.receive_from(timeout=10):
                pass

    await click(*(await card_move()))  # warm-up: caches, templates, translations
    seat, action = await card_move()
    recorder.on = True
    await click(seat, action)
    recorder.on = False
    for socket in sockets.values():
        await socket.disconnect()


def path(via: str) -> None:
    recorder = PathRecorder()
    threading.setprofile(recorder.hook)  # before the first worker thread starts: every thread
    sys.setprofile(recorder.hook)
    with tempfile.TemporaryDirectory(prefix="plateful-path-") as folder:
        _setup_django(Path(folder) / "db.sqlite3")
        asyncio.run(_one_click(via, recorder))
    sys.setprofile(None)
    threading.setprofile(None)
    visited: set[str] = set()
    returns = 0
    print(f"One Duel card click over {via}: the project modules in the order first entered")
    for number, module in enumerate(recorder.modules, 1):
        print(f"  {number:2}. {module}")
    print("Crossings (caller -> callee), in order; * = into a module already on the path")
    for caller, callee in recorder.crossings:
        mark = "*" if callee in visited else " "
        returns += callee in visited
        visited.update((caller, callee))
        print(f"  {mark} {caller} -> {callee}")
    print(
        f"modules {len(recorder.modules)}, crossings {len(recorder.crossings)}, "
        f"into a visited module {returns}"
    )


# ----- costs: where a move's CPU goes ------------------------------------------------------------

# A py-spy sample goes to the first component whose markers appear anywhere in its stack, in this
# order (SQL first: a query made while building a view counts as SQL; templates before view
# building: a template a presenter renders counts as template).
COMPONENTS = (
    ("SQL (ORM and driver)", ("/django/db/", "sqlite3", "psycopg")),
    ("templates", ("render_to_string", "Template.render", "/django/template/")),
    ("engine", ("/games/engines/",)),
    (
        "view building",
        (
            "games/rendering.py",
            "games/boards/",
            "games/seat_view.py",
            "games/messages.py",
            "games/presenters",
        ),
    ),
    ("access and pause gates", ("games/access.py", "classroom/gates.py")),
    (
        "match services (move, commit, announce)",
        ("games/services.py", "games/changes.py", "games/scheduler.py"),
    ),
    (
        "request and middleware",
        ("django/core/handlers/", "django/middleware/", "django/contrib/", "csp/", "axes/"),
    ),
    (
        "sockets and broadcast",
        ("games/live/", "channels/layers"),
    ),
    ("thread hops (asgiref, thread pools)", ("asgiref", "concurrent/futures", "threading.py")),
    ("event loop", ("asyncio", "selectors")),
)


def _component(frames: list[str]) -> str:
    for name, markers in COMPONENTS:
        if any(marker in frame for frame in frames for marker in markers):
            return name
    return "everything else"


def costs(game: str, seats: int, moves: int, watchers: int) -> None:
    with tempfile.TemporaryDirectory(prefix="plateful-costs-") as folder:
        _setup_django(Path(folder) / "db.sqlite3")
        profile = Path(folder) / "profile.txt"
        # py-spy samples this process from outside, so the GIL can't bias which thread it sees.
        spy = subprocess.Popen(
            [str(Path(sys.executable).with_name("py-spy")), "record", "--nonblocking", "-r", "250"]
            + ["-f", "raw", "-o", str(profile), "-p", str(os.getpid())],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)  # py-spy attaches
        result = asyncio.run(_bench(game, seats, moves, watchers))
        spy.send_signal(signal.SIGINT)
        spy.wait(timeout=60)
        counts: Counter[str] = Counter()
        waiting = 0
        for line in profile.read_text().splitlines():
            stack, _, number = line.rpartition(" ")
            if not stack or not number.isdigit():
                continue
            frames = stack.split(";")
            if any(marker in frames[-1] for marker in WAITING):
                waiting += int(number)
            else:
                counts[_component(frames)] += int(number)
    made = len(result["http"])
    cpu_per_move = result["cpu"] * 1000 / made
    busy = sum(counts.values())
    print(f"{game}, {seats} seats, {watchers} watchers, {made} moves: {cpu_per_move:.1f} ms CPU per move")
    print(f"samples using a core: {busy}; waiting: {waiting}")
    for component, count in counts.most_common():
        print(f"  {component:42} {count / busy * 100:5.1f} %  {cpu_per_move * count / busy:5.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    path_verb = verbs.add_parser("path", help="the modules one Duel card click crosses")
    path_verb.add_argument("--via", choices=("http", "socket"), default="http")
    costs_verb = verbs.add_parser("costs", help="a move's CPU by component")
    costs_verb.add_argument("--game", default="food-war")
    costs_verb.add_argument("--seats", type=int, default=4)
    costs_verb.add_argument("--moves", type=int, default=300)
    costs_verb.add_argument("--watchers", type=int, default=0)
    args = parser.parse_args()
    if args.verb == "path":
        path(args.via)
    else:
        costs(args.game, args.seats, args.moves, args.watchers)


if __name__ == "__main__":
    main()
