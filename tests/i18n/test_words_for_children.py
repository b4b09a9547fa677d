"""The site's own words about food, exercise and calories say what a card does in the game,
never a health claim, and never praise eating less (issue 30). Every English message of the
catalogue (templates, engines, coaches, lessons) is read; the printed rule books' own rules stay
as the games play them."""

from __future__ import annotations

import re

import polib
from django.conf import settings

PO = settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po"

BANNED = {
    "exercise undoes eating": re.compile(r"\bburn(s|ed|ing)? off\b|\bburns? (the|your) junk", re.I),
    "a food cancels another": re.compile(r"\b(greens?|broccoli|spinach|veggies?)\b[^.]*\bcancel", re.I),
    "calories called unhealthy": re.compile(
        r"(too many|more|lots of) calories[^.]*\b(not )?(un)?healthy", re.I
    ),
    "praise for few calories": re.compile(
        r"\bonly %\(calories\)s calories|\bonly \d+ calories|\blighter (food|one|card)", re.I
    ),
    "a healthy card to play": re.compile(r"\bshow a healthy one\b", re.I),
    "a value it does not count": re.compile(r"full of vitamins[^.]*Overall Value|no Vitamin Power, so", re.I),
}


def test_no_message_says_what_a_child_should_not_learn_from_a_game():
    found = []
    for entry in polib.pofile(str(PO)):
        for text in (entry.msgid, entry.msgid_plural or ""):
            for why, pattern in BANNED.items():
                if pattern.search(text):
                    found.append(f"{why}: {text[:100]!r}")
    assert not found, "\n".join(found)


def test_the_check_catches_the_words_it_was_written_for():
    said = [
        "Eat %(card)s: it burns off the junk you ate.",
        "Your greens cancelled %(card)s.",
        "Too many calories is not a healthy meal!",
        "%(card)s: %(value)s value and only %(calories)s calories.",
        "Swap %(name)s for a lighter food from the same group.",
    ]
    assert all(any(p.search(text) for p in BANNED.values()) for text in said)
