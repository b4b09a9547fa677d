"""A homework's OneRoster 1.2 zip: every file and row checked against the binding
(tests/oneroster_spec.py), the values each student gets, ids that are no nickname, the download
for its teacher only."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from homework import oneroster as homework_oneroster
from homework.models import Assignment, Student
from homework.services import zone_of
from plateful import oneroster
from tests.homework.conftest import duel_homework, finish, lesson_homework, play, start
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db

ABSENT = {
    "classResources.csv", "courseResources.csv", "demographics.csv", "resources.csv", "roles.csv",
    "lineItemLearningObjectiveIds.csv", "lineItemScoreScales.csv", "resultLearningObjectiveIds.csv",
    "resultScoreScales.csv", "scoreScales.csv", "userProfiles.csv", "userResources.csv",
}  # fmt: skip


def _by_nickname(tables) -> dict[str, dict]:
    users = {row["sourcedId"]: row["givenName"] for row in tables["users.csv"]}
    return {users[row["studentSourcedId"]]: row for row in tables["results.csv"]}


def test_a_homework_with_games_played_exports_a_valid_package(teacher):
    assignment = duel_homework(teacher, goal="play", goal_count=2, title="Week 3")
    ana, _s, _c = start(assignment, "Ana")
    ben, _s, _c = start(assignment, "=1+1")  # a nickname a spreadsheet would run as a formula
    start(assignment, "Cal")
    finish(play(ana, assignment))
    finish(play(ana, assignment), winners=[1], scores=[0, 1])
    finish(play(ben, assignment))
    data = homework_oneroster.package(assignment)
    tables = check_package(data)
    manifest = zipfile.ZipFile(io.BytesIO(data)).read("manifest.csv").decode()
    for name in ABSENT:
        assert f'"file.{name[:-4]}","absent"' in manifest
    assert set(tables) == {
        "academicSessions.csv", "categories.csv", "classes.csv", "courses.csv", "enrollments.csv",
        "lineItems.csv", "orgs.csv", "results.csv", "users.csv",
    }  # fmt: skip
    [line_item] = tables["lineItems.csv"]
    assert line_item["title"] == "Week 3" and line_item["description"] == "Duel: Play 2 games"
    assert (line_item["resultValueMin"], line_item["resultValueMax"]) == ("0", "100")
    opens = timezone.localtime(assignment.opens_at, zone_of(assignment.time_zone))
    assert line_item["assignDate"] == opens.date().isoformat()
    assert tables["classes.csv"][0]["classCode"] == assignment.code
    rows = _by_nickname(tables)
    assert set(rows) == {"Ana", "'=1+1", "Cal"}  # the formula guard in givenName
    ana_row, ben_row, cal_row = rows["Ana"], rows["'=1+1"], rows["Cal"]
    assert (ana_row["scoreStatus"], ana_row["score"], ana_row["textScore"]) == (
        "fully graded",
        "100",
        "Goal met",
    )
    assert ana_row["comment"].startswith("Ana: Goal met (goal met on ") and "2 attempts" in ana_row["comment"]
    assert (ben_row["scoreStatus"], ben_row["score"], ben_row["inProgress"]) == (
        "partially graded",
        "50",
        "true",
    )
    assert ben_row["comment"].startswith("'=1+1: In progress")
    assert (cal_row["scoreStatus"], cal_row["score"], cal_row["missing"]) == ("not submitted", "0", "false")
    # Ids: no nickname, no row number, the same in the next download.
    for name, table in tables.items():
        for row in table:
            for column in ("sourcedId", "username", "studentSourcedId", "userSourcedId"):
                assert "Ana" not in row.get(column, "") and "1+1" not in row.get(column, ""), (name, row)
    students = Student.objects.filter(assignment=assignment)
    assert {row["sourcedId"] for row in tables["users.csv"]} == {
        oneroster.pseudonym("hs", student.pk) for student in students
    }
    assert f"plateful-student-{students[0].pk}" not in data.decode("latin-1")
    assert check_package(homework_oneroster.package(assignment))["users.csv"] == tables["users.csv"]


def _rewritten(data: bytes, name: str, old: str, new: str) -> bytes:
    source, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w") as package:
        for item in source.namelist():
            text = source.read(item).decode()
            package.writestr(item, text.replace(old, new, 1) if item == name else text)
    return out.getvalue()


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("results.csv", '"score","scoreDate"', '"scoreDate","score"'),  # column order
        ("results.csv", '"fully graded"', '"graded"'),  # a value outside its set
        ("results.csv", '"plateful-lineitem-', '"plateful-nothing-'),  # a dangling reference
        ("lineItems.csv", '"0","100"', '"0","10"'),  # a score above its line item's max
        ("users.csv", '"true"', '""'),  # a required cell left empty
        ("users.csv", '"","","true"', '"active","","true"'),  # a status in a bulk file
        ("classes.csv", '"scheduled"', '"lecture"'),
        ("academicSessions.csv", '"term"', '"schoolYear"'),  # a line item's session is no school year
        ("manifest.csv", '"file.roles","absent"', '"file.roles","bulk"'),  # listed, not there
    ],
)
def test_the_checker_refuses_a_package_off_the_binding(teacher, name, old, new):
    assignment = duel_homework(teacher, goal="play", goal_count=1)
    ana, _s, _c = start(assignment, "Ana")
    finish(play(ana, assignment))
    data = homework_oneroster.package(assignment)
    check_package(data)
    assert old in zipfile.ZipFile(io.BytesIO(data)).read(name).decode()
    broken = _rewritten(data, name, old, new)
    with pytest.raises(AssertionError):
        check_package(broken)


def test_after_the_close_the_flags_say_late_incomplete_and_missing(teacher):
    now = timezone.now()
    assignment = duel_homework(teacher, goal="play", goal_count=2, late_until=now + timedelta(days=9))
    ana, _s, _c = start(assignment, "Ana")
    ben, _s, _c = start(assignment, "Ben")
    start(assignment, "Cal")
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=now - timedelta(hours=1), opens_at=now - timedelta(days=2)
    )
    assignment.refresh_from_db()
    finish(play(ana, assignment))
    finish(play(ana, assignment))  # both after the due date, in the late window
    finish(play(ben, assignment))
    Assignment.objects.filter(pk=assignment.pk).update(late_until=now - timedelta(minutes=1))
    assignment.refresh_from_db()
    rows = _by_nickname(check_package(homework_oneroster.package(assignment)))
    flags = ("inProgress", "incomplete", "late", "missing")
    assert [rows["Ana"][flag] for flag in flags] == ["false", "false", "true", "false"]
    assert [rows["Ben"][flag] for flag in flags] == ["false", "true", "false", "false"]
    assert [rows["Cal"][flag] for flag in flags] == ["false", "false", "false", "true"]
    assert (rows["Ben"]["scoreStatus"], rows["Cal"]["scoreStatus"]) == ("fully graded", "not submitted")


def test_a_lesson_homework_exports_a_valid_package(teacher):
    assignment = lesson_homework(teacher, goal_count=1)
    start(assignment, "Kim")
    tables = check_package(homework_oneroster.package(assignment))
    assert tables["courses.csv"][0]["title"] == "Meal-balance lesson"
    assert tables["lineItems.csv"][0]["description"] == "Meal-balance lesson: Build 1 balanced meal"
    assert _by_nickname(tables)["Kim"]["scoreStatus"] == "not submitted"


def test_a_student_who_came_from_no_lms_is_exported_under_a_pseudonym(teacher):
    assignment = duel_homework(teacher)
    _browser, student, _code = start(assignment, "Ana")
    assert oneroster.user_sourced_id(student, "hs") == oneroster.pseudonym("hs", student.pk)
    assert "Ana" not in oneroster.pseudonym("hs", student.pk)


def test_the_teacher_downloads_it_from_the_homework_page_and_nobody_else_can(
    teacher, teacher_client, other_teacher
):
    assignment = duel_homework(teacher)
    start(assignment, "Ana")
    page = teacher_client.get(f"/teach/homework/{assignment.pk}/").content.decode()
    url = f"/teach/homework/{assignment.pk}/oneroster.zip"
    assert f'href="{url}"' in page and "Download for your school system (OneRoster 1.2 zip)" in page
    response = teacher_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert f"plateful-homework-{assignment.code}-oneroster.zip" in response["Content-Disposition"]
    assert len(check_package(response.content)["results.csv"]) == 1
    nosy = Client()
    nosy.force_login(other_teacher)
    assert nosy.get(url).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert teacher_client.get(f"/teach/homework/{assignment.pk}/results.csv").status_code == 404  # replaced
