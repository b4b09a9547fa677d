"""Reports of a class session: per student and for the class, on a page and as CSV.

Games played count games that finished by their rules (a game the teacher stopped, by ending the
session or starting the table again, counts neither as played nor won); lesson attempts count
every "check my meal", successes the balanced ones.

The class is the students who stayed: a student the teacher removed or banned, or whose name
was never accepted, is listed apart (`taken_out`) and counts in no class total. In the CSV every
row has the header's columns: the students who stayed ("joined"), then the others ("removed",
"banned", "pending"), then the class total (status "total").
"""

from __future__ import annotations

from collections import Counter

from django.db.models import Q
from django.utils.translation import gettext as _

from classroom import teams
from classroom.models import ClassSession, MealAttempt, Student, TableSeat
from games.catalog import game_name
from games.engines.ranking import ranked
from games.models import Pace
from nutrition.meal_words import rule_label
from nutrition.meals import COUNT_RULES
from plateful import spreadsheet_csv
from plateful.spreadsheet_csv import text_cell

RULE_ORDER = [*COUNT_RULES, "vegetable", "no_junk", "calories"]


def _most_failed(counter: Counter) -> str:
    """The rule missed most often; a tie goes to the rule a checklist shows first."""
    if not counter:
        return ""
    order = {rule: index for index, rule in enumerate(RULE_ORDER)}
    rule, _count = max(counter.items(), key=lambda item: (item[1], -order.get(item[0], 99)))
    return rule_label(rule)


def _game_rows(session: ClassSession) -> dict[int, dict]:
    """Per student id: games played and won (a team's game is each child's: classroom.teams)."""
    stats: dict[int, dict] = {}
    seats = (
        TableSeat.objects.filter(table_match__session=session, student__isnull=False)
        .select_related("table_match__match")
        .prefetch_related("partners")
    )
    for seat in seats:
        match = seat.table_match.match
        for student_id in teams.seat_student_ids(seat):
            row = stats.setdefault(student_id, {"played": 0, "won": 0})
            if match.status == "finished" and not (match.result or {}).get("closed"):
                row["played"] += 1
                if seat.seat in (match.result or {}).get("winners", []):
                    row["won"] += 1
    return stats


def _ranked(rows: list[dict], *, lesson: bool, relaxed: bool = False) -> list[dict]:
    """The students who stayed, best first, each with its rank (games.engines.ranking, ties
    share a rank), in the leaderboard's order: games by wins, then games played; a lesson by
    balanced meals, then the best attempt (fewest rules missed), then having tried at all. At the
    relaxed pace games by wins alone (classroom.dashboard.leaderboard)."""

    def key(row: dict) -> tuple:
        if lesson:
            missed = row["fewest_missed"]
            return (row["successes"], -missed if missed is not None else -1_000, row["attempts"] > 0)
        return (row["games_won"],) if relaxed else (row["games_won"], row["games_played"])

    out = []
    for rank, row in ranked(rows, key, then=lambda r: r["student"].nickname.casefold()):
        out.append({**row, "rank": rank})
    return out


def _status(student: Student) -> str:
    """A student's status in the CSV (plain words a spreadsheet can filter on)."""
    if student.banned:
        return "banned"
    if student.removed:
        return "removed"
    if student.pending:
        return "pending"
    return "joined"


def session_report(session: ClassSession) -> dict:
    students = list(session.students.order_by("joined_at", "pk"))
    team = teams.teammates_by_student(students)
    games = _game_rows(session)
    attempts_by: dict[int, list[MealAttempt]] = {}
    for attempt in MealAttempt.objects.filter(student__session=session):
        attempts_by.setdefault(attempt.student_id, []).append(attempt)
    class_failed: Counter = Counter()
    rows, taken_out = [], []
    for student in students:
        attempts = attempts_by.get(student.pk, [])
        failed = Counter(rule for attempt in attempts for rule in attempt.failed_rules)
        stayed = _status(student) == "joined"
        if stayed:
            class_failed.update(failed)
        played = games.get(student.pk, {}).get("played", 0)
        won = games.get(student.pk, {}).get("won", 0)
        (rows if stayed else taken_out).append(
            {
                "student": student,
                "team": team[student.pk],  # who shared their device and seat
                "status": _status(student),
                "games_played": played,
                "games_won": won,
                "attempts": len(attempts),
                "successes": sum(1 for a in attempts if a.balanced),
                "most_failed": _most_failed(failed),
                "fewest_missed": min((len(a.failed_rules or []) for a in attempts), default=None),
            }
        )
    rows = _ranked(rows, lesson=session.is_lesson, relaxed=session.pace == Pace.RELAXED)
    finished_games = sum(
        1
        for result in session.table_matches.filter(match__status="finished").values_list(
            "match__result", flat=True
        )
        if not (result or {}).get("closed")
    )
    totals = {
        "students": len(rows),
        "taken_out": len(taken_out),
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
        "taken_out": taken_out,
        "totals": totals,
    }


def session_summary(session: ClassSession) -> dict:
    """The class totals kept after the students' data are deleted (plain JSON)."""
    totals = session_report(session)["totals"]
    return {key: value for key, value in totals.items() if key != "failed_counts"} | {
        "failed_counts": [list(pair) for pair in totals["failed_counts"]]
    }


CSV_HEADER = (
    "nickname",
    "status",
    "games_played",
    "games_won",
    "meal_attempts",
    "balanced_meals",
    "rule_failed_most",
    "rank",
    "shared_device_with",
)


def write_csv(out, session: ClassSession) -> None:
    """One row per student, then the class total; every row as wide as the header."""
    report = session_report(session)
    writer = spreadsheet_csv.writer(out)
    writer.writerow(CSV_HEADER)
    for row in [*report["rows"], *report["taken_out"]]:
        writer.writerow(
            [
                text_cell(row["student"].nickname),
                row["status"],
                row["games_played"],
                row["games_won"],
                row["attempts"],
                row["successes"],
                text_cell(row["most_failed"]),
                row.get("rank", ""),
                text_cell(" & ".join(row["team"])),
            ]
        )
    totals = report["totals"]
    writer.writerow(
        [
            text_cell(_("Class total")),
            "total",
            totals["games_finished"],  # a game counts once, however many students played it
            totals["games_won"],
            totals["attempts"],
            totals["successes"],
            text_cell(totals["most_failed"]),
            "",
            "",
        ]
    )


def student_report(session: ClassSession, student: Student) -> dict:
    games = []
    seats = (
        TableSeat.objects.filter(Q(student=student) | Q(partners=student))
        .distinct()
        .select_related("table_match__match", "student")
        .prefetch_related("partners")
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
        # A team's seat: the names it played under ("Ana & Ben"), else "".
        partners = list(seat.partners.all())
        team = (
            teams.team_name([child.nickname for child in [seat.student, *partners] if child])
            if partners
            else ""
        )
        games.append({"table": seat.table_match.table, "match": match, "outcome": outcome, "team": team})
    attempts = []
    for attempt in student.attempts.all():
        attempts.append({"attempt": attempt, "failed": [rule_label(rule) for rule in attempt.failed_rules]})
    return {
        "session": session,
        "student": student,
        "game_name": game_name(session.game) if session.game else "",
        "games": games,
        "teammates": [other.nickname for other in teams.teammates(student)],
        # The teacher's choice for their device now: a seat each, passing it, or one seat.
        "passes_device": (student.team_of or student).pass_device and session.game in teams.PASS_DEVICE_GAMES,
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
