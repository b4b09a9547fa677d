"""Homework pages: the teacher's (list, a new assignment in their time zone, its page with the
link, QR code and results, the CSV, dates, new resume codes, deleting) and the students' (the
entry page, the homework page before, during and after, the resume code shown once, wrong codes
refused plainly and limited per address and per device, the lesson through htmx)."""

from __future__ import annotations

import html
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.utils import timezone

from homework import services
from homework.models import Assignment, Attempt
from tests.homework.conftest import RESUME_CODE, duel_homework, finish, lesson_homework, play, start

pytestmark = pytest.mark.django_db


def _typed(moment: datetime, zone: str) -> str:
    """A moment as a datetime-local field holds it in that time zone."""
    return moment.astimezone(ZoneInfo(zone)).strftime("%Y-%m-%dT%H:%M")


def _closed(assignment):
    now = timezone.now()
    Assignment.objects.filter(pk=assignment.pk).update(
        due_at=now - timedelta(seconds=1), opens_at=now - timedelta(days=2)
    )


# ----- the teacher's pages ----------------------------------------------------------------------------


def test_the_teachers_pages_need_a_login_and_show_only_their_own_homework(teacher, other_teacher):
    assignment = duel_homework(teacher)
    for path in ("/teach/homework/", "/teach/homework/new/", f"/teach/homework/{assignment.pk}/"):
        response = Client().get(path)
        assert response.status_code == 302 and "/login/" in response["Location"]
    nosy = Client()
    nosy.force_login(other_teacher)
    for path in (f"/teach/homework/{assignment.pk}/", f"/teach/homework/{assignment.pk}/oneroster.zip"):
        assert nosy.get(path).status_code == 404
    assert assignment.code not in nosy.get("/teach/homework/").content.decode()


def test_the_teach_panel_links_to_homework_and_the_list_shows_it(teacher, teacher_client):
    assert 'href="/teach/homework/"' in teacher_client.get("/teach/").content.decode()
    assignment = duel_homework(teacher, title="Week 3")
    page = teacher_client.get("/teach/homework/").content.decode()
    assert "Week 3" in page and assignment.code in page and "Duel against beginner bots" in page


