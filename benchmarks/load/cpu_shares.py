"""Where the workers' CPU goes during a load step, from py-spy's raw (collapsed) profiles.

    .venv/bin/py-spy record --nonblocking -r 100 -d 20 -f raw -o worker1.txt -p <pid>
    .venv/bin/python -m benchmarks.load.cpu_shares worker1.txt worker2.txt

py-spy also samples threads that wait (on PostgreSQL, on the event loop's selector, on a
thread pool's queue): those samples are counted apart as "waiting", and the shares are of the
others, the ones that used a core. A sample goes to the first share whose markers appear in its
stack, in the order below (SQL before view building: queries made while building a view count
as SQL; thread hops only when asgiref, a thread pool or a wake-up of the loop from a thread is
at the top of the stack).
"""

from __future__ import annotations

import argparse
import collections
from pathlib import Path

# The top frame of a sample that waits rather than computes.
WAITING = (
    "EpollSelector.select",
    "Connection.wait (psycopg",
    "ClientCursorMixin._execute_send",
    "BaseConnection._exec_command",
    "Condition.wait",
    "Thread._wait_for_tstate_lock",
    "_worker (concurrent/futures/thread.py",
    "untilConcludes",
)

SHARES = (
    ("template rendering", ("render_to_string", "Template.render (django/template/backends")),
    (
        "SQL (ORM and driver)",
        (
            "SQLCompiler.execute_sql",
            "QuerySet.update",
            "Model.save",
            "CursorWrapper.execute",
            "QuerySet._fetch_all",
        ),
    ),
    ("building the views (games.rendering, not templates)", ("live_context", "read_rows")),
    ("rules engines", ("games/engines/",)),
    ("channel layer and Redis client", ("channels_redis", "/redis/")),
)
# Handing work to a thread and its result back to the loop (the loop's wake-up included).
THREAD_HOPS = ("asgiref", "concurrent/futures", "threading.py")
SERVER = ("twisted", "daphne", "asyncio", "selectors")


def share_of(frames: list[str]) -> str:
    for name, markers in SHARES:
        if any(marker in frame for frame in frames for marker in markers):
            return name
    top = frames[-2:]
    if any(m in f for f in top for m in THREAD_HOPS) or any("call_soon_threadsafe" in f for f in frames[-6:]):
        return "thread hops (asgiref, thread pools)"
    if any(marker in frame for frame in frames for marker in SERVER):
        return "server and event loop (Daphne, Twisted, asyncio)"
    return "everything else (middleware, views, gates, Python)"


def shares(paths: list[Path]) -> tuple[collections.Counter, int, int]:
    counts: collections.Counter = collections.Counter()
    busy = waiting = 0
    for path in paths:
        for line in path.read_text().splitlines():
            stack, _, number = line.rpartition(" ")
            if not stack or not number.isdigit():
                continue
            frames, samples = stack.split(";"), int(number)
            if any(marker in frames[-1] for marker in WAITING):
                waiting += samples
                continue
            busy += samples
            counts[share_of(frames)] += samples
    return counts, busy, waiting


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("profiles", nargs="+", type=Path, help="py-spy record -f raw outputs")
    options = parser.parse_args()
    counts, busy, waiting = shares(options.profiles)
    print(f"samples using a core: {busy}; waiting: {waiting}")
    for name, samples in counts.most_common():
        print(f"{100 * samples / max(busy, 1):5.1f} %  {name}")


if __name__ == "__main__":
    main()
