"""Checks that a page or frame names no card a seat must not see."""

import re

_WORD = re.compile(r"[A-Za-z0-9_-]+")


def leaked_cards(text: str, hidden: set[str]) -> set[str]:
    """Hidden card ids that appear in the text as whole ids ("big-fish-1" is not in "big-fish-10")."""
    return set(_WORD.findall(text)) & set(hidden)
