"""games.live.snapshots: the one bounded per-process cache of what a change left stored, and the
compact rows a change message carries to the other processes."""

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from games import rendering, services
from games.changes import FEED_LENGTH, MatchChange
from games.engines import get_engine
from games.live import broadcast, snapshots
from games.models import Match, MatchAction, Seat
from tests.games.web.leaks import leaked_cards
from tests.tables import table_create

pytestmark = [pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _empty_cache():
    snapshots._SNAPSHOTS.clear()
    yield
    snapshots._SNAPSHOTS.clear()


def _first_legal(match: Match, seat: int) -> dict:
    engine = get_engine(match.game)
    return engine.legal_actions(services.match_state(match=match), seat)[0]


def _moved(game: str = "food-war", seats: int = 4) -> tuple[Match, snapshots.MatchRows]:
    """A table after one move, and the rows that move wrote (as its change carries them)."""
    match, tokens, _sessions = table_create(game, ("human",) * seats, seed=5)
    seat = next(s for s in get_engine(game).to_move(services.match_state(match=match)) if s is not None)
    announced = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("games.services.announce_on_commit", announced.append)
        services.match_submit_action(
            match_id=match.pk, seat=seat, action=_first_legal(match, seat), token=tokens[seat]
        )
    (change,) = announced
    return Match.objects.get(pk=match.pk), snapshots.MatchRows(*change.rows)


def _timeless(html: str) -> str:
    """A page without its countdowns (milliseconds left, counted from the moment it is drawn)."""
    return re.sub(r'data-ms="\d+"', "", html)


def _fields(row: Model) -> dict:
    return {field.attname: getattr(row, field.attname) for field in type(row)._meta.concrete_fields}


@pytest.mark.parametrize(("game", "seats"), [("food-war", 4), ("duel", 2), ("appetite", 4)])
def test_carried_rows_are_exactly_what_a_fresh_read_gives_and_draw_the_same_pages(game, seats):
    fresh, rows = _moved(game, seats)
    payload = snapshots.rows_payload(rows)
    carried = snapshots.rows_from_payload(payload)
    assert _fields(carried.match) == _fields(fresh)
    assert not carried.match._state.adding and carried.match._state.db == "default"
    assert [_fields(seat) for seat in carried.seats] == [_fields(seat) for seat in fresh.seat_set.all()]
    read_recent = MatchAction.objects.filter(match=fresh).order_by("-index")
    assert [_fields(action) for action in carried.recent] == [_fields(action) for action in read_recent]
    assert carried.match.changed_at.isoformat() == fresh.changed_at.isoformat()
    # Each seat (and a watcher) draws from the carried rows the page a fresh read draws, and no
    # more of the hidden cards than that seat may see.
    assert snapshots.install_payload(fresh.pk, fresh.version, fresh.changed_at.isoformat(), payload)
    installed = snapshots.cached_match(fresh.pk, fresh.version, fresh.changed_at.isoformat())
    engine, state = get_engine(game), services.match_state(match=fresh)
    for seat in (*range(fresh.seats), None):
        drawn = rendering.live_html(installed, seat, oob=True)
        snapshots._SNAPSHOTS.clear()
        read = rendering.live_html(Match.objects.get(pk=fresh.pk), seat, oob=True)
        assert _timeless(drawn) == _timeless(read)
        assert not leaked_cards(drawn, engine.hidden_cards(state, seat))
        snapshots.install_payload(fresh.pk, fresh.version, fresh.changed_at.isoformat(), payload)


def test_the_cache_is_bounded_and_forgets_the_oldest_first(monkeypatch):
    monkeypatch.setattr(snapshots, "_SNAPSHOT_LIMIT", 3)
    match, _tokens, _sessions = table_create("food-war", ("human", "human"), seed=5)
    for version in range(5):
        match.version = version
        snapshots.match_rows_remember(match, [], [])
    assert len(snapshots._SNAPSHOTS) == 3
    assert [key[1] for key in snapshots._SNAPSHOTS] == [2, 3, 4]
    assert snapshots.newest_version(match.pk) == 4


def test_a_carried_change_is_installed_once_and_never_over_a_newer_one(monkeypatch):
    fresh, rows = _moved()
    payload = snapshots.rows_payload(rows)
    decoded = []
    real = snapshots.rows_from_payload
    monkeypatch.setattr(snapshots, "rows_from_payload", lambda p: decoded.append(p) or real(p))
    stamp = fresh.changed_at.isoformat()
    assert snapshots.install_payload(fresh.pk, fresh.version, stamp, payload) is True
    for _socket in range(5):  # the other sockets of the match in this process: nothing decoded
        assert snapshots.install_payload(fresh.pk, fresh.version, stamp, payload) is False
    assert len(decoded) == 1 and len(snapshots._SNAPSHOTS) == 1
    # A newer change of the match held here: a late, older one is not installed.
    newer = snapshots.rows_from_payload(payload).match
    newer.version, newer.changed_at = fresh.version + 1, fresh.changed_at + timedelta(seconds=1)
    snapshots.match_rows_remember(newer, rows.seats, rows.recent)
    snapshots._SNAPSHOTS.pop(snapshots._snapshot_key(fresh))
    assert snapshots.install_payload(fresh.pk, fresh.version, stamp, payload) is False
    assert snapshots.cached_match(fresh.pk, fresh.version, stamp) is None
    assert snapshots.cached_match(fresh.pk, newer.version, newer.changed_at.isoformat()) is newer


def test_a_payload_that_is_not_the_named_change_is_not_installed():
    fresh, rows = _moved()
    payload = snapshots.rows_payload(rows)
    stamp = fresh.changed_at.isoformat()
    assert snapshots.install_payload(fresh.pk, fresh.version + 1, stamp, payload) is False
    assert snapshots.install_payload("someothermatch", fresh.version, stamp, payload) is False
    assert not snapshots._SNAPSHOTS


def test_rows_that_do_not_decode_are_not_installed(caplog):
    fresh, _rows = _moved()
    stamp = fresh.changed_at.isoformat()
    for broken in (b"not json", b"[1, 2]", b"[[1], [], []]"):
        assert snapshots.install_payload(fresh.pk, fresh.version, stamp, broken) is False
    assert not snapshots._SNAPSHOTS and "don't decode" in caplog.text


def test_rows_over_the_limit_are_not_carried(monkeypatch):
    _fresh, rows = _moved()
    assert snapshots.rows_payload(rows) is not None
    monkeypatch.setattr(snapshots, "PAYLOAD_LIMIT", 100)
    assert snapshots.rows_payload(rows) is None


def _sent(monkeypatch, change: MatchChange, backend: str) -> dict:
    sent = []
    monkeypatch.setattr(broadcast, "group_send_or_skip", lambda group, message: sent.append(message))
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: backend_layer(backend))
    broadcast.broadcast_change(change)
    (message,) = sent
    return message


