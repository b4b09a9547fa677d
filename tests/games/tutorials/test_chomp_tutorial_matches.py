"""A CHOMP! first game as a real match: the scheduler asks the lesson before each bot moves, so
the bots stay quiet while the learner has a lesson slap, and slap on time when the lesson says."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import lessons, scheduler, services
from games.engines import get_engine
from games.models import Match
from games.tutorials import LEARNER, tutorial_for
from games.tutorials.chomp_coach import WIN_AFTER_MS

pytestmark = pytest.mark.django_db


def _advice(match):
    return tutorial_for(match.game).coach(get_engine(match.game), services.match_state(match=match))


@pytest.mark.parametrize("game", ["chomp", "double-chomp", "quick-chomp", "underwater-war"])
def test_a_tutorial_match_is_played_by_the_learners_slaps_the_lessons_bots_and_the_timers(settings, game):
    settings.GAMES_TIMER_SCALE = 1.0
    match, tokens = lessons.tutorial_create(game=game, nickname="Ana")
    engine = get_engine(game)
    seen_bot_timing = []
    for _ in range(80):
        match = Match.objects.get(pk=match.pk)
        if match.status == Match.Status.FINISHED:
            break
        state = services.match_state(match=match)
        advice = _advice(match)
        slaps = [m for m in advice.moves if m.get("type") == "slap"]
        planned = scheduler.match_plan_next(match=match)
        if slaps and LEARNER in engine.to_move(state):
            # No bot takes the learner's slap: the next automatic move is the table's timer.
            assert planned.seat is None, (state["round"], planned)
            wrong = [a for a in engine.legal_actions(state, LEARNER) if a["card"] != slaps[0]["card"]]
            if wrong:
                with pytest.raises(services.MatchError) as refused:
                    services.match_submit_action(
                        match_id=match.pk, seat=LEARNER, action=wrong[0], token=tokens[0]
                    )
                assert refused.value.code == "coach"
            action = {**slaps[0], "version": state["version"]}
            services.match_submit_action(match_id=match.pk, seat=LEARNER, action=action, token=tokens[0])
            continue
        if planned.seat is not None:
            seen_bot_timing.append((planned.due - match.changed_at, planned.action["type"]))
        elif planned.action["type"] == "flip":  # the table's timers and the bots share one scale
            scale = (planned.due - match.changed_at) / timedelta(milliseconds=planned.action["after_ms"])
        assert scheduler.planned_move_play(planned)
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.result["winners"] == [LEARNER]
    assert _advice(match).done
    if game == "chomp":
        # The bot that chomps the learner's Plankton waits for the words to be read (at the
        # match's pace, like the timers); the tie slap lands at once, inside the tie window.
        assert (timedelta(milliseconds=WIN_AFTER_MS * scale), "slap") in seen_bot_timing
        assert (timedelta(0), "slap") in seen_bot_timing
        assert any(state["round_kind"] == "tie" for state, _ in services.match_replay(match=match))
