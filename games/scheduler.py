"""Bots and table timers, played by the server on its own asyncio loop.

After every change of a match (and whenever one of its pages or sockets opens) the scheduler
plans the match's next automatic move exactly as games.bots.driver does for simulations: each bot
seat that may act picks its move from its own view and takes its delay (its level's reaction time
in real-time games, a short human-like pause otherwise); the table's own action (a flip, a
reveal) waits its "after_ms". At the relaxed pace every one of these delays is PACE_FACTOR times
longer (`timer_scale`, `bot_delay_ms`). The quickest wins; ties go to the lower seat, then the table.

Delays count from the match's last change (`changed_at`, stored in the database), so a server that
restarts finds overdue moves and plays them at once: a match waiting on a bot never hangs. Each
planned move names the version it was planned against; if anything happened first it is refused
as stale and the scheduler plans again, so duplicates across processes are harmless.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import os
import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from games.bots import get_bot
from games.changes import MatchChange
from games.engines import get_engine
from games.models import PACE_FACTOR, Match, Pace, Seat
from games.services import MatchError, match_state, match_submit_action
from games.tutorials import move_matches, tutorial_for
from plateful import live_layer

logger = logging.getLogger(__name__)


def pace_factor(match: Match) -> float:
    """How much longer this match's timers and bots take: its pace (games.models.PACE_FACTOR)."""
    return PACE_FACTOR.get(match.pace, PACE_FACTOR[Pace.STEADY])


def bot_delay_ms(match: Match) -> float:
    """A turn-based bot's thinking pause: long enough to see what happened, longer still at the
    relaxed pace."""
    return float(settings.GAMES_BOT_DELAY_MS) * pace_factor(match)


def timer_scale(match: Match) -> float:
    """Multiplies this match's table timers ("after_ms", "clock_ms") and real-time bots' reaction
    times: the site's scale (tests and demos speed games up) times the match's pace. Every timer
    length goes through here once (the scheduler and the page's countdown alike)."""
    return float(settings.GAMES_TIMER_SCALE) * pace_factor(match)


def enabled() -> bool:
    return bool(settings.GAMES_SCHEDULER)


@dataclass(frozen=True)
class PlannedMove:
    match_id: str
    version: int
    seat: int | None
    action: dict
    due: datetime
    waits: bool = False  # due after the change that planned it (a timer, a bot's pause or reaction)


def match_plan_next(*, match: Match, seats: list[Seat] | None = None) -> PlannedMove | None:
    """The next move a bot or the table will make, and when; None when only people can act.
    `seats`: the match's seat rows, when the caller has them already."""
    if match.status != Match.Status.PLAYING:
        return None
    engine = get_engine(match.game)
    state = match_state(match=match)
    movers = engine.to_move(state)
    rows = match.seat_set.filter(kind=Seat.Kind.BOT) if seats is None else seats
    bots = {
        seat.number: get_bot(match.game, seat.bot_level)
        for seat in rows
        if seat.kind == Seat.Kind.BOT and seat.number in movers
    }
    rng = random.Random(f"{match.seed}/{match.version}")  # the deal's seed: GAMES_DEAL_SEED fixes both
    lesson = tutorial_for(match.game) if match.tutorial else None
    scale = timer_scale(match)
    candidates: list[tuple[float, int, int | None, dict]] = []
    for seat in sorted(bots):
        legal = engine.legal_actions(state, seat)
        if not legal:
            continue
        view = engine.view(state, seat)
        action = lesson_move(lesson, engine, state, seat, legal) if lesson else None
        if action == LESSON_WAIT:
            continue  # the lesson keeps this bot quiet now (the learner's slap is the lesson)
        lesson_ms = action.pop("after_ms", None) if action is not None else None
        try:
            if action is None:
                action = bots[seat].choose(view, legal, rng)
        except Exception:  # a bot bug must not stop the game: fall back to any legal move
            logger.exception("Bot for %s seat %s failed; playing a random legal move.", match.game, seat)
            action = rng.choice(legal)
        if action is None:
            continue
        if lesson_ms is not None and engine.realtime:
            delay = float(lesson_ms) * scale  # the lesson's own timing (a tie)
        elif engine.realtime:  # the level's reaction time
            delay = bots[seat].reaction_ms(view, rng) * scale
        else:  # a short human-like pause
            delay = bot_delay_ms(match)
        candidates.append((delay, seat, seat, action))
    if None in movers:
        table_actions = engine.legal_actions(state, None)
        if table_actions:
            action = table_actions[0]  # the table's first listed action is what its timer does
            candidates.append((float(action.get("after_ms", 0)) * scale, 10**6, None, action))
        for action in table_actions:
            # "clock_ms": the table acts when the match has run that long (classroom time limits).
            if "clock_ms" in action and match.started_at is not None:
                due = match.started_at + timedelta(milliseconds=float(action["clock_ms"]) * scale)
                delay = max(0.0, (due - match.changed_at).total_seconds() * 1000)
                candidates.append((delay, 10**6 + 1, None, action))
    if not candidates:
        return None
    delay, _, seat, action = min(candidates, key=lambda c: (c[0], c[1]))
    return PlannedMove(
        match_id=match.pk,
        version=match.version,
        seat=seat,
        action=action,
        due=match.changed_at + timedelta(milliseconds=delay),
        waits=delay > 0,
    )


