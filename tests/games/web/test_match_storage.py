"""Stored matches: card records once per deck version (games.card_sets), replays from the shared
set, and retention (`purge_old_matches`: age rules, dry run, class sessions held)."""

from __future__ import annotations

import json
import random
import threading
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from classroom.models import ClassSession, TableMatch
from foodcards.models import Card
from games import services
from games.bots import bot_levels, get_bot
from games.bots.driver import next_move
from games.card_sets import card_set_for, card_sets_delete_unused
from games.changes import FEED_LENGTH
from games.engines import ENGINES, get_engine
from games.engines.cards import load_deck_records
from games.models import CardSet, Match, MatchAction, card_set_digest
from games.retention import matches_purge
from games.services import SeatSpec
from tests.classroom.conftest import make_teacher
from tests.games.web.fake_games import FAKE_ENGINES

pytestmark = pytest.mark.django_db

REAL_GAMES = [slug for slug in ENGINES if slug not in {engine.slug for engine in FAKE_ENGINES}]


def _bots(game, seats=2, **kwargs):
    level = bot_levels(game)[0]
    return services.match_create(game=game, seats=[SeatSpec(kind="bot", bot_level=level)] * seats, **kwargs)[
        0
    ]


def _play(match, moves):
    engine = get_engine(match.game)
    level = bot_levels(match.game)[0]
    bots = {seat: get_bot(match.game, level) for seat in range(match.seats)}
    rng = random.Random(match.seed)
    for _ in range(moves):
        if match.status == Match.Status.FINISHED:
            break
        seat, action = next_move(engine, services.match_state(match=match), bots, rng)
        match, _events = services.match_submit_action(
            match_id=match.pk, seat=seat, action=action, trusted=True
        )
    return match


