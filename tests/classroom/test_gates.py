"""The classroom's gates run for class matches only, answer from facts each process keeps, and
every process reads those facts again when a student is taken out or moved and when the session
pauses, resumes or ends (through the session's stamp in the shared cache)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from classroom import class_matches, gates, retention, roster, services
from classroom.gates import STUDENTS_KEY
from classroom.models import TableMatch
from games import access
from games import services as games
from games.changes import MatchChange
from games.models import Match
from tests.classroom.conftest import duel_session, join
from tests.faults.cluster import database_url

ROOT = Path(__file__).resolve().parents[2]
TAKEN_OUT = "took you out"
PAUSED = "paused"


def _student(session, nickname):
    return services.student_join(session=session, nickname=nickname, device=nickname)


def _browser(session, student) -> SimpleNamespace:
    return SimpleNamespace(session={STUDENTS_KEY: {str(session.pk): student.pk}}, user=None)


def _class_table(teacher, names=("Ana", "Ben")):
    session = duel_session(teacher)
    students = {name: _student(session, name) for name in names}
    services.session_start(session=session)
    tables = list(TableMatch.objects.filter(session=session).order_by("table"))
    return session, students, tables


def _classroom_queries(captured) -> int:
    return sum(1 for query in captured.captured_queries if "classroom_" in query["sql"])


@pytest.mark.django_db
def test_every_match_made_at_a_class_table_is_the_classrooms(teacher):
    session, students, tables = _class_table(teacher)
    assert {table.match.owner for table in tables} == {gates.OWNER}
    again = services.table_restart(session=session, table=tables[0].table)
    assert Match.objects.get(pk=again.match_id).owner == gates.OWNER


@pytest.mark.django_db
def test_a_class_moves_gates_ask_no_query_once_the_facts_are_known(teacher):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    ana = _browser(session, students["Ana"])
    assert access.match_access_refusal(match_id, ana) is None  # reads the facts
    with CaptureQueriesContext(connection) as captured:
        assert access.match_access_refusal(match_id, ana) is None
        assert access.move_refusal(match_id) is None
    assert _classroom_queries(captured) == 0


@pytest.mark.django_db
def test_a_student_taken_out_is_refused_at_once_though_the_process_knew_them(teacher):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    ana = _browser(session, students["Ana"])
    assert access.match_access_refusal(match_id, ana) is None
    roster.student_remove(session=session, student_id=students["Ana"].pk)
    assert TAKEN_OUT in access.match_access_refusal(match_id, ana)
    stranger = SimpleNamespace(session={}, user=None)
    assert "only its players" in access.match_access_refusal(match_id, stranger)
    teacher_visit = SimpleNamespace(session={}, user=teacher)
    assert access.match_access_refusal(match_id, teacher_visit) is None


@pytest.mark.django_db
def test_pause_resume_and_end_reach_the_move_gate_at_once(teacher):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    assert access.move_refusal(match_id) is None  # known: not paused
    services.session_set_paused(session=session, paused=True)
    assert PAUSED in access.move_refusal(match_id)
    services.session_set_paused(session=session, paused=False)
    assert access.move_refusal(match_id) is None
    services.session_set_paused(session=session, paused=True)
    assert PAUSED in access.move_refusal(match_id)
    services.session_end(session=session)  # an end lifts the pause; its games are over
    assert access.move_refusal(match_id) is None
    with pytest.raises(games.MatchError, match="over"):
        games.match_submit_action(match_id=match_id, seat=None, action={"type": "reveal"}, trusted=True)


@pytest.mark.django_db
def test_moving_a_student_makes_every_process_read_the_facts_again(teacher):
    session, students, tables = _class_table(teacher, names=("Ana", "Ben", "Cal"))
    first = tables[0].match_id
    mover = tables[0].seats.exclude(student=None).first().student
    assert access.match_access_refusal(first, _browser(session, mover)) is None
    services.student_move(session=session, student_id=mover.pk, table=2)
    with CaptureQueriesContext(connection) as captured:
        assert access.match_access_refusal(first, _browser(session, mover)) is None  # may still watch
    assert _classroom_queries(captured) == 2  # the session and its students, read again


@pytest.mark.django_db
def test_a_student_who_joined_after_the_facts_were_read_gets_in(teacher):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    assert access.match_access_refusal(match_id, _browser(session, students["Ana"])) is None
    late = _student(session, "Dee")  # seated at once, maybe at this very table
    assert access.match_access_refusal(match_id, _browser(session, late)) is None


@pytest.mark.django_db
def test_with_the_shared_cache_unavailable_nothing_is_kept(teacher, monkeypatch):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    monkeypatch.setattr(class_matches.cache, "get", lambda *args, **kwargs: None)  # as Redis down
    monkeypatch.setattr(class_matches.cache, "add", lambda *args, **kwargs: False)
    assert access.move_refusal(match_id) is None  # the match's session, kept (it never changes)
    for _ in range(2):
        with CaptureQueriesContext(connection) as captured:
            assert access.move_refusal(match_id) is None
        assert _classroom_queries(captured) == 2  # read every time, never kept


@pytest.mark.django_db
def test_facts_are_never_older_than_their_bound(teacher, monkeypatch):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    assert access.move_refusal(match_id) is None
    now = class_matches.time.monotonic()
    monkeypatch.setattr(class_matches.time, "monotonic", lambda: now + class_matches.FACTS_SECONDS + 1)
    with CaptureQueriesContext(connection) as captured:
        assert access.move_refusal(match_id) is None
    assert _classroom_queries(captured) == 2


@pytest.mark.django_db
def test_a_public_matchs_changes_skip_the_classroom_hook(teacher):
    match, _tokens = games.match_create(game="duel", seats=[games.SeatSpec(kind="human")] * 2)
    with CaptureQueriesContext(connection) as captured:
        gates.match_changed(MatchChange(match_id=match.pk, seat=0))
        gates.match_changed(MatchChange(match_id=match.pk))
    assert _classroom_queries(captured) == 0


@pytest.mark.django_db
def test_the_migration_marks_existing_class_matches(teacher):
    session, students, tables = _class_table(teacher)
    Match.objects.update(owner="")
    marking = importlib.import_module("classroom.migrations.0004_mark_class_matches")
    marking.mark(apps, None)
    assert set(Match.objects.values_list("owner", flat=True)) == {gates.OWNER}


@pytest.mark.django_db
def test_deleting_a_session_leaves_no_gate_open(teacher):
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    assert access.move_refusal(match_id) is None
    retention.session_delete(session=session)
    assert not Match.objects.filter(pk=match_id).exists()


# ----- across processes (production: two Daphne workers, one Redis) ---------------------------

OTHER_PROCESS = """
import django
django.setup()
from classroom import roster, services
from classroom.models import ClassSession
session = ClassSession.objects.get(pk={session})
roster.student_remove(session=session, student_id={student})
services.session_set_paused(session=session, paused=True)
"""


@pytest.mark.production_path
@pytest.mark.django_db(transaction=True)
def test_another_process_taking_a_student_out_or_pausing_reaches_this_processs_gates(teacher):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("one process only on the embedded default: the stamp is its own memory")
    session, students, tables = _class_table(teacher)
    match_id = tables[0].match_id
    ana = _browser(session, students["Ana"])
    assert access.match_access_refusal(match_id, ana) is None  # this process knows the facts now
    assert access.move_refusal(match_id) is None
    env = {**os.environ, "DATABASE_URL": database_url(), "DJANGO_SETTINGS_MODULE": "plateful.settings"}
    code = OTHER_PROCESS.format(session=session.pk, student=students["Ana"].pk)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, timeout=120)
    assert settings.CACHES["default"]["BACKEND"].endswith("ForgivingRedisCache")
    assert TAKEN_OUT in access.match_access_refusal(match_id, ana)
    assert PAUSED in access.move_refusal(match_id)


# ----- a held name, another table's student -----------------------------------------------------


def _finish(match_id):
    games.match_close(match_id=match_id, reason="test")  # a finished game, whoever won
    Match.objects.filter(pk=match_id).update(result={"winners": [0], "scores": [3, 1], "reason": "won"})


@pytest.mark.django_db
def test_a_held_student_sees_nothing_of_the_class_until_accepted(teacher):
    session = duel_session(teacher, approve_names=True)
    for name in ("Ana", "Ben"):
        _browser_of, student = join(session, name)
        roster.student_approve(session=session, student_id=student.pk)
    services.session_start(session=session)
    table = TableMatch.objects.get(session=session, table=1)
    cal, held = join(session, "Cal")  # waits for the teacher's OK
    page = cal.get(f"/play/{table.match_id}/")
    assert page.status_code == 403 and "Ana" not in page.content.decode()
    _finish(table.match_id)
    replay = cal.get(f"/replays/{table.match_id}/?seat=0")
    assert replay.status_code == 403 and "Ana" not in replay.content.decode()
    assert cal.post(f"/play/{table.match_id}/again/").status_code == 403
    assert TableMatch.objects.filter(session=session).count() == 1  # no table restarted
    roster.student_approve(session=session, student_id=held.pk)  # accepted: the class opens to Cal
    assert cal.get(f"/replays/{table.match_id}/?seat=0").status_code == 200


@pytest.mark.django_db
def test_only_a_tables_own_players_start_its_next_game(teacher):
    session = duel_session(teacher)  # tables of two
    browsers = {name: join(session, name)[0] for name in ("Ana", "Ben", "Cal", "Dan")}
    services.session_start(session=session)
    first, second = TableMatch.objects.filter(session=session).order_by("table")
    _finish(first.match_id)
    seated = {seat.student.nickname for seat in first.seats.select_related("student")}
    outsider = next(name for name in browsers if name not in seated)
    browsers[outsider].post(f"/play/{first.match_id}/again/")
    assert TableMatch.objects.filter(session=session, table=first.table).count() == 1
    insider = next(iter(seated))
    browsers[insider].post(f"/play/{first.match_id}/again/")
    assert TableMatch.objects.filter(session=session, table=first.table).count() == 2
