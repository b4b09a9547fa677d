"""What the teacher's live pages show: tables in brief (never a hidden card), idle students, the
leaderboard and the projector's top ten."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from classroom import class_matches, dashboard, lessons, services
from classroom.models import Student, TableMatch
from games import services as games
from games.engines import ENGINES, get_engine
from games.models import Match
from tests.classroom.conftest import duel_session, lesson_session

pytestmark = pytest.mark.django_db


def _join(session, name):
    return services.student_join(session=session, nickname=name, device=name)


def test_tables_in_brief_show_game_turn_and_scores_and_never_a_hidden_card(teacher):
    session = services.session_create(
        teacher=teacher, kind="game", game="build-a-meal", seats_per_table=2, bot_level="beginner"
    )
    _join(session, "Ana"), _join(session, "Ben")
    services.session_start(session=session)
    (brief,) = dashboard.tables_brief(session)
    assert brief.game == "Build-A-Meal" and brief.status == "playing"
    assert {p["name"] for p in brief.players} == {"Ana", "Ben"}
    assert brief.number_label == "meals" and [p["progress"] for p in brief.players] == [0, 0]
    assert len(brief.turn) == 1
    match = Match.objects.get(pk=brief.match_id)
    state = games.match_state(match=match)
    hidden = get_engine("build-a-meal").hidden_cards(state, None)
    html = dashboard.dashboard_html(session)
    assert hidden and not any(f"/{card}.png" in html or f'"{card}"' in html for card in hidden)


def test_a_student_whose_turn_it_is_and_who_has_not_moved_for_a_while_is_idle(teacher, settings):
    settings.CLASSROOM_IDLE_SECONDS = 60
    session = services.session_create(
        teacher=teacher, kind="game", game="build-a-meal", seats_per_table=2, bot_level="beginner"
    )
    _join(session, "Ana"), _join(session, "Ben")
    services.session_start(session=session)
    long_ago = timezone.now() - timedelta(minutes=5)
    Student.objects.update(last_active_at=long_ago)
    rows = {
        row["student"].nickname: row for row in dashboard.roster(session, dashboard.tables_brief(session))
    }
    (turn,) = dashboard.tables_brief(session)[0].turn
    waiting = "Ben" if turn == "Ana" else "Ana"
    assert rows[turn]["idle"] and rows[turn]["doing"] == "Their turn" and rows[turn]["quiet_minutes"] == 5
    assert not rows[waiting]["idle"]  # waiting for the other player is not being stuck
    services.session_set_paused(session=session, paused=True)
    session.refresh_from_db()
    assert not any(row["idle"] for row in dashboard.roster(session, dashboard.tables_brief(session)))


def test_a_quiet_lesson_student_is_idle_once_the_lesson_runs(teacher, settings):
    settings.CLASSROOM_IDLE_SECONDS = 60
    session = lesson_session(teacher, start=False)
    _join(session, "Kim")
    services.session_start(session=session)
    session.refresh_from_db()
    Student.objects.update(last_active_at=timezone.now() - timedelta(minutes=3))
    (row,) = dashboard.roster(session, [])
    assert row["idle"] and row["doing"] == "Building a first meal"


def test_the_leaderboard_ranks_wins_and_the_projector_shows_only_the_top_ten(teacher):
    session = duel_session(teacher)
    students = [_join(session, f"Kid {n:02}") for n in range(12)]
    services.session_start(session=session)
    winners = []
    for table in TableMatch.objects.filter(session=session):
        seat = table.seats.exclude(student=None).first()
        Match.objects.filter(pk=table.match_id).update(
            status="finished", result={"winners": [seat.seat], "scores": []}
        )
        winners.append(seat.student.nickname)
    board = dashboard.leaderboard(session)
    assert [row["student"].nickname for row in board[: len(winners)]] == sorted(winners)
    assert all(row["rank"] == 1 for row in board[: len(winners)])
    assert board[len(winners)]["rank"] == len(winners) + 1
    top = dashboard.projector_context(session)["top"]
    assert len(top) == 10 and len(students) == 12


def test_the_join_qr_code_is_an_inline_svg_of_the_join_link(teacher):
    session = duel_session(teacher)
    url = dashboard.join_url("http://school.example/", session)
    assert url == f"http://school.example/join?code={session.code}"
    svg = dashboard.qr_svg(url)
    assert svg.startswith("<svg") and "<script" not in svg and url in svg


def test_a_move_marks_its_student_active_at_most_once_per_interval(
    teacher, django_assert_num_queries, monkeypatch
):
    session = duel_session(teacher)
    ana = _join(session, "Ana")
    services.session_start(session=session)
    table = TableMatch.objects.get(session=session)
    seat = table.seats.get(student=ana).seat
    long_ago = timezone.now() - timedelta(minutes=5)
    Student.objects.update(last_active_at=long_ago)
    assert class_matches.student_activity(match_id=table.match_id, seat=seat) == session.pk
    ana.refresh_from_db()
    assert ana.last_active_at > long_ago
    Student.objects.update(last_active_at=long_ago)
    with django_assert_num_queries(0):  # the session is known and Ana was marked a moment ago
        assert class_matches.student_activity(match_id=table.match_id, seat=seat) == session.pk
    ana.refresh_from_db()
    assert ana.last_active_at == long_ago
    monkeypatch.setattr(class_matches, "ACTIVITY_EVERY", timedelta(0))  # the interval has passed
    class_matches.student_activity(match_id=table.match_id, seat=seat)
    ana.refresh_from_db()
    assert ana.last_active_at > long_ago


def test_the_lesson_leaderboard_ranks_passes_then_the_best_attempt_then_trying(teacher):
    session = lesson_session(teacher)
    ada, bo, cy, dan, eve = (_join(session, n) for n in ("Ada", "Bo", "Cy", "Dan", "Eve"))
    plates = {
        "Dan": ["bagel", "brown-rice", "apple", "carrots", "milk"],  # balanced
        "Eve": ["bagel", "brown-rice", "milk"],  # one rule missed
        "Cy": ["french-fries", "cheese-pizza", "chocolate-bar"],  # several rules missed
    }
    for student in (cy, dan, eve):
        student.plate = plates[student.nickname]
        student.save()
        lessons.lesson_check(student=Student.objects.get(pk=student.pk))
    board = dashboard.leaderboard(session)
    assert [(row["rank"], row["student"].nickname) for row in board] == [
        (1, "Dan"),
        (2, "Eve"),
        (3, "Cy"),
        (4, "Ada"),  # Ada and Bo did nothing yet: they share the last place
        (4, "Bo"),
    ]


def test_tables_in_brief_rank_a_finished_table_and_word_its_scores(teacher):
    session = services.session_create(
        teacher=teacher, kind="game", game="food-war", seats_per_table=4, bot_level="beginner"
    )
    for name in ("Ana", "Ben", "Cal"):
        _join(session, name)
    services.session_start(session=session)
    (brief,) = dashboard.tables_brief(session)
    Match.objects.filter(pk=brief.match_id).update(
        status="finished", result={"winners": [3], "scores": [17, 1, 3, 21], "reason": "Time."}
    )
    (brief,) = dashboard.tables_brief(session)
    assert [p["number"] for p in brief.standings] == [3, 0, 2, 1]
    assert [p["rank"] for p in brief.standings] == [1, 2, 3, 4]
    assert [p["progress_words"] for p in brief.standings] == ["21 cards", "17 cards", "3 cards", "1 card"]
    html = dashboard.dashboard_html(session)
    assert ">1 card<" in html and ">1 cards<" not in html and " score<" not in html


@pytest.mark.parametrize("game", list(ENGINES))
def test_every_game_shows_its_numbers_so_far_in_its_own_words(teacher, game):
    engine = ENGINES[game]
    session = services.session_create(
        teacher=teacher, kind="game", game=game, seats_per_table=engine.min_seats, bot_level="beginner"
    )
    _join(session, "Ana")
    services.session_start(session=session)
    (brief,) = dashboard.tables_brief(session)
    words = [p["progress_words"] for p in brief.standings]
    assert all(words), f"{game}: {words}"
    assert brief.number_label == engine.score_unit


def test_names_waiting_for_the_teachers_ok_are_counted_not_called_nobody(teacher, teacher_client):
    session = duel_session(teacher, approve_names=True)
    for name in ("Ana", "Ben", "Cal"):
        _join(session, name)
    page = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert "3 names wait for your OK" in page
    assert "Nobody has joined yet" not in page
    assert "3 waiting for your OK" in page and "No name accepted yet" in page


def test_a_tables_bots_are_named_in_the_teachers_language(teacher):
    session = services.session_create(
        teacher=teacher, kind="game", game="food-war", seats_per_table=4, bot_level="beginner"
    )
    _join(session, "Ana")
    services.session_start(session=session)
    with translation.override("es"):
        (brief,) = dashboard.tables_brief(session)
    assert [p["name"] for p in brief.players if p["is_bot"]] == [
        "Bot Principiante 2",
        "Bot Principiante 3",
        "Bot Principiante 4",
    ]
