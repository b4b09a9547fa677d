"""What PostgreSQL cannot store, and the websocket handshake check."""

import pytest

from plateful.safe_input import (
    CLOSE_BAD_REQUEST,
    CLOSE_NOT_FOUND,
    is_storable,
    websocket_scope_problem,
)


@pytest.mark.parametrize("text", ["", "Kim", "Zoë 🍎", "tab\tand\nnewline", "\x01\x1f"])
def test_ordinary_text_and_other_control_characters_are_storable(text):
    assert is_storable(text)


@pytest.mark.parametrize("text", ["\x00", "Kim\x00", "\ud800", "a\udfffb"])
def test_nul_and_lone_surrogates_are_not(text):
    assert not is_storable(text)


def _scope(path="/ws/play/abc/", query=b"", cookie=None):
    headers = [(b"host", b"testserver")]
    if cookie is not None:
        headers.append((b"cookie", cookie))
    return {"type": "websocket", "path": path, "query_string": query, "headers": headers}


def test_a_clean_handshake_passes():
    assert websocket_scope_problem(_scope(query=b"token=abc", cookie=b"sessionid=xyz")) is None


def test_a_nul_in_the_match_id_is_not_found_and_in_the_query_or_a_cookie_is_a_bad_request():
    assert websocket_scope_problem(_scope(path="/ws/play/ab\x00c/")) == CLOSE_NOT_FOUND
    assert websocket_scope_problem(_scope(query=b"token=a%00b")) == CLOSE_BAD_REQUEST
    assert websocket_scope_problem(_scope(query=b"to%00ken=ab")) == CLOSE_BAD_REQUEST
    assert websocket_scope_problem(_scope(cookie=b"sessionid=ab\x00c")) == CLOSE_BAD_REQUEST
    # Broken UTF-8 in the query is read as U+FFFD (as the consumer reads it): harmless.
    assert websocket_scope_problem(_scope(query=b"token=%ED%A0%80")) is None
