"""What the move POST costs before its view does the move: the middleware, the access and move
gates, and the classroom's hook on every change, for a public match and a class match.

    .venv/bin/python benchmarks/web.py --gates                  # Duel, 2 seats, 200 moves each
    .venv/bin/python benchmarks/web.py --gates --game food-war --moves 300

The site's ASGI application in one process (as benchmarks/web.py: SQLite file, in-memory layer,
bots and timers off), no sockets open: only the POST /play/<id>/move/ is measured. Each POST is
timed in the thread that runs it (thread CPU time, so the machine's other load moves it little):

- request: the whole middleware stack and the view (the move, its commit, the htmx answer);
- middleware: request minus the view (sessions, CSRF, auth, locale...);
- access gate: games.access.match_access_refusal as the view calls it;
- move gate: the move gate games.services consults (a paused class);
- class hook: the classroom's subscriber to every committed change (activity marks);
- session read: loading the browser's session (inside whichever part reads it first: the
  access gate when a gate looks at the session, the view otherwise). Not added to the total.

A second pass (fewer moves) counts the SQL queries of each part, and how many of them read a
classroom or homework table. Medians over every POST.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from contextlib import contextmanager

PARTS = ("request", "middleware", "access gate", "move gate", "class hook", "session read")


class Meter:
    """Per POST: thread CPU seconds and SQL queries of each part."""

    def __init__(self) -> None:
        self.cpu: dict[str, list[float]] = {part: [] for part in PARTS}
        self.queries: dict[str, list[int]] = {part: [] for part in PARTS}
        self.owned_queries: list[int] = []
        self.current: dict[str, float] = {}
        self.current_queries: dict[str, int] = {}
        self.count_queries = False
        self.executed: list[str] = []

    @contextmanager
    def part(self, name: str):
        started = time.thread_time()
        before = len(self.executed)
        try:
            yield
        finally:
            self.current[name] = self.current.get(name, 0.0) + time.thread_time() - started
            self.current_queries[name] = self.current_queries.get(name, 0) + len(self.executed) - before

    def wrap(self, name: str, function):
        def timed(*args, **kwargs):
            with self.part(name):
                return function(*args, **kwargs)

        timed.__wrapped__ = function
        return timed

    def close_request(self) -> None:
        view = self.current.pop("view", 0.0)
        view_queries = self.current_queries.pop("view", 0)
        self.current["middleware"] = self.current.get("request", 0.0) - view
        self.current_queries["middleware"] = self.current_queries.get("request", 0) - view_queries
        for part in PARTS:
            if self.count_queries:
                self.queries[part].append(self.current_queries.get(part, 0))
            else:
                self.cpu[part].append(self.current.get(part, 0.0))
        if self.count_queries:
            self.owned_queries.append(
                sum(1 for sql in self.executed if "classroom_" in sql or "homework_" in sql)
            )
        self.current, self.current_queries, self.executed = {}, {}, []


def _instrument(meter: Meter) -> None:
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connection
    from django.middleware.security import SecurityMiddleware
    from django.utils.deprecation import MiddlewareMixin

    from games import access, changes
    from games import services as game_services
    from plateful.middleware import OneThreadPerRequest

    outer_call = MiddlewareMixin.__call__

    def request_call(self, request):  # the outermost middleware: the whole request's thread work
        def record(execute, sql, params, many, context):
            if meter.count_queries:
                meter.executed.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(record), meter.part("request"):
            return outer_call(self, request)

    SecurityMiddleware.__call__ = request_call
    inner_call = OneThreadPerRequest.__call__
    OneThreadPerRequest.__call__ = lambda self, request: meter.wrap("view", inner_call)(self, request)
    access.match_access_refusal = meter.wrap("access gate", access.match_access_refusal)
    game_services.move_refusal = meter.wrap("move gate", game_services.move_refusal)
    SessionStore.load = meter.wrap("session read", SessionStore.load)
    for index, subscriber in enumerate(changes._subscribers):
        if subscriber.__module__.startswith("classroom"):
            changes._subscribers[index] = meter.wrap("class hook", subscriber)


async def _play(game: str, moves: int, kind: str, meter: Meter, passes: tuple[bool, ...]) -> None:
    from channels.db import database_sync_to_async
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from benchmarks.web import move_post
    from classroom import services as classroom
    from classroom.gates import STUDENTS_KEY
    from classroom.models import TableSeat
    from games import services
    from games.engines import get_engine
    from games.views import SESSION_KEY
    from plateful.asgi import application
    from tests.tables import table_create

    engine = get_engine(game)

    @database_sync_to_async
    def new_match() -> tuple[str, dict[int, str]]:
        if kind == "public":
            match, _tokens, cookies = table_create(game, ("human", "human"))
            return match.pk, cookies
        teacher, _ = get_user_model().objects.get_or_create(username="bench-teacher")
        session = classroom.session_create(
            teacher=teacher, kind="game", game=game, seats_per_table=2, bot_level="beginner"
        )
        students = [
            classroom.student_join(session=session, nickname=name, device="") for name in ("Ana", "Ben")
        ]
        classroom.session_start(session=session)
        cookies = {}
        for seat in TableSeat.objects.filter(student__in=students).select_related("table_match"):
            browser = SessionStore()
            browser[STUDENTS_KEY] = {str(session.pk): seat.student_id}
            browser[SESSION_KEY] = {seat.table_match.match_id: seat.token}
            browser.save()
            cookies[seat.seat] = browser.session_key
            match_id = seat.table_match.match_id
        return match_id, cookies

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

    for counting in passes:
        meter.count_queries = counting
        done = 0
        wanted = max(20, moves // 5) if counting else moves
        while done < wanted:
            match_id, cookies = await new_match()
            while done < wanted:
                move = await next_move(match_id)
                if move is None:
                    break
                seat, action = move
                request = move_post(application, match_id, seat, action, cookies[seat])
                response = await request.get_response(timeout=10)
                if response["status"] != 200:
                    raise RuntimeError(f"move refused: {response['status']} {response['body'][:200]!r}")
                meter.close_request()
                done += 1


def run(game: str, moves: int) -> None:
    meter_of = {}
    for kind in ("public", "class"):
        meter = Meter()
        if not meter_of:
            _instrument(meter)
            instrumented = meter
        else:  # one set of wrappers: they write into whichever meter is current
            instrumented.__dict__.update(meter.__dict__)
            meter = instrumented
        asyncio.run(_play(game, moves, kind, meter, passes=(False, True)))
        meter_of[kind] = {
            "cpu": {part: statistics.median(v) * 1000 for part, v in meter.cpu.items()},
            "queries": {part: statistics.median(v) for part, v in meter.queries.items()},
            "owned": statistics.median(meter.owned_queries),
            "moves": len(meter.cpu["request"]),
        }
    print(f"{game}, 2 seats, the move POST (thread CPU medians, queries medians)")
    print(f"{'':14}" + "".join(f"{kind:>22}" for kind in meter_of))
    for part in PARTS:
        cells = [f"{m['cpu'][part]:8.2f} ms {m['queries'][part]:4.0f} q" for m in meter_of.values()]
        print(f"{part:14}" + "".join(f"{cell:>22}" for cell in cells))
    gates = [
        sum(m["cpu"][p] for p in ("middleware", "access gate", "move gate", "class hook"))
        for m in meter_of.values()
    ]
    print(f"{'mw+gates+hook':14}" + "".join(f"{g:19.2f} ms" for g in gates))
    print(f"{'class/homework':14}" + "".join(f"{m['owned']:20.0f} q" for m in meter_of.values()))
    print("moves measured: " + ", ".join(f"{kind} {m['moves']}" for kind, m in meter_of.items()))
