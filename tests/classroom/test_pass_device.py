"""Children on one device each in a seat of their own (Student.pass_device, the teacher's choice
for a device in the turn-based games). A pair joins on one device, sits in two seats of one table
that hold the device's one token, so its browser gets the pass-and-play page (games.devices), and
each child is counted once, with their own seat's result."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom import dashboard, reports, roster, services, teams
from classroom import oneroster as classroom_oneroster
from classroom.gates import STUDENTS_KEY
from classroom.models import Student, TableSeat
from games import devices
from games.models import Match, Seat, hash_token
from tests.classroom.conftest import chomp_session, duel_session
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db


def _join_team(session, nickname, *partners, passing=False):
    """A device joins; `passing`: the teacher chooses a seat each for its children."""
    client = Client()
    data = {"code": session.code, "nickname": nickname, "action": "join"}
    data.update({f"partner_{number}": partner for number, partner in enumerate(partners, start=1)})
    assert client.post("/join", data).status_code == 302
    holder = Student.objects.get(pk=client.session[STUDENTS_KEY][str(session.pk)])
    if passing:
        holder = roster.device_set_passing(session=session, student_id=holder.pk, passing=True)
    return client, holder


def _names(session):
    return {
        seat.student.nickname: seat
        for seat in TableSeat.objects.filter(table_match__session=session, table_match__current=True)
        .select_related("student", "table_match")
        .exclude(student=None)
    }


def test_a_pair_sits_in_two_seats_of_one_table_held_by_the_devices_one_token(teacher):
    session = duel_session(teacher, approve_names=False)
    pair, ana = _join_team(session, "Ana", "Ben", passing=True)
    _join_team(session, "Cal")
    services.session_start(session=session)

    seats = _names(session)
    ana_seat, ben_seat = seats["Ana"], seats["Ben"]
    assert ana_seat.table_match == ben_seat.table_match != seats["Cal"].table_match
    assert ana_seat.token == ben_seat.token and not ana_seat.partners.exists()
    match = ana_seat.table_match.match
    rows = {seat.nickname: seat for seat in Seat.objects.filter(match=match)}
    assert set(rows) == {"Ana", "Ben"} and rows["Ana"].token_hash == rows["Ben"].token_hash
    assert rows["Ana"].token_hash == hash_token(ana_seat.token)
    assert devices.device_seats(match=match, token=ana_seat.token) == [0, 1]
    assert [Seat.objects.get(match=seats["Cal"].table_match.match, number=1).kind] == ["bot"]

    # The device's browser (the holder's) is let in and gets the pass-and-play page, no hand.
    page = pair.get(services.student_place(student=ana).url, follow=True)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Show my cards" in html and "Pass to" in html


def test_each_child_of_the_device_is_counted_once_with_their_own_result(teacher, teacher_client):
    session = duel_session(teacher, approve_names=False)
    _join_team(session, "Ana", "Ben", passing=True)
    _join_team(session, "Cal")
    services.session_start(session=session)
    seats = _names(session)
    Match.objects.filter(pk=seats["Ana"].table_match.match_id).update(
        status="finished", result={"winners": [seats["Ben"].seat], "scores": [1, 3], "reason": "Won."}
    )

    assert dashboard.dashboard_context(session)["active_count"] == 3
    assert "3 students" in teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    report = {row["student"].nickname: row for row in reports.session_report(session)["rows"]}
    assert report["Ben"]["games_played"] == report["Ana"]["games_played"] == 1
    assert (report["Ben"]["games_won"], report["Ana"]["games_won"]) == (1, 0)
    assert reports.session_report(session)["totals"]["students"] == 3
    assert sorted(len(teams.seat_student_ids(seat)) for seat in seats.values()) == [1, 1, 1]
    tables = check_package(classroom_oneroster.package(session))
    names = {row["sourcedId"]: row["givenName"] for row in tables["users.csv"]}
    scores = {names[row["studentSourcedId"]]: row["score"] for row in tables["results.csv"]}
    assert scores["Ben"] == "1" and scores["Ana"] == "0"
    page = teacher_client.get(f"/teach/sessions/{session.pk}/students/{seats['Ben'].student.pk}/")
    assert "Shares a device with Ana, each in a seat of their own" in page.content.decode()


def test_the_choice_is_for_the_turn_based_games_and_a_team_too_big_for_a_table_shares_a_seat(teacher):
    chomp = chomp_session(teacher)
    _client, ana = _join_team(chomp, "Ana", "Ben")
    with pytest.raises(services.ClassroomError, match="In CHOMP! the children on one device share one seat"):
        roster.device_set_passing(session=chomp, student_id=ana.pk, passing=True)
    assert not Student.objects.get(pk=ana.pk).pass_device
    session = duel_session(teacher, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben", "Cy")  # three: a Duel table has two seats
    with pytest.raises(services.ClassroomError, match="too many for one table of Duel"):
        roster.device_set_passing(session=session, student_id=ana.pk, passing=True)
    Student.objects.filter(pk=ana.pk).update(pass_device=True)  # however it came to be on
    services.session_start(session=session)
    seat = _names(session)["Ana"]
    assert sorted(partner.nickname for partner in seat.partners.all()) == ["Ben", "Cy"]


def test_tables_never_split_a_devices_children():
    a, b, c, d = (Student(pk=n, nickname=name) for n, name in enumerate("ABCD", start=1))
    assert teams.split_tables([[a], [b, c], [d]], 2) == [[a, d], [b, c]]
    assert teams.split_tables([[a], [b], [c], [d]], 3) == [[a, b], [c, d]]  # as before: even tables


def test_a_partner_taken_out_leaves_their_seat_to_a_bot_and_a_holder_hands_the_device_on(teacher):
    session = services.session_create(
        teacher=teacher,
        kind="game",
        game="snack-attack",
        seats_per_table=3,
        bot_level="beginner",
        approve_names=False,
    )
    _join_team(session, "Ana", "Ben", "Cy", passing=True)
    services.session_start(session=session)
    seats = _names(session)
    table = seats["Ana"].table_match
    cy = seats["Cy"].student

    roster.student_remove(session=session, student_id=cy.pk)
    kinds = dict(Seat.objects.filter(match=table.match).values_list("number", "kind"))
    assert kinds[seats["Cy"].seat] == "bot" and kinds[seats["Ana"].seat] == "human"

    roster.student_remove(session=session, student_id=seats["Ana"].student.pk)
    after = _names(session)
    assert set(after) == {"Ben"} and after["Ben"].table_match == table
    kinds = dict(Seat.objects.filter(match=table.match).values_list("number", "kind"))
    assert kinds[seats["Ana"].seat] == "bot"


def test_a_child_passing_a_device_is_not_moved_away_from_their_partners(teacher):
    session = services.session_create(
        teacher=teacher,
        kind="game",
        game="snack-attack",
        seats_per_table=2,
        bot_level="beginner",
        approve_names=False,
    )
    _join_team(session, "Ana", "Ben", passing=True)
    _join_team(session, "Cal")
    services.session_start(session=session)
    seats = _names(session)
    cal_table = seats["Cal"].table_match.table
    with pytest.raises(services.ClassroomError, match="Ana and their partners pass their device"):
        services.student_move(session=session, student_id=seats["Ben"].student.pk, table=cal_table)
    assert _names(session)["Ben"].table_match == seats["Ana"].table_match
