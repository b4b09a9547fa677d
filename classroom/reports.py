"""Reports of a class session: per student and for the class, on a page and as CSV.

Games played count games that finished by their rules (a game the teacher stopped, by ending the
session or starting the table again, counts neither as played nor won); lesson attempts count
every "check my meal", successes the balanced ones.
"""

from __future__ import annotations

import csv
from collections import Counter

from django.utils.translation import gettext as _

from classroom.models import ClassSession, MealAttempt, Student, TableSeat
from games.catalog import game_name
from nutrition.meal_words import rule_label
from nutrition.meals import COUNT_RULES

RULE_ORDER = [*COUNT_RULES, "vegetable", "no_junk", "calories"]


def _most_failed(counter: Counter) -> str:
    """The rule missed most often; a tie goes to the rule a checklist shows first."""
    if not counter:
        return ""
    order = {rule: index for index, rule in enumerate(RULE_ORDER)}
    rule, _count = max(counter.items(), key=lambda item: (item[1], -order.get(item[0], 99)))
    return rule_label(rule)


def _game_rows(session: ClassSession) -> dict[int, dict]:
    """Per student id: games played and won."""
    stats: dict[int, dict] = {}
    seats = TableSeat.objects.filter(table_match__session=session, student__isnull=False).select_related(
        "table_match__match"
    )
    for seat in seats:
        match = seat.table_match.match
        row = stats.setdefault(seat.student_id, {"played": 0, "won": 0})
        if match.status == "finished" and not (match.result or {}).get("closed"):
            row["played"] += 1
            if seat.seat in (match.result or {}).get("winners", []):
                row["won"] += 1
    return stats


def session_report(session: ClassSession) -> dict:
    students = list(session.students.all())
    games = _game_rows(session)
    attempts_by: dict[int, list[MealAttempt]] = {}
    for attempt in MealAttempt.objects.filter(student__session=session):
        attempts_by.setdefault(attempt.student_id, []).append(attempt)
    class_failed: Counter = Counter()
    rows = []
    for student in students:
        attempts = attempts_by.get(student.pk, [])
        failed = Counter(rule for attempt in attempts for rule in attempt.failed_rules)
        class_failed.update(failed)
        played = games.get(student.pk, {}).get("played", 0)
        won = games.get(student.pk, {}).get("won", 0)
        rows.append(
            {
                "student": student,
                "games_played": played,
                "games_won": won,
                "attempts": len(attempts),
                "successes": sum(1 for a in attempts if a.balanced),
                "most_failed": _most_failed(failed),
            }
        )
    finished_games = sum(
        1
        for result in session.table_matches.filter(match__status="finished").values_list(
            "match__result", flat=True
        )
        if not (result or {}).get("closed")
    )
    totals = {
        "students": len(students),
        "games_finished": finished_games,
        "games_played": sum(r["games_played"] for r in rows),
        "games_won": sum(r["games_won"] for r in rows),
        "attempts": sum(r["attempts"] for r in rows),
        "successes": sum(r["successes"] for r in rows),
        "most_failed": _most_failed(class_failed),
        "failed_counts": [(rule_label(rule), n) for rule, n in class_failed.most_common()],
    }
    if session.purged_at and session.summary:
        totals = {**totals, **session.summary}
    return {
        "session": session,
        "activity": _("Meal-balance lesson") if session.is_lesson else game_name(session.game),
        "rows": rows,
        "totals": totals,
    }


def session_summary(session: ClassSession) -> dict:
    """The class totals kept after the students' data are deleted (plain JSON)."""
    totals = session_report(session)["totals"]
    return {key: value for key, value in totals.items() if key != "failed_counts"} | {
        "failed_counts": [list(pair) for pair in totals["failed_counts"]]
    }


def _cell(value) -> str:
    """A CSV cell a spreadsheet shows as text (a nickname like "=1+1" is not a formula)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


CSV_HEADER = (
    "nickname",
    "status",
    "games_played",
    "games_won",
    "meal_attempts",
    "balanced_meals",
    "rule_failed_most",
)


def write_csv(out, session: ClassSession) -> None:
    report = session_report(session)
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    for row in report["rows"]:
        student = row["student"]
        writer.writerow(
            [
                _cell(student.nickname),
                "removed" if student.removed else "joined",
                row["games_played"],
                row["games_won"],
                row["attempts"],
                row["successes"],
                _cell(row["most_failed"]),
            ]
        )
    totals = report["totals"]
    writer.writerow(
        [
            _cell(_("Class total")),
            totals["students"],
            totals["games_played"],
            totals["games_won"],
            totals["attempts"],
            totals["successes"],
            _cell(totals["most_failed"]),
        ]
    )


def student_report(session: ClassSession, student: Student) -> dict:
    games = []
    seats = (
        TableSeat.objects.filter(student=student)
        .select_related("table_match__match")
        .order_by("table_match__created_at")
    )
    for seat in seats:
        match = seat.table_match.match
        result = match.result or {}
        if match.status != "finished":
            outcome = _("Playing")
        elif result.get("closed"):
            outcome = _("Stopped by the teacher")
        elif seat.seat in result.get("winners", []):
            outcome = _("Won")
        elif not result.get("winners"):
            outcome = _("Nobody won")
        else:
            outcome = _("Lost")
        games.append({"table": seat.table_match.table, "match": match, "outcome": outcome})
    attempts = []
    for attempt in student.attempts.all():
        attempts.append({"attempt": attempt, "failed": [rule_label(rule) for rule in attempt.failed_rules]})
    return {
        "session": session,
        "student": student,
        "game_name": game_name(session.game) if session.game else "",
        "games": games,
        "attempts": attempts,
        "summary": student_summary(session, student),
    }


def student_summary(session: ClassSession, student: Student) -> dict:
    stats = _game_rows(session).get(student.pk, {"played": 0, "won": 0})
    attempts = list(student.attempts.all())
    return {
        "games_played": stats["played"],
        "games_won": stats["won"],
        "attempts": len(attempts),
        "successes": sum(1 for a in attempts if a.balanced),
    }
