"""A homework's OneRoster 1.2 CSV package (plateful.oneroster): the homework is a class with one
line item, each student who started it a user enrolled in it with one result.

The result: `score` is the share of the goal done (0 to 100), `scoreStatus` fully graded (goal
met, or closed after some attempts), partially graded (still open: it may rise) or not submitted
(no attempt); `textScore` is the status in words; the flags say in progress, late (goal met after
the due date), incomplete (closed, goal not met, some attempts) and missing (closed, no attempt).
docs/homework.md has the whole table.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from homework.models import Assignment
from homework.results import StudentResult, activity_name, assignment_results, goal_words
from homework.services import zone_of
from plateful import oneroster
from plateful.spreadsheet_csv import text_cell


def _day(moment, assignment: Assignment):
    return timezone.localtime(moment, zone_of(assignment.time_zone)).date()


def score_status(result: StudentResult) -> str:
    if result.status in ("met", "met_late"):
        return "fully graded"
    if result.status == "in_progress":
        return "partially graded"  # the score may still rise before the homework closes
    if result.status == "missed" and result.attempts:
        return "fully graded"
    return "not submitted"


def _comment(result: StudentResult, assignment: Assignment) -> str:
    details = []
    if result.goal_met_at is not None:
        when = timezone.localtime(result.goal_met_at, zone_of(assignment.time_zone))
        details.append(_("goal met on %(day)s") % {"day": when.strftime("%Y-%m-%d %H:%M")})
    count = len(result.attempts)
    details.append(ngettext("%(n)s attempt", "%(n)s attempts", count) % {"n": count})
    if result.best is not None:
        details.append(_("best: %(result)s") % {"result": result.best.label})
    return text_cell(f"{result.student.nickname}: {result.status_label} ({'; '.join(details)})")


def _result_row(result: StudentResult, assignment: Assignment, ids, line_item: str, member) -> dict:
    missed = result.status == "missed"
    return {
        "sourcedId": f"plateful-result-hw{assignment.pk}-{member.key}",
        "lineItemSourcedId": line_item,
        "studentSourcedId": member.user_id,
        "scoreStatus": score_status(result),
        "score": f"{result.score:g}",
        "scoreDate": _day(result.goal_met_at or result.last_at, assignment).isoformat(),
        "comment": _comment(result, assignment),
        "textScore": text_cell(result.status_label),
        "classSourcedId": ids.klass,
        "inProgress": oneroster.flag(result.status == "in_progress"),
        "incomplete": oneroster.flag(missed and bool(result.attempts)),
        "late": oneroster.flag(result.late),
        "missing": oneroster.flag(missed and not result.attempts),
    }


def package(assignment: Assignment, now=None) -> bytes:
    """The zip a teacher downloads for their school's system."""
    found = assignment_results(assignment, now)
    members = [oneroster.Member.of(result.student, "hs") for result in found]
    activity = activity_name(assignment)
    roster = oneroster.Roster(
        key=f"hw{assignment.pk}",
        teacher_pk=assignment.teacher_id,
        title=assignment.title or _("Homework %(code)s") % {"code": assignment.code},
        class_code=assignment.code,
        course_title=activity,
        course_code=f"learn-{assignment.game}" if assignment.is_tutorial else (assignment.game or "lesson"),
        term_title=_("Homework %(code)s") % {"code": assignment.code},
        start=_day(assignment.opens_at, assignment),
        end=_day(assignment.closes_at, assignment),
        category_title=_("Plateful homework"),
        students=members,
    )
    ids = roster.ids
    line_item = f"plateful-lineitem-hw{assignment.pk}"
    tables = oneroster.roster_tables(roster, school_name="Plateful")
    tables["lineItems.csv"] = [
        {
            "sourcedId": line_item,
            "title": text_cell(roster.title),
            "description": text_cell(f"{activity}: {goal_words(assignment)}"),
            "assignDate": roster.start.isoformat(),
            "dueDate": _day(assignment.due_at, assignment).isoformat(),
            "classSourcedId": ids.klass,
            "categorySourcedId": ids.category,
            "academicSessionSourcedId": ids.term,
            "resultValueMin": "0",
            "resultValueMax": "100",
            "schoolSourcedId": ids.org,
        }
    ]
    tables["results.csv"] = [
        _result_row(result, assignment, ids, line_item, member)
        for member, result in zip(members, found, strict=True)
    ]
    return oneroster.zip_bytes(tables)
