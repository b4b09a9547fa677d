"""Classroom pages: who may see what, joining, throttling, escaping, CSRF, the teacher's controls."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import CommandError, call_command
from django.test import Client

from classroom import roster, services
from classroom.code_guesses import DEVICE_COOKIE
from classroom.gates import STUDENTS_KEY
from classroom.models import ClassSession, Student, TableMatch
from games import services as games
from games.models import Match
from games.views import SESSION_KEY
from tests.classroom.conftest import duel_session, join, lesson_session

pytestmark = pytest.mark.django_db


# ----- teachers ----------------------------------------------------------------------------------


def test_a_teacher_signs_up_logs_out_and_logs_in_again():
    browser = Client()
    page = browser.get("/signup/")
    assert page.status_code == 200 and "Make a teacher account" in page.content.decode()
    response = browser.post(
        "/signup/",
        {
            "username": "ms-lee",
            "email": "",
            "password1": "carrots-and-peas-42",
            "password2": "carrots-and-peas-42",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/teach/"
    user = get_user_model().objects.get(username="ms-lee")
    assert not user.is_staff and user.groups.filter(name="Teachers").exists()
    assert "Welcome, ms-lee" in browser.get("/teach/").content.decode()
    browser.post("/logout/")
    assert browser.get("/teach/").status_code == 302
    assert (
        browser.post("/login/", {"username": "ms-lee", "password": "carrots-and-peas-42"}).status_code == 302
    )


def test_a_teacher_changes_their_password(teacher_client, teacher):
    assert teacher_client.get("/password/change/").status_code == 200
    response = teacher_client.post(
        "/password/change/",
        {
            "old_password": "a-long-test-password-1",
            "new_password1": "broccoli-beats-donuts-7",
            "new_password2": "broccoli-beats-donuts-7",
        },
    )
    assert response.status_code == 302
    teacher.refresh_from_db()
    assert teacher.check_password("broccoli-beats-donuts-7")


def test_a_forgotten_password_is_reset_by_an_e_mail_link(teacher):
    teacher.email = "garcia@school.example"
    teacher.save()
    browser = Client()
    assert browser.post("/password/reset/", {"email": "garcia@school.example"}).status_code == 302
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/password/reset/" in line)
    path = link.split("testserver", 1)[1]
    form = browser.get(path, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = browser.post(
        form.redirect_chain[-1][0], {"new_password1": "sweet-potato-99x", "new_password2": "sweet-potato-99x"}
    )
    assert done.status_code == 302
    teacher.refresh_from_db()
    assert teacher.check_password("sweet-potato-99x")


def test_login_attempts_are_throttled(teacher, settings):
    browser = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = browser.post("/login/", {"username": teacher.username, "password": "wrong"})
        assert response.status_code == 200 and "match. Please try again." in response.content.decode()
    locked = browser.post("/login/", {"username": teacher.username, "password": "wrong"})
    assert locked.status_code == 429 and "Too many tries" in locked.content.decode()
    # Even the right password waits out the lockout.
    right = browser.post("/login/", {"username": teacher.username, "password": "a-long-test-password-1"})
    assert right.status_code == 429
    assert browser.get("/teach/").status_code == 302


def test_the_demo_teacher_is_never_made_in_production_and_gets_a_new_password_each_time(settings, capsys):
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="PRODUCTION"):
        call_command("create_demo_teacher")
    settings.PRODUCTION = False
    assert settings.DEBUG is False  # scripts/serve runs without DEBUG, and makes the demo teacher
    call_command("create_demo_teacher")
    first = capsys.readouterr().out.split("password '")[1].split("'")[0]
    call_command("create_demo_teacher")
    second = capsys.readouterr().out.split("password '")[1].split("'")[0]
    assert first != second and len(first) >= 12 and "plateful-demo" not in (first, second)
    user = get_user_model().objects.get(username="teacher")
    assert user.check_password(second) and not user.is_staff


# ----- a teacher sees and changes only their own sessions ------------------------------------------


def test_a_teacher_creates_a_game_session_with_its_options(teacher_client, teacher):
    page = teacher_client.get("/teach/new/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="food-war-option_stat"' in html and 'value="lesson"' in html
    response = teacher_client.post(
        "/teach/new/",
        {
            "title": "4B Thursday",
            "activity": "food-war",
            "food-war-seats": "3",
            "food-war-bot_level": "beginner",
            "food-war-option_stat": "calories",
            "food-war-option_rounds": "40",
            "food-war-option_minutes": "5",
            "food-war-option_auto_flip_seconds": "0",
        },
    )
    assert response.status_code == 302
    session = ClassSession.objects.get(teacher=teacher)
    assert (session.game, session.seats_per_table, session.title) == ("food-war", 3, "4B Thursday")
    assert session.options == {"stat": "calories", "rounds": 40, "minutes": 5, "auto_flip_seconds": 0}
    dashboard = teacher_client.get(response["Location"]).content.decode()
    assert session.code in dashboard and "<svg" in dashboard and f"/join?code={session.code}" in dashboard


def test_a_bad_option_is_refused_with_the_form_again(teacher_client, teacher):
    response = teacher_client.post(
        "/teach/new/", {"activity": "duel", "duel-seats": "5", "duel-bot_level": "beginner"}
    )
    assert response.status_code == 400
    assert not ClassSession.objects.exists()


def test_a_teacher_creates_a_lesson_with_adjusted_rules_and_cards(teacher_client, teacher):
    response = teacher_client.post(
        "/teach/new/",
        {
            "activity": "lesson",
            "lesson-need_grains": "1",
            "lesson-need_fruit": "0",
            "lesson-need_veggie": "1",
            "lesson-need_fruit_or_veggie": "0",
            "lesson-need_meat": "0",
            "lesson-need_dairy": "0",
            "lesson-need_meat_or_dairy": "1",
            "lesson-calorie_limit": "500",
            "lesson-no_junk": "on",
            "lesson-cards": ["bagel", "carrots", "milk", "apple"],
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    session = ClassSession.objects.get(teacher=teacher)
    assert session.is_lesson and session.lesson_cards == ["apple", "carrots", "bagel", "milk"]
    assert session.meal_rules["calorie_limit"] == 500 and session.meal_rules["no_junk"] is True
    assert session.meal_rules["veggie"] == 1 and session.meal_rules["fruit_or_veggie"] == 0
    assert session.meal_rules["real_servings"] is True  # a lesson counts real cups and ounces


def test_a_new_lesson_has_no_junk_food_on_and_offers_no_exhilarating_exercise(teacher_client):
    page = teacher_client.get("/teach/new/").content.decode()
    no_junk = re.search(r'<input[^>]*name="lesson-no_junk"[^>]*>', page).group(0)
    assert "checked" in no_junk
    cards = re.findall(r'name="lesson-cards" value="([^"]+)"', page)
    assert "broccoli" in cards and "exhilarating-exercise" not in cards and "sugar-shock" not in cards


def test_teacher_a_cannot_see_or_change_teacher_bs_session(teacher, other_teacher):
    theirs = duel_session(other_teacher)
    join(theirs, "Ana")
    browser = Client()
    browser.force_login(teacher)
    student = Student.objects.get(session=theirs)
    for url in (
        f"/teach/sessions/{theirs.pk}/",
        f"/teach/sessions/{theirs.pk}/projector/",
        f"/teach/sessions/{theirs.pk}/report/",
        f"/teach/sessions/{theirs.pk}/report.csv",
        f"/teach/sessions/{theirs.pk}/students/{student.pk}/",
        f"/teach/sessions/{theirs.pk}/delete/",
    ):
        assert browser.get(url).status_code == 404, url
    for url in (
        f"/teach/sessions/{theirs.pk}/start/",
        f"/teach/sessions/{theirs.pk}/lock/",
        f"/teach/sessions/{theirs.pk}/pause/",
        f"/teach/sessions/{theirs.pk}/end/",
        f"/teach/sessions/{theirs.pk}/delete/",
        f"/teach/sessions/{theirs.pk}/students/{student.pk}/remove/",
    ):
        assert browser.post(url).status_code == 404, url
    theirs.refresh_from_db()
    assert theirs.status == "open" and not theirs.locked and not theirs.paused
    assert not Student.objects.get(pk=student.pk).removed
    assert theirs.code not in browser.get("/teach/").content.decode()


def test_a_student_cannot_open_teacher_pages(teacher):
    session = duel_session(teacher)
    browser, _student = join(session, "Ana")
    for url in ("/teach/", f"/teach/sessions/{session.pk}/", f"/teach/sessions/{session.pk}/report.csv"):
        response = browser.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url
    assert browser.post(f"/teach/sessions/{session.pk}/end/").status_code == 302
    session.refresh_from_db()
    assert session.status == "open"


def test_the_teachers_controls_answer_htmx_with_the_dashboard(teacher_client, teacher):
    session = duel_session(teacher)
    join(session, "Ana")
    response = teacher_client.post(f"/teach/sessions/{session.pk}/start/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="dashboard"' in response.content.decode()
    assert "Table 1" in response.content.decode()
    again = teacher_client.post(f"/teach/sessions/{session.pk}/start/", HTTP_HX_REQUEST="true")
    assert again.status_code == 409 and again.content.decode() == "The class session has already started."


# ----- students joining --------------------------------------------------------------------------


def test_a_student_joins_with_code_and_nickname_and_lands_in_the_waiting_room(teacher):
    session = duel_session(teacher)
    browser = Client()
    page = browser.get(f"/join?code={session.code}")
    assert f'value="{session.code}"' in page.content.decode()
    response = browser.post("/join", {"code": session.code.lower(), "nickname": "Ana", "action": "join"})
    assert response.status_code == 302 and response["Location"] == f"/class/{session.code}/"
    assert DEVICE_COOKIE in response.cookies
    waiting = browser.get(response["Location"]).content.decode()
    assert "Hi <span data-my-name>Ana</span>!" in waiting and "Wait for your teacher to start" in waiting


def test_a_wrong_code_says_so(teacher):
    response = Client().post("/join", {"code": "ZZZZZZ", "nickname": "Ana", "action": "join"})
    assert response.status_code == 404
    assert "There is no class with the code ZZZZZZ" in response.content.decode()


def test_join_codes_are_rate_limited_per_client_but_right_codes_are_not_counted(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "3/5m"
    session = duel_session(teacher)
    browser = Client()
    for n in range(3):
        assert browser.post("/join", {"code": "ZZZZZZ", "nickname": f"A{n}"}).status_code == 404
    refused = browser.post("/join", {"code": session.code, "nickname": "Ana", "action": "join"})
    assert refused.status_code == 429 and "Too many wrong codes" in refused.content.decode()
    other = Client(REMOTE_ADDR="10.0.0.9")  # another client is not slowed down
    ok = other.post("/join", {"code": session.code, "nickname": "Ben", "action": "join"})
    assert ok.status_code == 302
    for n in range(5):  # right codes never count as guesses
        assert (
            Client(REMOTE_ADDR="10.0.0.9")
            .post("/join", {"code": session.code, "nickname": f"Kid {n}", "action": "join"})
            .status_code
            == 302
        )


def test_a_locked_session_refuses_joins(teacher):
    session = duel_session(teacher)
    services.session_set_locked(session=session, locked=True)
    response = Client().post("/join", {"code": session.code, "nickname": "Ana", "action": "join"})
    assert response.status_code == 403 and "closed to new players" in response.content.decode()


def test_pick_a_fun_name_fills_in_a_free_food_name(teacher):
    session = duel_session(teacher)
    page = Client().post("/join", {"code": session.code, "nickname": "", "action": "fun-name"})
    html = page.content.decode()
    assert page.status_code == 200
    value = html.split('id="id_nickname"', 1)[1].split('value="', 1)[1].split('"', 1)[0]
    assert len(value.split()) == 2 and not Student.objects.exists()


def test_a_rude_or_reserved_nickname_is_refused_and_the_form_comes_back(teacher):
    session = duel_session(teacher)
    for nickname, words in (("sh1t", "kinder name"), ("You", "taken by the game"), ("Ki\u200bm", "hidden")):
        response = Client().post("/join", {"code": session.code, "nickname": nickname, "action": "join"})
        assert response.status_code == 400 and words in response.content.decode()
    assert not Student.objects.exists()


def test_a_nickname_with_markup_is_shown_as_text_everywhere(teacher, teacher_client):
    session = duel_session(teacher)
    browser, student = join(session, "<b>Kim</b>")
    join(session, "Ben")
    services.session_start(session=session)
    escaped = "&lt;b&gt;Kim&lt;/b&gt;"
    dashboard = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    projector = teacher_client.get(f"/teach/sessions/{session.pk}/projector/").content.decode()
    report = teacher_client.get(f"/teach/sessions/{session.pk}/report/").content.decode()
    match_page = browser.get(f"/class/{session.code}/", follow=True).content.decode()
    for html in (dashboard, projector, report, match_page):
        assert escaped in html and "<b>Kim</b>" not in html


def test_a_reload_or_a_lost_session_cookie_brings_the_student_back_to_their_seat(teacher):
    session = duel_session(teacher)
    browser, ana = join(session, "Ana")
    join(session, "Ben")
    services.session_start(session=session)
    place = browser.get(f"/class/{session.code}/")
    assert place.status_code == 302 and place["Location"].startswith("/play/")
    match_id = place["Location"].split("/")[2]
    seat = games.seat_for_token(
        match=Match.objects.get(pk=match_id), token=browser.session[SESSION_KEY][match_id]
    )
    assert seat is not None
    assert browser.get(place["Location"]).status_code == 200  # a reload of the game page
    # The session cookie is lost, the signed device cookie is not: the same student, same seat.
    fresh = Client()
    fresh.cookies[DEVICE_COOKIE] = browser.cookies[DEVICE_COOKIE].value
    back = fresh.get(f"/join?code={session.code}", follow=True)
    assert back.redirect_chain[-1][0] == f"/play/{match_id}/"
    assert fresh.session[STUDENTS_KEY][str(session.pk)] == ana.pk


def test_a_removed_student_may_join_again_from_the_same_browser_under_a_new_name(teacher, teacher_client):
    session = duel_session(teacher)
    browser, ana = join(session, "Ana")
    response = teacher_client.post(f"/teach/sessions/{session.pk}/students/{ana.pk}/remove/")
    assert response.status_code == 302
    out = browser.get(f"/class/{session.code}/").content.decode()
    assert "took you out" in out and "join again with a different name" in out
    assert f'href="/join?code={session.code}"' in out
    assert browser.get(f"/join?code={session.code}").status_code == 200  # the form, not a redirect
    same = browser.post("/join", {"code": session.code, "nickname": "Ana", "action": "join"})
    assert same.status_code == 400 and "already has that name" in same.content.decode()
    again = browser.post("/join", {"code": session.code, "nickname": "Ana Again", "action": "join"})
    assert again.status_code == 302 and again["Location"] == f"/class/{session.code}/"
    assert "Ana Again" in browser.get(f"/class/{session.code}/").content.decode()
    assert Student.objects.filter(session=session).count() == 2


def test_a_banned_student_cannot_rejoin_from_the_same_browser(teacher, teacher_client):
    session = duel_session(teacher)
    browser, ana = join(session, "Ana")
    response = teacher_client.post(f"/teach/sessions/{session.pk}/students/{ana.pk}/ban/")
    assert response.status_code == 302
    out = browser.get(f"/class/{session.code}/").content.decode()
    assert "join it again" in out and "Join again" not in out
    again = browser.post("/join", {"code": session.code, "nickname": "Ana Again", "action": "join"})
    assert again.status_code == 302 and again["Location"] == f"/class/{session.code}/"  # still banned Ana
    # Without the session cookie, the device cookie still says who this browser was.
    fresh = Client()
    fresh.cookies[DEVICE_COOKIE] = browser.cookies[DEVICE_COOKIE].value
    refused = fresh.post("/join", {"code": session.code, "nickname": "Ana Again", "action": "join"})
    assert refused.status_code == 403 and "join it again" in refused.content.decode()
    # Without the device cookie, the browser session still says who it was.
    browser.cookies.pop(DEVICE_COOKIE)
    refused = browser.post("/join", {"code": session.code, "nickname": "Ana Third", "action": "join"})
    assert refused.status_code == 302 and refused["Location"] == f"/class/{session.code}/"
    assert "join it again" in browser.get(refused["Location"]).content.decode()
    assert Student.objects.filter(session=session).count() == 1


# ----- CSRF ------------------------------------------------------------------------------------------


def test_every_form_and_htmx_request_needs_the_csrf_token(teacher):
    session = duel_session(teacher)
    student_browser = Client(enforce_csrf_checks=True)
    assert student_browser.post("/join", {"code": session.code, "nickname": "Ana"}).status_code == 403
    teacher_browser = Client(enforce_csrf_checks=True)
    teacher_browser.force_login(teacher)
    page = teacher_browser.get(f"/teach/sessions/{session.pk}/")
    assert page.status_code == 200
    refused = teacher_browser.post(f"/teach/sessions/{session.pk}/lock/", HTTP_HX_REQUEST="true")
    assert refused.status_code == 403
    token = page.cookies["csrftoken"].value
    accepted = teacher_browser.post(
        f"/teach/sessions/{session.pk}/lock/", HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token
    )
    assert accepted.status_code == 200
    lesson = lesson_session(teacher)
    kid = Client(enforce_csrf_checks=True)
    join(lesson, "Kim", Client())  # another student, so the lesson has someone
    kid.get(f"/join?code={lesson.code}")
    assert kid.post(f"/class/{lesson.code}/plate/", {"card": "apple"}).status_code == 403


# ----- the class's matches ---------------------------------------------------------------------


def _started(teacher, names=("Ana", "Ben")):
    session = duel_session(teacher)
    browsers = {name: join(session, name) for name in names}
    services.session_start(session=session)
    for browser, _student in browsers.values():
        browser.get(f"/class/{session.code}/")
    match_id = TableMatch.objects.filter(session=session).first().match_id
    return session, browsers, match_id


def test_a_class_match_is_only_for_its_students_and_teacher(teacher, other_teacher, teacher_client):
    session, browsers, match_id = _started(teacher)
    ana = browsers["Ana"][0]
    assert ana.get(f"/play/{match_id}/").status_code == 200
    assert teacher_client.get(f"/play/{match_id}/").status_code == 200
    stranger = Client()
    page = stranger.get(f"/play/{match_id}/")
    assert page.status_code == 403 and "belongs to a class session" in page.content.decode()
    assert stranger.get(f"/replays/{match_id}/").status_code == 403
    assert stranger.post(f"/play/{match_id}/move/", {"seat": 0, "action": "{}"}).status_code == 403
    assert stranger.post(f"/play/{match_id}/again/").status_code == 403
    assert stranger.post(f"/tables/{match_id}/join/", {"nickname": "X"}).status_code == 403
    other_session = duel_session(other_teacher)
    other_kid, _ = join(other_session, "Zed")
    assert other_kid.get(f"/play/{match_id}/").status_code == 403
    other = Client()
    other.force_login(other_teacher)
    assert other.get(f"/play/{match_id}/").status_code == 403


def test_a_removed_student_loses_the_match_page_too(teacher):
    session, browsers, match_id = _started(teacher)
    ana_browser, ana = browsers["Ana"]
    roster.student_remove(session=session, student_id=ana.pk)
    assert ana_browser.get(f"/play/{match_id}/").status_code == 403


def test_moves_at_a_paused_class_are_refused_with_a_clear_message(teacher):
    session, browsers, match_id = _started(teacher)
    services.session_set_paused(session=session, paused=True)
    ana_browser, ana = browsers["Ana"]
    seat = next(
        s.seat for s in TableMatch.objects.get(match_id=match_id).seats.all() if s.student_id == ana.pk
    )
    response = ana_browser.post(
        f"/play/{match_id}/move/", {"seat": seat, "action": json.dumps({"type": "pick", "card": "x"})}
    )
    assert response.status_code == 409 and "paused" in response.content.decode()
    bar = ana_browser.get(f"/play/{match_id}/").content.decode()
    assert "paused-screen" in bar


def test_play_again_at_a_class_table_goes_to_the_tables_next_game(teacher):
    session, browsers, match_id = _started(teacher)
    games.match_close(match_id=match_id, reason="test")
    ana_browser, _ana = browsers["Ana"]
    response = ana_browser.post(f"/play/{match_id}/again/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and response["HX-Redirect"] == f"/class/{session.code}/"
    landing = ana_browser.get(f"/class/{session.code}/")
    new_id = landing["Location"].split("/")[2]
    assert new_id != match_id
    assert TableMatch.objects.get(match_id=new_id).table == TableMatch.objects.get(match_id=match_id).table
    assert ana_browser.get(f"/play/{new_id}/").status_code == 200


def test_the_student_page_of_a_lesson_builds_and_checks_a_meal(teacher):
    session = lesson_session(teacher)
    browser, kim = join(session, "Kim")
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert "Build a balanced meal" in page and 'data-card="brown-rice"' in page
    browser.post(f"/class/{session.code}/plate/", {"card": "brown-rice"}, HTTP_HX_REQUEST="true")
    checked = browser.post(f"/class/{session.code}/check/", HTTP_HX_REQUEST="true").content.decode()
    # A lesson counts real amounts: half a cup of cooked brown rice is 1 ounce-equivalent.
    assert "You have 1 oz of grains (Brown Rice: 1 oz); a balanced meal needs 2 oz." in checked
    assert "1 oz grains · 108 cal" in checked  # the plate shows each card's real amounts
    assert "Not balanced yet" in checked
    assert kim.attempts.count() == 1


def test_the_teacher_moves_a_student_from_the_dashboard(teacher_client, teacher):
    session, browsers, match_id = _started(teacher, names=("Ana", "Ben", "Cal"))
    dashboard = teacher_client.get(f"/teach/sessions/{session.pk}/").content.decode()
    assert 'id="move-student"' in dashboard and 'id="move-table"' in dashboard
    alone = next(
        student
        for _browser, student in browsers.values()
        if services.student_place(student=student).table == 2
    )
    mover = next(student for _browser, student in browsers.values() if student != alone)
    response = teacher_client.post(
        f"/teach/sessions/{session.pk}/students/move/",
        {"student": mover.pk, "table": 2},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200 and 'id="dashboard"' in response.content.decode()
    assert services.student_place(student=Student.objects.get(pk=mover.pk)).table == 2
    full = teacher_client.post(
        f"/teach/sessions/{session.pk}/students/move/",
        {"student": alone.pk, "table": 2},
        HTTP_HX_REQUEST="true",
    )
    assert full.status_code in (400, 409)


def test_a_lesson_waits_for_start_and_refuses_every_plate_change_until_then(teacher):
    session = lesson_session(teacher, start=False)
    browser, kim = join(session, "Kim")
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert 'data-kind="waiting"' in page and 'id="lesson"' not in page
    assert "Wait for your teacher to start: the lesson opens by itself." in page
    for path, data in (("plate", {"card": "apple"}), ("check", {}), ("clear", {})):
        refused = browser.post(f"/class/{session.code}/{path}/", data, HTTP_HX_REQUEST="true")
        assert refused.status_code == 409
        assert "hasn't started the lesson yet" in refused.content.decode()
    kim.refresh_from_db()
    assert kim.plate == [] and not kim.attempts.exists()
    services.session_start(session=session)
    page = browser.get(f"/class/{session.code}/").content.decode()
    assert 'data-kind="lesson"' in page and 'id="lesson"' in page
    taken = browser.post(f"/class/{session.code}/plate/", {"card": "apple"}, HTTP_HX_REQUEST="true")
    assert taken.status_code == 200


def test_a_control_that_works_answers_with_the_dashboard_alone(teacher_client, teacher):
    # Nothing out of band: a push may have detached the form (site.js hides the last refusal).
    session = duel_session(teacher)
    join(session, "Ana")
    started = teacher_client.post(f"/teach/sessions/{session.pk}/start/", HTTP_HX_REQUEST="true")
    assert started.status_code == 200
    again = teacher_client.post(f"/teach/sessions/{session.pk}/start/", HTTP_HX_REQUEST="true")
    assert again.status_code == 409  # site.js shows it in #flash
    paused = teacher_client.post(
        f"/teach/sessions/{session.pk}/pause/", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert 'id="dashboard"' in paused and "hx-swap-oob" not in paused


def test_a_lessons_rules_say_their_amounts(teacher):
    """ "2 Fruit or veggie / 1 Meat or dairy" said nothing: each rule says how much, in the units
    the lesson counts (issue 31)."""
    session = lesson_session(teacher)
    client, _student = join(session, "Ana")
    page = client.get(f"/class/{session.code}/").content.decode()
    chips = re.findall(r'<span class="rule-chip">([^<]*)</span>', page)
    assert "2 oz of grains" in chips and "1 cup of fruit or veggie" in chips, chips


def test_a_lesson_says_meat_and_dairy_in_ounces_and_cups_never_servings(teacher):
    """One tuna card was "2 servings": a lesson says amounts a ten-year-old can read, in MyPlate's
    units (ounces of protein foods, cups of dairy), in its rules, plate and checklist (issue 31)."""
    session = lesson_session(teacher)
    browser, _kim = join(session, "Kim")
    page = browser.get(f"/class/{session.code}/").content.decode()
    chips = re.findall(r'<span class="rule-chip">([^<]*)</span>', page)
    assert "1 oz of protein or 1/2 cup of dairy" in chips, chips
    for card in ("brown-rice", "tuna"):
        browser.post(f"/class/{session.code}/plate/", {"card": card}, HTTP_HX_REQUEST="true")
    checked = browser.post(f"/class/{session.code}/check/", HTTP_HX_REQUEST="true").content.decode()
    row = re.search(r'data-rule="meat_or_dairy">(.*?)</li>', checked, re.S)[1]
    assert "2 oz of protein; needs 1 oz of protein or 1/2 cup of dairy" in row
    assert "2 oz protein · 49 cal" in checked  # the plate's tuna (MyPlate's protein foods)
    lesson = re.search(r'<section id="lesson".*</section>', checked, re.S)[0]
    assert "serving" not in lesson