LESSON_WAIT = {"type": "wait"}  # a lesson's bot_move for "this bot does nothing now"


def lesson_move(lesson, engine, state: dict, seat: int, legal: list[dict]) -> dict | None:
    """The move a tutorial wants this bot to make (its `bot_move`), as the legal move it names
    (with its version); LESSON_WAIT: the bot stays quiet; None: the bot chooses as in any game
    (no wish, or one the rules refuse). A wish's "after_ms" (real-time lessons: when the bot
    acts, a tie's second slap at once) comes back on the move for match_plan_next to take off."""
    if lesson.bot_move is None:
        return None
    wanted = lesson.bot_move(engine, state, seat)
    if wanted is None:
        return None
    if wanted.get("type") == LESSON_WAIT["type"]:
        return dict(LESSON_WAIT)
    timing = {"after_ms": wanted["after_ms"]} if "after_ms" in wanted else {}
    wanted = {key: value for key, value in wanted.items() if key != "after_ms"}
    for action in legal:
        if move_matches(action, wanted):
            return {**action, **timing}
    logger.warning("Tutorial %s wanted an illegal bot move %s; the bot chooses.", lesson.game, wanted)
    return None


def planned_move_play(planned: PlannedMove) -> bool:
    """Play a planned move through the same service as everyone. False if the game moved on."""
    try:
        match_submit_action(match_id=planned.match_id, seat=planned.seat, action=planned.action, trusted=True)
    except MatchError as error:
        if error.code not in ("stale", "game_over", "not_your_turn"):
            logger.warning("Planned move %s for %s refused: %s", planned.action, planned.match_id, error)
        return False
    return True


def bots_play(*, match_id: str, max_moves: int = 100_000) -> int:
    """Play bots and timers at once, without waiting, until only people can act (or the game
    ends). For tests, demos and processes without an event loop. Returns the moves made."""
    made = 0
    while made < max_moves:
        planned = match_plan_next(match=Match.objects.get(pk=match_id))
        if planned is None or not planned_move_play(planned):
            break
        made += 1
    return made


# ----- the asyncio side ------------------------------------------------------------------------

_tasks: dict[str, asyncio.Task] = {}  # each match's current plan
_plans: set[asyncio.Task] = set()  # every plan until it is done (a replaced one may still be)
_work: set[asyncio.Task] = set()  # database work running in a thread for a plan (see _in_thread)
_ticks: dict[str, asyncio.Event] = {}  # GAMES_TEST_CLOCK: "time has passed" for a match's next timed move
_loop: asyncio.AbstractEventLoop | None = None
_stopped: asyncio.AbstractEventLoop | None = None  # the loop of a server shutting down (shutdown)


def _track(task: asyncio.Task, tracked: set[asyncio.Task]) -> asyncio.Task:
    tracked.add(task)
    task.add_done_callback(tracked.discard)
    return task


async def _in_thread(function, *args):
    """Database work for a plan, in asgiref's thread, shielded from the plan's cancellation: a
    cancelled await would leave the thread to finish on its own, and a move it is playing sends
    its "match changed" through this loop, which may have stopped by then (see shutdown)."""
    work = _track(asyncio.ensure_future(database_sync_to_async(function)(*args)), _work)
    return await asyncio.shield(work)


def remember_loop() -> None:
    """Called from async code (every request and socket: plateful.asgi, consumers) so sync code
    can find the server's loop, the calling task's own first. The first call in a process (after
    a start or a restart) also resumes every match still playing."""
    global _loop
    first = _loop is None
    _loop = live_layer.remember_caller_loop()  # sync code called from here finds this loop
    if first and enabled():
        _track(_loop.create_task(_resume_all(), context=contextvars.Context()), _plans)


RESUME_WINDOW = timedelta(days=1)


async def _resume_all() -> None:
    """Plan the next bot move or timer of every match that was playing when the server stopped
    (recent ones: a match abandoned for a day stays put until someone opens it). Overdue
    moves are played at once."""
    since = timezone.now() - RESUME_WINDOW
    try:
        ids = await _in_thread(
            lambda: list(
                Match.objects.filter(status=Match.Status.PLAYING, changed_at__gte=since).values_list(
                    "pk", flat=True
                )
            )
        )
    except Exception:  # no database yet (a first start before migrate): nothing to resume
        logger.exception("The scheduler could not look for matches to resume.")
        return
    logger.info("Scheduler started in process %s: resuming %d matches.", os.getpid(), len(ids))
    for match_id in ids:
        kick(match_id)


