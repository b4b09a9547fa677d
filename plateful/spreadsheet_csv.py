"""CSV files a teacher opens in a spreadsheet: every cell quoted, and no cell read as a formula.

A nickname like "=1+1" (or "@SUM(...)", "+1", "-1", a leading tab or carriage return) would be a
formula to Excel, LibreOffice or Google Sheets. The guard puts a "'" before such a start, at the
start of the cell and after every character some spreadsheet splits on (a comma, a semicolon,
the default in Spanish and German; a tab, a pipe, a line break): a spreadsheet that splits
`;=1+1;` on ";" then reads the text '=1+1. Every cell is quoted too, so a separator inside a cell
never splits it for a reader that honours quotes. Numbers are written as they are: guard text.
No library needed: Python's csv module quotes, one regular expression guards.
"""

from __future__ import annotations

import csv
import re

# An empty match where a formula would start: the cell's start, or right after a separator.
_FORMULA_START = re.compile(r"(?:^|(?<=[,;\t|\r\n]))(?=[=+\-@\t\r])")


def text_cell(value) -> str:
    """`value` as text no spreadsheet reads as a formula."""
    return _FORMULA_START.sub("'", str(value))


def writer(out, **options):
    """csv.writer quoting every cell."""
    return csv.writer(out, quoting=csv.QUOTE_ALL, **options)


def dict_writer(out, fieldnames, **options):
    """csv.DictWriter quoting every cell."""
    return csv.DictWriter(out, fieldnames=fieldnames, quoting=csv.QUOTE_ALL, **options)