def backend_layer(backend: str):
    from channels.layers import InMemoryChannelLayer

    if backend == "memory":
        return InMemoryChannelLayer()

    class CrossProcessLayer:  # what matters: not this process's memory
        pass

    return CrossProcessLayer()


def test_the_message_carries_the_rows_across_processes_only(monkeypatch):
    fresh, rows = _moved()
    change = MatchChange(
        match_id=fresh.pk, version=fresh.version, changed_at=fresh.changed_at, seat=0, rows=tuple(rows)
    )
    across = _sent(monkeypatch, change, "redis")
    assert across["rows"] == snapshots.rows_payload(rows)
    assert "rows" not in _sent(monkeypatch, change, "memory")  # this process holds them already
    # Unknown rows (a deal, a lobby change) or too many: the bare message, the others read.
    bare = MatchChange(match_id=fresh.pk, version=fresh.version, changed_at=fresh.changed_at)
    assert "rows" not in _sent(monkeypatch, bare, "redis")
    monkeypatch.setattr(snapshots, "PAYLOAD_LIMIT", 100)
    assert "rows" not in _sent(monkeypatch, change, "redis")


def test_match_rows_reads_once_per_change_then_shares(django_assert_num_queries):
    fresh, _rows = _moved()
    with django_assert_num_queries(2):  # the seats and the feed, once
        seats, recent = snapshots.match_rows(fresh)
    with django_assert_num_queries(0):
        assert snapshots.match_rows(fresh) == (seats, recent)
    assert [seat.number for seat in seats] == [0, 1, 2, 3] and isinstance(seats[0], Seat)


def test_a_move_reads_only_its_match_and_seats_and_its_pages_redraw_with_no_query(
    django_capture_on_commit_callbacks,
):
    """The move locks and reads its match and seats, writes the match and the logged move; the
    feed's earlier moves come from the version before it this process holds, and every seat's
    page (and a watcher's) redraws from those rows with no query at all."""
    match, tokens, _sessions = table_create("food-war", ("human",) * 4, seed=5)
    engine = get_engine("food-war")
    for _move in range(FEED_LENGTH + 3):  # a feed that has dropped its oldest moves
        match = Match.objects.get(pk=match.pk)
        seat = min(s for s in engine.to_move(services.match_state(match=match)) if s is not None)
        with CaptureQueriesContext(connection) as ran:
            with django_capture_on_commit_callbacks(execute=True):
                moved, _events = services.match_submit_action(
                    match_id=match.pk, seat=seat, action=_first_legal(match, seat), token=tokens[seat]
                )
            for reader in (None, 0, 1, 2, 3):
                rendering.live_html(moved, reader, oob=True)
        statements = [query["sql"].split()[0] for query in ran.captured_queries]
        if match.version > 0:  # (the first move's process held no earlier version: it read the feed)
            assert statements == ["SAVEPOINT", "SELECT", "SELECT", "UPDATE", "INSERT", "RELEASE"], statements
    fresh = Match.objects.get(pk=match.pk)
    _seats, recent = snapshots.match_rows(moved)
    assert [(a.pk, a.index, a.seat, a.action, a.events, a.received_at) for a in recent] == [
        (a.pk, a.index, a.seat, a.action, a.events, a.received_at)
        for a in fresh.actions.order_by("-index")[:FEED_LENGTH]
    ]
    assert len(recent) == FEED_LENGTH
