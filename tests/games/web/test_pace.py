"""Every child's pace: at the relaxed pace every table timer, match clock and bot is exactly
PACE_FACTOR (3) times slower than at the usual pace, and the page's countdown says so; the host
of a table or a quick player chooses it (a bad value is refused and nothing is made)."""

from datetime import timedelta

import pytest
from django.urls import reverse

from games import rendering, scheduler, services
from games.bots.base import BOTS
from games.engines import get_engine
from games.engines.chomp_judge import entries_of, slap_verdict
from games.models import PACE_FACTOR, Match, Pace
from games.services import SeatSpec

pytestmark = pytest.mark.django_db

STEADY, RELAXED = Pace.STEADY, Pace.RELAXED


@pytest.fixture(autouse=True)
def usual_speeds(settings):
    settings.GAMES_TIMER_SCALE = 1.0
    settings.GAMES_BOT_DELAY_MS = 900.0


def _delay_ms(match: Match) -> tuple[float, int | None, str]:
    """How long after the match's last change its next automatic move is due, who makes it, what."""
    planned = scheduler.match_plan_next(match=match)
    return (planned.due - match.changed_at) / timedelta(milliseconds=1), planned.seat, planned.action["type"]


def _people(game: str, count: int, pace: str, *, seed: int = 1, options: dict | None = None):
    specs = [SeatSpec(kind="human", nickname=f"Kid {n}") for n in range(count)]
    return services.match_create(game=game, seats=specs, seed=seed, options=options or {}, pace=pace)


def _table_acts(match: Match) -> Match:
    action = get_engine(match.game).legal_actions(services.match_state(match=match), None)[0]
    match, _events = services.match_submit_action(match_id=match.pk, seat=None, action=action, trusted=True)
    return match


def test_the_relaxed_pace_is_three_times_the_time():
    assert PACE_FACTOR[RELAXED] == 3.0 * PACE_FACTOR[STEADY] == 3.0


def test_one_function_owns_the_scale_of_a_match(settings):
    settings.GAMES_TIMER_SCALE = 0.5
    assert scheduler.timer_scale(Match(pace=STEADY)) == 0.5
    assert scheduler.timer_scale(Match(pace=RELAXED)) == 1.5
    assert scheduler.bot_delay_ms(Match(pace=RELAXED)) == 2700.0  # the site's scale is for timers


# ----- CHOMP!: the flip countdown, the slap window, the tie window -------------------------------


def _chomp_race(pace: str):
    """A 3-player CHOMP! match of people whose first flip shows three different creatures (a
    race), with that flip made: (match, tokens, the face-up cards lowest first)."""
    engine = get_engine("chomp")
    for seed in range(1, 200):
        match, tokens = _people("chomp", 3, pace, seed=seed)
        match = _table_acts(match)
        state = services.match_state(match=match)
        entries = sorted(entries_of(state, state["center"]), key=lambda e: e["rank"] or 0)
        if state["phase"] == "react" and len({e["rank"] for e in entries}) == 3 and entries[0]["rank"]:
            assert engine.realtime
            return match, tokens, entries
    raise AssertionError("no seed gave a race")


def test_chomp_flip_countdown_is_three_times_longer():
    steady, _ = _people("chomp", 3, STEADY)
    relaxed, _ = _people("chomp", 3, RELAXED)
    assert _delay_ms(steady) == (1500, None, "flip")
    assert _delay_ms(relaxed) == (4500, None, "flip")


def test_chomp_quick_play_options_are_slowed_too():
    quick = get_engine("chomp").quick_options
    steady, _ = _people("chomp", 3, STEADY, options=quick)
    relaxed, _ = _people("chomp", 3, RELAXED, options=quick)
    assert _delay_ms(steady)[0] * 3 == _delay_ms(relaxed)[0] == 1500


def test_chomp_reaction_and_tie_windows_are_three_times_longer():
    windows = {}
    for pace in (STEADY, RELAXED):
        match, tokens, (lowest, _middle, highest) = _chomp_race(pace)
        reaction = _delay_ms(match)
        assert (
            slap_verdict("chomp", "race", [lowest, _middle, highest], highest["seat"], lowest["card"]) is None
        )
        match, _events = services.match_submit_action(
            match_id=match.pk,
            seat=highest["seat"],
            action={"type": "slap", "card": lowest["card"], "version": match.version},
            token=tokens[highest["seat"]],
        )
        windows[pace] = (reaction, _delay_ms(match))
    assert windows[STEADY] == ((4000, None, "time-up"), (100, None, "settle"))
    assert windows[RELAXED] == ((12000, None, "time-up"), (300, None, "settle"))


def test_a_chomp_bots_reaction_is_three_times_slower(monkeypatch):
    bot = BOTS["chomp"]["beginner"]
    monkeypatch.setattr(bot, "reaction_range_ms", (500, 500))
    monkeypatch.setattr(bot, "choose", lambda view, legal, rng: legal[0])  # always slaps
    delays = {}
    for pace in (STEADY, RELAXED):
        specs = [SeatSpec(kind="human", nickname="Ana")] + [SeatSpec(kind="bot", bot_level="beginner")] * 2
        match, _ = services.match_create(game="chomp", seats=specs, seed=4, pace=pace)
        match = _table_acts(match)
        delays[pace] = _delay_ms(match)
    assert delays[STEADY] == (500, 1, "slap")
    assert delays[RELAXED] == (1500, 1, "slap")


