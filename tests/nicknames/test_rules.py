"""The nickname rule: what anyone may call themselves wherever a name is typed."""

from __future__ import annotations

import pytest
from django.utils import translation

from nicknames import fun_names, nickname_key, nickname_problem

KINDER = "Please pick a kinder name: one that everyone would be happy to read."


@pytest.mark.parametrize(
    "name", ["Kim", "Crunchy Carrot", "Zoë", "José 2", "🥦 Broccoli", "Scunthorpe", "Cocktail"]
)
def test_ordinary_names_are_fine(name):
    assert nickname_problem(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "Ki\u200bm",  # zero-width space
        "Ki\u200dm",  # zero-width joiner
        "\ufeffKim",  # byte order mark
        "Kim\u202e",  # right-to-left override
        "\u2066Kim\u2069",  # bidi isolate
        "Kim\u200f",  # right-to-left mark
        "Kim\x07",  # control character
        "Kim\nBen",  # a line break
        "\u3164",  # Hangul filler: draws nothing
    ],
)
def test_hidden_control_and_direction_characters_are_refused(name):
    assert "hidden" in nickname_problem(name)


def test_one_to_twenty_visible_characters():
    assert nickname_problem("") == "Please type a nickname."
    assert nickname_problem("   ") == "Please type a nickname."
    assert nickname_problem("A" * 20) is None
    assert "at most 20" in nickname_problem("A" * 21)
    # Accents typed as combining marks don't count twice.
    assert nickname_problem("e\u0301" * 20) is None


@pytest.mark.parametrize(
    "name", ["You", "you", " Y O U ", "Bot", "Strong bot 2", "beginner bot", "Teacher", "Player 3"]
)
def test_names_the_game_itself_uses_are_refused(name):
    assert "taken by the game" in nickname_problem(name)


@pytest.mark.parametrize("name", ["Robot", "Turbot", "Youssef", "Bottle"])
def test_names_that_only_contain_those_words_are_fine(name):
    assert nickname_problem(name) is None


@pytest.mark.parametrize(
    "name", ["shit", "Big Shit", "sh1t", "f*ck", "FUCK", "xXfuckXx", "fuckyou", "b!tch", "ａｓｓ"]
)
def test_rude_words_are_refused_also_in_disguise(name):
    assert nickname_problem(name) == KINDER


@pytest.mark.parametrize(
    "name",
    ["b00bs", "Hitler", "dickhead", "p0rn", "ur mom fat", "kill yourself", "Fatso", "idiot", "poopface"],
)
def test_the_nine_names_the_probe_walked_in_with_are_refused(name):
    assert nickname_problem(name) == KINDER


def test_the_refusal_speaks_the_childs_language():
    with translation.override("es"):
        spanish = nickname_problem("poopface")
    assert spanish and spanish != KINDER and "amable" in spanish


def test_duplicates_ignore_case_and_spaces():
    taken = {nickname_key("Crunchy Carrot")}
    assert "already has that name" in nickname_problem("crunchy  CARROT", taken=taken)
    assert "already has that name" in nickname_problem("CrunchyCarrot", taken=taken)
    assert nickname_problem("Crunchy Carrots", taken=taken) is None


def test_markup_is_just_a_name_here_the_pages_escape_it():
    assert nickname_problem("<b>Kim</b>") is None


def test_fun_names_are_food_themed_and_not_taken():
    taken = set()
    for _ in range(30):
        (name,) = fun_names(taken=taken)
        assert nickname_problem(name, taken=taken) is None
        taken.add(nickname_key(name))
    assert len(taken) == 30


def test_a_name_that_passes_for_the_staff_gets_its_own_sentence():
    assert "Only your teacher" in nickname_problem("Mr Teacher")
    assert "Only your teacher" in nickname_problem("Profe Juan")
    assert "kinder" in nickname_problem("Pol Pot")
