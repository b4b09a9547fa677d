"""Guessing join codes (classroom.code_guesses): wrong codes count per browser (the signed device
cookie) and per address, at /join and at /class/<code>/ alike; right codes never count. One
student's typing can't lock a school (which shares one address) out, and a flood of guesses from
one address is still stopped."""

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


def test_wrong_codes_at_the_class_page_count_like_wrong_codes_at_join(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_DEVICE_RATE = "3/5m"
    session = duel_session(teacher)
    guesser = Client()
    answers = [guesser.get(f"/class/{code}/").status_code for code in ("AAAAAA", "CCCCCC", "DDDDDD")]
    assert answers == [404] * 3
    # Past the limit, a wrong code and a right one answer alike: nothing left to learn.
    assert guesser.get("/class/EEEEEE/").status_code == 429
    assert guesser.get(f"/class/{session.code}/").status_code == 429
    assert _try(guesser, session.code) == 429  # one allowance for both addresses
    # The other way round: wrong codes at /join count at /class/ too.
    other = Client()
    for _ in range(3):
        assert _try(other, WRONG) == 404
    assert other.get(f"/class/{session.code}/").status_code == 429
    # A right code there, for a browser that hasn't joined, sends it to the join form.
    fresh = Client().get(f"/class/{session.code}/")
    assert fresh.status_code == 302 and fresh["Location"] == f"/join?code={session.code}"


def test_a_flood_of_guesses_from_one_address_is_stopped_but_known_browsers_still_get_in(teacher, settings):
    settings.CLASSROOM_WRONG_CODE_RATE = "6/5m"
    session = duel_session(teacher)
    other_session = duel_session(teacher)
    known, _student = join(other_session, "Ana")  # this browser joined a class before
    # A bot that drops its cookies: every guess from a new browser, all from one address.
    assert [_try(Client(), WRONG) for _ in range(6)] == [404] * 6
    assert _try(Client(), WRONG) == 429
    assert Client().get("/class/AAAAAA/").status_code == 429
    # Now a browser nobody knows is refused before its code is looked at, right or wrong...
    assert _try(Client(), session.code) == 429
    assert Client().get(f"/class/{session.code}/").status_code == 429
    # ...but a browser that has joined a class before still gets in with the right code.
    assert _try(known, session.code, "Ana") == 302
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