def _row_bytes(match_id: str) -> int:
    """The stored size of the match row (every column, as the database keeps it)."""
    columns = [f.column for f in Match._meta.concrete_fields]
    if connection.vendor == "postgresql":
        size = " + ".join(f"COALESCE(pg_column_size({c}), 0)" for c in columns)
    else:
        size = " + ".join(f"COALESCE(length(CAST({c} AS BLOB)), 0)" for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {size} FROM games_match WHERE id = %s", [match_id])
        return cursor.fetchone()[0]


# ----- card sets -------------------------------------------------------------------------------


@pytest.mark.production_path
def test_two_matches_of_the_same_deck_share_one_record_set():
    first, second = _bots("snack-attack", seed=1), _bots("snack-attack", seed=2)
    assert first.card_set_id == second.card_set_id
    assert CardSet.objects.count() == 1
    card_set = CardSet.objects.get()
    records = load_deck_records("eat-right")
    assert card_set.pk == card_set_digest(records) and card_set.deck == "eat-right"
    assert set(card_set.records) == {record["id"] for record in records}
    fresh = Match.objects.get(pk=first.pk)
    assert fresh.cards == card_set.records and "cards" not in fresh.state
    # The row holds the state and the set's name, not the ~60 KB of records: a few KB at most.
    assert _row_bytes(first.pk) < 4 * 1024
    # Another deck is another set; the same records in another order are the same set.
    _bots("appetite")
    assert CardSet.objects.count() == 2
    assert card_set_for(list(reversed(records))).pk == card_set.pk


@pytest.mark.production_path
def test_a_deck_edited_in_the_database_makes_a_new_set_and_old_matches_keep_theirs():
    call_command("load_decks", verbosity=0)
    old = _play(_bots("duel", seed=3), 6)
    apple = Card.objects.get(deck__slug="eat-right", slug="apple")
    apple.calories = 999
    apple.save()
    new = _bots("duel", seed=3)
    assert new.card_set_id != old.card_set_id and CardSet.objects.count() == 2
    old = Match.objects.get(pk=old.pk)
    assert old.cards["apple"]["calories"] != 999 and new.cards["apple"]["calories"] == 999
    assert services.match_replays_to_stored_state(match=old)


def test_a_table_stores_its_set_while_it_waits_and_deals_from_it():
    match, tokens = services.match_create(
        game="food-war", seats=[SeatSpec(kind="human", nickname="Ana"), SeatSpec(kind="open")]
    )
    assert match.state is None and match.card_set_id and len(match.cards) > 40
    services.table_fill_bots(match_id=match.pk, token=tokens[0], bot_level=bot_levels("food-war")[0])
    services.table_start(match_id=match.pk, token=tokens[0])
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.PLAYING and CardSet.objects.count() == 1


@pytest.mark.production_path
@pytest.mark.parametrize("game", REAL_GAMES)
def test_every_games_stored_log_replays_to_its_state_from_the_shared_set(game):
    engine = get_engine(game)
    match = _play(_bots(game, seats=engine.min_seats, seed=11), 40)
    stored = Match.objects.get(pk=match.pk)
    assert stored.card_set_id and services.match_replays_to_stored_state(match=stored)
    # The replay deals from exactly the shared records (a state's cards are the set's).
    assert services.match_replay(match=stored)[0][0]["cards"] == stored.cards


# ----- retention -------------------------------------------------------------------------------


def _aged(match, *, hours=0, days=0, status=None):
    fields = {"changed_at": timezone.now() - timedelta(hours=hours, days=days)}
    if status:
        fields["status"] = status
    Match.objects.filter(pk=match.pk).update(**fields)
    return match.pk


def _old_matches():
    """One match of each kind, each side of each age rule (48 hours, 30 days)."""
    return {
        "abandoned": _aged(_bots("duel"), hours=49),
        "recent": _aged(_bots("duel"), hours=47),
        "waiting": _aged(
            services.match_create(
                game="duel", seats=[SeatSpec(kind="human", nickname="A"), SeatSpec(kind="open")]
            )[0],
            hours=72,
        ),
        "finished old": _aged(_play(_bots("snack-wars"), 10_000), days=31),
        "finished young": _aged(_play(_bots("snack-wars", seed=5), 10_000), days=29),
        "finished 3 days": _aged(_bots("appetite"), days=3, status=Match.Status.FINISHED),
    }


@pytest.mark.production_path
def test_purge_deletes_abandoned_and_old_finished_matches_by_age(settings):
    settings.GAMES_UNFINISHED_HOURS, settings.GAMES_FINISHED_DAYS = 48, 30
    ids = _old_matches()
    assert Match.objects.get(pk=ids["finished old"]).status == Match.Status.FINISHED
    out = StringIO()
    call_command("purge_old_matches", stdout=out)
    left = set(Match.objects.values_list("pk", flat=True))
    assert left == {ids["recent"], ids["finished young"], ids["finished 3 days"]}
    assert not MatchAction.objects.exclude(match__in=left).exists()
    assert "Deleted 3 matches: 2 unfinished (unchanged for 48 hours), 1 finished (over 30 days ago)" in (
        out.getvalue()
    )
    # Every card set still used stays; none is left without a match.
    assert set(CardSet.objects.values_list("pk", flat=True)) == set(
        Match.objects.values_list("card_set_id", flat=True)
    )
    # Shorter ages from the command line; 0 turns a rule off.
    call_command("purge_old_matches", "--finished-days", "2", "--unfinished-hours", "0", stdout=StringIO())
    assert set(Match.objects.values_list("pk", flat=True)) == {ids["recent"]}
    assert CardSet.objects.count() == 1


def test_purge_dry_run_counts_and_deletes_nothing(settings):
    settings.GAMES_UNFINISHED_HOURS, settings.GAMES_FINISHED_DAYS = 48, 30
    ids = _old_matches()
    moves = MatchAction.objects.filter(match_id=ids["finished old"]).count()
    sets = CardSet.objects.count()
    out = StringIO()
    call_command("purge_old_matches", "--dry-run", stdout=out)
    assert out.getvalue().startswith(
        "Would delete 3 matches: 2 unfinished (unchanged for 48 hours), 1 finished (over 30 days ago), "
        f"with {moves} logged moves; 0 card sets no longer used."
    )
    assert Match.objects.count() == len(ids) and CardSet.objects.count() == sets
    # A set only purged matches use would go: the dry run says so.
    report = matches_purge(unfinished_hours=0, finished_days=30, dry_run=True)
    assert (report.finished, report.unfinished, report.card_sets) == (1, 0, 0)
    report = matches_purge(unfinished_hours=0, finished_days=1, dry_run=True)
    assert (report.finished, report.card_sets) == (3, 2)  # snack-wars' and appetite's sets
    assert Match.objects.count() == len(ids)


@pytest.mark.production_path
def test_purge_never_touches_a_class_sessions_matches(settings):
    teacher = make_teacher()
    running = ClassSession.objects.create(teacher=teacher, code="RUNNIN", game="duel", status="playing")
    ended = ClassSession.objects.create(teacher=teacher, code="ENDEDS", game="duel", status="ended")
    held = []
    for number, session in enumerate([running, ended, running]):
        match = _bots("duel", seed=number)
        TableMatch.objects.create(session=session, table=number + 1, match=match)
        held.append(_aged(match, days=90, status=Match.Status.FINISHED if number else None))
    loose = _aged(_bots("duel"), days=90, status=Match.Status.FINISHED)
    report = matches_purge(unfinished_hours=1, finished_days=1, dry_run=True)
    assert (report.matches, report.held) == (1, 3)
    out = StringIO()
    call_command("purge_old_matches", "--unfinished-hours", "1", "--finished-days", "1", stdout=out)
    assert set(Match.objects.values_list("pk", flat=True)) == set(held) and loose not in held
    assert "Kept 3 old matches of class sessions (purge_class_data deletes them)." in out.getvalue()
    assert TableMatch.objects.count() == 3


def test_purge_refuses_negative_ages():
    with pytest.raises(CommandError, match="0 \\(keep forever\\) or more"):
        call_command("purge_old_matches", "--finished-days", "-1")


def test_a_purged_set_is_stored_again_when_its_deck_is_dealt_again():
    match = _bots("duel")
    digest = match.card_set_id
    assert services.matches_delete(match_ids=[match.pk]) == 1
    assert card_sets_delete_unused() == 0 and not CardSet.objects.exists()
    again = _bots("duel")
    assert again.card_set_id == digest and len(Match.objects.get(pk=again.pk).cards) == len(match.cards)


def test_the_stored_state_never_carries_the_records():
    match = _play(_bots("duel"), 5)
    stored = json.dumps(Match.objects.values_list("state", flat=True).get(pk=match.pk))
    assert '"cards"' not in stored and '"nutrients_per_100g"' not in stored  # card ids only


# ----- the data migration ------------------------------------------------------------------------


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_every_matchs_own_records_into_shared_sets_and_back():
    played = [_play(_bots("duel", seed=seed), 8) for seed in (1, 2)] + [_play(_bots("chomp", 3), 8)]
    waiting = services.match_create(
        game="duel", seats=[SeatSpec(kind="human", nickname="A"), SeatSpec(kind="open")]
    )[0]
    records = {match.pk: dict(match.cards) for match in played + [waiting]}
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("games", "0001_initial")])  # back: each match gets its own copy again
        old_match = executor.loader.project_state([("games", "0001_initial")]).apps.get_model(
            "games", "Match"
        )
        assert {m.pk: m.cards for m in old_match.objects.all()} == records
        # A match stored before card sets with a deck edited since, and a table with no records.
        edited = {**records[played[0].pk]}
        edited["apple"] = {**edited["apple"], "calories": 999}
        old_match.objects.filter(pk=played[1].pk).update(cards=edited)
        old_match.objects.filter(pk=waiting.pk).update(cards={})
        executor.loader.build_graph()
        executor.migrate([("games", "0002_card_sets")])
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    stored = {m.pk: m for m in Match.objects.all()}
    assert stored[played[0].pk].cards == records[played[0].pk]
    assert stored[played[1].pk].cards == edited and stored[played[2].pk].cards == records[played[2].pk]
    assert stored[waiting.pk].card_set_id is None and stored[waiting.pk].cards == {}
    assert CardSet.objects.count() == 3  # duel's, the edited duel deck's and chomp's
    assert CardSet.objects.get(pk=stored[played[2].pk].card_set_id).deck == "chomp"
    for match in played:
        assert services.match_replays_to_stored_state(match=stored[match.pk])


