"""Everything homework does with games, in one place.

Homework asks games for:
- a match per game attempt: `games.services.match_create` with the student in seat 0 and bots at
  the assignment's level in the other seats (a learn-to-play lesson: the game's guided first
  game, `games.lessons.tutorial_create`, and whether its lesson is over, `lesson_done`); the
  student's seat token goes into their browser session (`games.views.SESSION_KEY`) as quick
  play does;
- a fresh seat token when a student carries on in another browser (`match_seat_replace` gives
  seat 0 a new token; the old browser's token stops working);
- a game's outcome, read from the match row (status, result, last change).

What games asks homework (its gates) is in homework.gates.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction

from games import services as games
from games.lessons import lesson_done, tutorial_create
from games.models import Match
from games.views import SESSION_KEY
from homework.models import Attempt, Student

HUMAN_SEAT = 0
HOMEWORK_OWNER = "homework"  # games.Match.owner: homework's gates (homework.gates) run for it

# ----- making and resuming games -----------------------------------------------------------------


def attempt_match_create(*, student: Student, number: int) -> tuple[Attempt, str]:
    """A new game for a student (seat 0) against bots, and its attempt row, in one transaction.
    Returns (the attempt, the student's seat token)."""
    assignment = student.assignment
    seats = [games.SeatSpec(kind="human", nickname=student.nickname)]
    seats += [games.SeatSpec(kind="bot", bot_level=assignment.bot_level) for _ in range(1, assignment.seats)]
    with transaction.atomic():
        match, tokens = games.match_create(
            game=assignment.game, seats=seats, options=assignment.options, owner=HOMEWORK_OWNER
        )
        attempt = Attempt.objects.create(student=student, number=number, match=match)
    return attempt, tokens[HUMAN_SEAT]


def attempt_tutorial_create(*, student: Student, number: int) -> tuple[Attempt, str]:
    """A new guided first game of the assignment's game for a student (seat 0), and its attempt
    row, in one transaction. Returns (the attempt, the student's seat token)."""
    with transaction.atomic():
        match, tokens = tutorial_create(
            game=student.assignment.game, nickname=student.nickname, owner=HOMEWORK_OWNER
        )
        attempt = Attempt.objects.create(student=student, number=number, match=match)
    return attempt, tokens[HUMAN_SEAT]


def tutorial_lesson_over(match: Match) -> bool:
    """A homework's guided first game whose lesson is over (its coach said so, or it ended)."""
    return match.owner == HOMEWORK_OWNER and match.tutorial and lesson_done(match)


def seat_token_fresh(*, match_id: str, nickname: str) -> str:
    """A new token for the student's seat (their other browser's token stops working)."""
    return games.match_seat_replace(match_id=match_id, seat=HUMAN_SEAT, kind="human", nickname=nickname) or ""


def seat_token_holds(*, match: Match, token: str | None) -> bool:
    return games.seat_for_token(match=match, token=token) == HUMAN_SEAT


def browser_token(session, match_id: str) -> str | None:
    """The seat token this browser holds at a match (as quick play keeps it)."""
    return (session.get(SESSION_KEY, {}) or {}).get(match_id) if session is not None else None


def browser_keep_token(session, match_id: str, token: str) -> None:
    seats = dict(session.get(SESSION_KEY, {}) or {})
    seats[match_id] = token
    session[SESSION_KEY] = seats


@dataclass(frozen=True)
class Outcome:
    """A game attempt as its match tells it. kind: "playing", "won", "lost", "draw" (nobody won)
    or "stopped" (closed with no winner); points: the student's score when the game keeps one."""

    kind: str
    finished_at: datetime | None = None
    points: int | float | None = None


def match_outcome(match: Match | None) -> Outcome:
    if match is None:
        return Outcome("stopped")
    if match.status != Match.Status.FINISHED:
        return Outcome("playing")
    result = match.result or {}
    if result.get("closed"):
        return Outcome("stopped", match.changed_at)
    scores = result.get("scores") or []
    points = (
        scores[HUMAN_SEAT]
        if len(scores) > HUMAN_SEAT and isinstance(scores[HUMAN_SEAT], int | float)
        else None
    )
    winners = result.get("winners") or []
    kind = "won" if HUMAN_SEAT in winners else ("lost" if winners else "draw")
    return Outcome(kind, match.changed_at, points)