def test_a_teacher_assigns_duel_against_beginner_bots_with_dates_in_their_time_zone(teacher, teacher_client):
    due = (timezone.now() + timedelta(days=10)).replace(second=0, microsecond=0)
    response = teacher_client.post(
        "/teach/homework/new/",
        {
            "title": "Duel practice",
            "activity": "duel",
            "duel-seats": "2",
            "duel-bot_level": "beginner",
            "duel-option_rounds_to_win": "1",
            "duel-goal": "win",
            "duel-goal_count": "2",
            "opens_at": "",
            "due_at": _typed(due, "America/Mexico_City"),
            "late_until": "",
            "time_zone": "America/Mexico_City",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = Assignment.objects.get()
    assert response["Location"] == f"/teach/homework/{assignment.pk}/"
    assert (assignment.game, assignment.bot_level, assignment.goal, assignment.goal_count) == (
        "duel",
        "beginner",
        "win",
        2,
    )
    assert assignment.due_at == due
    assert assignment.time_zone == "America/Mexico_City"


def test_a_teacher_assigns_a_lesson_and_a_wrong_form_says_what_is_wrong(teacher, teacher_client):
    bad = teacher_client.post("/teach/homework/new/", {"activity": "duel", "due_at": "", "duel-seats": "2"})
    assert bad.status_code == 400 and not Assignment.objects.exists()
    response = teacher_client.post(
        "/teach/homework/new/",
        {
            "activity": "lesson",
            "due_at": _typed(timezone.now() + timedelta(days=3), "UTC"),
            "lesson-goal_count": "1",
            "lesson-need_grains": "2",
            "lesson-need_fruit": "0",
            "lesson-need_veggie": "0",
            "lesson-need_fruit_or_veggie": "2",
            "lesson-need_meat": "0",
            "lesson-need_dairy": "0",
            "lesson-need_meat_or_dairy": "1",
            "lesson-calorie_limit": "600",
            "lesson-cards": ["brown-rice", "bagel", "apple", "carrots", "milk"],
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assignment = Assignment.objects.get()
    assert assignment.is_lesson and set(assignment.lesson_cards) == {
        "brown-rice",
        "bagel",
        "apple",
        "carrots",
        "milk",
    }


def test_the_assignment_page_shows_the_code_link_qr_and_each_students_results(teacher, teacher_client):
    assignment = duel_homework(teacher, goal_count=1)
    ana, _s, _c = start(assignment, "Ana")
    start(assignment, "Ben")
    finish(play(ana, assignment))
    page = teacher_client.get(f"/teach/homework/{assignment.pk}/").content.decode()
    assert assignment.code in page and f"http://testserver/hw/{assignment.code}/" in page
    assert "<svg" in page and "http://testserver/homework" in page
    assert 'data-student="Ana" data-status="met"' in page
    assert 'data-student="Ben" data-status="not_started"' in page
    assert "Won, score 1" in page


def test_the_teacher_moves_the_due_date_and_gives_a_new_resume_code(teacher, teacher_client):
    assignment = duel_homework(teacher, time_zone="Europe/Madrid")
    _browser, student, old_code = start(assignment, "Ana")
    due = (timezone.now() + timedelta(days=20)).replace(second=0, microsecond=0)
    response = teacher_client.post(
        f"/teach/homework/{assignment.pk}/dates/",
        {"opens_at": "", "due_at": _typed(due, "Europe/Madrid"), "late_until": ""},
    )
    assert response.status_code == 302
    assignment.refresh_from_db()
    assert assignment.due_at == due
    bad = teacher_client.post(
        f"/teach/homework/{assignment.pk}/dates/",
        {
            "opens_at": "",
            "due_at": _typed(due, "Europe/Madrid"),
            "late_until": _typed(due - timedelta(days=1), "Europe/Madrid"),
        },
    )
    assert (
        bad.status_code == 400
        and "Late work must be accepted until after the due date" in bad.content.decode()
    )
    response = teacher_client.post(
        f"/teach/homework/{assignment.pk}/students/{student.pk}/new-code/", follow=True
    )
    new_code = RESUME_CODE.search(response.content.decode()).group(0)
    assert new_code != old_code
    assert services.student_resume(assignment=assignment, code=new_code) == student


def test_deleting_asks_first_then_deletes_everything(teacher, teacher_client):
    assignment = duel_homework(teacher)
    ana, _s, _c = start(assignment, "Ana")
    play(ana, assignment)
    assert (
        "Delete this homework?"
        in teacher_client.get(f"/teach/homework/{assignment.pk}/delete/").content.decode()
    )
    response = teacher_client.post(f"/teach/homework/{assignment.pk}/delete/")
    assert response.status_code == 302 and not Assignment.objects.exists() and not Attempt.objects.exists()


# ----- the students' pages -----------------------------------------------------------------------------


def test_the_home_page_and_the_join_page_lead_to_the_homework_entry(client):
    assert 'href="/homework"' in client.get("/").content.decode()
    assert 'href="/homework"' in client.get("/join").content.decode()
    assert "Homework code" in client.get("/homework").content.decode()


def test_the_entry_page_opens_the_homework_of_a_code_and_refuses_a_wrong_one_plainly(teacher, client):
    assignment = duel_homework(teacher)
    response = client.post("/homework", {"code": f" {assignment.code.lower()} "})
    assert response.status_code == 302 and response["Location"] == f"/hw/{assignment.code}/"
    assert client.get(f"/homework?code={assignment.code}")["Location"] == f"/hw/{assignment.code}/"
    wrong = client.post("/homework", {"code": "ZZZZZZ"})
    assert wrong.status_code == 404
    assert "There is no homework with the code ZZZZZZ" in wrong.content.decode()
    assert client.get("/hw/ZZZZZZ/").status_code == 404


def test_a_get_with_a_homework_code_is_never_a_guess(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_RATE = "5/5m"
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "5/5m"
    assignment = duel_homework(teacher)
    page = Client()
    for n in range(14):  # a web page's <img> tags, from the school's address
        wrong = f"AAAAA{'ACDEFHJKMNPRTU'[n]}"
        assert page.get(f"/homework?code={wrong}")["Location"] == f"/hw/{wrong}/"
        assert page.get(f"/hw/{wrong}/").status_code in (200, 404)
    # Past the links' own limit, a link gets the code form, the code filled in, right or wrong.
    right, wrong = page.get(f"/hw/{assignment.code}/"), page.get("/hw/ZZZZZZ/")
    assert (right.status_code, wrong.status_code) == (200, 200)
    assert (
        f'value="{assignment.code}"' in right.content.decode() and 'value="ZZZZZZ"' in wrong.content.decode()
    )
    assert "Start my homework" not in right.content.decode()
    # A typed code was never refused: the right one opens the homework, in this browser too.
    assert page.post("/homework", {"code": assignment.code}).status_code == 302
    assert "Start my homework" in page.get(f"/hw/{assignment.code}/").content.decode()
    assert Client().post("/homework", {"code": assignment.code}).status_code == 302
    assert (
        Client().post(f"/hw/{assignment.code}/join/", {"nickname": "Ana", "action": "join"}).status_code
        == 302
    )


def test_wrong_codes_are_limited_per_address(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_RATE = "3/5m"
    assignment = duel_homework(teacher)
    browsers = [Client() for _ in range(4)]  # no device cookie: only the address counts
    for browser in browsers[:3]:
        assert browser.post("/homework", {"code": "ZZZZZZ"}).status_code == 404
    blocked = browsers[3].post("/homework", {"code": assignment.code})
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.content.decode()


def test_wrong_resume_codes_are_limited_per_device_and_refused_plainly(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "2/5m"
    assignment = duel_homework(teacher)
    _ana, _student, code = start(assignment, "Ana")
    guesser = Client()  # its first wrong code gives it its device id
    first = guesser.post(f"/hw/{assignment.code}/resume/", {"resume_code": "AAAA-AAAA"})
    assert first.status_code == 404
    assert "That resume code isn't right for this homework" in html.unescape(first.content.decode())
    guesser.post(f"/hw/{assignment.code}/resume/", {"resume_code": "CCCC-CCCC"})
    blocked = guesser.post(f"/hw/{assignment.code}/resume/", {"resume_code": code})  # even the right one
    assert blocked.status_code == 429 and "Too many wrong codes" in blocked.content.decode()
    assert services.STUDENTS_KEY not in guesser.session
    other_device = Client()  # same address, another browser: the address's allowance is not used up
    assert other_device.post(f"/hw/{assignment.code}/resume/", {"resume_code": code}).status_code == 302


def test_starting_shows_the_resume_code_once_until_noted(teacher):
    assignment = duel_homework(teacher)
    browser, student, code = start(assignment, "Ana")
    page = browser.get(f"/hw/{assignment.code}/").content.decode()
    assert "Write it down to carry on later or on another device." in page and code in page
    assert "Play my first game" in page and "You are <strong>Ana</strong>" in page
    browser.post(f"/hw/{assignment.code}/noted/")
    page = browser.get(f"/hw/{assignment.code}/").content.decode()
    assert code not in page and "Write it down" not in page


def test_a_bad_nickname_is_refused_and_a_fun_name_can_be_picked(teacher, client):
    assignment = duel_homework(teacher)
    refused = client.post(f"/hw/{assignment.code}/join/", {"nickname": "Teacher", "action": "join"})
    assert refused.status_code == 400 and "taken by the game itself" in refused.content.decode()
    fun = client.post(f"/hw/{assignment.code}/join/", {"nickname": "", "action": "fun-name"})
    assert fun.status_code == 200 and 'id="id_nickname"' in fun.content.decode()
    assert not assignment.students.exists()


def test_the_homework_page_before_it_opens_and_after_it_closes_says_so_politely(teacher):
    now = timezone.now()
    later = duel_homework(teacher, opens_at=now + timedelta(days=1), due_at=now + timedelta(days=2))
    page = Client().get(f"/hw/{later.code}/")
    assert page.status_code == 200 and "This homework opens on" in page.content.decode()
    assert "Start my homework" not in page.content.decode()
    assignment = duel_homework(teacher, goal_count=1)
    ana, _s, _c = start(assignment, "Ana")
    finish(play(ana, assignment))
    _closed(assignment)
    for browser, mine in ((Client(), False), (ana, True)):
        response = browser.get(f"/hw/{assignment.code}/")
        text = response.content.decode()
        assert response.status_code == 410 and "This homework is closed" in text
        assert "Start my homework" not in text and "Carry on" not in text
        assert ("Your results, Ana" in text) is mine
    assert ana.post(f"/hw/{assignment.code}/play/").status_code == 302  # back to the page, no game
    assert Attempt.objects.count() == 1
    joined = Client().post(f"/hw/{assignment.code}/join/", {"nickname": "Late Larry", "action": "join"})
    assert joined.status_code == 410


def test_the_lesson_through_htmx_records_a_failed_then_a_balanced_check(teacher):
    assignment = lesson_homework(teacher)
    kim, student, _code = start(assignment, "Kim")
    page = kim.get(f"/hw/{assignment.code}/").content.decode()
    assert 'id="lesson"' in page and f'hx-post="/hw/{assignment.code}/plate/"' in page
    for card in ("brown-rice", "carrots"):
        response = kim.post(f"/hw/{assignment.code}/plate/", {"card": card}, HTTP_HX_REQUEST="true")
        assert (
            response.status_code == 200
            and 'aria-pressed="true" data-focus-key="card-' + card in response.content.decode()
        )
    failed = kim.post(f"/hw/{assignment.code}/check/", HTTP_HX_REQUEST="true").content.decode()
    assert (
        "Not balanced yet" in failed and 'id="homework-progress"' in failed and 'hx-swap-oob="true"' in failed
    )
    for card in ("bagel", "apple", "milk"):
        kim.post(f"/hw/{assignment.code}/plate/", {"card": card}, HTTP_HX_REQUEST="true")
    passed = kim.post(f"/hw/{assignment.code}/check/", HTTP_HX_REQUEST="true").content.decode()
    assert "That's a balanced meal" in passed and "Goal met" in passed
    assert [a.balanced for a in student.attempts.all()] == [False, True]
    stranger = Client().post(f"/hw/{assignment.code}/check/", HTTP_HX_REQUEST="true")
    assert stranger.status_code == 403


def test_a_homework_game_page_leads_back_to_the_homework_from_the_menu(teacher):
    assignment = duel_homework(teacher, title="Week 3")
    ana, _s, _c = start(assignment, "Ana")
    match = play(ana, assignment)
    page = ana.get(f"/play/{match.pk}/").content.decode()
    assert f'<a href="/hw/{assignment.code}/" id="my-homework">My homework</a>' in page
    assert "My homework" not in Client().get("/games/").content.decode()
