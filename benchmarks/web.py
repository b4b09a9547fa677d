"""A move's HTTP round trip and its websocket fan-out, on the embedded default.

    .venv/bin/python benchmarks/web.py                    # 4-seat Appetite table, 300 moves
    .venv/bin/python benchmarks/web.py --game snack-attack --seats 4 --moves 500
    .venv/bin/python benchmarks/web.py --watchers 50 --moves 100  # and 50 watchers' sockets
    .venv/bin/python benchmarks/web.py --gates --game duel --moves 200  # the POST's gates alone

One process, one event loop, exactly the site's ASGI application (plateful.asgi: Django for
HTTP, Channels for websockets) with the embedded default's SQLite FILE database (WAL, IMMEDIATE
transactions) and the in-memory channel layer; only the TCP hop is left out. Every seat is a
person with a browser session and an open socket. For each move, the seat whose turn it is posts
its first legal move as htmx does (POST /play/<id>/move/); we time

- http: from sending the POST to having the whole response (the re-rendered live region);
- fan-out: from sending the POST until every OTHER seat's socket has received its own
  re-rendered view of the new version (the slowest of them), i.e. what a classmate waits for;
  with --watchers N, N watchers' sockets (no seat, each from its own address) wait too.
- cpu: the process's CPU time per move, all threads (less moved by other jobs on the machine).

Bots and timers are off (GAMES_SCHEDULER=0) so only people's moves are measured.

    .venv/bin/python benchmarks/web.py --other-process --game food-war --seats 4 --moves 200
    .venv/bin/python benchmarks/web.py --other-process --code /path/to/another/checkout ...

--other-process is production's second worker instead (needs PostgreSQL and Redis: DATABASE_URL
names the server, the benchmark makes its own database on it; REDIS_URL): this process makes
the moves (services.match_submit_action, as a worker's view does) while a second process holds
every seat's open page; per change we time that second process, from before the move until
each of its sockets has the new version: its CPU time (all threads), its SQL queries, and the
size of the change message on the channel layer; and the mover's CPU for the move itself.
--code runs another checkout's application (both processes) with this script, to compare
before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
if "--code" in sys.argv:  # another checkout's application (see the docstring), before any import
    ROOT = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
sys.path.insert(0, str(ROOT))


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["GAMES_SCHEDULER"] = "0"
    os.environ["MATCH_SOCKETS_PER_MATCH"] = "100000"  # the caps are not what is measured here
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def move_post(application, match_id: str, seat: int, action: dict, session_key: str):
    """A move POSTed as htmx sends it."""
    from channels.testing import HttpCommunicator
    from django.middleware.csrf import _get_new_csrf_string

    csrf = _get_new_csrf_string()
    headers = [
        (b"host", b"127.0.0.1"),
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"cookie", f"sessionid={session_key}; csrftoken={csrf}".encode()),
        (b"x-csrftoken", csrf.encode()),
        (b"hx-request", b"true"),
    ]
    return HttpCommunicator(
        application,
        "POST",
        f"/play/{match_id}/move/",
        body=f"seat={seat}&action={quote(json.dumps(action))}".encode(),
        headers=headers,
    )


async def _bench(game: str, seats: int, moves: int, watchers: int = 0) -> dict:
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from games import rendering, services
    from games.engines import get_engine
    from plateful.asgi import application
    from tests.tables import table_create

    renders = [0]
    original_live_html = rendering.live_html

    def counted_live_html(*args, **kwargs):
        renders[0] += 1
        return original_live_html(*args, **kwargs)

    rendering.live_html = counted_live_html  # how many views a move costs (the htmx answer too)
    engine = get_engine(game)
    version_pattern = re.compile(r'id="live"[^>]*data-version="(\d+)"')

    @database_sync_to_async
    def new_table():
        match, _tokens, cookies = table_create(game, ("human",) * seats)
        return match, cookies

    @database_sync_to_async
    def next_move(match_id):
        match = services.match_get(match_id=match_id)
        if match.status != match.Status.PLAYING:
            return None
        state = services.match_state(match=match)
        for seat in sorted(s for s in engine.to_move(state) if s is not None):
            legal = engine.legal_actions(state, seat)
            if legal:
                return seat, legal[0]
        return None

    http_times: list[float] = []
    fanout_times: list[float] = []
    render_counts: list[int] = []
    cpu_seconds = 0.0
    matches = 0
    while len(http_times) < moves:
        match, cookies = await new_table()
        matches += 1
        sockets = {}
        for seat, key in cookies.items():
            socket = WebsocketCommunicator(
                application,
                f"/ws/play/{match.pk}/",
                headers=[
                    (b"origin", b"http://127.0.0.1"),
                    (b"host", b"127.0.0.1"),
                    (b"cookie", f"sessionid={key}".encode()),
                ],
            )
            await socket.connect()
            await socket.receive_from()  # the full view on connect
            sockets[seat] = socket
        for number in range(watchers):
            socket = WebsocketCommunicator(
                application,
                f"/ws/play/{match.pk}/",
                headers=[(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")],
            )
            socket.scope["client"] = (f"10.1.{number // 250}.{number % 250 + 1}", 40000)
            await socket.connect()
            await socket.receive_from()
            sockets[f"watcher-{number}"] = socket
        while len(http_times) < moves:
            move = await next_move(match.pk)
            if move is None:
                break
            seat, action = move
            request = move_post(application, match.pk, seat, action, cookies[seat])
            started = time.perf_counter()
            cpu_started = time.process_time()
            renders_before = renders[0]
            others = [s for n, s in sockets.items() if n != seat]

            async def wait_for_version(socket, wanted):
                while True:
                    frame = await socket.receive_from(timeout=10)
                    found = version_pattern.search(frame)
                    if found and int(found.group(1)) >= wanted:
                        return time.perf_counter()

            wanted = action["version"] + 1
            fan = asyncio.gather(*(wait_for_version(s, wanted) for s in others))
            response = await request.get_response(timeout=10)
            http_done = time.perf_counter()
            if response["status"] != 200:
                raise RuntimeError(f"move refused: {response['status']} {response['body'][:200]!r}")
            arrivals = await fan
            await wait_for_version(sockets[seat], wanted)  # the mover's own push, drained
            cpu_seconds += time.process_time() - cpu_started
            render_counts.append(renders[0] - renders_before)
            http_times.append((http_done - started) * 1000)
            fanout_times.append((max(arrivals) - started) * 1000)
        for socket in sockets.values():
            await socket.disconnect()
    return {
        "http": http_times,
        "fanout": fanout_times,
        "matches": matches,
        "cpu": cpu_seconds,
        "renders": render_counts,
    }


# ----- --other-process: the second worker's cost of a change ----------------------------------


def _setup_production(database: str) -> None:
    """PostgreSQL (a database of the benchmark's own on DATABASE_URL's server) and Redis."""
    if not os.environ.get("REDIS_URL") or not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("--other-process needs DATABASE_URL (PostgreSQL) and REDIS_URL")
    server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    os.environ["DATABASE_URL"] = f"{server}/{database}"
    os.environ["GAMES_SCHEDULER"] = "0"
    os.environ["MATCH_SOCKETS_PER_MATCH"] = "100000"
    os.environ.setdefault("CHANNELS_PREFIX", f"plateful-bench-{os.getpid()}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()


def _create_database(database: str) -> None:
    import psycopg

    server = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone():
            admin.execute(f'CREATE DATABASE "{database}"')


def _mover(args) -> dict:
    """This process: makes the moves; the second process (_holder) holds the pages."""
    import subprocess

    _create_database(args.database)
    _setup_production(args.database)
    from channels.layers import get_channel_layer
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from games import services
    from games.engines import get_engine
    from tests.tables import table_create

    layer = get_channel_layer()
    sizes: list[int] = []
    serialize = layer.serialize

    def measured(message):
        data = serialize(message)
        if str(message.get("type", "")).startswith("match."):
            sizes.append(len(data))
        return data

    layer.serialize = measured
    holder = subprocess.Popen(
        [sys.executable, __file__, "--hold", "--code", str(ROOT), "--database", args.database],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )

    def ask(request: dict) -> dict:
        holder.stdin.write(json.dumps(request) + "\n")
        holder.stdin.flush()
        return json.loads(holder.stdout.readline())

    engine = get_engine(args.game)
    cpu, queries, wall, moving = [], [], [], []
    matches = 0
    while len(cpu) < args.moves:
        match, tokens, sessions = table_create(args.game, ("human",) * args.seats)
        matches += 1
        ask({"open": match.pk, "sessions": sessions, "watchers": args.watchers})
        while len(cpu) < args.moves:
            match = services.match_get(match_id=match.pk)
            if match.status != match.Status.PLAYING:
                break
            state = services.match_state(match=match)
            seat = next((s for s in sorted(x for x in engine.to_move(state) if x is not None)), None)
            if seat is None or not engine.legal_actions(state, seat):
                break
            action = engine.legal_actions(state, seat)[0]
            ask({"expect": match.version + 1})  # the holder starts counting
            started = time.process_time()
            services.match_submit_action(match_id=match.pk, seat=seat, action=action, token=tokens[seat])
            moving.append((time.process_time() - started) * 1000)
            drawn = ask({"wait": True})
            cpu.append(drawn["cpu_ms"])
            queries.append(drawn["queries"])
            wall.append(drawn["wall_ms"])
        ask({"close": True})
    holder.stdin.close()
    holder.wait(timeout=30)
    found = {"cpu": cpu, "queries": queries, "wall": wall, "moving": moving}
    return {**found, "sizes": sizes, "matches": matches}


def _hold(args) -> None:
    """The second process: every seat's open page (and --watchers), told over stdin when to count."""
    _setup_production(args.database)
    from channels.testing import WebsocketCommunicator
    from django.db.backends.utils import CursorWrapper

    from plateful.asgi import application

    ran = [0]
    execute = CursorWrapper._execute_with_wrappers

    def counted(self, *rest, **named):
        ran[0] += 1
        return execute(self, *rest, **named)

    CursorWrapper._execute_with_wrappers = counted
    version_pattern = re.compile(r'id="live"[^>]*data-version="(\d+)"')

    async def run() -> None:
        loop = asyncio.get_running_loop()
        sockets: list = []
        wanted = 0
        started = (0.0, 0.0, 0)

        def answer(reply: dict) -> None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()

        async def until_version(socket) -> None:
            frame = ""
            while True:
                try:
                    frame = await socket.receive_from(timeout=20)
                except TimeoutError:
                    shown = f"no view of version {wanted} in 20 s; last frame: {frame[:300]!r}"
                    raise SystemExit(shown) from None
                found = version_pattern.search(frame)
                if found and int(found.group(1)) >= wanted:
                    return

        while line := await loop.run_in_executor(None, sys.stdin.readline):
            request = json.loads(line)
            if "open" in request:
                for key in request["sessions"].values():
                    cookie = [(b"cookie", f"sessionid={key}".encode())]
                    sockets.append(_socket(WebsocketCommunicator, application, request["open"], cookie))
                for number in range(request["watchers"]):
                    socket = _socket(WebsocketCommunicator, application, request["open"], [])
                    socket.scope["client"] = (f"10.1.{number // 250}.{number % 250 + 1}", 40000)
                    sockets.append(socket)
                for socket in sockets:
                    await socket.connect()
                    await socket.receive_from(timeout=20)
                answer({})
            elif "expect" in request:
                wanted = request["expect"]
                started = (time.process_time(), time.perf_counter(), ran[0])
                answer({})
            elif "wait" in request:
                await asyncio.gather(*(until_version(socket) for socket in sockets))
                answer(
                    {
                        "cpu_ms": (time.process_time() - started[0]) * 1000,
                        "wall_ms": (time.perf_counter() - started[1]) * 1000,
                        "queries": ran[0] - started[2],
                    }
                )
            elif "close" in request:
                for socket in sockets:
                    await socket.disconnect()
                sockets = []
                answer({})

    asyncio.run(run())