# ----- Food War: the auto-flip and the match clock -----------------------------------------------


def test_food_war_auto_flip_is_three_times_longer():
    options = {"auto_flip_seconds": 10, "minutes": 0}
    steady, _ = _people("food-war", 2, STEADY, options=options)
    relaxed, _ = _people("food-war", 2, RELAXED, options=options)
    assert _delay_ms(steady) == (10_000, None, "reveal")
    assert _delay_ms(relaxed) == (30_000, None, "reveal")


def test_food_war_time_limit_is_three_times_longer():
    options = {"auto_flip_seconds": 0, "minutes": 5}
    for pace, minutes in ((STEADY, 5), (RELAXED, 15)):
        match, _ = _people("food-war", 2, pace, options=options)
        planned = scheduler.match_plan_next(match=match)
        assert planned.action["type"] == "time_up"
        assert planned.due == match.started_at + timedelta(minutes=minutes)


# ----- Duel: the pause before the next round; a turn-based bot's pause ---------------------------


def _duel_round_over(pace: str) -> Match:
    match, tokens = _people("duel", 2, pace, seed=5)
    engine = get_engine("duel")
    for _step in range(200):
        state = services.match_state(match=match)
        table = engine.legal_actions(state, None)
        if table and table[0]["type"] == "next_round":
            return match
        seat = min(s for s in engine.to_move(state) if s is not None)
        action = engine.legal_actions(state, seat)[0]
        match, _events = services.match_submit_action(
            match_id=match.pk, seat=seat, action=action, token=tokens[seat]
        )
    raise AssertionError("the round never ended")


def test_duel_next_round_pause_is_three_times_longer():
    assert _delay_ms(_duel_round_over(STEADY)) == (4000, None, "next_round")
    assert _delay_ms(_duel_round_over(RELAXED)) == (12_000, None, "next_round")


def test_a_turn_based_bots_pause_is_three_times_longer():
    delays = {}
    for pace in (STEADY, RELAXED):
        specs = [SeatSpec(kind="bot", bot_level="beginner"), SeatSpec(kind="human", nickname="Ana")]
        match, _ = services.match_create(game="snack-wars", seats=specs, seed=2, pace=pace)
        delays[pace] = _delay_ms(match)
    assert delays[STEADY][:2] == (900, 0)
    assert delays[RELAXED][:2] == (2700, 0)


# ----- the page: its countdown and its badge -----------------------------------------------------


def test_the_page_countdown_is_the_relaxed_timer(client):
    for pace, seconds in ((STEADY, 1.5), (RELAXED, 4.5)):
        match, _ = _people("chomp", 3, pace)
        timer = rendering.live_context(match, None)["timer"]
        # The page counts down from the match's last change: a moment may have passed.
        assert seconds * 1000 - 2000 < timer["ms"] <= seconds * 1000
        page = client.get(reverse("games:match", args=[match.pk])).content.decode()
        assert ('class="pace-badge"' in page) == (pace == RELAXED)


def test_the_countdown_a_page_shows_is_exactly_the_planned_one(monkeypatch):
    from django.utils import timezone

    match, _ = _people("chomp", 3, RELAXED)
    monkeypatch.setattr(timezone, "now", lambda: match.changed_at)
    assert rendering.live_context(match, None)["timer"]["ms"] == 4500 == _delay_ms(match)[0]


# ----- choosing the pace: quick play, a table for friends, play again ---------------------------


def _post(client, name: str, slug: str, **data):
    return client.post(reverse(name, args=[slug]), {"seats": 3, "bot_level": "beginner", **data})


@pytest.mark.parametrize("name", ["games:quick_play", "games:table_create"])
def test_a_host_chooses_the_relaxed_pace(client, name):
    response = _post(client, name, "chomp", nickname="Ana", pace="relaxed")
    assert response.status_code == 302
    assert Match.objects.get().pace == RELAXED


@pytest.mark.parametrize("name", ["games:quick_play", "games:table_create"])
def test_the_usual_pace_when_none_is_chosen(client, name):
    assert _post(client, name, "chomp", nickname="Ana").status_code == 302
    assert Match.objects.get().pace == STEADY


@pytest.mark.parametrize("name", ["games:quick_play", "games:table_create"])
def test_a_bad_pace_is_refused_and_nothing_is_made(client, name):
    response = _post(client, name, "chomp", nickname="Ana", pace="turbo")
    assert response.status_code == 400
    assert response.content.decode() == "Pick a pace from the list."
    assert not Match.objects.exists()


def test_the_game_page_offers_both_paces_in_both_forms(client):
    page = client.get(reverse("games:detail", args=["chomp"])).content.decode()
    for prefix in ("qp", "tf"):
        assert f'id="{prefix}-pace_0"' in page and f'id="{prefix}-pace_1"' in page
    assert "Relaxed pace (three times the time)" in page
    assert "The relaxed pace" in page  # the rules page's paragraph


def test_play_again_keeps_the_pace():
    match, tokens = services.match_create(
        game="duel",
        seats=[SeatSpec(kind="human", nickname="Ana"), SeatSpec(kind="bot", bot_level="beginner")],
        seed=3,
        pace=RELAXED,
    )
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    again, _tokens = services.match_play_again(match_id=match.pk, token=tokens[0])
    assert again.pace == RELAXED
