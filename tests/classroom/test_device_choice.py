"""The teacher's choice per device (Student.pass_device on its holder), not per session: in one
class a device's children may each play a seat of their own, passing it, while another device's
children share one seat. The choice is made on the dashboard (a button on the holder's row),
counts from the device's next game (a game going on is left as it is), and anything that can't
be chosen is refused with a sentence that says why, changing nothing."""

from __future__ import annotations

from html import unescape

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from classroom import dashboard, reports, roster, services
from classroom.models import Student, TableSeat
from games.models import Match, Seat
from tests.classroom.conftest import chomp_session, duel_session, lesson_session, make_teacher
from tests.classroom.test_pass_device import _join_team, _names

pytestmark = pytest.mark.django_db


def _snack_attack(teacher, seats=3, **extra):
    return services.session_create(
        teacher=teacher,
        kind="game",
        game="snack-attack",
        seats_per_table=seats,
        bot_level="beginner",
        **extra,
    )


def _choose(client, session, student, value):
    """The dashboard's button, as htmx posts it."""
    url = f"/teach/sessions/{session.pk}/students/{student.pk}/device/"
    return client.post(url, {"pass": value}, HTTP_HX_REQUEST="true")


def _row(html: str, student) -> str:
    start = html.index(f'data-student="{student.pk}"')
    return unescape(html[start : html.index("</tr>", start)])


def _current(session):
    """Each seated child's (table, seat), and the partners sharing each holder's seat."""
    seats = TableSeat.objects.filter(table_match__session=session, table_match__current=True)
    seats = seats.exclude(student=None).select_related("student", "table_match").prefetch_related("partners")
    return {
        seat.student.nickname: (seat.table_match.table, sorted(p.nickname for p in seat.partners.all()))
        for seat in seats
    }


