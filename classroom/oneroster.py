"""A class session's OneRoster 1.2 CSV package (plateful.oneroster): the session is a class, its
students who stayed are users enrolled in it (those removed, banned or never accepted are left
out, as they count in no class total of the report).

Line items: a game session has one per game played in it (finished by its rules: a game the
teacher stopped counts for nothing, as in the report), each with a result for every student at
that table (each child of a team sharing a seat too): 1 for a win (a shared win counts), else 0.
A lesson has one line item, the lesson, with a result per student: 1 when they built a balanced
meal, else 0, and the counts in words.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from classroom.models import ClassSession, MealAttempt, TableMatch
from classroom.teams import seat_student_ids
from games.catalog import game_name
from plateful import oneroster
from plateful.spreadsheet_csv import text_cell


def _day(moment):
    return timezone.localtime(moment).date()


def _stayed(session: ClassSession):
    return session.students.filter(removed_at=None, banned=False, pending=False).order_by("joined_at", "pk")


def _game_outcome(match, seat: int) -> tuple[int, str]:
    """(score, words) for the student in `seat` of a finished game."""
    result = match.result or {}
    winners = result.get("winners") or []
    score = 1 if seat in winners else 0
    words = _("Won") if score else (_("Lost") if winners else _("Nobody won"))
    points = (result.get("scores") or [])[seat : seat + 1]
    if points and isinstance(points[0], int | float):
        words = _("%(outcome)s, score %(points)s") % {"outcome": words, "points": points[0]}
    return score, words


def _game_items(session: ClassSession, members: dict, ids) -> tuple[list[dict], list[dict]]:
    line_items, results = [], []
    numbers: dict[int, int] = {}  # per table: the games dealt so far
    table_matches = (
        TableMatch.objects.filter(session=session)
        .select_related("match")
        .prefetch_related("seats__partners")
        .order_by("table", "created_at", "pk")
    )
    for table_match in table_matches:
        numbers[table_match.table] = numbers.get(table_match.table, 0) + 1
        match = table_match.match
        # Each child at a seat, a team's partners too (classroom.teams): each gets the result.
        seated = [
            (student_id, seat)
            for seat in table_match.seats.all()
            for student_id in seat_student_ids(seat)
            if student_id in members
        ]
        if match.status != "finished" or (match.result or {}).get("closed") or not seated:
            continue
        line_item = f"plateful-lineitem-cs{session.pk}-g{table_match.pk}"
        line_items.append(
            {
                "sourcedId": line_item,
                "title": text_cell(
                    _("%(game)s, table %(table)s, game %(number)s")
                    % {
                        "game": game_name(session.game),
                        "table": table_match.table,
                        "number": numbers[table_match.table],
                    }
                ),
                "assignDate": _day(table_match.created_at).isoformat(),
                "dueDate": _day(match.changed_at).isoformat(),
                "classSourcedId": ids.klass,
                "categorySourcedId": ids.category,
                "academicSessionSourcedId": ids.term,
                "resultValueMin": "0",
                "resultValueMax": "1",
                "schoolSourcedId": ids.org,
            }
        )
        for student_id, seat in seated:
            member = members[student_id]
            score, words = _game_outcome(match, seat.seat)
            results.append(
                {
                    "sourcedId": f"plateful-result-cs{session.pk}-g{table_match.pk}-{member.key}",
                    "lineItemSourcedId": line_item,
                    "studentSourcedId": member.user_id,
                    "scoreStatus": "fully graded",
                    "score": str(score),
                    "scoreDate": _day(match.changed_at).isoformat(),
                    "comment": text_cell(f"{member.nickname}: {words}"),
                    "textScore": text_cell(words),
                    "classSourcedId": ids.klass,
                }
            )
    return line_items, results


def _lesson_items(session: ClassSession, members: dict, ids, start) -> tuple[list[dict], list[dict]]:
    line_item = f"plateful-lineitem-cs{session.pk}"
    attempts: dict[int, list[MealAttempt]] = {}
    for attempt in MealAttempt.objects.filter(student__in=list(members)).order_by("created_at", "pk"):
        attempts.setdefault(attempt.student_id, []).append(attempt)
    results = []
    for student_id, member in members.items():
        checks = attempts.get(student_id, [])
        balanced = sum(1 for attempt in checks if attempt.balanced)
        if balanced:
            words = _("Balanced meal")
        else:
            words = _("No balanced meal yet") if checks else _("No meal checked")
        counts = ngettext(
            "%(balanced)s of %(n)s meal check balanced",
            "%(balanced)s of %(n)s meal checks balanced",
            len(checks),
        ) % {"balanced": balanced, "n": len(checks)}
        results.append(
            {
                "sourcedId": f"plateful-result-cs{session.pk}-{member.key}",
                "lineItemSourcedId": line_item,
                "studentSourcedId": member.user_id,
                "scoreStatus": "fully graded" if checks else "not submitted",
                "score": "1" if balanced else "0",
                "scoreDate": (_day(checks[-1].created_at) if checks else start).isoformat(),
                "comment": text_cell(f"{member.nickname}: {counts}"),
                "textScore": text_cell(words),
                "classSourcedId": ids.klass,
                "missing": oneroster.flag(not checks),
            }
        )
    line_items = [
        {
            "sourcedId": line_item,
            "title": text_cell(_("Meal-balance lesson")),
            "assignDate": start.isoformat(),
            "dueDate": start.isoformat(),
            "classSourcedId": ids.klass,
            "categorySourcedId": ids.category,
            "academicSessionSourcedId": ids.term,
            "resultValueMin": "0",
            "resultValueMax": "1",
            "schoolSourcedId": ids.org,
        }
    ]
    return line_items, results


def package(session: ClassSession) -> bytes:
    """The zip a teacher downloads for their school's system."""
    members = {student.pk: oneroster.Member.of(student, "cs") for student in _stayed(session)}
    start = _day(session.created_at)
    activity = _("Meal-balance lesson") if session.is_lesson else game_name(session.game)
    roster = oneroster.Roster(
        key=f"cs{session.pk}",
        teacher_pk=session.teacher_id,
        title=session.title or _("Class session %(code)s") % {"code": session.code},
        class_code=session.code,
        course_title=activity,
        course_code=session.game or "lesson",
        term_title=_("Class session %(code)s") % {"code": session.code},
        start=start,
        end=max(start, _day(session.ended_at or timezone.now())),
        category_title=_("Plateful class session"),
        students=list(members.values()),
    )
    ids = roster.ids
    tables = oneroster.roster_tables(roster, school_name="Plateful")
    if session.is_lesson:
        line_items, results = _lesson_items(session, members, ids, start)
    else:
        line_items, results = _game_items(session, members, ids)
    tables["lineItems.csv"], tables["results.csv"] = line_items, results
    return oneroster.zip_bytes(tables)
