"""benchmarks/load/cpu_shares.py sorts py-spy's collapsed stacks into the shares the load
section of benchmarks/README.md reports; waiting samples are counted apart."""

from __future__ import annotations

from benchmarks.load.cpu_shares import shares

THREAD = "Thread.run (threading.py:982);_worker (concurrent/futures/thread.py:83)"
RENDER = (
    f"{THREAD};live_html (games/rendering.py:270);render_to_string (django/template/loader.py:62);"
    "Template.render (django/template/backends/django.py:107)"
)
VIEW_QUERY = (
    f"{THREAD};live_context (games/rendering.py:137);read_rows (games/rendering.py:56);"
    "QuerySet._fetch_all (django/db/models/query.py:1949)"
)
# The public fragment of a move, built once by the process that made it (games.live.broadcast).
VIEW = (
    f"{THREAD};broadcast_change (games/live/broadcast.py:87);public_html (games/rendering.py:226);"
    "live_context (games/rendering.py:172);seat_view (games/seat_view.py:119)"
)
SERVER = "run_forever (asyncio/base_events.py:608);dataReceived (twisted/internet/tcp.py:250)"
HOP = "_WorkItem.run (concurrent/futures/thread.py:58);call_soon_threadsafe (asyncio/base_events.py:807)"
WAITING = "run_forever (asyncio/base_events.py:608);EpollSelector.select (selectors.py:468)"


def test_samples_are_shared_out_and_waiting_is_apart(tmp_path):
    profile = tmp_path / "worker.txt"
    profile.write_text(
        f"{RENDER} 30\n{VIEW_QUERY} 20\n{VIEW} 15\n{SERVER} 10\n{HOP} 5\n{WAITING} 400\n"
        "main (plateful/other.py:1) 35\n\n"
    )
    counts, busy, waiting = shares([profile])
    assert (busy, waiting) == (115, 400)
    assert counts == {
        "template rendering": 30,
        # A query made while building a view is the database's share, not the view's.
        "SQL (ORM and driver)": 20,
        "building the views (games.rendering, not templates)": 15,
        "server and event loop (Daphne, Twisted, asyncio)": 10,
        "thread hops (asgiref, thread pools)": 5,
        "everything else (middleware, views, gates, Python)": 35,
    }
