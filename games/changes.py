""" "A match changed": the one hook between the code that writes matches and the code that reacts.

`games.services` announces every committed change of a match (a deal, a move, a lobby change)
here, after its transaction commits, so nobody ever reacts to a change that was rolled back.
Subscribers register in an AppConfig.ready() and react in their own way:

- `games.live.broadcast` draws a move once for every open page of the match and sends it (each
  page's socket only forwards it), or tells the pages to draw themselves after any other change;
- `games.scheduler` plans the next bot move or table timer;
- other apps (a classroom's live dashboard) subscribe the same way.

Nothing here imports the subscribers: the writers never depend on who listens. A subscriber
that fails is logged; it never undoes the change nor stops the other subscribers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

logger = logging.getLogger(__name__)

# How many of a match's latest moves a page's feed shows.
FEED_LENGTH = 15


@dataclass(frozen=True)
class MatchChange:
    """One committed change. `version`/`changed_at` are None when the writer didn't read them
    (subscribers that need them read the match). `seat` is who moved (None: the table itself or
    a lobby change). `rows`, when the writer has them: (the match as stored, its
    seats): what it wrote, nothing read back."""

    match_id: str
    version: int | None = None
    changed_at: datetime | None = None
    seat: int | None = None
    rows: tuple[Any, list] | None = None
    # A seat changed hands (a bot took a player's seat, a player a bot's) or someone was taken
    # out of the match's class: every open page checks again that it may watch and which seat
    # its token holds before it draws anything more.
    seats_changed: bool = False


Subscriber = Callable[[MatchChange], None]
_subscribers: list[Subscriber] = []


def subscribe(subscriber: Subscriber) -> Subscriber:
    """Call `subscriber(change)` after every committed change (registering twice is harmless)."""
    if subscriber not in _subscribers:
        _subscribers.append(subscriber)
    return subscriber


def announce(change: MatchChange) -> None:
    """Tell every subscriber, in the order they subscribed."""
    for subscriber in list(_subscribers):
        try:
            subscriber(change)
        except Exception:  # one listener's failure must not silence the others
            logger.exception("A subscriber failed on a change of match %s.", change.match_id)


def announce_on_commit(change: MatchChange) -> None:
    """Announce once the current transaction commits (at once outside a transaction)."""
    transaction.on_commit(lambda: announce(change))
