"""The coach at a tutorial's table (issue 23): what it says to the learner, and which of the
learner's move buttons it wants pressed.

A tutorial (games.tutorials) is a real match with `Match.tutorial` set; its learner sits in seat
0. Only the learner's page draws the coach: other readers (a watcher) see the plain game, and
every other match's page is untouched. The coach's picks are marked on the buttons the board
already drew (each move button carries its move as JSON in `hx-vals`), so every game's board,
its own or the generic one, gets the marks without knowing about tutorials.
"""

from __future__ import annotations

import html
import json
import logging
import re

from django.utils.translation import gettext as _

from games.bots import bot_levels
from games.engines import get_engine
from games.messages import say
from games.models import Match
from games.services import match_state
from games.tutorials import LEARNER, Advice, move_matches, tutorial_for

logger = logging.getLogger(__name__)


def coach_context(match: Match, seat: int | None, names: list[str]) -> dict | None:
    """The coach's panel for this reader, or None (not a tutorial, not the learner, not started).
    `names`: the seats' names as others say them (the coach speaks to "you" itself)."""
    if not match.tutorial or seat != LEARNER or match.status == Match.Status.WAITING:
        return None
    lesson = tutorial_for(match.game)
    if lesson is None or match.state is None:
        return None
    engine = get_engine(match.game)
    try:
        advice: Advice = lesson.coach(engine, match_state(match=match))
    except Exception:  # a coach's bug must not take the game away: the page goes on without it
        logger.exception("The coach of %s failed on match %s.", match.game, match.pk)
        return None
    finished = match.status == Match.Status.FINISHED
    words = {"viewer": LEARNER, "names": names, "cards": match.cards}
    done = advice.done or finished
    picks = [] if done else [dict(move) for move in advice.moves]
    levels = bot_levels(match.game)
    real_game = {"seats": engine.min_seats, "bot_level": levels[0] if levels else ""}
    return {
        "say": say(advice.say, **words),
        "why": say(advice.why, **words) if advice.why is not None else "",
        "done": done,
        "game_over": finished,
        "picks": picks,
        # "Play a real game": quick play against the gentlest bots, as the catalogue's Play now.
        "real_game": json.dumps(real_game),
    }


_BUTTON = re.compile(r'<button\b(?P<attrs>[^>]*?)\bhx-vals="(?P<vals>[^"]*)"', re.S)


def _button_move(vals: str) -> dict | None:
    """The move a button posts (its hx-vals: {"seat": n, "action": "<the move as JSON>"})."""
    try:
        posted = json.loads(html.unescape(vals))
        action = (
            json.loads(posted["action"]) if isinstance(posted.get("action"), str) else posted.get("action")
        )
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
    return action if isinstance(action, dict) else None


def mark_picks(page: str, coach: dict | None) -> str:
    """Mark the buttons of the moves the coach wants (data-coach-pick: a visible badge and
    outline, games.css; play.js puts the keyboard on the first). Other buttons stay as drawn."""
    if not coach or not coach["picks"]:
        return page
    badge = html.escape(_("Coach's pick"), quote=True)

    def mark(found: re.Match) -> str:
        action = _button_move(found.group("vals"))
        if action is None or not any(move_matches(action, wanted) for wanted in coach["picks"]):
            return found.group(0)
        return (
            f'<button data-coach-pick="{badge}" aria-describedby="coach-say"'
            + found.group(0)[len("<button") :]
        )

    return _BUTTON.sub(mark, page)
