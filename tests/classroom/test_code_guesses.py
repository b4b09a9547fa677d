"""Guessing join codes (classroom.code_guesses): only a code typed and sent (a POST) is a guess.
Wrong codes count per browser (the signed device cookie) and, sent without a device cookie, per
address; right codes never count. A school's children (one shared address) never lock each other
out, a GET (a link, any web page's `<img>`) neither counts nor tells whether a code is right, and
a flood of cookie-dropping guesses from one address is still stopped."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom.code_guesses import DEVICE_COOKIE
from tests.classroom.conftest import duel_session, join

pytestmark = pytest.mark.django_db

WRONG = "ZZZZZZ"


def _try(browser: Client, code: str, nickname: str = "Kid") -> int:
    return browser.post("/join", {"code": code, "nickname": nickname, "action": "join"}).status_code


def test_one_students_wrong_codes_stop_their_browser_not_their_classmates(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "5/5m"
    settings.CLASSROOM_WRONG_CODE_RATE = "20/5m"
    session = duel_session(teacher)
    kim = Client()  # everyone here shares the school's address (127.0.0.1)
    answers = [_try(kim, WRONG) for _ in range(25)]
    assert answers == [404] * 5 + [429] * 20
    assert DEVICE_COOKIE in kim.cookies  # her browser was told apart from the first wrong code
    # Kim waits out her own browser's limit, even with the right code: a guesser keeping its
    # cookie is stopped before its code is looked at (else 429 or 302 would still answer).
    refused = kim.post("/join", {"code": session.code, "nickname": "Kim", "action": "join"})
    assert refused.status_code == 429 and "Too many wrong codes" in refused.content.decode()
    # Her classmates, new browsers at the same address, still get in with the right code.
    for name in ("Ben", "Ana", "Lu"):
        assert _try(Client(), session.code, name) == 302
        assert _try(Client(), WRONG, name) == 404  # and a typo of theirs is theirs alone


def test_four_children_mistyping_five_times_each_lock_no_new_browser_out(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "5/5m"
    settings.CLASSROOM_WRONG_CODE_RATE = "20/5m"
    session = duel_session(teacher)
    for _child in range(4):
        browser = Client()
        assert [_try(browser, WRONG) for _ in range(5)] == [404] * 5
    # Twenty wrong codes from the school's address, and a first lesson still starts.
    for n in range(10):
        assert _try(Client(), session.code, f"New {n}") == 302


def test_a_get_with_a_code_is_never_a_guess_and_tells_nothing(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "2/5m"
    settings.CLASSROOM_WRONG_CODE_RATE = "2/5m"
    session = duel_session(teacher)
    page = Client()
    for n in range(14):  # a web page's <img> tags, from the school's address
        wrong = f"AAAAA{'ACDEFHJKMNPRTU'[n]}"
        for address in (f"/class/{wrong}/", f"/join?code={wrong}"):
            assert page.get(address).status_code in (200, 302)
    # A right and a wrong code look alike at /class/<code>/ for a browser that is nobody there.
    right, wrong = page.get(f"/class/{session.code}/"), page.get(f"/class/{WRONG}/")
    assert (right.status_code, wrong.status_code) == (302, 302)
    assert right["Location"] == f"/join?code={session.code}" and wrong["Location"] == f"/join?code={WRONG}"
    assert _try(page, session.code, "Ana") == 302  # nothing was counted
    assert _try(Client(), session.code, "Ben") == 302


def test_a_flood_of_guesses_without_cookies_is_stopped_but_browsers_with_one_still_get_in(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_RATE = "6/5m"
    session = duel_session(teacher)
    other_session = duel_session(teacher)
    known, _student = join(other_session, "Ana")  # this browser joined a class before
    mistyper = Client()
    assert _try(mistyper, WRONG) == 404  # one wrong code: its browser now has its device cookie
    # A bot that drops its cookies: every guess from a new browser, all from one address.
    assert [_try(Client(), WRONG) for _ in range(5)] == [404] * 5
    assert _try(Client(), WRONG) == 429
    # Now a guess without a device cookie is refused before its code is looked at...
    assert _try(Client(), session.code) == 429
    # ...but a browser with one still gets in with the right code.
    assert _try(known, session.code, "Ana") == 302
    assert _try(mistyper, session.code, "Mo") == 302
    # Another address is not slowed down at all.
    assert _try(Client(REMOTE_ADDR="10.0.0.9"), session.code, "Ben") == 302


def test_right_codes_never_count(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "2/5m"
    settings.CLASSROOM_WRONG_CODE_RATE = "2/5m"
    session = duel_session(teacher)
    browser, _student = join(session, "Ana")
    for _ in range(10):
        assert browser.get(f"/class/{session.code}/").status_code == 200
        assert _try(browser, session.code, "Ana") == 302
    for n in range(10):
        assert _try(Client(), session.code, f"Kid {n}") == 302
    assert _try(Client(), WRONG) == 404
