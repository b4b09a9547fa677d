"""Fault tests of the production layout (item 7 of issue 9), scripted and repeatable: two Daphne
workers (scripts/workers.py) on PostgreSQL and a redis-server of the test's own (never the
machine's shared one), players on real sockets and HTTP.

- a worker killed with SIGKILL mid-play: its players reconnect (to the other worker, or to the
  worker started again) and carry on; no move is lost or applied twice (every match's log
  replays to its stored state, indexes 0..version-1 once each);
- every worker killed and started again: every match resumes, bots and table timers included,
  with no socket and no request at all;
- Redis killed and started again: sockets stay open, HTTP moves keep working, the pages say
  "live updates paused" and catch up, and live updates through Redis recover without a reload.

Production path only (PostgreSQL: the workers share the test database); benchmarks/README.md
("Faults") has the timings measured here.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from tests.faults.cluster import Cluster, Player, log_is_sound, match_row, wait_for
from tests.faults.redis_process import RedisProcess
from tests.tables import table_create

pytestmark = [pytest.mark.production_path, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    """Before any process starts (autouse fixtures come first)."""
    if connection.vendor != "postgresql":
        pytest.skip("the workers share the test database: PostgreSQL only (the production pass)")


@pytest.fixture
def redis():
    server = RedisProcess().start()
    yield server
    server.stop()


@pytest.fixture
def cluster_of(tmp_path, redis, settings):
    settings.GAMES_SCHEDULER = False  # only the workers play bots and timers, never this process
    made: list[Cluster] = []

    def make(**env: str) -> Cluster:
        cluster = Cluster(tmp_path, redis.url, **env)
        made.append(cluster)
        return cluster

    yield make
    for cluster in made:
        cluster.kill_all()  # no graceful stop needed: quicker, and nothing is left behind


def _get(url: str) -> None:
    with urllib.request.urlopen(url, timeout=10) as response:
        response.read()


def _versions(match_ids: list[str]) -> dict[str, int]:
    return {match_id: match_row(match_id).version for match_id in match_ids}


def _finished(match_id: str) -> bool:
    return match_row(match_id).status == "finished"


def _assert_logs_sound(match_ids: list[str]) -> None:
    for match_id in match_ids:
        replays, indexes, version = log_is_sound(match_id)
        assert replays, f"match {match_id}'s log does not replay to its stored state"
        assert indexes == list(range(version)), f"match {match_id}: a move lost or logged twice"


async def _wait_db(condition, seconds: float, what: str) -> None:
    """Poll a condition that reads the database (in channels' database thread, whose
    connection is closed after each call)."""
    deadline = time.monotonic() + seconds
    while not await database_sync_to_async(condition)():
        assert time.monotonic() < deadline, f"timed out after {seconds} s waiting for {what}"
        await asyncio.sleep(0.1)


async def _play(players: list[Player], until, seconds: float) -> None:
    """Everyone plays (and reconnects) until `until()` is true."""
    deadline = time.monotonic() + seconds
    while not await database_sync_to_async(until)():
        assert time.monotonic() < deadline, "the matches stopped moving"
        for player in players:
            await player.keep_open()
        moved = await asyncio.gather(*(player.move_if_my_turn() for player in players))
        if not any(moved):
            await asyncio.sleep(0.05)


async def _pushes_caught_up(players: list[Player], seconds: float = 15.0) -> None:
    """Every player's socket is open and has been pushed the match's current version."""
    deadline = time.monotonic() + seconds
    while True:
        for player in players:
            await player.keep_open()
        versions = await database_sync_to_async(_versions)([p.match_id for p in players])
        behind = [p for p in players if not p.open_now or p.pushed_version != versions[p.match_id]]
        if not behind:
            return
        assert time.monotonic() < deadline, [
            (p.match_id, p.seat, p.pushed_version, versions[p.match_id], p.drops) for p in behind
        ]
        await asyncio.sleep(0.1)


async def test_a_worker_killed_mid_play_its_players_reconnect_and_no_move_is_lost_or_doubled(cluster_of):
    cluster = cluster_of().start()
    tables = [
        await database_sync_to_async(table_create)("snack-attack", ("human", "human", "bot"), seed=n)
        for n in range(1, 7)
    ]
    ids = [match.pk for match, _tokens, _sessions in tables]
    seats = [(match.pk, seat, key) for match, _tokens, sessions in tables for seat, key in sessions.items()]
    players = [Player(cluster, match_id, seat, key) for match_id, seat, key in seats]
    for player in players:
        await player.open()
    await _pushes_caught_up(players)

    def moves_made(count):
        return lambda: sum(_versions(ids).values()) >= count

    await _play(players, moves_made(30), seconds=30)
    # Kill the worker holding the most players' sockets (the kernel chose; /proc tells).
    holders = cluster.holders([p.local_port for p in players])
    assert len(holders) == len(players), holders
    victim = max(("1", "2"), key=lambda number: list(holders.values()).count(number))
    on_victim = {p for p in players if holders[p.local_port] == victim}
    killed = cluster.kill_worker(victim)
    killed_at = time.monotonic()
    at_kill = await database_sync_to_async(_versions)(ids)
    await _play(
        players,
        lambda: all(v >= at_kill[m] + 6 or _finished(m) for m, v in _versions(ids).items()),
        seconds=40,
    )
    recovered_after = time.monotonic() - killed_at
    await _pushes_caught_up(players)

    dropped = {p for p in players if p.drops}
    assert dropped == on_victim  # exactly the killed worker's players lost their socket...
    assert all(p.reconnects >= 1 for p in dropped)  # ...and came back (see _pushes_caught_up)
    assert not [p.errors for p in players if p.errors]
    assert all(status == 200 for p in players for _version, status in p.http_moves if status != 409)
    wait_for(lambda: f"worker {victim}: pid {killed} exited (-9); restarting" in cluster.log(), 10, "restart")
    await database_sync_to_async(_assert_logs_sound)(ids)
    for player in players:
        await player.close()
    print(
        f"\nkill -9 one worker: {len(dropped)}/{len(players)} sockets dropped and reconnected; "
        f"every match moved 6 more within {recovered_after:.1f} s; "
        f"{sum(len(p.http_moves) for p in players)} HTTP and "
        f"{sum(p.socket_moves for p in players)} socket moves"
    )


async def test_all_workers_killed_and_restarted_every_match_resumes_with_no_socket(cluster_of):
    cluster = cluster_of(GAMES_BOT_DELAY_MS="250").start()
    tables = [
        await database_sync_to_async(table_create)("snack-attack", ("bot", "bot", "bot"), seed=11),
        await database_sync_to_async(table_create)("food-war", ("bot", "bot"), seed=12),
        await database_sync_to_async(table_create)("quick-chomp", ("bot", "bot"), seed=13),
        await database_sync_to_async(table_create)("chomp", ("bot", "bot", "bot"), seed=14),
    ]
    ids = [match.pk for match, _tokens, _sessions in tables]
    for match_id in ids:  # a plain page view wakes a match in its worker (no socket)
        await asyncio.to_thread(_get, f"{cluster.url}/play/{match_id}/")
    started = await database_sync_to_async(_versions)(ids)
    await _wait_db(lambda: all(v > started[m] for m, v in _versions(ids).items()), 20, "the bots to play")

    cluster.kill_all()
    await asyncio.sleep(0.5)  # a commit the database had already received lands
    stopped = await database_sync_to_async(_versions)(ids)
    await asyncio.sleep(1.5)  # every planned bot move and timer is overdue now
    assert await database_sync_to_async(_versions)(ids) == stopped  # nobody was playing them
    restarted_at = time.monotonic()
    log_before = len(cluster.log())
    cluster.start(probe_http=False)  # no request, no socket: the workers start the scheduler
    schedulers_at = time.monotonic()  # both workers said "Scheduler started"

    def resumed() -> bool:
        return all(v > stopped[m] or _finished(m) for m, v in _versions(ids).items())

    await _wait_db(resumed, 30, "every match to resume")
    resumed_after = time.monotonic() - restarted_at
    after_start = time.monotonic() - schedulers_at
    assert '] "' not in cluster.log()[log_before:]  # Daphne's access log: not one request
    await database_sync_to_async(_assert_logs_sound)(ids)
    print(
        f"\nrestart all workers: every match moved again {resumed_after:.1f} s after the restart began, "
        f"{after_start:.1f} s after both schedulers had started"
    )


async def test_redis_restarted_sockets_stay_open_http_moves_work_and_live_updates_recover(cluster_of, redis):
    cluster = cluster_of().start()
    make = database_sync_to_async(table_create)
    tables = [await make("snack-attack", ("human", "human"), seed=n) for n in range(21, 24)]
    ids = [match.pk for match, _tokens, _sessions in tables]
    players = [
        Player(cluster, match.pk, seat, sessions[seat], http_every=1)  # every move over HTTP
        for match, _tokens, sessions in tables
        for seat in sessions
    ]
    for player in players:
        await player.open()
    await _pushes_caught_up(players)
    await _play(players, lambda: all(v >= 2 for v in _versions(ids).values()), seconds=20)

    redis.stop()
    stopped_at = time.monotonic()
    before = await database_sync_to_async(_versions)(ids)
    await _play(players, lambda: all(v >= before[m] + 4 for m, v in _versions(ids).items()), seconds=30)
    assert all(status == 200 for p in players for _version, status in p.http_moves)
    await _pushes_caught_up(players, seconds=20)  # the pages found the moves themselves
    assert all(p.paused_seen and p.paused_now for p in players)
    outage = time.monotonic() - stopped_at

    redis.start()
    back_at = time.monotonic()
    await asyncio.to_thread(wait_for, lambda: cluster.health() == 200, 20, "/healthz to see Redis again")
    deadline = time.monotonic() + 20
    while any(p.paused_now for p in players):
        assert time.monotonic() < deadline, "the notice did not go away"
        await asyncio.sleep(0.1)
    cleared_after = time.monotonic() - back_at
    # Live again through Redis: each move reaches the other seat's open socket.
    after = await database_sync_to_async(_versions)(ids)
    await _play(players, lambda: all(v >= after[m] + 2 for m, v in _versions(ids).items()), seconds=20)
    await _pushes_caught_up(players, seconds=10)
    assert not [p.drops for p in players if p.drops], "a socket was closed"
    assert all(p.reconnects == 0 for p in players)
    await database_sync_to_async(_assert_logs_sound)(ids)
    for player in players:
        await player.close()
    print(
        f"\nRedis restart: {len(players)} sockets stayed open through a {outage:.1f} s outage, "
        f"{sum(len(p.http_moves) for p in players)} HTTP moves all 200; notice gone {cleared_after:.1f} s "
        "after Redis was back"
    )