# ----- a finished match's log --------------------------------------------------------------------


def _play_capturing(match):
    """Play to the end through the server's path; the events each move returned, by log index."""
    engine = get_engine(match.game)
    level = bot_levels(match.game)[0]
    bots = {seat: get_bot(match.game, level) for seat in range(match.seats)}
    rng, said = random.Random(match.seed), {}
    while match.status != Match.Status.FINISHED:
        seat, action = next_move(engine, services.match_state(match=match), bots, rng)
        index = match.version
        match, said[index] = services.match_submit_action(
            match_id=match.pk, seat=seat, action=action, trusted=True
        )
    return match, {index: json.loads(json.dumps(events)) for index, events in said.items()}


@pytest.mark.production_path
def test_a_finished_log_keeps_the_feeds_events_and_the_replay_tells_every_move(client):
    match, said = _play_capturing(_bots("snack-attack", seed=21))
    assert len(said) > FEED_LENGTH + 10
    stored = dict(MatchAction.objects.filter(match=match).values_list("index", "events"))
    last = sorted(stored)[-FEED_LENGTH:]
    assert all(stored[index] == said[index] for index in last)  # the finished page's feed
    assert all(stored[index] == [] for index in stored if index not in last)
    replayed = services.match_replay(match=Match.objects.get(pk=match.pk))
    assert [logged.events for _state, logged in replayed[1:]] == [said[i] for i in sorted(said)]
    page = client.get(f"/replays/{match.pk}/?step=3&seat=0", HTTP_HX_REQUEST="true")
    assert page.status_code == 200
    assert services.match_replays_to_stored_state(match=Match.objects.get(pk=match.pk))


