"""Learn to play: the match of a guided first game (the lessons themselves, pure, are in
games.tutorials; the coach's refusals are checked with every move in games.services)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Match, Pace
from games.services import MatchError, SeatSpec, match_create, match_state
from games.tutorials import tutorial_for

# games.Match.owner of a guided first game started from a rules page: only the browser that
# started it opens it (games.views.learner_gate), as a class's own first games are.
LEARNER_OWNER = "learner"


def tutorial_create(*, game: str, nickname: str = "", owner: str = "") -> tuple[Match, dict[int, str]]:
    """Learn to play `game`: its guided first game (games.tutorials), the learner in seat 0
    against the tutorial's bots, dealt from its stacked deck, at the relaxed pace."""
    lesson = tutorial_for(game)
    if lesson is None:
        raise MatchError(_("This game has no guided first game yet."), status=404, code="no_tutorial")
    bots = [SeatSpec(kind="bot", bot_level=lesson.bot_level)] * (lesson.seats - 1)
    return match_create(
        game=game,
        seats=[SeatSpec(kind="human", nickname=nickname), *bots],
        options=lesson.options,
        seed=lesson.seed,
        deck=list(lesson.deck) or None,
        owner=owner,
        pace=Pace.RELAXED,
        tutorial=True,
    )


def lesson_done(match: Match) -> bool:
    """Whether a guided first game's lesson is over: its coach says so (some say it before the
    game ends: the learner may play on), or the game is over."""
    if match.status == Match.Status.FINISHED:
        return True
    lesson = tutorial_for(match.game)
    if not match.tutorial or lesson is None or match.state is None:
        return False
    try:
        return bool(lesson.coach(get_engine(match.game), match_state(match=match)).done)
    except Exception:  # a coach's bug must not break the pages that ask: the lesson stays open
        return False
