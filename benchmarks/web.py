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


async def _bench(game: str, seats: int, moves: int, watchers: int = 0) -> dict:
    from channels.db import database_sync_to_async
    from channels.testing import HttpCommunicator, WebsocketCommunicator
    from django.middleware.csrf import _get_new_csrf_string

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
        csrf = _get_new_csrf_string()
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
            body = f"seat={seat}&action={quote(json.dumps(action))}".encode()
            request = HttpCommunicator(
                application,
                "POST",
                f"/play/{match.pk}/move/",
                body=body,
                headers=[
                    (b"host", b"127.0.0.1"),
                    (b"content-type", b"application/x-www-form-urlencoded"),
                    (b"cookie", f"sessionid={cookies[seat]}; csrftoken={csrf}".encode()),
                    (b"x-csrftoken", csrf.encode()),
                    (b"hx-request", b"true"),
                ],
            )
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="appetite")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--watchers", type=int, default=0, help="watchers' sockets at each table")
    parser.add_argument(
        "--gates", action="store_true", help="the move POST's middleware and gates, public and class match"
    )
    args = parser.parse_args()
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
