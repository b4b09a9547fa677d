"""games.services: creating matches, applying moves under the lock, refusing bad ones."""

import threading

import pytest
from django.db import connection

from games import scheduler, services
from games.models import Match, MatchAction
from games.services import MatchError, SeatSpec

pytestmark = pytest.mark.django_db


def _quick(game="test-cards", seats=2, **kwargs):
    specs = [SeatSpec(kind="human", nickname="Ana")] + [SeatSpec(kind="bot", bot_level="beginner")] * (
        seats - 1
    )
    return services.match_create(game=game, seats=specs, seed=7, **kwargs)


def _first_legal(match, seat):
    from games.engines import get_engine

    engine = get_engine(match.game)
    return engine.legal_actions(services.match_state(match=match), seat)[0]


def test_quick_play_starts_at_once_and_keeps_only_a_hash_of_the_token():
    match, tokens = _quick()
    assert match.status == Match.Status.PLAYING
    assert len(match.pk) >= 12 and not match.pk.isdigit()
    seat = match.seat_set.get(number=0)
    assert tokens[0] not in seat.token_hash and seat.token_matches(tokens[0])
    assert "cards" not in match.state and match.cards


def test_a_move_is_logged_with_its_receive_time_and_bumps_the_version():
    match, tokens = _quick()
    action = _first_legal(match, 0)
    match, events = services.match_submit_action(match_id=match.pk, seat=0, action=action, token=tokens[0])
    assert match.version == 1
    logged = MatchAction.objects.get(match=match)
    assert logged.index == 0 and logged.seat == 0 and logged.action == action and logged.received_at
    assert events


@pytest.mark.parametrize(
    ("change", "code", "status"),
    [
        (lambda a, t: ({**a, "version": 5}, t), "stale", 409),
        (lambda a, t: ({"type": "play", "card": "nope", "version": 0}, t), "illegal", 400),
        (lambda a, t: (a, "forged-token"), "forbidden", 403),
        (lambda a, t: ("not a dict", t), "malformed", 400),
    ],
)
def test_bad_moves_are_refused_and_change_nothing(change, code, status):
    match, tokens = _quick()
    before = Match.objects.get(pk=match.pk).state
    action, token = change(_first_legal(match, 0), tokens[0])
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(match_id=match.pk, seat=0, action=action, token=token)
    assert refused.value.code == code and refused.value.status == status
    assert Match.objects.get(pk=match.pk).state == before
    assert not MatchAction.objects.exists()


def test_a_token_from_another_match_is_refused():
    match, tokens = _quick()
    other, other_tokens = _quick()
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(
            match_id=match.pk, seat=0, action=_first_legal(match, 0), token=other_tokens[0]
        )
    assert refused.value.status == 403


def test_a_match_that_does_not_exist_is_a_404():
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(match_id="nope", seat=0, action={"type": "play", "version": 0})
    assert refused.value.status == 404


def test_an_illegal_move_explains_the_rule():
    match, tokens = _quick(deck=["shark-1", "seal-1", "seal-2", "shrimp-1", "shrimp-2", "shrimp-3"])
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(
            match_id=match.pk,
            seat=0,
            action={"type": "play", "card": "shark-1", "version": 0},
            token=tokens[0],
        )
    assert refused.value.message == "Keep your Shark for last."


def test_bots_play_until_a_person_must_move_and_games_finish():
    match, tokens = _quick(seats=3)
    services.match_submit_action(match_id=match.pk, seat=0, action=_first_legal(match, 0), token=tokens[0])
    assert scheduler.bots_play(match_id=match.pk) == 2
    match.refresh_from_db()
    assert match.version == 3


