"""A move's fixed statements, each built once per database connection and reused.

Every move runs the same four statements: lock the match, read its seats, store the new state
(if the version is still the one read) and log the move. Building them through the ORM again
for every move was about a third of a move's own CPU; here each is made once (by the ORM's own
compiler, or from the models' own field definitions) and only its parameters change. The rows
come back as the ORM gives them (its converters run: JSON decoded, times made aware).
"""

from __future__ import annotations

import threading
from typing import Any

from django.db import connections, router

from games.models import Match, MatchAction, Seat

_BUILT: dict[tuple[str, str], str] = {}
_BUILT_LOCK = threading.Lock()
_PLACEHOLDER = "\0match\0"  # stands for the match id while a statement is compiled


def _statement(name: str, alias: str, build) -> str:
    key = (name, alias)
    sql = _BUILT.get(key)
    if sql is None:
        sql = build(connections[alias])
        with _BUILT_LOCK:
            _BUILT[key] = sql
    return sql


def _select_sql(queryset, alias: str) -> str:
    sql, params = queryset.query.get_compiler(using=alias).as_sql()
    if list(params) != [_PLACEHOLDER]:  # the statement must take the match id as its one parameter
        raise ValueError(f"unexpected parameters {params!r}")
    return sql


def match_locked(match_id: str) -> Match | None:
    """The match, locked for the rest of the transaction (SELECT ... FOR UPDATE where the
    database has it; SQLite's IMMEDIATE transactions lock the whole database already)."""
    alias = router.db_for_write(Match)
    sql = _statement(
        "match_locked",
        alias,
        lambda _c: _select_sql(Match.objects.using(alias).select_for_update().filter(pk=_PLACEHOLDER), alias),
    )
    found = list(Match.objects.using(alias).raw(sql, [match_id]))
    return found[0] if found else None


def match_seats(match: Match) -> list[Seat]:
    """Its seats in seat order, as match.seat_set.all() gives them (their match needs no read)."""
    alias = router.db_for_read(Seat)
    seats_of_one = Seat.objects.using(alias).filter(match_id=_PLACEHOLDER)
    sql = _statement("match_seats", alias, lambda _c: _select_sql(seats_of_one, alias))
    seats = list(Seat.objects.using(alias).raw(sql, [match.pk]))
    for seat in seats:
        Seat.match.field.set_cached_value(seat, match)
    return seats


_STORED_FIELDS = ("state", "version", "changed_at", "result", "status")


def match_store(match: Match, fields: dict[str, Any]) -> bool:
    """Store the move's fields on the match if its version is still the one read (False: a
    second writer got there first, nothing changed)."""
    alias = router.db_for_write(Match)
    connection = connections[alias]

    def build(connection) -> str:
        quote = connection.ops.quote_name
        column = {name: quote(Match._meta.get_field(name).column) for name in (*_STORED_FIELDS, "id")}
        columns = ", ".join(f"{column[name]} = %s" for name in _STORED_FIELDS)
        return (
            f"UPDATE {quote(Match._meta.db_table)} SET {columns} "
            f"WHERE {column['id']} = %s AND {column['version']} = %s"
        )

    sql = _statement("match_store", alias, build)
    params = [
        Match._meta.get_field(name).get_db_prep_save(fields[name], connection) for name in _STORED_FIELDS
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, match.pk, match.version])
        return cursor.rowcount == 1


_LOGGED_FIELDS = ("match", "index", "seat", "action", "events", "received_at")


def move_log(**values: Any) -> MatchAction:
    """Log one move (MatchAction's fields by name): the row, with its id."""
    alias = router.db_for_write(MatchAction)
    connection = connections[alias]
    fields = [MatchAction._meta.get_field(name) for name in _LOGGED_FIELDS]

    def build(connection) -> str:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        marks = ", ".join(["%s"] * len(fields))
        return (
            f"INSERT INTO {quote(MatchAction._meta.db_table)} ({columns}) VALUES ({marks}) "
            f"RETURNING {quote(MatchAction._meta.pk.column)}"
        )

    sql = _statement("move_log", alias, build)
    logged = MatchAction(**values)
    params = [field.get_db_prep_save(getattr(logged, field.attname), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        logged.pk = cursor.fetchone()[0]
    logged._state.adding = False
    logged._state.db = alias
    return logged
