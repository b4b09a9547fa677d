"""Homework results: per student, their attempts, first and best result, the goal met and when,
late or not; for the teacher's page and the OneRoster export (homework.oneroster).

A game's result is read from its match row (homework.matches.match_outcome): nothing is copied
when a game ends, so a result can't be missed. A game stopped with no winner counts for no goal.

Goals: "play" counts finished games, "win" won games (a shared win counts), "balanced" balanced
meals, "learn" learn-to-play lessons finished (when the coach said the lesson is over: the
attempt's `lesson_done_at`, or the guided game's end). The goal is met when the count reaches
the assignment's number, at the time the attempt that reached it ended; it is late when that
time is after the due date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.catalog import game_name
from homework.matches import match_outcome
from homework.models import Assignment, Attempt, Student
from nutrition.meal_words import rule_label

GAME_RANK = {"won": 3, "draw": 2, "lost": 1, "learned": 1}


@dataclass
class AttemptRow:
    number: int
    started_at: datetime
    # games: playing, won, lost, draw, stopped; meal lessons: balanced, not_balanced; learn-to-play
    # lessons: playing, learned, stopped
    kind: str
    finished_at: datetime | None = None
    points: int | float | None = None
    failed: list[str] = field(default_factory=list)  # a lesson check's missed rules (ids)
    match_id: str | None = None
    late: bool = False
    game_over: bool = False  # its match has ended (a guided game's lesson may end before it)

    @property
    def finished(self) -> bool:
        return self.kind not in ("playing", "stopped")

    @property
    def replay_id(self) -> str | None:
        """The match to replay (None: no match, or it hasn't ended)."""
        return self.match_id if self.game_over else None

    @property
    def label(self) -> str:
        if self.kind == "balanced":
            return _("Balanced meal")
        if self.kind == "not_balanced":
            return _("Not balanced: %(rules)s") % {
                "rules": ", ".join(rule_label(rule) for rule in self.failed)
            }
        words = {
            "learned": _("Lesson finished"),
            "won": _("Won"),
            "lost": _("Lost"),
            "draw": _("Nobody won"),
            "stopped": _("Stopped"),
            "playing": _("Not finished yet"),
        }[self.kind]
        if self.points is not None and self.finished:
            return _("%(outcome)s, score %(points)s") % {"outcome": words, "points": self.points}
        return words

    def rank(self) -> tuple:
        """Higher is better (the best result)."""
        if self.kind in ("balanced", "not_balanced"):
            return (self.kind == "balanced", -len(self.failed), -self.number)
        points = self.points if self.points is not None else float("-inf")
        return (GAME_RANK.get(self.kind, 0), points, -self.number)


@dataclass
class StudentResult:
    student: Student
    attempts: list[AttemptRow]
    progress: int  # attempts that count toward the goal
    goal: int
    status: str  # not_started, in_progress, met, met_late, missed
    goal_met_at: datetime | None = None
    first: AttemptRow | None = None
    best: AttemptRow | None = None
    last_at: datetime | None = None

    @property
    def late(self) -> bool:
        return self.status == "met_late"

    @property
    def score(self) -> float:
        """How much of the goal is done, 0 to 100."""
        return round(100 * min(self.progress, self.goal) / self.goal, 1) if self.goal else 0.0

    @property
    def status_label(self) -> str:
        return status_label(self.status)


def status_label(status: str) -> str:
    return {
        "not_started": _("Not started"),
        "in_progress": _("In progress"),
        "met": _("Goal met"),
        "met_late": _("Goal met late"),
        "missed": _("Goal not met"),
    }[status]


def activity_name(assignment: Assignment) -> str:
    """What the students do, in a few words ("Duel", "Meal-balance lesson")."""
    if assignment.is_lesson:
        return _("Meal-balance lesson")
    if assignment.is_tutorial:
        return _("Learn-to-play lesson: %(game)s") % {"game": game_name(assignment.game)}
    return game_name(assignment.game)


def goal_words(assignment: Assignment) -> str:
    n = assignment.goal_count
    if assignment.goal == Assignment.Goal.WIN:
        return ngettext("Win %(n)s game", "Win %(n)s games", n) % {"n": n}
    if assignment.goal == Assignment.Goal.BALANCED:
        return ngettext("Build %(n)s balanced meal", "Build %(n)s balanced meals", n) % {"n": n}
    if assignment.goal == Assignment.Goal.LEARN:
        return _("Finish the lesson")
    return ngettext("Play %(n)s game", "Play %(n)s games", n) % {"n": n}


def _attempt_row(attempt: Attempt, assignment: Assignment) -> AttemptRow:
    if attempt.balanced is not None:  # a lesson check ends when it is made
        kind = "balanced" if attempt.balanced else "not_balanced"
        row = AttemptRow(
            attempt.number, attempt.started_at, kind, attempt.started_at, failed=attempt.failed_rules
        )
    elif assignment.is_tutorial:
        row = _lesson_row(attempt)
    else:
        outcome = match_outcome(attempt.match)
        row = AttemptRow(
            attempt.number,
            attempt.started_at,
            outcome.kind,
            outcome.finished_at,
            outcome.points,
            match_id=attempt.match_id,
            game_over=outcome.kind != "playing",
        )
    row.late = row.finished and row.finished_at is not None and row.finished_at > assignment.due_at
    return row


def _lesson_row(attempt: Attempt) -> AttemptRow:
    """A guided first game: finished when its coach said so (a guided game that ended counts as
    finished then, in case that moment was never stamped)."""
    outcome = match_outcome(attempt.match)
    ended = outcome.kind not in ("playing", "stopped")
    done_at = attempt.lesson_done_at or (outcome.finished_at if ended else None)
    kind = "learned" if done_at is not None else ("stopped" if outcome.kind == "stopped" else "playing")
    return AttemptRow(
        attempt.number,
        attempt.started_at,
        kind,
        done_at,
        match_id=attempt.match_id,
        game_over=outcome.kind != "playing",
    )


def _counts(row: AttemptRow, goal: str) -> bool:
    if goal == Assignment.Goal.WIN:
        return row.kind == "won"
    if goal == Assignment.Goal.BALANCED:
        return row.kind == "balanced"
    return row.finished


def student_result(
    student: Student, assignment: Assignment, attempts: list[Attempt], now=None
) -> StudentResult:
    rows = [_attempt_row(attempt, assignment) for attempt in attempts]
    done = sorted((row for row in rows if row.finished), key=lambda row: (row.finished_at, row.number))
    counted = [row for row in done if _counts(row, assignment.goal)]
    met_at = counted[assignment.goal_count - 1].finished_at if len(counted) >= assignment.goal_count else None
    if met_at is not None:
        status = "met_late" if met_at > assignment.due_at else "met"
    elif assignment.state(now) == "closed":
        status = "missed"
    else:
        status = "in_progress" if rows else "not_started"
    moments = [student.joined_at] + [row.started_at for row in rows] + [row.finished_at for row in done]
    return StudentResult(
        student=student,
        attempts=rows,
        progress=len(counted),
        goal=assignment.goal_count,
        status=status,
        goal_met_at=met_at,
        first=done[0] if done else None,
        best=max(done, key=AttemptRow.rank) if done else None,
        last_at=max(moment for moment in moments if moment is not None),
    )


def _attempts_query():
    # A match's state and log can be large: only what an outcome needs is read.
    return Attempt.objects.select_related("match").only(
        "id",
        "student_id",
        "number",
        "started_at",
        "balanced",
        "failed_rules",
        "lesson_done_at",
        "match",
        "match__status",
        "match__result",
        "match__changed_at",
    )


def assignment_results(assignment: Assignment, now=None) -> list[StudentResult]:
    students = assignment.students.prefetch_related(Prefetch("attempts", queryset=_attempts_query()))
    return [student_result(student, assignment, list(student.attempts.all()), now) for student in students]


def result_of_student(student: Student, now=None) -> StudentResult:
    return student_result(student, student.assignment, list(_attempts_query().filter(student=student)), now)


def totals(results: list[StudentResult]) -> dict:
    """What the teacher's page sums up (and what stays after the students' data are deleted)."""
    by_status = {status: sum(1 for r in results if r.status == status) for status in (
        "not_started", "in_progress", "met", "met_late", "missed")}  # fmt: skip
    return {"students": len(results), "attempts": sum(len(r.attempts) for r in results), **by_status}
