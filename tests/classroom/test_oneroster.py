"""A class session's OneRoster 1.2 zip: every file and row checked against the binding
(tests/oneroster_spec.py), a line item per game played, a result per student, the download from
the report page for its teacher only."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom import lessons, roster, services
from classroom import oneroster as classroom_oneroster
from classroom.models import Student, TableMatch
from games.models import Match
from plateful import oneroster
from tests.classroom.conftest import duel_session, lesson_session
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db


def _join(session, name):
    return services.student_join(session=session, nickname=name, device=name)


def _finish(table_match, *, winners, scores=(3, 1)):
    Match.objects.filter(pk=table_match.match_id).update(
        status="finished", result={"winners": list(winners), "scores": list(scores), "reason": "Won."}
    )


def test_a_game_session_has_a_line_item_per_game_played_and_a_result_per_student(teacher):
    session = duel_session(teacher, title="Period 2")
    ana, ben, cal, dee = (_join(session, name) for name in ("Ana", "Ben", "=Cal", "Dee"))
    services.session_start(session=session)
    first, second = TableMatch.objects.filter(session=session).order_by("table")
    winner = first.seats.exclude(student=None).first()
    _finish(first, winners=[winner.seat])
    _finish(second, winners=[])  # nobody won: played, no winner
    roster.student_remove(session=session, student_id=dee.pk)  # removed: in no file
    tables = check_package(classroom_oneroster.package(session))
    stayed = {ana.pk, ben.pk, cal.pk}
    assert {row["givenName"] for row in tables["users.csv"]} == {"Ana", "Ben", "'=Cal"}
    assert {row["sourcedId"] for row in tables["users.csv"]} == {
        oneroster.pseudonym("cs", pk) for pk in stayed
    }
    assert tables["classes.csv"][0]["title"] == "Period 2"
    assert [row["title"] for row in tables["lineItems.csv"]] == [
        "Duel, table 1, game 1",
        "Duel, table 2, game 1",
    ]
    seated = {seat.student_id for tm in (first, second) for seat in tm.seats.all()} & stayed
    assert len(tables["results.csv"]) == len(seated)
    by_user = {row["studentSourcedId"]: row for row in tables["results.csv"]}
    won = by_user[oneroster.pseudonym("cs", winner.student_id)]
    assert (won["score"], won["textScore"], won["scoreStatus"]) == ("1", "Won, score 3", "fully graded")
    scores = sorted(row["score"] for row in tables["results.csv"])
    assert scores == ["0"] * (len(seated) - 1) + ["1"]
    assert {row["lineItemSourcedId"] for row in tables["results.csv"]} == {
        row["sourcedId"] for row in tables["lineItems.csv"]
    }


def test_a_game_stopped_or_still_going_has_no_line_item(teacher):
    session = duel_session(teacher)
    for name in ("Ana", "Ben"):
        _join(session, name)
    services.session_start(session=session)
    [table] = TableMatch.objects.filter(session=session)
    tables = check_package(classroom_oneroster.package(session))
    assert tables["lineItems.csv"] == [] and tables["results.csv"] == []
    Match.objects.filter(pk=table.match_id).update(status="finished", result={"closed": True})
    assert check_package(classroom_oneroster.package(session))["lineItems.csv"] == []
    assert len(tables["users.csv"]) == 2  # the students are there all the same


def test_a_lesson_session_has_one_line_item_and_a_result_per_student(teacher):
    session = lesson_session(teacher)
    kim, lou = _join(session, "Kim"), _join(session, "Lou")
    _join(session, "Max")  # checked no meal
    for student, plates in (
        (kim, [["brown-rice"], ["bagel", "brown-rice", "apple", "carrots", "milk"]]),
        (lou, [["bagel"]]),
    ):
        for plate in plates:
            student.plate = plate
            student.save()
            lessons.lesson_check(student=Student.objects.get(pk=student.pk))
    tables = check_package(classroom_oneroster.package(session))
    [line_item] = tables["lineItems.csv"]
    assert line_item["title"] == "Meal-balance lesson" and line_item["resultValueMax"] == "1"
    names = {row["sourcedId"]: row["givenName"] for row in tables["users.csv"]}
    rows = {names[row["studentSourcedId"]]: row for row in tables["results.csv"]}
    assert (rows["Kim"]["score"], rows["Kim"]["textScore"]) == ("1", "Balanced meal")
    assert rows["Kim"]["comment"] == "Kim: 1 of 2 meal checks balanced"
    assert (rows["Lou"]["score"], rows["Lou"]["scoreStatus"]) == ("0", "fully graded")
    assert (rows["Max"]["scoreStatus"], rows["Max"]["missing"]) == ("not submitted", "true")


def test_the_teacher_downloads_it_from_the_report_and_nobody_else_can(teacher, teacher_client, other_teacher):
    session = lesson_session(teacher)
    _join(session, "Kim")
    page = teacher_client.get(f"/teach/sessions/{session.pk}/report/").content.decode()
    url = f"/teach/sessions/{session.pk}/oneroster.zip"
    assert f'href="{url}"' in page and "Download for your school system (OneRoster 1.2 zip)" in page
    response = teacher_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert f"plateful-{session.code}-" in response["Content-Disposition"]
    assert len(check_package(response.content)["users.csv"]) == 1
    nosy = Client()
    nosy.force_login(other_teacher)
    assert nosy.get(url).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
