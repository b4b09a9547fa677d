"""CHOMP! bots: they slap from their view, at their level's speed, and the strong one wins more."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.engines import get_engine
from tests.games.engines.test_chomp import example_flip, flip, table

CHOMP = get_engine("chomp")
GAMES = ("chomp", "underwater-war", "quick-chomp", "double-chomp")


def choices(level, state, seat, tries=300):
    bot = get_bot("chomp", level)
    view, legal = CHOMP.view(state, seat), CHOMP.legal_actions(state, seat)
    rng = random.Random(level)
    return [bot.choose(view, legal, rng) for _ in range(tries)]


def test_the_strong_bot_almost_always_slaps_a_right_card():
    picks = choices("strong", example_flip(extra=[["shrimp-1"]]), 1)  # the Shark may chomp a Big Fish
    right = sum(1 for p in picks if p and p["card"] in ("big-fish-1", "big-fish-2"))
    assert right / len(picks) > 0.9
    assert all(p is None or p["version"] == CHOMP.view(example_flip(), 1)["version"] for p in picks)


def test_the_beginner_sometimes_misses_or_bad_chomps():
    picks = choices("beginner", example_flip(extra=[["shrimp-1"]]), 1)
    right = sum(1 for p in picks if p and p["card"] in ("big-fish-1", "big-fish-2"))
    wrong = sum(1 for p in picks if p and p["card"] not in ("big-fish-1", "big-fish-2"))
    assert 0.6 < right / len(picks) < 0.9 and wrong > 10


def test_the_owner_of_the_lowest_card_never_has_a_right_slap():
    picks = choices("strong", example_flip(extra=[[], [], ["shrimp-1"]]), 2)  # seat 2 flipped a Big Fish
    assert sum(1 for p in picks if p) < 10


def test_bots_rarely_slap_in_an_ink_out():
    state, _ = flip(table([["octopus-1", "seal-1"], ["shark-1", "shrimp-1"], ["big-fish-1", "plankton-1"]]))
    assert sum(1 for p in choices("strong", state, 1) if p) <= 6
    assert 5 <= sum(1 for p in choices("beginner", state, 1) if p) <= 60


@pytest.mark.parametrize("game", GAMES)
def test_reaction_times_per_level(game):
    assert get_bot(game, "beginner").reaction_range_ms == (900, 1500)
    assert get_bot(game, "strong").reaction_range_ms == (400, 700)
