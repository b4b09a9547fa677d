"""The teacher stays in control of names: rename a student (their table redraws with the new
name), "I approve names" (a waiting name reaches nobody but the teacher), and removed and banned
names (never on the projector, hidden on the dashboard until the teacher clicks)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from classroom import dashboard, roster, services
from classroom.models import ClassSession
from games import services as games
from games.models import Match
from games.rendering import live_html
from tests.classroom.conftest import duel_session, join, lesson_session

KINDER = "Please pick a kinder name"


def _student(session, nickname, device=""):
    return services.student_join(session=session, nickname=nickname, device=device)


def _match_of(student) -> Match:
    return Match.objects.get(pk=services.student_place(student=student).match_id)


# ----- renaming ----------------------------------------------------------------------------------


def test_a_rename_shows_at_the_students_table_and_everywhere_the_teacher_looks(
    teacher, django_capture_on_commit_callbacks
):
    session = duel_session(teacher)
    ana, _ben = _student(session, "Ana"), _student(session, "Ben")
    services.session_start(session=session)
    match = _match_of(ana)
    seat = match.seat_set.get(nickname="Ana").number
    with django_capture_on_commit_callbacks(execute=True) as told:
        roster.student_rename(session=session, student_id=ana.pk, nickname="Crunchy Carrot")
    assert told, "the change is announced to the live pages after commit"
    ana.refresh_from_db()
    assert ana.nickname == "Crunchy Carrot" and ana.nickname_key == "crunchycarrot"
    match = Match.objects.get(pk=match.pk)
    assert match.seat_set.get(number=seat).nickname == "Crunchy Carrot"
    tablemate = 1 - seat
    assert "Crunchy Carrot" in live_html(match, tablemate) and "Ana" not in live_html(match, tablemate)
    names = [p["name"] for t in dashboard.tables_brief(session) for p in t.players]
    assert "Crunchy Carrot" in names and "Ana" not in names
    assert "Crunchy Carrot" in dashboard.projector_html(session)


@pytest.mark.parametrize(
    ("nickname", "says"),
    [
        ("poopface", KINDER),
        ("Ben", "already has that name"),
        ("You", "taken by the game"),
        ("", "type a nickname"),
    ],
)
def test_a_rename_follows_the_same_rule_as_joining(teacher, nickname, says):
    session = duel_session(teacher)
    ana, _ben = _student(session, "Ana"), _student(session, "Ben")
    with pytest.raises(services.ClassroomError, match=says):
        roster.student_rename(session=session, student_id=ana.pk, nickname=nickname)
    ana.refresh_from_db()
    assert ana.nickname == "Ana"


def test_renaming_to_the_same_name_in_other_letters_is_fine(teacher):
    session = duel_session(teacher)
    ana = _student(session, "Ana")
    roster.student_rename(session=session, student_id=ana.pk, nickname="ANA")
    ana.refresh_from_db()
    assert ana.nickname == "ANA"


def test_the_rename_page_renames_and_refuses_kindly(teacher, teacher_client):
    session = duel_session(teacher)
    browser, ana = join(session, "Ana")
    url = f"/teach/sessions/{session.pk}/students/{ana.pk}/rename/"
    page = teacher_client.get(url).content.decode()
    assert 'value="Ana"' in page and 'name="nickname"' in page
    refused = teacher_client.post(url, {"nickname": "b00bs"})
    assert refused.status_code == 400 and KINDER in refused.content.decode()
    done = teacher_client.post(url, {"nickname": "Zesty Kiwi"})
    assert done.status_code == 302 and done["Location"] == f"/teach/sessions/{session.pk}/"
    student_page = browser.get(f"/class/{session.code}/").content.decode()
    assert "Zesty Kiwi" in student_page and 'data-name="Zesty Kiwi"' in student_page
    assert Client().get(url).status_code == 302  # not logged in: the login page


def test_only_the_sessions_teacher_renames(teacher, other_teacher):
    session = duel_session(teacher)
    ana = _student(session, "Ana")
    other = Client()
    other.force_login(other_teacher)
    url = f"/teach/sessions/{session.pk}/students/{ana.pk}/rename/"
    assert other.get(url).status_code == 404
    assert other.post(url, {"nickname": "Kim"}).status_code == 404


# ----- "I approve names" ---------------------------------------------------------------------------


def test_a_waiting_name_reaches_nobody_until_the_teacher_accepts_it(teacher):
    session = duel_session(teacher, approve_names=True)
    ana = _student(session, "Ana")
    assert ana.pending and services.student_place(student=ana).kind == "pending"
    with pytest.raises(services.ClassroomError, match="Nobody has joined yet"):
        services.session_start(session=session)  # a waiting name is nobody yet
    ben = _student(session, "Ben")
    roster.student_approve(session=session, student_id=ben.pk)
    services.session_start(session=session)
    assert services.student_place(student=ana).kind == "pending"
    assert "Ana" not in dashboard.projector_html(session)
    assert all(row["student"] != ana for row in dashboard.leaderboard(session))
    context = dashboard.dashboard_context(session)
    assert context["pending"] == [ana] and all(row["student"] != ana for row in context["roster"])
    assert context["active_count"] == 1

    roster.student_approve(session=session, student_id=ana.pk)
    ana.refresh_from_db()
    assert not ana.pending and services.student_place(student=ana).kind == "table"  # seated at once
    assert "Ana" in dashboard.projector_html(session)
    assert "Ana" in [p["name"] for t in dashboard.tables_brief(session) for p in t.players]


def test_approve_all_accepts_every_waiting_name_and_seats_them_in_a_game_going_on(teacher):
    session = duel_session(teacher, approve_names=True)
    ana, ben = _student(session, "Ana"), _student(session, "Ben")
    roster.student_approve(session=session, student_id=ana.pk)
    services.session_start(session=session)
    cal, gone = _student(session, "Cal"), _student(session, "Dee")
    roster.student_remove(session=session, student_id=gone.pk)
    assert "Ben" not in dashboard.projector_html(session) and "Cal" not in dashboard.projector_html(session)

    client = Client()
    client.force_login(teacher)
    response = client.post(reverse("classroom:control", args=[session.pk, "approve-all"]))
    assert response.status_code == 302
    for student in (ben, cal):
        student.refresh_from_db()
        assert not student.pending and services.student_place(student=student).kind == "table"
        assert student.nickname in dashboard.projector_html(session)
    gone.refresh_from_db()
    assert gone.removed and "Dee" not in dashboard.projector_html(session)  # taken out stays out
    assert roster.students_approve_all(session=session) == 0  # nothing waits: nothing changes


def test_a_new_session_form_holds_names_for_the_teacher_by_default(teacher):
    client = Client()
    client.force_login(teacher)
    page = client.get(reverse("classroom:session_new")).content.decode()
    checkbox = re.search(r'<input[^>]*name="approve_names"[^>]*>', page).group(0)
    assert "checked" in checkbox


def test_a_waiting_student_is_not_seated_at_the_start(teacher):
    session = duel_session(teacher, approve_names=True)
    ana, ben = _student(session, "Ana"), _student(session, "Ben")
    roster.student_approve(session=session, student_id=ben.pk)
    services.session_start(session=session)
    ben.refresh_from_db()
    assert services.student_place(student=ben).kind == "table"
    assert services.student_place(student=ana).kind == "pending"
    players = [p["name"] for t in dashboard.tables_brief(session) for p in t.players]
    assert "Ana" not in players


def test_the_teacher_turns_approving_on_and_off_during_the_session(teacher, teacher_client):
    session = duel_session(teacher)
    assert not _student(session, "Ana").pending
    teacher_client.post(f"/teach/sessions/{session.pk}/approve-names/")
    assert _student(session, "Ben").pending
    teacher_client.post(f"/teach/sessions/{session.pk}/stop-approving/")
    assert not _student(session, "Cal").pending
    assert session.students.get(nickname="Ben").pending  # still waits for the teacher's OK


def test_a_waiting_student_sees_a_kind_message_and_no_lesson(teacher):
    session = lesson_session(teacher, approve_names=True)
    browser, kim = join(session, "Kim")
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert "Your teacher is checking your name" in page and 'data-kind="pending"' in page
    assert 'id="lesson"' not in page
    refused = browser.post(f"/class/{session.code}/plate/", {"card": "apple"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 409


def test_the_dashboard_lists_waiting_names_with_accept_rename_remove_and_ban(teacher, teacher_client):
    session = duel_session(teacher, approve_names=True)
    browser, ana = join(session, "Ana")
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    base = f"/teach/sessions/{session.pk}/students/{ana.pk}"
    for action in ("approve", "rename", "remove", "ban"):
        assert f"{base}/{action}/" in page
    accepted = teacher_client.post(f"{base}/approve/", HTTP_HX_REQUEST="true")
    assert accepted.status_code == 200 and "wait for your OK" not in accepted.content.decode()
    assert 'data-kind="waiting"' in browser.get(f"/class/{session.code}/").content.decode()


# ----- removed and banned names ----------------------------------------------------------------------


def test_a_removed_or_banned_name_leaves_the_projector_the_tables_and_finished_games(teacher):
    session = duel_session(teacher)
    ana, _ben = _student(session, "Ana"), _student(session, "Ben")
    services.session_start(session=session)
    match = _match_of(ana)
    games.match_close(match_id=match.pk, reason="test")  # a finished game keeps its human seats
    roster.student_remove(session=session, student_id=ana.pk, ban=True)
    match = Match.objects.get(pk=match.pk)
    assert "Ana" not in [seat.nickname for seat in match.seat_set.all()]
    assert "Ana" not in live_html(match, None) and "Ana" not in dashboard.projector_html(session)
    assert "Ben" in dashboard.projector_html(session)


def test_the_dashboard_hides_taken_out_names_until_the_teacher_clicks(teacher, teacher_client):
    session = duel_session(teacher)
    _student(session, "Ben")
    rude = _student(session, "Hugh Grant")  # passed the rule; the teacher still wants it gone
    teacher_client.post(f"/teach/sessions/{session.pk}/students/{rude.pk}/ban/")
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "Hugh Grant" not in page and "Name hidden" in page and "Ben" in page
    shown = teacher_client.post(f"/teach/sessions/{session.pk}/show-names/", HTTP_HX_REQUEST="true")
    assert "Hugh Grant" in shown.content.decode()
    session.refresh_from_db()
    assert session.show_hidden_names
    # Taking someone else out hides the names again.
    roster.student_remove(session=session, student_id=session.students.get(nickname="Ben").pk)
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "Hugh Grant" not in page and "Ben" not in page
    assert ClassSession.objects.get(pk=session.pk).show_hidden_names is False


def test_remove_and_ban_say_different_things_to_the_teacher(teacher, teacher_client):
    session = duel_session(teacher)
    ana, ben = _student(session, "Ana"), _student(session, "Ben")
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "They may join again with a new name" in page and "can't join this session again" in page
    teacher_client.post(f"/teach/sessions/{session.pk}/students/{ana.pk}/remove/")
    teacher_client.post(f"/teach/sessions/{session.pk}/students/{ben.pk}/ban/")
    ana.refresh_from_db()
    ben.refresh_from_db()
    assert (ana.removed, ana.banned) == (True, False) and (ben.removed, ben.banned) == (True, True)
    # Banning a removed student afterwards still bans them.
    roster.student_remove(session=session, student_id=ana.pk, ban=True)
    ana.refresh_from_db()
    assert ana.banned
