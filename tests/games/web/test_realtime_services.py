"""Real-time moves through games.services: slaps that race each other, and the match clock."""

from datetime import timedelta

import pytest

from games import scheduler, services
from games.engines import get_engine
from games.engines.messages import english
from games.services import MatchError, SeatSpec

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]

CHOMP = get_engine("chomp")


def _chomp_match_with_three_different_creatures():
    """A 3-player CHOMP! match (all people) whose first flip shows three different creatures."""
    for seed in range(1, 200):
        specs = [SeatSpec(kind="human", nickname=name) for name in ("Ana", "Ben", "Cy")]
        match, tokens = services.match_create(game="chomp", seats=specs, seed=seed)
        flip = CHOMP.legal_actions(services.match_state(match=match), None)[0]
        match, _ = services.match_submit_action(match_id=match.pk, seat=None, action=flip, trusted=True)
        center = services.match_state(match=match)["center"]
        ranks = [match.cards[c["card"]]["rank"] for c in center]
        if None not in ranks and len(set(ranks)) == 3:
            by_rank = sorted(center, key=lambda c: match.cards[c["card"]]["rank"])
            return match, tokens, by_rank
    raise AssertionError("no seed gave three different creatures")


def test_a_right_slap_made_on_the_same_flip_still_counts_after_someone_elses_bad_chomp():
    match, tokens, (lowest, middle, highest) = _chomp_match_with_three_different_creatures()
    flip_version = match.version
    # The lowest card's owner slaps their own card first: a Bad Chomp, and the version moves on.
    services.match_submit_action(
        match_id=match.pk,
        seat=lowest["seat"],
        action={"type": "slap", "card": lowest["card"], "version": flip_version},
        token=tokens[lowest["seat"]],
    )
    # The top card's owner slapped the lowest card having seen the same flip: it still counts.
    match, events = services.match_submit_action(
        match_id=match.pk,
        seat=highest["seat"],
        action={"type": "slap", "card": lowest["card"], "version": flip_version},
        token=tokens[highest["seat"]],
    )
    assert match.version == flip_version + 2
    assert english(events[0]["text"]) == f"{{s{highest['seat']}}} slapped first!"
    # The tie window closes with no second right slap: the table settles the round for them.
    settle = CHOMP.legal_actions(services.match_state(match=match), None)[0]
    match, events = services.match_submit_action(match_id=match.pk, seat=None, action=settle, trusted=True)
    said = [english(e["text"]) for e in events]
    assert any("chomped" in text and f"{{s{highest['seat']}}}" in text for text in said), said
    slap = match.actions.order_by("-index")[1]
    assert slap.action["version"] == flip_version + 1  # logged as judged, so replays agree
    assert services.match_replays_to_stored_state(match=match)


def test_a_slap_on_a_pile_already_chomped_is_too_late_not_a_bad_chomp():
    match, tokens, (lowest, middle, highest) = _chomp_match_with_three_different_creatures()
    flip_version = match.version
    services.match_submit_action(
        match_id=match.pk,
        seat=highest["seat"],
        action={"type": "slap", "card": lowest["card"], "version": flip_version},
        token=tokens[highest["seat"]],
    )
    settle = CHOMP.legal_actions(services.match_state(match=services.match_get(match_id=match.pk)), None)[0]
    services.match_submit_action(match_id=match.pk, seat=None, action=settle, trusted=True)
    before = services.match_get(match_id=match.pk)
    with pytest.raises(MatchError) as refused:
        services.match_submit_action(
            match_id=match.pk,
            seat=middle["seat"],
            action={"type": "slap", "card": lowest["card"], "version": flip_version},
            token=tokens[middle["seat"]],
        )
    assert refused.value.code == "stale" and "Too late" in refused.value.message
    after = services.match_get(match_id=match.pk)
    assert (after.version, after.state) == (before.version, before.state)


def test_food_war_time_limit_is_played_by_the_scheduler_when_the_match_clock_runs_out(settings):
    settings.GAMES_TIMER_SCALE = 1.0
    specs = [SeatSpec(kind="human", nickname="Ana"), SeatSpec(kind="human", nickname="Ben")]
    match, _ = services.match_create(
        game="food-war", seats=specs, seed=3, options={"minutes": 5, "auto_flip_seconds": 0}
    )
    assert match.started_at is not None
    planned = scheduler.match_plan_next(match=match)
    assert planned.action["type"] == "time_up"
    assert planned.due == match.started_at + timedelta(minutes=5)
    # Moves later on do not push the limit back: it counts from the deal.
    flip = get_engine("food-war").legal_actions(services.match_state(match=match), 0)[0]
    match, _ = services.match_submit_action(match_id=match.pk, seat=0, action=flip, trusted=True)
    assert scheduler.match_plan_next(match=match).due == match.started_at + timedelta(minutes=5)
