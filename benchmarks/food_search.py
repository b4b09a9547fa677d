"""Food explorer search latency over all 8,463 USDA foods, on the embedded default (SQLite).

    .venv/bin/python benchmarks/food_search.py                  # 20 rounds of every query
    .venv/bin/python benchmarks/food_search.py --rounds 50 --database /tmp/foods.sqlite3
    .venv/bin/python benchmarks/food_search.py --database-url postgres://postgres@127.0.0.1:5432/foods

Imports the USDA SR files (settings.USDA_SR_DIR) into a SQLite FILE database once (a fresh
temporary one unless --database names one that already has them), then times, for a set of
realistic queries (whole words, multi-word names, the prefixes a child types on the way to
"apple", an NDB number, a few with a MyPlate group filter, and a few typed with a slip such as
"brocoli"):

- service: nutrition.services.food_search (filter + rank every match) and loading the first
  page of 25 foods, i.e. the work of one search;
- http: the whole request as htmx sends it while you type (GET /foods/?q=... with HX-Request),
  through Django's middleware, the view and the results template;
- http cpu: the process's CPU time for that request (what the machine's other jobs move least:
  on a busy machine the wall-clock numbers partly show waiting for a core).

Prints p50 / p95 / p99 / max in milliseconds for both, and the slowest queries. Target: http
p95 under 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

QUERIES = [
    "apple",
    "a",
    "ap",
    "app",
    "appl",
    "milk",
    "chicken breast",
    "broccoli",
    "cheese",
    "bread",
    "rice",
    "egg",
    "yogurt",
    "banana",
    "pizza",
    "beans",
    "orange juice",
    "peanut butter",
    "ice cream",
    "pasta",
    "potato",
    "cereal",
    "tomatoes",
    "fish",
    "salmon",
    "ground beef",
    "carrots",
    "cookies",
    "chips",
    "strawberries",
    "09003",
    "cheddar cheese",
    "whole wheat bread",
    "chocolate milk",
]
# Typed with a slip: found by trigram similarity (pg_trgm on PostgreSQL, the SQLite fallback).
TYPO_QUERIES = ["brocoli", "chiken", "yoghurt", "strawbery", "bananna", "spagetti", "cheddar chese"]
GROUP_QUERIES = [
    ("", "fruits"),
    ("apple", "fruits"),
    ("cheese", "dairy"),
    ("", "sometimes"),
    ("chicken", "protein"),
]


def _setup(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from nutrition.models import Food

    if Food.objects.count() < 8463:
        call_command("import_usda_sr", str(settings.USDA_SR_DIR), verbosity=0)


def _percentiles(values: list[float]) -> dict:
    ordered = sorted(values)

    def at(fraction: float) -> float:
        return round(ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))], 2)

    return {"p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": round(ordered[-1], 2), "n": len(values)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database", type=Path, default=None, help="a SQLite file (the embedded default)")
    parser.add_argument(
        "--database-url", default=None, help="a PostgreSQL database instead (the production path: pg_trgm)"
    )
    args = parser.parse_args()
    database = args.database or Path(tempfile.mkdtemp(prefix="plateful-foods-")) / "db.sqlite3"
    _setup(args.database_url or f"sqlite:///{database}")

    from django.db import connection
    from django.test import Client

    from nutrition.models import Food
    from nutrition.services import food_search, foods_in_order

    assert Food.objects.count() == 8463, "the USDA import did not load all 8,463 foods"
    client = Client(HTTP_HX_REQUEST="true")
    cases = [(query, "") for query in QUERIES + TYPO_QUERIES] + GROUP_QUERIES
    service, http, http_cpu, by_case = [], [], [], {}
    for query, group in cases:  # warm up: first-time template loading, caches
        client.get("/foods/", {"q": query, "group": group})
    for _round in range(args.rounds):
        for query, group in cases:
            started = time.perf_counter()
            ids = food_search(query=query, plate_group=group)
            foods_in_order(ids=ids[:25])
            service.append((time.perf_counter() - started) * 1000)
            started, cpu = time.perf_counter(), time.process_time()
            response = client.get("/foods/", {"q": query, "group": group})
            elapsed = (time.perf_counter() - started) * 1000
            http_cpu.append((time.process_time() - cpu) * 1000)
            assert response.status_code == 200
            http.append(elapsed)
            by_case.setdefault(f"{query or '(all)'} [{group or 'any'}]", []).append(elapsed)
    slowest = sorted(((statistics.median(v), k) for k, v in by_case.items()), reverse=True)[:5]
    print(
        json.dumps(
            {
                "database": connection.vendor,
                "foods": Food.objects.count(),
                "queries": len(cases),
                "rounds": args.rounds,
                "service_ms": _percentiles(service),
                "http_ms": _percentiles(http),
                "http_cpu_ms": _percentiles(http_cpu),
                "slowest_http_median_ms": {name: round(ms, 2) for ms, name in slowest},
                "load": os.getloadavg()[0],
            }
        )
    )


if __name__ == "__main__":
    main()
