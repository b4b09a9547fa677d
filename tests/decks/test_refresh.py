"""Teachers' cards made again after the card formulas changed (`manage.py refresh_deck_cards`)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from decks import services
from decks.models import TeacherCard


@pytest.fixture
def deck(foods, decks_loaded, teacher):
    return services.deck_create(owner=teacher, name="Snack time", start="snack-attack")


def _stale(card: TeacherCard, **old) -> None:
    """Give a card the numbers an older formula gave it."""
    card.record = {**card.record, **old}
    card.save(update_fields=["record"])


def test_cards_with_old_numbers_are_made_again_and_dealt_ones_replaced(deck, foods):
    cards = {card.record["copied_from"]: card for card in services.deck_cards(deck=deck)}
    apple, broccoli, chips = cards["apple"], cards["broccoli"], cards["potato-chips"]
    _stale(apple, value=12, vitamin_power=14)  # the apple before the Nutri-Score
    _stale(chips, vitamin_power=19)
    services.cards_share(records=[chips.record])  # chips were dealt into a game
    kiwi = services.card_add_food(deck=deck, ndb="09148", category="fruit")
    fresh_kiwi = dict(kiwi.record)
    _stale(kiwi, value=40, groups={"fruit": 9})
    out = StringIO()
    call_command("refresh_deck_cards", stdout=out)
    assert "3 cards made again in 1 decks." in out.getvalue()
    shipped = {record["id"]: record for record in services.eat_right_records()}
    apple.refresh_from_db()
    assert (apple.record["value"], apple.record["vitamin_power"]) == (
        shipped["apple"]["value"],
        shipped["apple"]["vitamin_power"],
    )
    assert apple.card_id == apple.record["id"]  # the same card, not dealt yet: changed in place
    broccoli_before = dict(broccoli.record)
    broccoli.refresh_from_db()
    assert broccoli.record == broccoli_before  # its numbers were right: untouched
    chips.refresh_from_db()
    assert chips.retired and chips.record["vitamin_power"] == 19  # the games keep what they dealt
    replacement = next(
        c for c in services.deck_cards(deck=deck) if c.record.get("copied_from") == "potato-chips"
    )
    assert replacement.card_id != chips.card_id and replacement.position == chips.position
    assert replacement.record["vitamin_power"] == shipped["potato-chips"]["vitamin_power"] == 35.9
    kiwi.refresh_from_db()
    assert {key: kiwi.record[key] for key in services.REFRESHED_FIELDS} == {
        key: fresh_kiwi[key] for key in services.REFRESHED_FIELDS
    }
    out = StringIO()
    call_command("refresh_deck_cards", stdout=out)
    assert "0 cards made again" in out.getvalue()  # nothing left to do
