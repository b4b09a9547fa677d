"""Pairs and threes on one seat in a class session (classroom.teams): each child is a student of
their own, named on the table, the dashboard, the projector and the reports, counted as a child,
given the team's result, held for the teacher's OK, and taken out alone."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from classroom import dashboard, reports, roster, services, teams
from classroom import oneroster as classroom_oneroster
from classroom.code_guesses import DEVICE_COOKIE
from classroom.gates import STUDENTS_KEY
from classroom.models import Student, TableMatch, TableSeat
from games.models import Match, Seat
from tests.classroom.conftest import duel_session
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db


def _join_team(session, nickname, *partners, client=None):
    client = client or Client()
    data = {"code": session.code, "nickname": nickname, "action": "join"}
    for number, partner in enumerate(partners, start=1):
        data[f"partner_{number}"] = partner
    response = client.post("/join", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return client, Student.objects.get(pk=client.session[STUDENTS_KEY][str(session.pk)])


def _seat_names(session):
    """Each current table's seat names, as the game itself shows them."""
    names = []
    for table in TableMatch.objects.filter(session=session, current=True).order_by("table"):
        names += list(
            Seat.objects.filter(match_id=table.match_id).order_by("number").values_list("nickname", flat=True)
        )
    return names


def _win(session, holder):
    seat = TableSeat.objects.get(student=holder, table_match__current=True)
    Match.objects.filter(pk=seat.table_match.match_id).update(
        status="finished", result={"winners": [seat.seat], "scores": [3, 1], "reason": "Won."}
    )


def test_a_pair_and_a_three_join_from_one_device_each(teacher):
    session = duel_session(teacher)
    _client, ana = _join_team(session, "Ana", "Ben")
    _client, cal = _join_team(session, "Cal", "Dee", "Eli")
    ben, dee, eli = (Student.objects.get(session=session, nickname=n) for n in ("Ben", "Dee", "Eli"))
    assert ben.team_of == ana and ben.device == ana.device
    assert dee.team_of == cal and eli.team_of == cal
    assert session.students.count() == 5

    services.session_start(session=session)
    assert sorted(_seat_names(session)) == ["Ana & Ben", "Cal, Dee & Eli"]
    seat = TableSeat.objects.get(student=cal)
    assert sorted(partner.nickname for partner in seat.partners.all()) == ["Dee", "Eli"]
    assert not TableSeat.objects.filter(student__in=[ben, dee, eli]).exists()  # partners share a seat


def test_long_names_are_cut_to_fit_a_seat():
    assert teams.team_name(["Alexandra Maria", "Benjamin Button"]) == "Alexandra. & Benjamin."
    assert teams.team_name(["Crunchy Carrot", "Zesty Mango", "Happy Peach"]) == "Crunc., Zesty. & Happy."


def test_a_rude_partner_name_is_refused_with_a_clear_message_and_nothing_is_saved(teacher):
    session = duel_session(teacher)
    client = Client()
    data = {
        "code": session.code,
        "nickname": "Ana",
        "partner_1": "Ben",
        "partner_2": "p0rn",
        "action": "join",
    }
    response = client.post("/join", data)
    page = response.content.decode()
    assert response.status_code == 400
    assert "Your partner&#x27;s nickname p0rn: Please pick a kinder name" in page
    assert 'id="id_partner_2" name="partner_2" autocomplete="off" maxlength="40" value="p0rn"' in page
    assert 'value="p0rn" aria-describedby="partners-help" aria-invalid="true"' in page
    assert not session.students.exists()
    # A partner's name is unique in the session like any name, the holder's and each other's too.
    _join_team(session, "Zoe")
    for partners in (["zoe"], ["Ben", "ben"], ["Ana"]):
        with pytest.raises(services.ClassroomError) as refused:
            services.student_join(session=session, nickname="Ana", device="d", partners=partners)
        assert "already has that name" in refused.value.message
    assert list(session.students.values_list("nickname", flat=True)) == ["Zoe"]


def test_the_dashboard_projector_report_csv_and_teacher_home_count_and_name_each_child(
    teacher, teacher_client
):
    session = duel_session(teacher)
    _join_team(session, "Ana", "Ben")
    _join_team(session, "Cal")
    services.session_start(session=session)

    context = dashboard.dashboard_context(session)
    assert context["active_count"] == 3
    rows = {row["student"].nickname: row for row in context["roster"]}
    assert rows["Ben"]["table"] == rows["Ana"]["table"] and rows["Ben"]["team"] == ["Ana"]
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "3 students" in page and "Ana &amp; Ben" in page and "with Ana" in page

    projector = teacher_client.get(f"/teach/sessions/{session.pk}/projector/").content.decode()
    assert "3 players are here" in projector and "Ana &amp; Ben" in projector
    assert all(f"<li>{name}</li>" in projector for name in ("Ana", "Ben", "Cal"))

    report = reports.session_report(session)
    assert report["totals"]["students"] == 3
    assert sorted(row["student"].nickname for row in report["rows"]) == ["Ana", "Ben", "Cal"]
    out = io.StringIO()
    reports.write_csv(out, session)
    by_name = {row["nickname"]: row for row in csv.DictReader(io.StringIO(out.getvalue()))}
    assert by_name["Ben"]["status"] == "joined" and by_name["Ben"]["shared_device_with"] == "Ana"
    assert by_name["Ana"]["shared_device_with"] == "Ben" and by_name["Cal"]["shared_device_with"] == ""
    assert "3 students" in teacher_client.get("/teach/").content.decode()


