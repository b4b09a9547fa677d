"""Class sessions as services: codes, joining, seating with bots, the teacher's controls, lessons."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from classroom import lessons, retention, roster, services
from classroom.models import ClassSession, MealAttempt, Student, TableMatch, TableSeat
from games import scheduler
from games import services as games
from games.engines import get_engine
from games.models import Match, Seat
from tests.classroom.conftest import duel_session, lesson_session

pytestmark = pytest.mark.django_db


def _student(session, nickname, device=""):
    return services.student_join(session=session, nickname=nickname, device=device or nickname)


def _seats(table_match):
    return {seat.seat: seat.student for seat in table_match.seats.all()}


def test_a_join_code_is_short_and_has_no_look_alike_characters(teacher):
    codes = {duel_session(teacher).code for _ in range(30)}
    assert len(codes) == 30
    for code in codes:
        assert len(code) == 6
        assert not set(code) & set("0O1IL2Z5S8B6GQ")


def test_a_typed_code_is_forgiving_about_case_spaces_and_dashes(teacher):
    session = duel_session(teacher)
    messy = f" {session.code[:3].lower()}-{session.code[3:]} "
    assert services.session_for_code(code=messy) == session


def test_a_wrong_or_expired_code_says_so_plainly(teacher, settings):
    with pytest.raises(services.ClassroomError, match="There is no class with the code ZZZZZZ") as wrong:
        services.session_for_code(code="zzzzzz")
    assert wrong.value.status == 404
    session = duel_session(teacher)
    ClassSession.objects.filter(pk=session.pk).update(
        created_at=timezone.now() - timedelta(hours=settings.CLASSROOM_CODE_HOURS + 1)
    )
    with pytest.raises(services.ClassroomError, match="has ended") as expired:
        services.session_for_code(code=session.code)
    assert expired.value.code == "expired"
    ended = duel_session(teacher)
    services.session_end(session=ended)
    with pytest.raises(services.ClassroomError, match="has ended"):
        services.session_for_code(code=ended.code)


def test_a_locked_session_refuses_new_players(teacher):
    session = duel_session(teacher)
    services.session_set_locked(session=session, locked=True)
    session.refresh_from_db()
    with pytest.raises(services.ClassroomError, match="closed to new players"):
        _student(session, "Kim")
    services.session_set_locked(session=session, locked=False)
    session.refresh_from_db()
    assert _student(session, "Kim").nickname == "Kim"


def test_nicknames_are_unique_in_a_session_ignoring_case_and_spaces(teacher):
    session = duel_session(teacher)
    _student(session, "Crunchy Carrot")
    with pytest.raises(services.ClassroomError, match="already has that name"):
        _student(session, "crunchycarrot", device="other")
    assert _student(duel_session(teacher), "Crunchy Carrot").nickname == "Crunchy Carrot"


def test_start_seats_students_at_tables_of_the_chosen_size_and_bots_fill_the_gaps(teacher):
    session = duel_session(teacher)
    students = [_student(session, name) for name in ("Ana", "Ben", "Cal")]
    services.session_start(session=session)
    tables = list(TableMatch.objects.filter(session=session, current=True).order_by("table"))
    assert [t.table for t in tables] == [1, 2]
    seated = [s for t in tables for s in _seats(t).values() if s is not None]
    assert sorted(s.nickname for s in seated) == ["Ana", "Ben", "Cal"]
    bots = [t for t in tables if None in _seats(t).values()]
    assert len(bots) == 1
    bot_seat = Seat.objects.get(match=bots[0].match, kind="bot")
    assert bot_seat.bot_level == "beginner"
    for table in tables:
        assert table.match.status == "playing" and table.match.game == "duel"
        for seat in table.seats.exclude(student=None):
            assert games.seat_for_token(match=table.match, token=seat.token) == seat.seat
    assert {services.student_place(student=s).kind for s in students} == {"table"}


def test_tables_are_filled_as_evenly_as_they_can_be(teacher):
    session = services.session_create(
        teacher=teacher, kind="game", game="build-a-meal", seats_per_table=4, bot_level="beginner"
    )
    for n in range(7):
        _student(session, f"Kid {n}")
    services.session_start(session=session)
    sizes = sorted(
        TableSeat.objects.filter(table_match__session=session, student__isnull=False)
        .values_list("table_match__table", flat=True)
        .order_by()
    )
    assert sorted([sizes.count(1), sizes.count(2)]) == [3, 4]
    assert TableSeat.objects.filter(table_match__session=session, student=None).count() == 1


def test_start_needs_someone_to_seat(teacher):
    with pytest.raises(services.ClassroomError, match="Nobody has joined yet"):
        services.session_start(session=duel_session(teacher))


def test_a_late_joiner_takes_a_bots_seat_mid_game(teacher):
    session = duel_session(teacher)
    _student(session, "Ana")
    services.session_start(session=session)
    session.refresh_from_db()
    late = _student(session, "Ben")
    place = services.student_place(student=late)
    assert place.kind == "table" and place.table == 1
    match = Match.objects.get(pk=place.match_id)
    assert not match.seat_set.filter(kind="bot").exists()
    assert games.seat_for_token(match=match, token=dict(place.tokens)[match.pk]) is not None
    third = _student(session, "Cal")  # no bot seat left: a new table with a bot
    assert services.student_place(student=third).table == 2


def test_the_teacher_moves_a_student_into_a_bots_seat_and_a_bot_takes_theirs(teacher):
    session = duel_session(teacher)
    ana, ben, cal = (_student(session, n) for n in ("Ana", "Ben", "Cal"))
    services.session_start(session=session)
    alone = next(s for s in (ana, ben, cal) if services.student_place(student=s).table == 2)
    partner_table = TableMatch.objects.get(session=session, table=1)
    leaving = next(s for s in _seats(partner_table).values())
    with pytest.raises(services.ClassroomError, match="no free seat"):
        services.student_move(session=session, student_id=leaving.pk, table=1)
    services.student_move(session=session, student_id=leaving.pk, table=2)
    assert services.student_place(student=leaving).table == 2
    assert None in _seats(partner_table).values()
    assert partner_table.match.seat_set.filter(kind="bot").count() == 1
    table2 = TableMatch.objects.get(session=session, table=2, current=True)
    assert set(_seats(table2).values()) == {alone, leaving}


def test_restarting_a_table_closes_its_game_and_deals_a_new_one_to_the_same_players(teacher):
    session = duel_session(teacher)
    _student(session, "Ana"), _student(session, "Ben")
    services.session_start(session=session)
    old = TableMatch.objects.get(session=session, table=1)
    fresh = services.table_restart(session=session, table=1)
    old.refresh_from_db()
    old.match.refresh_from_db()
    assert not old.current and old.match.status == "finished"
    assert old.match.result["winners"] == [] and old.match.result["closed"]
    assert fresh.current and fresh.match.status == "playing"
    assert set(_seats(fresh).values()) == set(_seats(old).values())


def _finish(match_id):
    games.match_close(match_id=match_id, reason="test")  # a finished game, whoever won
    Match.objects.filter(pk=match_id).update(result={"winners": [0], "scores": [3, 1], "reason": "won"})


def test_play_again_at_the_same_table_with_the_same_players(teacher):
    session = duel_session(teacher)
    ana, ben = _student(session, "Ana"), _student(session, "Ben")
    services.session_start(session=session)
    first = TableMatch.objects.get(session=session, table=1)
    services.table_play_again(session=session, match_id=first.match_id, student=ana)
    assert TableMatch.objects.filter(session=session).count() == 1  # not over yet: nothing new
    _finish(first.match_id)
    services.table_play_again(session=session, match_id=first.match_id, student=ana)
    services.table_play_again(session=session, match_id=first.match_id, student=ben)  # already on
    second = TableMatch.objects.get(session=session, current=True)
    assert second.table == 1 and second.match_id != first.match_id
    assert _seats(second) == _seats(first)
    assert services.student_place(student=ben).match_id == second.match_id


def test_pausing_refuses_every_move_bots_and_timers_included_until_resumed(teacher):
    session = duel_session(teacher)
    _student(session, "Ana")
    services.session_start(session=session)
    match = TableMatch.objects.get(session=session).match
    services.session_set_paused(session=session, paused=True)
    with pytest.raises(games.MatchError, match="paused") as refused:
        games.match_submit_action(match_id=match.pk, seat=None, action={"type": "reveal"}, trusted=True)
    assert refused.value.status == 409
    assert scheduler.bots_play(match_id=match.pk) == 0
    services.session_set_paused(session=session, paused=False)
    assert scheduler.bots_play(match_id=match.pk) >= 1


def test_ending_a_session_closes_every_game_still_going_with_no_winner(teacher):
    session = duel_session(teacher)
    ana = _student(session, "Ana")
    _student(session, "Ben")
    services.session_start(session=session)
    services.session_end(session=session)
    session.refresh_from_db()
    assert session.ended and session.ended_at is not None
    for table in TableMatch.objects.filter(session=session):
        table.match.refresh_from_db()
        assert table.match.status == "finished"
        assert table.match.result["reason"] == "The teacher ended the class session."
        state = games.match_state(match=table.match)
        assert get_engine("duel").to_move(state) == set()
    assert services.student_place(student=Student.objects.get(pk=ana.pk)).kind == "ended"


def test_removing_a_student_gives_their_seat_to_a_bot_and_their_device_may_rejoin_renamed(teacher):
    session = duel_session(teacher)
    ana = _student(session, "Ana", device="device-of-ana")
    _student(session, "Ben")
    services.session_start(session=session)
    match_id = services.student_place(student=ana).match_id
    roster.student_remove(session=session, student_id=ana.pk)
    ana.refresh_from_db()
    assert ana.removed and not ana.banned and services.student_place(student=ana).kind == "removed"
    assert Match.objects.get(pk=match_id).seat_set.filter(kind="bot").count() == 1
    with pytest.raises(services.ClassroomError, match="already has that name"):
        services.student_join(session=session, nickname="Ana", device="device-of-ana")  # a new name
    again = services.student_join(session=session, nickname="Ana 2", device="device-of-ana", was=ana.pk)
    assert not again.removed and services.student_place(student=again).kind == "table"


def test_a_banned_students_device_and_browser_session_cannot_rejoin(teacher):
    session = duel_session(teacher)
    ana = _student(session, "Ana", device="device-of-ana")
    _student(session, "Ben")
    services.session_start(session=session)
    roster.student_remove(session=session, student_id=ana.pk, ban=True)
    ana.refresh_from_db()
    assert ana.removed and ana.banned and services.student_place(student=ana).kind == "banned"
    with pytest.raises(services.ClassroomError, match="can't join it again") as refused:
        services.student_join(session=session, nickname="Ana 2", device="device-of-ana")
    assert refused.value.status == 403
    # A new device cookie, but the same browser session (it remembers it was Ana here).
    with pytest.raises(services.ClassroomError, match="can't join it again"):
        services.student_join(session=session, nickname="Ana 3", device="another-device", was=ana.pk)
    assert session.students.count() == 2


def test_a_lesson_records_every_attempt_with_the_rules_it_missed(teacher):
    session = lesson_session(teacher)
    kim = _student(session, "Kim")
    for card in ("brown-rice", "carrots"):  # 1 grain, 1 veggie
        lessons.lesson_toggle_card(student=kim, card_id=card)
    attempt, check = lessons.lesson_check(student=kim)
    assert not attempt.balanced
    assert attempt.failed_rules == ["grains", "fruit_or_veggie", "meat_or_dairy"]
    for card in ("bagel", "apple", "milk"):
        lessons.lesson_toggle_card(student=kim, card_id=card)
    attempt, check = lessons.lesson_check(student=kim)
    assert attempt.balanced and check.balanced
    assert MealAttempt.objects.filter(student=kim).count() == 2
    lessons.lesson_toggle_card(student=kim, card_id="milk")  # a second click takes it off
    kim.refresh_from_db()
    assert "milk" not in kim.plate


def test_a_lesson_uses_only_the_cards_and_rules_the_teacher_picked(teacher):
    session = lesson_session(
        teacher,
        meal_rules={
            "grains": 1,
            "fruit_or_veggie": 0,
            "meat_or_dairy": 0,
            "no_junk": True,
            "calorie_limit": 400,
        },
        lesson_cards=["bagel", "brown-rice", "french-fries", "apple"],
    )
    kim = _student(session, "Kim")
    with pytest.raises(services.ClassroomError, match="isn't part of this lesson"):
        lessons.lesson_toggle_card(student=kim, card_id="milk")
    lessons.lesson_toggle_card(student=kim, card_id="bagel")
    lessons.lesson_toggle_card(student=kim, card_id="french-fries")
    attempt, check = lessons.lesson_check(student=kim)
    assert attempt.failed_rules == ["no_junk"]
    assert [row.rule for row in check.rows] == ["grains", "no_junk", "calories"]


def test_a_paused_lesson_refuses_clicks(teacher):
    session = lesson_session(teacher)
    kim = _student(session, "Kim")
    services.session_set_paused(session=session, paused=True)
    kim.refresh_from_db()
    with pytest.raises(services.ClassroomError, match="paused"):
        lessons.lesson_toggle_card(student=kim, card_id="apple")


def test_deleting_a_session_deletes_its_students_games_and_attempts(teacher):
    session = duel_session(teacher)
    _student(session, "Ana")
    services.session_start(session=session)
    match_id = TableMatch.objects.get(session=session).match_id
    retention.session_delete(session=session)
    assert not ClassSession.objects.filter(pk=session.pk).exists()
    assert not Student.objects.exists()
    assert not Match.objects.filter(pk=match_id).exists()


def test_the_demo_teacher_is_not_staff(db):
    user, created = services.teacher_ensure(username="teacher", password="x-long-password")
    assert created and not user.is_staff and user.groups.filter(name="Teachers").exists()