def test_table_for_friends_join_fill_and_start():
    specs = [SeatSpec(kind="human", nickname="Host"), SeatSpec(kind="open"), SeatSpec(kind="open")]
    match, tokens = services.match_create(game="test-cards", seats=specs)
    assert match.status == Match.Status.WAITING and match.state is None
    seat, friend_token = services.table_join(match_id=match.pk, nickname="Bo")
    assert seat == 1
    with pytest.raises(MatchError) as refused:
        services.table_start(match_id=match.pk, token=friend_token)
    assert refused.value.status == 403
    with pytest.raises(MatchError):
        services.table_start(match_id=match.pk, token=tokens[0])  # a seat is still open
    services.table_fill_bots(match_id=match.pk, token=tokens[0], bot_level="beginner")
    services.table_start(match_id=match.pk, token=tokens[0])
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.state["version"] == 0
    with pytest.raises(MatchError):
        services.table_join(match_id=match.pk, nickname="Late")


@pytest.mark.parametrize("game", ["test-cards", "test-slap"])
def test_every_finished_match_replays_from_its_log_to_its_stored_state(game):
    for seed in range(3):
        specs = [SeatSpec(kind="bot", bot_level="beginner")] * 2
        match, _ = services.match_create(game=game, seats=specs, seed=seed)
        scheduler.bots_play(match_id=match.pk)
        match.refresh_from_db()
        assert match.status == Match.Status.FINISHED and match.result
        assert match.actions.count() == match.version
        assert services.match_replays_to_stored_state(match=match)


def test_the_version_check_refuses_a_writer_that_slipped_past_the_lock(monkeypatch):
    """Another process moved the match between our read and our write: nothing is written."""
    match, tokens = _quick()
    real_locked = services._locked

    def locked_then_moved_on(match_id):
        row = real_locked(match_id)
        Match.objects.filter(pk=match_id).update(version=row.version + 1)
        return row

    monkeypatch.setattr(services, "_locked", locked_then_moved_on)
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(
            match_id=match.pk, seat=0, action=_first_legal(match, 0), token=tokens[0]
        )
    assert refused.value.code == "stale"
    assert not MatchAction.objects.exists()


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_two_writers_at_once_one_wins_the_other_is_stale():
    """Both threads submit the same version: the lock plus the version check let exactly one in."""
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("in-memory SQLite shares one cache between threads; the browser tests use a file")
    match, tokens = _quick()
    action = _first_legal(match, 0)
    barrier = threading.Barrier(2)
    outcomes = []

    def submit():
        barrier.wait()
        try:
            services.match_submit_action(match_id=match.pk, seat=0, action=action, token=tokens[0])
            outcomes.append("ok")
        except MatchError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["ok", "stale"]
    assert MatchAction.objects.filter(match_id=match.pk).count() == 1
    assert Match.objects.get(pk=match.pk).version == 1


def test_the_scheduler_plans_the_quickest_of_bots_and_table_timers(settings, monkeypatch):
    from datetime import timedelta

    from games.bots.base import BOTS

    settings.GAMES_TIMER_SCALE = 0.5
    specs = [SeatSpec(kind="bot", bot_level="beginner"), SeatSpec(kind="human", nickname="Kim")]
    deck = ["seal-1", "shark-1", "shrimp-1", "shrimp-2", "shrimp-3", "shrimp-4", "shrimp-5", "shrimp-6"]
    match, _ = services.match_create(game="test-slap", seats=specs, seed=1, deck=deck)
    planned = scheduler.match_plan_next(match=match)
    assert (planned.seat, planned.action["type"]) == (None, "flip")
    assert planned.due == match.changed_at + timedelta(milliseconds=200)  # the 400 ms timer, scaled
    assert scheduler.planned_move_play(planned)
    match.refresh_from_db()
    # A Seal is up: the bot won't slap it, so the table flips again.
    planned = scheduler.match_plan_next(match=match)
    assert planned.seat is None and planned.version == 1
    assert scheduler.planned_move_play(planned)
    match.refresh_from_db()
    # A Shark: the slow bot (900-1000 ms) loses to the next flip; a quick one slaps first.
    assert scheduler.match_plan_next(match=match).seat is None
    monkeypatch.setattr(BOTS["test-slap"]["beginner"], "reaction_range_ms", (100, 100))
    planned = scheduler.match_plan_next(match=match)
    assert (planned.seat, planned.action["type"]) == (0, "slap")
    assert planned.due == match.changed_at + timedelta(milliseconds=50)
    # A move planned against an older version is refused as stale and changes nothing.
    stale = scheduler.PlannedMove(match.pk, 1, None, {"type": "flip", "version": 1}, planned.due)
    assert not scheduler.planned_move_play(stale)
    assert scheduler.planned_move_play(planned)
    match.refresh_from_db()
    assert match.state["scores"] == [2, 0] and match.version == 3