def test_one_class_has_a_device_passed_between_its_children_and_a_pair_sharing_a_seat(
    teacher, teacher_client
):
    session = duel_session(teacher, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben")
    _client, cal = _join_team(session, "Cal", "Dee")
    _join_team(session, "Eve")

    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "Pass the device: each child plays a seat" in _row(page, ana)
    assert "One shared seat" in _row(page, cal)
    response = _choose(teacher_client, session, ana, "1")
    assert response.status_code == 200
    assert "A seat each, passing the device" in _row(response.content.decode(), ana)
    assert "Share one seat" in _row(response.content.decode(), ana)
    assert "One shared seat" in _row(response.content.decode(), cal)
    assert Student.objects.get(pk=ana.pk).pass_device and not Student.objects.get(pk=cal.pk).pass_device

    services.session_start(session=session)
    seats = _names(session)
    assert seats["Ana"].table_match == seats["Ben"].table_match and seats["Ana"].token == seats["Ben"].token
    assert not seats["Ana"].partners.exists() and "Dee" not in seats
    assert [p.nickname for p in seats["Cal"].partners.all()] == ["Dee"]
    rows = Seat.objects.filter(match=seats["Cal"].table_match.match, kind="human")
    assert sorted(rows.values_list("nickname", flat=True)) == ["Cal & Dee", "Eve"]
    # Five children on three devices: five counted, each named.
    assert dashboard.dashboard_context(session)["active_count"] == 5
    report = reports.session_report(session)
    assert report["totals"]["students"] == 5
    assert sorted(row["student"].nickname for row in report["rows"]) == ["Ana", "Ben", "Cal", "Dee", "Eve"]


def test_a_choice_that_cannot_be_made_says_why_and_changes_nothing(teacher, teacher_client, other_teacher):
    chomp = chomp_session(teacher)
    _client, ana = _join_team(chomp, "Ana", "Ben")
    response = _choose(teacher_client, chomp, ana, "1")
    assert response.status_code == 409
    assert "In CHOMP! the children on one device share one seat" in response.content.decode()
    page = teacher_client.get(f"/teach/sessions/{chomp.pk}/").content.decode()
    assert "Pass the device" not in page  # never offered where it would be refused

    session = duel_session(teacher, approve_names=False)
    _client, cy = _join_team(session, "Cy", "Dan", "Eli")
    _client, fay = _join_team(session, "Fay")
    _client, gus = _join_team(session, "Gus", "Hal")
    refused = {
        "too many": (cy, "1", "Cy, Dan & Eli are too many for one table of Duel (2 seats)"),
        "alone": (fay, "1", "Fay plays alone on this device"),
        "neither": (gus, "maybe", "Choose a seat for each child or one shared seat."),
    }
    for student, value, says in refused.values():
        response = _choose(teacher_client, session, student, value)
        assert response.status_code in (400, 409) and says in response.content.decode()
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "Cy, Dan & Eli are too many" in _row(page, cy) and "Pass the device" not in _row(page, cy)
    other = Client()
    other.force_login(other_teacher)
    assert _choose(other, session, gus, "1").status_code == 404
    assert not Student.objects.filter(session=session, pass_device=True).exists()

    lesson = lesson_session(teacher)
    _client, ivy = _join_team(lesson, "Ivy")
    assert "In a lesson each child builds" in _choose(teacher_client, lesson, ivy, "1").content.decode()
    services.session_end(session=session)
    response = _choose(teacher_client, session, gus, "1")
    assert response.status_code == 409 and "ended" in response.content.decode()
    assert not Student.objects.filter(pass_device=True).exists()


def test_a_choice_made_mid_game_leaves_the_game_alone_and_counts_from_the_tables_next_game(
    teacher, teacher_client
):
    session = _snack_attack(teacher, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben")
    _join_team(session, "Cal")
    services.session_start(session=session)
    before = _current(session)
    assert before == {"Ana": (1, ["Ben"]), "Cal": (1, [])}

    response = _choose(teacher_client, session, ana, "1")
    assert _current(session) == before  # the game going on is left as it is
    row = _row(response.content.decode(), ana)
    assert "A seat each, passing the device" in row and "from their table's next game" in row

    services.table_restart(session=session, table=1)
    assert _current(session) == {"Ana": (1, []), "Ben": (1, []), "Cal": (1, [])}
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "from their table's next game" not in _row(page, ana)

    url = f"/teach/sessions/{session.pk}/students/{ana.pk}/device/"
    answer = teacher_client.post(url, {"pass": "0"}, follow=True)  # without htmx: a message
    assert "Ana &amp; Ben: one shared seat, from their next game." in answer.content.decode()
    assert _current(session) == {"Ana": (1, []), "Ben": (1, []), "Cal": (1, [])}
    services.table_restart(session=session, table=1)
    assert _current(session) == {"Ana": (1, ["Ben"]), "Cal": (1, [])}
    seats = Seat.objects.filter(
        match=TableSeat.objects.get(student=ana, table_match__current=True).table_match.match
    )
    assert sorted(seats.values_list("kind", flat=True)) == ["bot", "human", "human"]


def test_a_device_passed_at_a_full_duel_table_plays_its_next_game_at_a_table_of_its_own(teacher):
    session = duel_session(teacher, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben")
    _client, cal = _join_team(session, "Cal")
    services.session_start(session=session)
    assert _current(session) == {"Ana": (1, ["Ben"]), "Cal": (1, [])}
    roster.device_set_passing(session=session, student_id=ana.pk, passing=True)
    played = TableSeat.objects.get(student=cal, table_match__current=True).table_match
    Match.objects.filter(pk=played.match_id).update(
        status="finished", result={"winners": [1], "reason": "Won."}
    )

    services.table_play_again(session=session, match_id=played.match_id, student=cal)
    now = _current(session)
    assert now["Ana"] == now["Ben"] and now["Ana"][1] == [] and now["Cal"][0] != now["Ana"][0]
    table = TableSeat.objects.get(student=cal, table_match__current=True).table_match
    assert sorted(Seat.objects.filter(match=table.match).values_list("kind", flat=True)) == ["bot", "human"]


def test_the_move_list_offers_no_device_whose_children_each_have_a_seat(teacher, teacher_client):
    session = _snack_attack(teacher, seats=2, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben", passing=True)
    _client, cal = _join_team(session, "Cal", "Dee")
    _client, eve = _join_team(session, "Eve")
    services.session_start(session=session)
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    move = page[page.index('id="move-student"') : page.index("</select>", page.index('id="move-student"'))]
    assert f'value="{cal.pk}"' in move and f'value="{eve.pk}"' in move
    assert f'value="{ana.pk}"' not in move and "Ben" not in move
    # Turned back to one shared seat, they still each hold a seat until their next game.
    roster.device_set_passing(session=session, student_id=ana.pk, passing=False)
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    move = page[page.index('id="move-student"') : page.index("</select>", page.index('id="move-student"'))]
    assert f'value="{ana.pk}"' not in move
    with pytest.raises(services.ClassroomError, match="Ana and their partners pass their device"):
        services.student_move(session=session, student_id=ana.pk, table=2)


def test_a_partner_accepted_after_a_passed_devices_table_started_waits_for_its_next_game(
    teacher, teacher_client
):
    session = duel_session(teacher, approve_names=True)  # names wait for the teacher
    _client, ana = _join_team(session, "Ana", "Ben")
    _client, cal = _join_team(session, "Cal")
    ben = Student.objects.get(session=session, nickname="Ben")
    roster.student_approve(session=session, student_id=ana.pk)
    roster.student_approve(session=session, student_id=cal.pk)
    Student.objects.filter(pk=ana.pk).update(pass_device=True)  # chosen for the device before Ben's OK
    services.session_start(session=session)
    assert _current(session) == {"Ana": (1, []), "Cal": (1, [])}

    roster.student_approve(session=session, student_id=ben.pk)
    assert _current(session) == {"Ana": (1, []), "Cal": (1, [])}  # not in Ana's seat
    assert Seat.objects.filter(nickname="Ana").exists()
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "Plays from their table's next game" in _row(page, ben)
    assert dashboard.dashboard_context(session)["active_count"] == 3

    services.table_restart(session=session, table=1)  # Duel: two seats, so Cal gets a table of his own
    now = _current(session)
    assert now["Ana"] == now["Ben"] and now["Ana"][1] == [] and now["Cal"][0] != now["Ana"][0]


def test_a_holder_leaving_hands_the_device_and_the_choice_for_it_on(teacher, teacher_client):
    session = _snack_attack(teacher, approve_names=False)
    _client, ana = _join_team(session, "Ana", "Ben", "Cy", passing=True)
    roster.student_remove(session=session, student_id=ana.pk)
    ben = Student.objects.get(session=session, nickname="Ben")
    assert ben.team_of_id is None and ben.pass_device
    page = teacher_client.get(f"/teach/sessions/{session.pk}/students/{ben.pk}/").content.decode()
    assert "Shares a device with Cy, each in a seat of their own" in page


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_a_sessions_choice_to_each_of_its_devices():
    teacher = make_teacher("ms-migrate")
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("classroom", "0007_session_pass_device")])
        old = executor.loader.project_state([("classroom", "0007_session_pass_device")]).apps
        session_model, student_model = (
            old.get_model("classroom", "ClassSession"),
            old.get_model("classroom", "Student"),
        )
        made = {}
        for code, passing in (("PASSAA", True), ("SHAREA", False)):
            session = session_model.objects.create(
                teacher_id=teacher.pk, code=code, game="duel", pass_device=passing
            )
            holder = student_model.objects.create(session=session, nickname="Ana", nickname_key=f"ana-{code}")
            partner = student_model.objects.create(
                session=session, nickname="Ben", nickname_key=f"ben-{code}", team_of=holder
            )
            made[code] = (holder.pk, partner.pk)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    finally:
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    flags = dict(Student.objects.values_list("pk", "pass_device"))
    assert (flags[made["PASSAA"][0]], flags[made["PASSAA"][1]]) == (True, False)
    assert flags[made["SHAREA"][0]] is False
