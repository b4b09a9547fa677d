"""Ranks for results and leaderboards, one rule everywhere: standard competition ranking.

Entries with the better key come first; entries with equal keys share a rank and the next
rank skips as many places as were shared (1, 1, 3). Keys are compared with Python's own
ordering, bigger is better: a tuple such as (wins, -games_played) ranks by wins, then by fewer
games. Pure Python, no Django import: the match pages, the class dashboard, the projector and
the reports all call it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def competition_ranks(keys: Sequence[Any]) -> list[int]:
    """The rank of each key in place, best first: [3, 5, 3, 1] -> [2, 1, 2, 4]."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    ranks = [0] * len(keys)
    for place, index in enumerate(order, start=1):
        previous = order[place - 2] if place > 1 else None
        same = previous is not None and keys[previous] == keys[index]
        ranks[index] = ranks[previous] if same else place
    return ranks


def ranked(
    items: Iterable[T], key: Callable[[T], Any], *, then: Callable[[T], Any] | None = None
) -> list[tuple[int, T]]:
    """(rank, item) best first. Items that share a rank keep their given order, or are ordered
    by `then` (smaller first, e.g. a name), which never changes a rank."""
    items = list(items)
    if then is not None:
        items.sort(key=then)
    keys = [key(item) for item in items]
    ranks = competition_ranks(keys)
    order = sorted(range(len(items)), key=lambda i: ranks[i])  # stable: ties keep their order
    return [(ranks[i], items[i]) for i in order]


def standings(scores: Sequence[int | None], winners: Iterable[int] = ()) -> list[tuple[int, int]]:
    """(rank, seat) for a table, best first: the winners the rules named first, then by score,
    higher is better. Seats with the same standing share a rank; among them, seat order. A seat
    without a number ranks after every seat with one."""
    won = set(winners)

    def key(seat: int) -> tuple:
        score = scores[seat]
        return (seat in won, score is not None, score if score is not None else 0)

    return ranked(range(len(scores)), key)