def test_a_change_with_its_rows_is_planned_without_reading_the_match_back(
    monkeypatch, django_assert_num_queries
):
    from games.bots.base import BOTS

    monkeypatch.setattr(BOTS["test-slap"]["beginner"], "reaction_range_ms", (100, 100))
    specs = [SeatSpec(kind="bot", bot_level="beginner"), SeatSpec(kind="human", nickname="Kim")]
    deck = ["shark-1", "seal-1", "shrimp-1", "shrimp-2", "shrimp-3", "shrimp-4", "shrimp-5", "shrimp-6"]
    match, _ = services.match_create(game="test-slap", seats=specs, seed=1, deck=deck)
    assert scheduler.planned_move_play(scheduler.match_plan_next(match=match))
    match.refresh_from_db()
    seats = list(match.seat_set.all())
    with django_assert_num_queries(0):
        known = scheduler._plan(match.pk, (match, seats, []))
    assert known == scheduler.match_plan_next(match=match)
    assert (known.seat, known.action["type"]) == (0, "slap")


def test_bots_never_see_more_than_their_own_seat(monkeypatch):
    from games.bots.base import BOTS

    seen = []
    bot = BOTS["test-cards"]["beginner"]
    original = type(bot).choose

    def spy(self, view, legal, rng):
        seen.append(view)
        return original(self, view, legal, rng)

    monkeypatch.setattr(type(bot), "choose", spy)
    match, _ = services.match_create(
        game="test-cards", seats=[SeatSpec(kind="bot", bot_level="beginner")] * 2, seed=4
    )
    scheduler.bots_play(match_id=match.pk)
    assert seen and all("hands" not in view and "rest" not in view for view in seen)


def test_a_move_announces_the_rows_it_wrote_exactly_as_a_fresh_read_gives_them(
    monkeypatch, django_capture_on_commit_callbacks
):
    """The broadcast draws a move's fragments from the rows its change carries (the match as
    the move left it, and its seats): they are what a fresh read gives, so the
    pages pushed from them are the pages a fresh read draws."""
    from games import changes, rendering

    announced = []
    monkeypatch.setattr(changes, "_subscribers", [announced.append])
    match, tokens = _quick(seats=3)
    with django_capture_on_commit_callbacks(execute=True):
        moved, _events = services.match_submit_action(
            match_id=match.pk, seat=0, action=_first_legal(match, 0), token=tokens[0]
        )
    [change] = announced
    assert (change.match_id, change.version, change.seat) == (match.pk, moved.version, 0)
    assert not change.seats_changed
    carried, seats = change.rows
    fresh = Match.objects.get(pk=match.pk)
    for field in ("version", "status", "state", "result", "cards", "changed_at", "started_at"):
        assert getattr(carried, field) == getattr(fresh, field), field
    assert [(s.number, s.kind, s.nickname, s.token_hash) for s in seats] == [
        (s.number, s.kind, s.nickname, s.token_hash) for s in fresh.seat_set.all()
    ]
    # The carried rows draw the same fragments and pages a fresh read draws.
    rows, fresh_rows = rendering.read_rows(carried, seats), rendering.read_rows(fresh)
    assert rendering.public_html(rows) == rendering.public_html(fresh_rows)
    public, slots = rendering.public_html(rows)
    for seat in range(3):
        assert rendering.private_html(rows, seat, slots) == rendering.private_html(fresh_rows, seat, slots)
    assert rendering.live_html(carried, 0, rows=rows, oob=True) == rendering.live_html(fresh, 0, oob=True)
