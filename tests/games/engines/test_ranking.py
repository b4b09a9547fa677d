"""One ranking rule for every result and leaderboard: standard competition ranking (1, 1, 3)."""

from __future__ import annotations

from games.engines.ranking import competition_ranks, ranked, standings


def test_equal_keys_share_a_rank_and_the_next_rank_skips():
    assert competition_ranks([3, 5, 3, 1]) == [2, 1, 2, 4]
    assert competition_ranks([7, 7, 7]) == [1, 1, 1]
    assert competition_ranks([]) == []


def test_tuple_keys_rank_by_the_first_number_then_the_next():
    rows = [("Ana", (1, 2)), ("Ben", (1, 3)), ("Cal", (2, 0)), ("Dee", (1, 3))]
    assert [(rank, name) for rank, (name, _key) in ranked(rows, key=lambda r: r[1], then=lambda r: r[0])] == [
        (1, "Cal"),
        (2, "Ben"),
        (2, "Dee"),
        (4, "Ana"),
    ]


def test_a_table_ranks_its_winners_first_then_by_score():
    # The Food War: seat order was You 17, Lucky Bagel 13, Leo 3, Beginner bot 4 21.
    assert standings([17, 13, 3, 21], winners=[3]) == [(1, 3), (2, 0), (3, 1), (4, 2)]
    # A tie on the score that the rules broke (Snack Attack's tie game): the winner first.
    assert standings([4, 4, 1], winners=[1]) == [(1, 1), (2, 0), (3, 2)]
    # Two winners with the same score share first place; the next is third.
    assert standings([5, 2, 5], winners=[0, 2]) == [(1, 0), (1, 2), (3, 1)]
    # A game stopped with no winner ranks by the numbers so far; no number comes last.
    assert standings([None, 3, 3]) == [(1, 1), (1, 2), (3, 0)]
