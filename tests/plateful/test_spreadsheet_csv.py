"""plateful.spreadsheet_csv: every cell quoted, and no formula start after any separator."""

from __future__ import annotations

import io

import pytest

from plateful.spreadsheet_csv import text_cell, writer


@pytest.mark.parametrize(
    ("text", "guarded"),
    [
        ("Ana", "Ana"),
        ("=1+1", "'=1+1"),
        (";=1+1;", ";'=1+1;"),
        ("a,@SUM(A1)", "a,'@SUM(A1)"),
        ("x|+1\t-2", "x|'+1\t'-2"),
        ("\t=1", "'\t'=1"),
        ("line\n=cmd", "line\n'=cmd"),
        ("Ana; 2 attempts", "Ana; 2 attempts"),
    ],
)
def test_a_formula_start_is_guarded_at_the_start_and_after_every_separator(text, guarded):
    assert text_cell(text) == guarded


def test_every_cell_is_quoted():
    out = io.StringIO()
    writer(out).writerow([text_cell("Ana"), 3, ""])
    assert out.getvalue() == '"Ana","3",""\r\n'
