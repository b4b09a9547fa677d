"""classroom.accounts: wrong passwords sent without a device cookie are limited per address across
usernames (besides django-axes' per username and address), a browser that opened the login page
is never locked out by others' wrong passwords, and password-reset mail is limited per address
and per account."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.classroom.conftest import make_teacher

pytestmark = pytest.mark.django_db

RIGHT = "a-long-test-password-1"


@pytest.fixture(autouse=True)
def _quick_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # tests only


def _login(username: str, password: str, **client) -> tuple[int, str, Client]:
    browser = Client(**client)
    response = browser.post("/login/", {"username": username, "password": password})
    return response.status_code, response.content.decode(), browser


def test_wrong_passwords_without_cookies_over_many_usernames_lock_cookieless_logins(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.CLASSROOM_LOGIN_FAILURE_RATE = "12/15m"
    teacher = make_teacher()
    # A script that drops its cookies, four tries for each of many usernames: never five for
    # one, so django-axes alone never locks.
    answers = [_login(f"teacher-{n}", f"guess-{k}")[0] for n in range(5) for k in range(4)]
    assert answers == [200] * 12 + [429] * 8
    status, page, browser = _login(teacher.username, RIGHT)
    assert status == 429 and "Too many wrong passwords from here" in page
    assert browser.get("/teach/").status_code == 302  # not logged in, even with the right password
    # The admin's login is the same door.
    admin = get_user_model().objects.create_superuser("boss", password=RIGHT)
    staff = Client()
    staff.post("/admin/login/?next=/admin/", {"username": admin.username, "password": RIGHT})
    assert staff.get("/admin/").status_code == 302
    # A teacher's browser that opened the login page still logs in with the right password.
    own = Client()
    assert own.get("/login/").status_code == 200
    assert own.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code == 302
    # Another address is not slowed down.
    status, _page, browser = _login(teacher.username, RIGHT, REMOTE_ADDR="10.0.0.9")
    assert status == 302 and browser.get("/teach/").status_code == 200


def test_a_pupils_wrong_passwords_over_twenty_usernames_lock_no_teacher_out(settings):
    settings.CLASSROOM_LOGIN_FAILURE_RATE = "20/15m"
    garcia, okafor = make_teacher(), make_teacher("mr-okafor")
    pupil = Client()  # a browser at the school, as every browser there
    pupil.get("/login/")
    for n in range(25):
        assert pupil.post("/login/", {"username": f"teacher-{n}", "password": "guess"}).status_code == 200
    for teacher in (garcia, okafor):
        browser = Client()
        browser.get("/login/")
        answer = browser.post("/login/", {"username": teacher.username, "password": RIGHT})
        assert answer.status_code == 302 and browser.get("/teach/").status_code == 200


def test_a_right_password_never_counts(settings):
    settings.CLASSROOM_LOGIN_FAILURE_RATE = "3/15m"
    teacher = make_teacher()
    for _ in range(6):
        assert _login(teacher.username, RIGHT)[0] == 302
    assert _login(teacher.username, "wrong")[0] == 200


@pytest.fixture
def garcia():
    teacher = make_teacher()
    teacher.email = "garcia@school.example"
    teacher.save()
    return teacher


def _reset(email: str, **client):
    return Client(**client).post("/password/reset/", {"email": email})


def test_password_reset_mail_is_limited_per_address(settings, garcia):
    settings.CLASSROOM_PASSWORD_RESET_RATE = "5/h"
    settings.CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE = "3/h"
    answers = [_reset(f"someone-{n}@school.example").status_code for n in range(4)]
    answers += [_reset("garcia@school.example").status_code for _ in range(26)]
    assert answers == [302] * 5 + [429] * 25
    refused = _reset("garcia@school.example")
    assert "Too many password resets were asked for from here" in refused.content.decode()
    assert len(mail.outbox) == 1
    assert _reset("garcia@school.example", REMOTE_ADDR="10.0.0.9").status_code == 302
    assert len(mail.outbox) == 2


def test_password_reset_mail_is_limited_per_account(settings, garcia):
    settings.CLASSROOM_PASSWORD_RESET_RATE = "100/h"
    settings.CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE = "3/h"
    answers = [_reset(" Garcia@School.example", REMOTE_ADDR=f"10.0.0.{n}").status_code for n in range(1, 31)]
    assert answers == [302] * 3 + [429] * 27
    refused = _reset("garcia@school.example", REMOTE_ADDR="10.0.1.1").content.decode()
    assert "We already sent several links to that address" in refused
    assert len(mail.outbox) == 3
    # An address with no account gets the same answers: nobody learns who has an account.
    unknown = [_reset("nobody@school.example", REMOTE_ADDR="10.0.2.1").status_code for _ in range(4)]
    assert unknown == [302] * 3 + [429]


def test_a_pupil_who_types_a_teachers_username_never_locks_her_own_browser(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.CLASSROOM_KNOWN_DEVICE_FAILURE_RATE = "10/15m"
    teacher = make_teacher()
    own = Client()  # the classroom machine, where she logged in yesterday
    own.get("/login/")
    assert own.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code == 302
    own.post("/logout/")
    pupil = Client()
    pupil.get("/login/")
    for _ in range(6):
        pupil.post("/login/", {"username": teacher.username, "password": "guess"})
    # django-axes locks her username from this address for every other browser, the pupil's too...
    stranger = Client()
    stranger.get("/login/")
    assert stranger.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code != 302
    # ...but not in her own browser, with the right password.
    answer = own.post("/login/", {"username": teacher.username, "password": RIGHT})
    assert answer.status_code == 302 and own.get("/teach/").status_code == 200


def test_a_known_browser_has_its_own_allowance_of_wrong_passwords(settings):
    settings.AXES_FAILURE_LIMIT = 5
    settings.CLASSROOM_KNOWN_DEVICE_FAILURE_RATE = "8/15m"
    teacher = make_teacher()
    own = Client()
    own.get("/login/")
    assert own.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code == 302
    own.post("/logout/")
    # Past the axes limit, still inside its own allowance: the right password passes.
    for _ in range(6):
        assert own.post("/login/", {"username": teacher.username, "password": "guess"}).status_code == 200
    assert own.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code == 302
    own.post("/logout/")
    # Its allowance used up, django-axes' lock applies to it like to any browser.
    for _ in range(8):
        own.post("/login/", {"username": teacher.username, "password": "guess"})
    assert own.post("/login/", {"username": teacher.username, "password": RIGHT}).status_code != 302