def _server_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    # A sync view or service running in asgiref's thread carries its caller's context.
    loop = live_layer.caller_loop() or _loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop


def plan_after_change(change: MatchChange) -> None:
    """Subscriber of games.changes: every change may give a bot or the table something to do.
    The rows the move wrote, when it has them, plan it without reading the match back."""
    kick(change.match_id, known=change.rows)


def kick(match_id: str, known: tuple | None = None) -> None:
    """(Re)plan a match's next automatic move. Safe from any thread; does nothing where there is
    no server loop (management commands, sync tests: they call bots_play)."""
    if not enabled():
        return
    loop = _server_loop()
    if loop is None or loop is _stopped:
        return
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    # A fresh context: the caller's (asgiref's "inside a sync thread" markers) must not leak
    # into the scheduler's task, or its own database calls would look like a deadlock.
    if running is loop:
        contextvars.Context().run(_restart, match_id, known)
    else:
        loop.call_soon_threadsafe(_restart, match_id, known, context=contextvars.Context())


def _restart(match_id: str, known: tuple | None = None) -> None:
    loop = asyncio.get_running_loop()
    if loop is _stopped:  # asked for from a thread just before the server began to stop
        return
    old = _tasks.pop(match_id, None)
    if old is not None and not old.done():
        old.cancel()
    task = _track(loop.create_task(_run(match_id, known), context=contextvars.Context()), _plans)
    _tasks[match_id] = task
    task.add_done_callback(lambda done: _tasks.pop(match_id, None) if _tasks.get(match_id) is done else None)


async def _run(match_id: str, known: tuple | None = None) -> None:
    try:
        planned = await _in_thread(_plan, match_id, known)
        if planned is None:
            return
        wait = (planned.due - timezone.now()).total_seconds()
        if planned.waits and settings.GAMES_TEST_CLOCK:
            # A test moves time on (advance_clock): nothing races the wall clock, not even a
            # move that a busy machine planned again after it was due.
            tick = _ticks.setdefault(match_id, asyncio.Event())
            await tick.wait()
            tick.clear()
        elif wait > 0:
            await asyncio.sleep(wait)
        await _in_thread(planned_move_play, planned)
    except asyncio.CancelledError:
        raise
    except Exception:
        logger.exception("The scheduler failed on match %s.", match_id)


def advance_clock(match_id: str) -> bool:
    """Tests (GAMES_TEST_CLOCK): the match's next timed move (a flip, a bot's slap or pause) is
    played now, or as soon as it is planned. False where this process runs no scheduler loop."""
    loop = _server_loop()
    if not (enabled() and settings.GAMES_TEST_CLOCK) or loop is None:
        return False
    loop.call_soon_threadsafe(lambda: _ticks.setdefault(match_id, asyncio.Event()).set())
    return True


def _plan(match_id: str, known: tuple | None = None) -> PlannedMove | None:
    """`known`: (the match as a change stored it, its seats, ...), planned with no database read."""
    if known is not None:
        return match_plan_next(match=known[0], seats=known[1])
    match = Match.objects.filter(pk=match_id).first()
    return match_plan_next(match=match) if match else None


# ----- stopping ----------------------------------------------------------------------------------

SHUTDOWN_SECONDS = 5.0


async def shutdown(timeout: float = SHUTDOWN_SECONDS) -> None:
    """Stop: plan nothing new and cancel every plan, then wait (at most `timeout`) for the
    database work a thread is doing for them right now (a move being played), while the loop
    still runs. That move's "match changed" is sent through this loop: had the loop stopped
    first, the thread would wait for it forever and the process could never exit. A server
    shutting down plans again on restart (delays count from times in the database). Servers call
    it as they stop: the ASGI lifespan's shutdown, Daphne's reactor shutdown (plateful.asgi);
    tests too."""
    global _stopped
    _stopped = asyncio.get_running_loop()
    plans = list(_plans)
    _tasks.clear()
    for plan in plans:
        plan.cancel()
    tasks = plans + list(_work)
    if not tasks:
        return
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in done:
        if not task.cancelled():
            task.exception()  # failed or finished, either way it's gone (and not reported again)
    if pending:
        logger.warning("The scheduler stopped with %d moves still being played.", len(pending))


def shutdown_soon() -> asyncio.Task | None:
    """shutdown() as a task on the server's loop, for a server's own shutdown hook (Daphne's:
    plateful.asgi); None when the scheduler never started in this process."""
    if _loop is None or _loop.is_closed():
        return None
    return _loop.create_task(shutdown(), context=contextvars.Context())
