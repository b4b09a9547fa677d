"""Bytes a stored match takes in the database, for every game.

    .venv/bin/python benchmarks/match_storage.py                 # a fresh SQLite file
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/match_storage.py

For each registered game, with the fewest seats and bots in every seat, it makes a match through
games.services (the decks loaded with `load_decks`, as `scripts/serve` does) and measures what the
database holds for it, column by column as the database stores it (SQLite: length of the stored
value; PostgreSQL: pg_column_size, i.e. after TOAST compression):

- **dealt**: the match row and its seat rows right after the deal;
- **finished**: the same once bots have played the game to its end through
  `match_submit_action` (the server's path), move log included;
- **log**: the move log's share of "finished";
- **shared cards**: the card-record set the match refers to, stored once per deck version and
  shared by every match dealt from it (0 when the schema has no such table: each match then
  carries its own copy, counted in its row).

It creates its own database on SQLite (a temporary file); on PostgreSQL it creates and drops a
database named plateful_storage_bench. Nothing is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BENCH_DB = "plateful_storage_bench"


def _setup_django(workdir: Path) -> None:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        import psycopg

        base = url.rsplit("/", 1)[0]
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB}")
            conn.execute(f"CREATE DATABASE {BENCH_DB}")
        os.environ["DATABASE_URL"] = f"{base}/{BENCH_DB}"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir / 'bench.sqlite3'}"
    os.environ["GAMES_SCHEDULER"] = "0"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_decks", verbosity=0)


def _row_bytes(table: str, where: str, params: list) -> int:
    """The stored size of every column of the matching rows of `table`."""
    from django.db import connection

    with connection.cursor() as cursor:
        columns = [c.name for c in connection.introspection.get_table_description(cursor, table)]
        if connection.vendor == "postgresql":
            size = " + ".join(f"COALESCE(pg_column_size({connection.ops.quote_name(c)}), 0)" for c in columns)
        else:
            size = " + ".join(
                f"COALESCE(length(CAST({connection.ops.quote_name(c)} AS BLOB)), 0)" for c in columns
            )
        cursor.execute(f"SELECT COALESCE(SUM({size}), 0) FROM {table} WHERE {where}", params)
        return int(cursor.fetchone()[0])


def _shared_bytes(match_id: str) -> int:
    from django.db import connection

    tables = connection.introspection.table_names()
    if "games_cardset" not in tables:
        return 0
    from games.models import Match

    card_set_id = Match.objects.filter(pk=match_id).values_list("card_set_id", flat=True).first()
    return _row_bytes("games_cardset", "digest = %s", [card_set_id]) if card_set_id else 0


def _match_bytes(match_id: str) -> tuple[int, int]:
    """(match row + seat rows, move log rows)."""
    own = _row_bytes("games_match", "id = %s", [match_id]) + _row_bytes(
        "games_seat", "match_id = %s", [match_id]
    )
    return own, _row_bytes("games_matchaction", "match_id = %s", [match_id])


def measure(game: str, seed: int) -> dict:
    from games import services
    from games.bots import bot_levels, get_bot
    from games.bots.driver import next_move
    from games.engines import get_engine

    engine = get_engine(game)
    level = bot_levels(game)[0]
    seats = engine.min_seats
    specs = [services.SeatSpec(kind="bot", bot_level=level) for _ in range(seats)]
    match, _tokens = services.match_create(game=game, seats=specs, seed=seed)
    dealt, _ = _match_bytes(match.pk)
    bots = {seat: get_bot(game, level) for seat in range(seats)}
    rng = random.Random(f"bots/{seed}")
    moves = 0
    while match.status != "finished":
        state = services.match_state(match=match)
        seat, action = next_move(engine, state, bots, rng)
        match, _events = services.match_submit_action(
            match_id=match.pk, seat=seat, action=action, trusted=True
        )
        moves += 1
    own, log = _match_bytes(match.pk)
    assert services.match_replays_to_stored_state(match=services.match_get(match_id=match.pk))
    return {
        "game": game,
        "seats": seats,
        "moves": moves,
        "dealt": dealt,
        "finished": own + log,
        "log": log,
        "shared_cards": _shared_bytes(match.pk),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated game slugs (default: every game)")
    parser.add_argument("--json", action="store_true", help="one JSON line per game instead of a table")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        _setup_django(Path(workdir))
        from django.db import connection

        from games.engines import ENGINES

        slugs = [s for s in args.games.split(",") if s] or list(ENGINES)
        rows = [measure(slug, args.seed) for slug in slugs]
        vendor = connection.vendor
        connection.close()
    if os.environ["DATABASE_URL"].endswith(f"/{BENCH_DB}"):
        import psycopg

        admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {BENCH_DB}")
    if args.json:
        for row in rows:
            print(json.dumps({"database": vendor, **row}))
        return
    kb = lambda n: f"{n / 1024:.1f} KB"  # noqa: E731
    print(f"database: {vendor}")
    print(
        "| game | seats | moves | dealt | finished | of it the log | shared cards (once per deck version) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(
            f"| {r['game']} | {r['seats']} | {r['moves']} | {kb(r['dealt'])} | {kb(r['finished'])} | "
            f"{kb(r['log'])} | {kb(r['shared_cards'])} |"
        )


if __name__ == "__main__":
    main()