def test_a_teams_win_counts_for_each_child(teacher, teacher_client):
    session = duel_session(teacher)
    ana = _join_team(session, "Ana", "Ben", "Cy")[1]
    _join_team(session, "Dee")
    services.session_start(session=session)
    _win(session, ana)

    report = {row["student"].nickname: row for row in reports.session_report(session)["rows"]}
    for name in ("Ana", "Ben", "Cy"):
        assert (report[name]["games_played"], report[name]["games_won"], report[name]["rank"]) == (1, 1, 1)
    assert (report["Dee"]["games_won"], report["Dee"]["rank"]) == (0, 4)
    board = {row["student"].nickname: row["points"] for row in dashboard.leaderboard(session)}
    assert board == {"Ana": 1, "Ben": 1, "Cy": 1, "Dee": 0}
    ben = Student.objects.get(session=session, nickname="Ben")
    page = teacher_client.get(f"/teach/sessions/{session.pk}/students/{ben.pk}/").content.decode()
    assert (
        "Ana, Ben &amp; Cy" in page and "Won" in page and "Shares a device and a seat with Ana & Cy" in page
    )
    # The school's gradebook too: a OneRoster result of 1 for each child of the team.
    tables = check_package(classroom_oneroster.package(session))
    names = {row["sourcedId"]: row["givenName"] for row in tables["users.csv"]}
    scores = {names[row["studentSourcedId"]]: row["score"] for row in tables["results.csv"]}
    assert scores == {"Ana": "1", "Ben": "1", "Cy": "1", "Dee": "0"}


def test_a_held_partner_shows_nowhere_until_the_teacher_accepts_the_name(teacher):
    session = duel_session(teacher, approve_names=True)
    _client, ana = _join_team(session, "Ana", "Ben")
    ben = Student.objects.get(session=session, nickname="Ben")
    assert ana.pending and ben.pending
    roster.student_approve(session=session, student_id=ana.pk)
    services.session_start(session=session)
    assert _seat_names(session)[0] == "Ana"
    projector = dashboard.projector_context(session)
    assert [student.nickname for student in projector["arrivals"]] == ["Ana"]
    assert "Ben" not in [player["name"] for table in projector["tables"] for player in table.players]
    assert [student.nickname for student in dashboard.dashboard_context(session)["pending"]] == ["Ben"]

    roster.students_approve_all(session=session)
    assert _seat_names(session)[0] == "Ana & Ben"
    assert list(TableSeat.objects.get(student=ana).partners.all()) == [ben]
    assert dashboard.dashboard_context(session)["active_count"] == 2


def test_removing_one_partner_keeps_the_others_playing_and_a_holder_leaving_hands_over_the_seat(teacher):
    session = duel_session(teacher)
    client, ana = _join_team(session, "Ana", "Ben", "Cy")
    services.session_start(session=session)
    seat = TableSeat.objects.get(student=ana)
    ben, cy = (Student.objects.get(session=session, nickname=n) for n in ("Ben", "Cy"))

    roster.student_remove(session=session, student_id=ben.pk, ban=True)
    assert _seat_names(session)[0] == "Ana & Cy"
    assert list(seat.partners.all()) == [cy]
    assert dashboard.dashboard_context(session)["active_count"] == 2
    assert client.get(f"/class/{session.code}/").url == f"/play/{seat.table_match.match_id}/"  # Ana plays on

    # The holder leaves: the seat, its token and this device go to Cy.
    roster.student_remove(session=session, student_id=ana.pk)
    seat.refresh_from_db()
    cy.refresh_from_db()
    assert (seat.student, cy.team_of, list(seat.partners.all())) == (cy, None, [])
    assert _seat_names(session)[0] == "Cy"
    response = client.get(f"/class/{session.code}/")
    assert response.url == f"/play/{seat.table_match.match_id}/"
    assert client.session[STUDENTS_KEY][str(session.pk)] == cy.pk
    assert client.get(response.url).status_code == 200
    report = reports.session_report(session)
    assert [row["student"].nickname for row in report["rows"]] == ["Cy"]
    assert {row["student"].nickname: row["status"] for row in report["taken_out"]} == {
        "Ana": "removed",
        "Ben": "banned",
    }


def test_renaming_a_partner_renames_the_seat_and_a_partner_cannot_join_a_lesson(teacher):
    session = duel_session(teacher)
    _client, ana = _join_team(session, "Ana", "Ben")
    services.session_start(session=session)
    ben = Student.objects.get(session=session, nickname="Ben")
    roster.student_rename(session=session, student_id=ben.pk, nickname="Bea")
    assert _seat_names(session)[0] == "Ana & Bea"

    lesson = services.session_create(teacher=teacher, kind="lesson")
    with pytest.raises(services.ClassroomError) as refused:
        services.student_join(session=lesson, nickname="Kim", device="k", partners=["Lou"])
    assert "own meal" in refused.value.message and not lesson.students.exists()


def test_a_teams_device_that_lost_its_session_comes_back_as_its_seat_holder(teacher):
    session = duel_session(teacher)
    client, cy = _join_team(session, "Cy", "Ana", "Ben")  # partners joined later than the holder
    services.session_start(session=session)
    match_id = TableSeat.objects.get(student=cy).table_match.match_id
    client.session.flush()  # the browser session is gone; the long-lived device cookie stays
    fresh = Client()
    fresh.cookies[DEVICE_COOKIE] = client.cookies[DEVICE_COOKIE].value
    assert fresh.get(f"/class/{session.code}/").url == f"/play/{match_id}/"
    assert fresh.session[STUDENTS_KEY][str(session.pk)] == cy.pk
    page = fresh.get(f"/play/{match_id}/").content.decode()
    assert "Cy, Ana &amp; Ben" in page
