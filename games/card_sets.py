"""The card records matches play with, stored once per deck version (games.models.CardSet).

`card_set_for(records)` names a set of records by the digest of its content and stores it the
first time it is seen: every match dealt from the same deck version (the shipped decks as the
database has them, or one version of a teacher's own deck) refers to one row. A deck edited
later makes a new set; the matches already dealt keep theirs, so their replays still replay.
`card_sets_delete_unused` removes the sets no match refers to any more (after a purge).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef

from games.models import CardSet, Match, card_set_digest


def card_set_for(records: list[dict], *, deck: str = "") -> CardSet:
    """The stored set holding exactly these records (made now when it is new)."""
    digest = card_set_digest(records)
    card_set = CardSet.objects.filter(pk=digest).only("pk").first()
    if card_set is not None:
        return card_set
    try:
        # A savepoint: two processes dealing a new deck version at once both try to insert it.
        with transaction.atomic():
            return CardSet.objects.create(
                digest=digest, deck=deck, records={record["id"]: record for record in records}
            )
    except IntegrityError:
        return CardSet.objects.get(pk=digest)


def card_sets_unused():
    """The sets no match refers to."""
    return CardSet.objects.filter(~Exists(Match.objects.filter(card_set=OuterRef("pk"))))


def card_sets_delete_unused() -> int:
    """Delete the sets no match refers to; returns how many went. A set a match is being dealt
    from at this very moment is kept (or made again by that match's retry)."""
    deleted = 0
    for digest in list(card_sets_unused().values_list("pk", flat=True)):
        try:
            with transaction.atomic():
                deleted += card_sets_unused().filter(pk=digest).delete()[0]
        except IntegrityError:  # a match was dealt from it meanwhile (PostgreSQL's deferred check)
            continue
    return deleted