def _socket(communicator, application, match_id: str, cookie: list):
    headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1"), *cookie]
    return communicator(application, f"/ws/play/{match_id}/", headers=headers)


def _report_other_process(args, result: dict) -> None:
    print(
        f"{args.game}, {args.seats} seats, {args.watchers} watchers, other process, "
        f"{len(result['cpu'])} moves over {result['matches']} matches ({ROOT})"
    )
    cpu = result["cpu"]
    print(
        f"cpu     p50 {statistics.median(cpu):6.2f} ms   mean {statistics.mean(cpu):6.2f} ms   "
        f"p90 {_percentile(cpu, 0.9):6.2f} ms   per change, the second process (all threads)"
    )
    moving = result["moving"]
    print(f"mover   p50 {statistics.median(moving):6.2f} ms   the move and its broadcast, this process's CPU")
    wall = result["wall"]
    print(f"wall    p50 {statistics.median(wall):6.1f} ms   p99 {_percentile(wall, 0.99):6.1f} ms")
    print(f"queries {statistics.mean(result['queries']):6.2f} per change in the second process")
    sizes = result["sizes"]
    print(
        f"message p50 {statistics.median(sizes):6.0f} bytes   max {max(sizes)} bytes "
        "(serialized on the channel layer)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="appetite")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--watchers", type=int, default=0, help="watchers' sockets at each table")
    parser.add_argument(
        "--gates", action="store_true", help="the move POST's middleware and gates, public and class match"
    )
    parser.add_argument("--other-process", action="store_true", help="production's second worker")
    parser.add_argument("--code", help="another checkout's application to run (see above)")
    parser.add_argument("--database", default="plateful_bench_web", help="with --other-process")
    parser.add_argument("--hold", action="store_true", help=argparse.SUPPRESS)  # the second process
    args = parser.parse_args()
    if args.hold:
        _hold(args)
        return
    if args.other_process:
        _report_other_process(args, _mover(args))
        return
    with tempfile.TemporaryDirectory(prefix="plateful-bench-") as folder:
        _setup_django(Path(folder) / "db.sqlite3")
        if args.gates:
            from benchmarks import web_gates

            return web_gates.run("duel" if args.game == "appetite" else args.game, args.moves)
        result = asyncio.run(_bench(args.game, args.seats, args.moves, args.watchers))
    print(
        f"{args.game}, {args.seats} seats, {args.watchers} watchers, "
        f"{len(result['http'])} moves over {result['matches']} matches"
    )
    for name in ("http", "fanout"):
        values = result[name]
        print(
            f"{name:7} p50 {_percentile(values, 0.5):6.1f} ms   p99 {_percentile(values, 0.99):6.1f} ms   "
            f"max {max(values):6.1f} ms   mean {statistics.mean(values):6.1f} ms"
        )
    # The work one move costs this process (all its threads), whatever else the machine runs.
    print(f"cpu     {result['cpu'] * 1000 / len(result['http']):6.1f} ms per move (process CPU time)")
    print(f"renders {statistics.mean(result['renders']):6.1f} views drawn per move (live_html calls)")


if __name__ == "__main__":
    main()
