"""Reports: per student and for the class, the CSV, and retention."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from classroom import lessons, reports, roster, services
from classroom.models import ClassSession, MealAttempt, Student, TableMatch
from games import services as games
from games.models import Match
from tests.classroom.conftest import duel_session, lesson_session

pytestmark = pytest.mark.django_db


def _join(session, name):
    return services.student_join(session=session, nickname=name, device=name)


def _win(table_match, seat):
    Match.objects.filter(pk=table_match.match_id).update(
        status="finished", result={"winners": [seat], "scores": [3, 1], "reason": "Won."}
    )


def _lesson_with_attempts(teacher):
    session = lesson_session(teacher)
    kim, lou = _join(session, "Kim"), _join(session, "=Lou")
    for student, plates in (
        (kim, [["brown-rice"], ["bagel", "brown-rice", "apple", "carrots", "milk"]]),
        (lou, [["bagel"], ["bagel", "milk"], ["french-fries", "cheese-pizza", "chocolate-bar"]]),
    ):
        for plate in plates:
            student.plate = plate
            student.save()
            lessons.lesson_check(student=Student.objects.get(pk=student.pk))
    return session, kim, lou


def test_a_lesson_report_counts_attempts_successes_and_the_rule_missed_most(teacher):
    session, kim, lou = _lesson_with_attempts(teacher)
    report = reports.session_report(session)
    rows = {row["student"].nickname: row for row in report["rows"]}
    assert (rows["Kim"]["attempts"], rows["Kim"]["successes"]) == (2, 1)
    assert (rows["=Lou"]["attempts"], rows["=Lou"]["successes"]) == (3, 0)
    assert rows["=Lou"]["most_failed"] == "Fruit or veggie"
    totals = report["totals"]
    assert (totals["attempts"], totals["successes"], totals["students"]) == (5, 1, 2)
    assert totals["most_failed"] == "Fruit or veggie"


def test_the_csv_has_one_row_per_student_and_the_class_total(teacher):
    session, kim, lou = _lesson_with_attempts(teacher)
    out = io.StringIO()
    reports.write_csv(out, session)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    assert rows[0] == list(reports.CSV_HEADER)
    assert rows[1] == ["Kim", "joined", "0", "0", "2", "1", "Grains", "1", ""]  # a tie: the first rule
    assert rows[2][0] == "'=Lou"  # a spreadsheet must not run a nickname as a formula
    assert rows[-1] == ["Class total", "total", "0", "0", "5", "1", "Fruit or veggie", "", ""]


def _no_formula_when_split_on(text: str, separator: str) -> None:
    """A spreadsheet that splits every line on `separator`, quotes or not, runs no formula."""
    for line in text.splitlines():
        for piece in line.split(separator):
            assert piece.strip('"')[:1] not in ("=", "+", "-", "@"), line


def test_the_csv_quotes_every_cell_and_guards_a_formula_after_any_separator(teacher):
    session = duel_session(teacher)
    _join(session, ";=1+1;")
    out = io.StringIO()
    reports.write_csv(out, session)
    text = out.getvalue()
    for line in text.splitlines():
        assert line.startswith('"') and line.endswith('"'), line
    for separator in (",", ";", "|"):
        _no_formula_when_split_on(text, separator)
    assert list(csv.reader(io.StringIO(text)))[1][0] == ";'=1+1;"


def test_reports_count_only_the_students_who_stayed_and_every_csv_row_is_as_wide_as_the_header(teacher):
    session = duel_session(teacher)
    ana, ben, cal, dee = (_join(session, n) for n in ("Ana", "Ben", "Cal", "Dee"))
    services.session_start(session=session)
    table = TableMatch.objects.filter(session=session).order_by("table").first()
    seat = table.seats.get(student=ana) if table.seats.filter(student=ana).exists() else None
    roster.student_remove(session=session, student_id=ben.pk)
    roster.student_remove(session=session, student_id=cal.pk, ban=True)
    if seat is not None:
        _win(table, seat.seat)
    report = reports.session_report(session)
    assert report["totals"]["students"] == 2
    assert sorted(row["student"].nickname for row in report["rows"]) == ["Ana", "Dee"]
    assert {row["student"].nickname: row["status"] for row in report["taken_out"]} == {
        "Ben": "removed",
        "Cal": "banned",
    }
    out = io.StringIO()
    reports.write_csv(out, session)
    rows = list(csv.reader(io.StringIO(out.getvalue())))
    header = rows[0]
    assert header == list(reports.CSV_HEADER)
    assert all(len(row) == len(header) for row in rows)
    by_name = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    statuses = [by_name[n]["status"] for n in ("Ana", "Dee", "Ben", "Cal")]
    assert statuses == ["joined", "joined", "removed", "banned"]
    total = by_name["Class total"]
    assert total["status"] == "total" and total["games_won"] == str(report["totals"]["games_won"])
    assert by_name["Ben"]["rank"] == "" and {by_name["Ana"]["rank"], by_name["Dee"]["rank"]} <= {"1", "2"}


def test_the_report_ranks_a_lesson_like_the_leaderboard(teacher):
    session, kim, lou = _lesson_with_attempts(teacher)
    idle = _join(session, "Ada")  # nothing checked: last, though first by name
    rows = reports.session_report(session)["rows"]
    assert [(row["rank"], row["student"].nickname) for row in rows] == [(1, "Kim"), (2, "=Lou"), (3, "Ada")]
    assert idle.pk == rows[-1]["student"].pk


def test_a_game_report_counts_games_played_and_won(teacher):
    session = duel_session(teacher)
    ana, ben, cal = (_join(session, n) for n in ("Ana", "Ben", "Cal"))
    services.session_start(session=session)
    tables = list(TableMatch.objects.filter(session=session).order_by("table"))
    pair = tables[0]
    winner_seat = pair.seats.exclude(student=None).first()
    _win(pair, winner_seat.seat)
    report = reports.session_report(session)
    rows = {row["student"].pk: row for row in report["rows"]}
    assert rows[winner_seat.student_id]["games_won"] == 1
    assert sum(row["games_played"] for row in rows.values()) == 2
    assert report["totals"]["games_finished"] == 1
    student = reports.student_report(session, winner_seat.student)
    assert [game["outcome"] for game in student["games"]] == ["Won"]


def test_the_report_pages_and_csv_download(teacher_client, teacher):
    session, kim, lou = _lesson_with_attempts(teacher)
    page = teacher_client.get(f"/teach/sessions/{session.pk}/report/").content.decode()
    assert "Class totals" in page and "Kim" in page and "Fruit or veggie" in page
    download = teacher_client.get(f"/teach/sessions/{session.pk}/report.csv")
    assert download["Content-Type"].startswith("text/csv")
    assert f"plateful-{session.code}" in download["Content-Disposition"]
    assert download.content.decode().splitlines()[1].startswith('"Kim",')
    student_page = teacher_client.get(f"/teach/sessions/{session.pk}/students/{kim.pk}/").content.decode()
    assert "Meals checked" in student_page and "Balanced" in student_page


def test_the_teacher_panel_lists_sessions_by_date(teacher_client, teacher):
    older = duel_session(teacher, title="Monday class")
    ClassSession.objects.filter(pk=older.pk).update(created_at=timezone.now() - timedelta(days=3))
    duel_session(teacher, title="Today's class")
    html = teacher_client.get("/teach/").content.decode()
    assert html.index("Today&#x27;s class") < html.index("Monday class")
    assert html.count('class="day"') == 2


def test_deleting_a_session_from_its_report(teacher_client, teacher):
    session, kim, lou = _lesson_with_attempts(teacher)
    assert "Delete it all" in teacher_client.get(f"/teach/sessions/{session.pk}/delete/").content.decode()
    assert teacher_client.post(f"/teach/sessions/{session.pk}/delete/").status_code == 302
    assert not ClassSession.objects.exists() and not MealAttempt.objects.exists()


def test_retention_deletes_old_finished_sessions_student_data_and_keeps_the_totals(teacher, settings):
    settings.CLASSROOM_RETENTION_DAYS = 30
    old, kim, lou = _lesson_with_attempts(teacher)
    services.session_end(session=old)
    ClassSession.objects.filter(pk=old.pk).update(ended_at=timezone.now() - timedelta(days=31))
    game = duel_session(teacher)
    _join(game, "Ana")
    services.session_start(session=game)
    game_match = TableMatch.objects.get(session=game).match_id
    ClassSession.objects.filter(pk=game.pk).update(
        created_at=timezone.now() - timedelta(days=40)
    )  # never ended
    recent, *_ = _lesson_with_attempts(teacher)
    services.session_end(session=recent)
    call_command("purge_class_data", verbosity=0)
    old.refresh_from_db()
    assert old.purged_at is not None and not old.students.exists()
    assert old.summary["attempts"] == 5 and old.summary["most_failed"] == "Fruit or veggie"
    assert reports.session_report(old)["totals"]["attempts"] == 5
    assert not Match.objects.filter(pk=game_match).exists()
    game.refresh_from_db()
    assert game.ended and game.purged_at is not None
    assert recent.students.count() == 2  # ended today: kept


def test_a_dry_run_deletes_nothing(teacher, capsys):
    old, *_ = _lesson_with_attempts(teacher)
    services.session_end(session=old)
    ClassSession.objects.filter(pk=old.pk).update(ended_at=timezone.now() - timedelta(days=400))
    call_command("purge_class_data", "--dry-run")
    assert "Would delete" in capsys.readouterr().out
    assert old.students.count() == 2


def test_a_finished_match_is_not_closed_again(teacher):
    session = duel_session(teacher)
    _join(session, "Ana")
    services.session_start(session=session)
    table = TableMatch.objects.get(session=session)
    _win(table, 0)
    assert games.match_close(match_id=table.match_id, reason="x") is False
    assert Match.objects.get(pk=table.match_id).result["winners"] == [0]


def test_the_csv_total_counts_each_finished_game_once_as_the_report_does(teacher):
    session = duel_session(teacher)
    _join(session, "Ana")
    _join(session, "Ben")
    services.session_start(session=session)
    table = TableMatch.objects.get(session=session)
    _win(table, 0)
    report = reports.session_report(session)
    assert report["totals"]["games_finished"] == 1
    out = io.StringIO()
    reports.write_csv(out, session)
    total = next(row for row in csv.DictReader(io.StringIO(out.getvalue())) if row["status"] == "total")
    assert total["games_played"] == "1"  # one game, though two students played it
    assert total["games_won"] == str(report["totals"]["games_won"])


def test_the_teachers_home_page_counts_the_class_as_its_report_does(teacher, teacher_client):
    session = duel_session(teacher, approve_names=True)
    students = [_join(session, name) for name in ("Ana", "Ben", "Cal", "Dee", "Eve", "Fay")]
    for student in students[:3]:
        roster.student_approve(session=session, student_id=student.pk)
    roster.student_remove(session=session, student_id=students[1].pk)
    roster.student_remove(session=session, student_id=students[3].pk, ban=True)
    assert reports.session_report(session)["totals"]["students"] == 2  # Ana and Cal; Eve and Fay wait
    page = teacher_client.get("/teach/").content.decode()
    assert "· 2 students" in page and "6 students" not in page