def test_closing_a_match_compacts_its_log_too():
    match = _play(_bots("duel", seed=5), 30)
    assert services.match_close(match_id=match.pk, reason="The class ended.")
    events = list(MatchAction.objects.filter(match=match).order_by("index").values_list("events", flat=True))
    assert events[-FEED_LENGTH:] == [e for e in events[-FEED_LENGTH:] if e] and not any(events[:-FEED_LENGTH])


def test_purge_compacts_the_logs_of_matches_finished_before_compaction():
    match, said = _play_capturing(_bots("snack-wars", seed=8))
    for index, events in said.items():  # as a match finished before this change left its log
        MatchAction.objects.filter(match=match, index=index).update(events=events)
    young = _play(_bots("snack-wars", seed=9), 10_000)
    later = timezone.now() + timedelta(days=2)  # both would be deleted then: nothing to compact
    report = matches_purge(unfinished_hours=0, finished_days=1, dry_run=True, now=later)
    assert (report.finished, report.compacted) == (2, 0)
    out = StringIO()
    call_command("purge_old_matches", "--dry-run", stdout=out)
    assert "Would compact the move logs of 1 older finished matches." in out.getvalue()
    call_command("purge_old_matches", stdout=out)
    assert "Compacted the move logs of 1 older finished matches." in out.getvalue()
    assert MatchAction.objects.filter(match=match, events=[]).count() == len(said) - FEED_LENGTH
    assert Match.objects.filter(pk__in=[match.pk, young.pk]).count() == 2


# ----- two processes at once (real transactions) --------------------------------------------------


def _threaded(target, count):
    barrier, outcomes = threading.Barrier(count), []

    def run():
        barrier.wait()
        try:
            outcomes.append(target())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_processes_dealing_a_new_deck_version_at_once_store_it_once():
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("in-memory SQLite shares one cache between threads; the browser tests use a file")
    records = [{**record, "calories": 7} for record in load_deck_records("eat-right")]
    made = _threaded(lambda: _bots("duel", cards=records).card_set_id, 4)
    assert len(made) == 4 and len(set(made)) == 1 and CardSet.objects.count() == 1


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_a_set_purged_while_a_match_is_dealt_from_it_is_stored_again(monkeypatch):
    """The purge deletes an unused set just after a new match picked it and before that match
    committed: PostgreSQL refuses the match at commit (its deferred foreign key), and dealing
    again stores the set again."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite takes the write lock first: the purge cannot slip in between")
    digest = _bots("duel").card_set_id
    Match.objects.all().delete()  # the set stays, unused: the next purge would delete it
    real, calls = services.card_set_for, []

    def picked_then_purged(records, *, deck=""):
        card_set = real(records, deck=deck)
        calls.append(card_set.pk)
        if len(calls) == 1:  # another process's purge, committed meanwhile
            assert _threaded(card_sets_delete_unused, 1) == [1]
        return card_set

    monkeypatch.setattr(services, "card_set_for", picked_then_purged)
    match = _bots("duel")
    assert calls == [digest, digest] and match.card_set_id == digest
    assert Match.objects.get(pk=match.pk).cards and CardSet.objects.filter(pk=digest).exists()
