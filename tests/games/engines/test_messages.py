"""How an engine's message becomes a sentence for one viewer (games.engines.messages)."""

from __future__ import annotations

import pytest

from games.engines.messages import (
    Speaker,
    card_ref,
    cards_ref,
    english,
    gettext_noop,
    message_ids,
    msg,
    ngettext_noop,
    seat_ref,
    seats_ref,
)

NAMES = ["Kim", "Ana", "Bo"]
CARDS = {"apple-1": {"name": "Apple"}, "fish-1": {"name": "Big Fish"}, "fish-2": {"name": "Big Fish"}}


def said(text, viewer=None):
    return english(text, names=NAMES, cards=CARDS, viewer=viewer)


ATE = msg(
    gettext_noop("%(who)s ate %(card)s."),
    you=gettext_noop("You ate %(card)s."),
    who=seat_ref(1),
    card=card_ref("apple-1"),
)


def test_the_subject_is_you_for_its_own_seat_and_a_name_for_everyone_else():
    assert said(ATE, viewer=1) == "You ate Apple."
    assert said(ATE, viewer=0) == "Ana ate Apple."
    assert said(ATE) == "Ana ate Apple."  # a spectator


def test_a_seat_named_later_in_the_sentence_has_its_own_variant():
    made = msg(
        "%(who)s made %(target)s eat %(card)s.",
        you={"who": "You made %(target)s eat %(card)s.", "target": "%(who)s made you eat %(card)s."},
        who=seat_ref(0),
        target=seat_ref(1),
        card=card_ref("apple-1"),
    )
    assert [said(made, viewer) for viewer in (0, 1, 2)] == [
        "You made Ana eat Apple.",
        "Kim made you eat Apple.",
        "Kim made Ana eat Apple.",
    ]


def test_a_list_of_seats_with_you_in_it_leaves_you_out_of_the_list():
    tie = msg(
        "Tie! %(who)s slapped at the same time.",
        you="Tie! You and %(who)s slapped at the same time.",
        who=seats_ref([0, 2]),
    )
    assert said(tie, viewer=2) == "Tie! You and Kim slapped at the same time."
    assert said(tie, viewer=1) == "Tie! Kim and Bo slapped at the same time."
    three = msg("%(who)s tied.", who=seats_ref([0, 1, 2]))
    assert said(three) == "Kim, Ana and Bo tied."
    with pytest.raises(ValueError):
        seats_ref([1])


def test_a_seat_without_a_variant_is_named_like_anyone_else_never_a_broken_you():
    assert said(msg("A coin toss chose %(who)s.", who=seat_ref(0)), viewer=0) == "A coin toss chose Kim."


def test_plural_forms_follow_n():
    won = msg(
        ngettext_noop("%(who)s won %(n)s card.", "%(who)s won %(n)s cards."),
        you=ngettext_noop("You won %(n)s card.", "You won %(n)s cards."),
        who=seat_ref(2),
        n=1,
    )
    assert said(won) == "Bo won 1 card." and said(won, viewer=2) == "You won 1 card."
    assert said({**won, "params": {**won["params"], "n": 4}}, viewer=2) == "You won 4 cards."


def test_cards_are_named_and_repeats_counted():
    chomped = msg(
        "%(who)s chomped %(cards)s.", who=seat_ref(0), cards=cards_ref(["apple-1", "fish-1", "fish-2"])
    )
    assert said(chomped) == "Kim chomped Apple and Big Fish ×2."


def test_sentences_and_nested_messages_are_said_in_order():
    why = msg(
        "%(who)s goes first (%(why)s).",
        you="You go first (%(why)s).",
        who=seat_ref(0),
        why=msg("more calories"),
    )
    assert said([msg("Game over."), why], viewer=0) == "Game over. You go first (more calories)."
    assert set(message_ids([msg("Game over."), why])) == {
        "Game over.",
        "%(who)s goes first (%(why)s).",
        "You go first (%(why)s).",
        "more calories",
    }


def test_an_old_log_line_is_shown_as_it_was_with_names_filled_in():
    assert said("{s1} ate Apple. {s0}'s turn.", viewer=0) == "Ana ate Apple. Kim's turn."
    assert english("{s1} ate Apple.") == "{s1} ate Apple."


def test_english_names_seats_by_placeholder_for_logs_and_tests():
    assert english(ATE) == "{s1} ate apple-1."


def test_a_translation_is_used_and_a_broken_one_falls_back_to_english():
    spanish = {"%(who)s ate %(card)s.": "%(who)s comió %(card)s.", "You ate %(card)s.": "Comiste %(card)s."}
    speaker = Speaker(viewer=1, seat_name=NAMES.__getitem__, gettext=lambda s: spanish.get(s, s))
    assert speaker.say(ATE) == "Comiste apple-1."
    broken = Speaker(viewer=0, seat_name=NAMES.__getitem__, gettext=lambda s: "%(nobody)s comió.")
    assert broken.say(ATE) == "Ana ate apple-1."
