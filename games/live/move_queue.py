"""Moves that arrive over a match's sockets in this process take turns, first come first served.

`turn(match_id)` is an async context manager: a move waits here until every move that arrived
before it at the same match is done (asyncio.Lock wakes its waiters in arrival order), so two
slaps at one pile are judged in the order the server received them. Across processes the
database row lock decides (games.services).

The memory is bounded by the moves in flight: a match's lock exists only while someone holds it
or waits for it, and is forgotten as the last one leaves (a server that saw 10,000 matches keeps
none of them once they are quiet).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class _Queue:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    members: int = 0  # holding the lock or waiting for it


_queues: dict[str, _Queue] = {}


@asynccontextmanager
async def turn(match_id: str) -> AsyncIterator[None]:
    queue = _queues.get(match_id)
    if queue is None:
        queue = _queues[match_id] = _Queue()
    queue.members += 1
    try:
        async with queue.lock:
            yield
    finally:
        queue.members -= 1
        if queue.members == 0 and _queues.get(match_id) is queue:
            del _queues[match_id]


def matches_in_flight() -> int:
    """How many matches have a move holding or waiting for its turn (0 when all is quiet)."""
    return len(_queues)
