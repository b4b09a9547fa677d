"""What /healthz checks: the database and the channel layer, each on its own, and for
`?ready` (load balancers) also that migrations are applied and the decks are loaded.

Each check answers True/False or a short reason and never waits more than CHECK_TIMEOUT: a
Redis or PostgreSQL that does not answer makes the check fail quickly, not hang.
"""

from __future__ import annotations

import asyncio
import uuid

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from foodcards.services import decks_missing

CHECK_TIMEOUT = 1.5  # seconds

_migrations_applied = False  # once true in this process it stays true (a deploy restarts us)


def database_answers() -> bool:
    """SELECT 1 on a connection of its own (run in a worker thread, closed after)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:  # any failure of the database means "not healthy"
        return False
    finally:
        connection.close()


async def channel_layer_answers() -> bool:
    """A real round trip: send a message on a throwaway channel and read it back."""
    layer = get_channel_layer()
    if layer is None:
        return False
    channel = f"healthz.{uuid.uuid4().hex}"
    token = uuid.uuid4().hex

    async def round_trip() -> bool:
        await layer.send(channel, {"type": "healthz.ping", "token": token})
        message = await layer.receive(channel)
        return message.get("token") == token

    try:
        return await asyncio.wait_for(round_trip(), CHECK_TIMEOUT)
    except Exception:  # a timeout, a refused connection, a full channel: the layer is down
        return False


def migrations_pending() -> int:
    """How many migrations are not applied yet (0 once they all are)."""
    global _migrations_applied
    if _migrations_applied:
        return 0
    executor = MigrationExecutor(connection)
    pending = len(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    _migrations_applied = pending == 0
    return pending


def _readiness() -> dict[str, str]:
    try:
        pending = migrations_pending()
        missing = decks_missing()
    except Exception:  # the database check already says why
        return {"migrations": "unknown", "decks": "unknown"}
    return {
        "migrations": "ok" if not pending else f"{pending} not applied",
        "decks": "ok" if not missing else "missing " + ", ".join(missing),
    }


async def site_health(*, ready: bool) -> dict[str, str]:
    """Each check's answer ("ok" or what is wrong), the database and channel layer at once."""

    async def database() -> bool:
        # Not in the request's own thread: when a hung database outlasts the timeout, the
        # request must not wait for that thread at its end (Daphne's loop would wait with it).
        check = sync_to_async(database_answers, thread_sensitive=False)
        try:
            return await asyncio.wait_for(check(), CHECK_TIMEOUT)
        except TimeoutError:
            return False

    database_ok, layer_ok = await asyncio.gather(database(), channel_layer_answers())
    report = {
        "database": "ok" if database_ok else "unavailable",
        "channel layer": "ok" if layer_ok else "unavailable",
    }
    if ready:
        if database_ok:
            report.update(await sync_to_async(_readiness)())
        else:
            report.update({"migrations": "unknown", "decks": "unknown"})
    return report
