"""plateful.client_address: the one client address every limit counts (wrong join codes, joins,
new games, logins, password-reset mail). A header a client sends itself (X-Forwarded-For,
X-Real-IP) changes nothing; behind a front, only the address the front itself wrote counts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client, RequestFactory

from plateful.client_address import client_ip
from tests.classroom.conftest import make_teacher

ROOT = Path(__file__).resolve().parents[2]
FORGED = [
    {},
    {"HTTP_X_FORWARDED_FOR": "1.2.3.4"},
    {"HTTP_X_FORWARDED_FOR": "5.6.7.8, 10.0.0.5"},
    {"HTTP_X_REAL_IP": "9.9.9.9"},
    {"HTTP_X_FORWARDED_FOR": "not an address"},
]


def _nginx_block() -> str:
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    return re.search(r"```nginx\n(.*?)```", deploy, re.S).group(1)


def test_the_nginx_front_in_deploy_md_sets_the_client_address_and_never_appends_to_it():
    nginx = _nginx_block()
    assert "$proxy_add_x_forwarded_for" not in nginx  # appends to what the client sent
    assert re.search(r"proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;", nginx)


def _wrong_codes(headers_per_try: list[dict], **client) -> list[int]:
    return [
        Client(**client).post("/join", {"code": "ZZZZZZ", "nickname": "Kid"}, **headers).status_code
        for headers in headers_per_try
    ]


def _wrong_logins(username: str, headers_per_try: list[dict], **client) -> list[int]:
    return [
        Client(**client).post("/login/", {"username": username, "password": "wrong"}, **headers).status_code
        for headers in headers_per_try
    ]


def _new_games(headers_per_try: list[dict], **client) -> list[int]:
    return [
        Client(**client)
        .post("/games/duel/play/", {"seats": 2, "bot_level": "beginner"}, **headers)
        .status_code
        for headers in headers_per_try
    ]


@pytest.mark.django_db
def test_forged_forwarding_headers_change_nothing(settings):
    settings.CLASSROOM_WRONG_CODE_RATE = "4/5m"
    settings.GAMES_CREATE_RATE = "4/m"
    settings.AXES_FAILURE_LIMIT = 5
    teacher = make_teacher()
    here = {"REMOTE_ADDR": "10.0.0.5"}
    assert _wrong_codes(FORGED, **here) == [404] * 4 + [429]
    assert _wrong_logins(teacher.username, FORGED, **here) == [200] * 4 + [429]
    assert _new_games(FORGED, **here) == [302] * 4 + [429]
    # The addresses the forged headers named were never counted: they still have their allowance.
    for address in ("1.2.3.4", "5.6.7.8", "9.9.9.9"):
        assert _wrong_codes([{}], REMOTE_ADDR=address) == [404]


@pytest.mark.django_db
def test_behind_a_front_that_appends_only_the_address_the_front_wrote_counts(settings):
    """A front that adds the client's address to X-Forwarded-For (many cloud load balancers):
    CLIENT_IP_HEADER names the header, and the app reads its last address, the one the front
    itself added; whatever the client put before it changes nothing."""
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.CLASSROOM_WRONG_CODE_RATE = "4/5m"
    settings.GAMES_CREATE_RATE = "4/m"
    settings.AXES_FAILURE_LIMIT = 5
    teacher = make_teacher()
    front = {"REMOTE_ADDR": "10.0.0.1"}  # every request arrives from the front
    kim = [{"HTTP_X_FORWARDED_FOR": f"{forged}203.0.113.7"} for forged in ("", "1.2.3.4, ", "x, 8.8.8.8, ")]
    kim += [{"HTTP_X_FORWARDED_FOR": "203.0.113.7"}] * 2
    assert _wrong_codes(kim, **front) == [404] * 4 + [429]
    assert _wrong_logins(teacher.username, kim, **front) == [200] * 4 + [429]
    assert _new_games(kim, **front) == [302] * 4 + [429]
    # Another client behind the same front has an allowance of its own.
    ben = {"HTTP_X_FORWARDED_FOR": "203.0.113.8"}
    assert _wrong_codes([ben], **front) == [404]
    assert _wrong_logins(teacher.username, [ben], **front) == [200]
    assert _new_games([ben], **front) == [302]


@pytest.mark.parametrize(
    ("header", "meta", "address"),
    [
        ("", {"HTTP_X_FORWARDED_FOR": "1.2.3.4"}, "10.0.0.1"),  # no front configured: the peer
        ("X-Real-IP", {"HTTP_X_REAL_IP": "203.0.113.7"}, "203.0.113.7"),
        ("X-Real-IP", {"HTTP_X_FORWARDED_FOR": "203.0.113.7"}, "10.0.0.1"),  # not the named header
        ("X-Forwarded-For", {"HTTP_X_FORWARDED_FOR": "1.2.3.4,203.0.113.7 "}, "203.0.113.7"),
        ("X-Forwarded-For", {"HTTP_X_FORWARDED_FOR": "2001:db8::1"}, "2001:db8::1"),
        ("X-Forwarded-For", {"HTTP_X_FORWARDED_FOR": "1.2.3.4, garbage"}, "10.0.0.1"),
        ("X-Forwarded-For", {}, "10.0.0.1"),
    ],
)
def test_the_client_address(settings, header, meta, address):
    settings.CLIENT_IP_HEADER = header
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", **meta)
    assert client_ip(request) == address
