"""loads_bounded: players' JSON is parsed only when it is small, shallow and storable."""

import json

import pytest

from plateful.safe_json import JSONRefused, loads_bounded, nesting_depth


def test_an_ordinary_move_parses_as_json_would():
    text = json.dumps({"type": "play", "card": "apple-1", "version": 3, "cards": ["a", "b"]})
    assert loads_bounded(text) == json.loads(text)
    assert loads_bounded(text.encode()) == json.loads(text)


def test_a_move_nested_5000_deep_is_refused_without_recursing():
    with pytest.raises(JSONRefused, match="nested too deeply"):
        loads_bounded("[" * 5000 + "]" * 5000, max_bytes=20_000)
    with pytest.raises(JSONRefused, match="at most 3 levels"):
        loads_bounded('{"a": {"b": {"c": {"d": 1}}}}', max_depth=3)
    assert loads_bounded('{"a": {"b": {"c": 1}}}', max_depth=3) == {"a": {"b": {"c": 1}}}


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert nesting_depth('["]]]\\"[[[[", [[1]]]') == 3
    assert loads_bounded('{"note": "[[[[[[[[[[[[[[[[[[[[[[[["}', max_depth=1) == {"note": "[" * 24}


def test_an_unterminated_string_full_of_escaped_quotes_is_scanned_in_one_pass():
    # Quadratic backtracking here would take a second; the scan is linear.
    assert nesting_depth('"' + '\\"' * 4000) == 0
    with pytest.raises(json.JSONDecodeError):
        loads_bounded('"' + '\\"' * 4000)


def test_a_huge_message_is_refused_by_its_size_in_bytes():
    with pytest.raises(JSONRefused, match="too long"):
        loads_bounded(json.dumps({"type": "x" * 9000}))
    with pytest.raises(JSONRefused, match="at most 100 bytes"):
        loads_bounded(json.dumps({"type": "é" * 40}), max_bytes=100)  # 40 characters, 80+ bytes
    with pytest.raises(JSONRefused, match="too long"):
        loads_bounded(b"[" + b"1," * 5000 + b"1]")


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "play", "card": "\\u0000"}',
        '{"type": "play", "card": "\\ud800"}',
        '{"\\u0000": 1, "type": "play"}',
        '[["ok", ["\\udfff"]]]',
    ],
)
def test_text_postgresql_cannot_store_is_refused(text):
    with pytest.raises(JSONRefused, match="character we can't accept"):
        loads_bounded(text)


@pytest.mark.parametrize("text", ["{not json", "[1, 2", "NaN", '{"n": Infinity}', '{"n": -Infinity}', ""])
def test_text_that_is_not_json_fails_as_json_loads_does_so_callers_keep_their_own_words(text):
    with pytest.raises(json.JSONDecodeError) as failure:
        loads_bounded(text)
    assert not isinstance(failure.value, JSONRefused)


def test_every_failure_is_a_value_error_so_existing_handlers_still_catch_it():
    assert issubclass(JSONRefused, ValueError)
    with pytest.raises(ValueError):
        loads_bounded(b"\xff\xfe")
    with pytest.raises(TypeError):
        loads_bounded(None)
    with pytest.raises(JSONRefused, match="nested too deeply"):
        loads_bounded("[" * 3000 + "]" * 3000, max_depth=5000)  # past Python's recursion limit
