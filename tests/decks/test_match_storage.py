"""A teacher's deck in stored matches: its records are stored once per deck version, shared by
every match dealt from that version, and an edit of the deck never changes a match already dealt."""

from __future__ import annotations

import pytest

from classroom import services as classroom
from decks import services
from games import services as games
from games.models import CardSet, Match
from games.services import SeatSpec
from tests.classroom.conftest import join

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]


@pytest.fixture(autouse=True)
def _no_scheduler(settings):
    settings.GAMES_SCHEDULER = False


@pytest.fixture
def snack_deck(decks_loaded, teacher):
    return services.deck_create(owner=teacher, name="Snack time", start="snack-attack")


def _deal(teacher, deck, seed, *, share=True):
    """What the game form does: the deck's checked records, the match, then share the cards."""
    records = services.records_for_game(owner=teacher, deck_id=deck.pk, game="duel", seats=2)
    match, _tokens = games.match_create(
        game="duel",
        seats=[SeatSpec(kind="human", nickname="Ms G"), SeatSpec(kind="bot", bot_level="beginner")],
        seed=seed,
        cards=records,
    )
    if share:
        services.cards_share(records=records)
    return Match.objects.get(pk=match.pk)


def _play_some(match, moves=6):
    for _ in range(moves):
        state = games.match_state(match=match)
        engine = games.engine_get(game=match.game)
        # A player's move, or the table's own (a round's end) when only the table is to move:
        # a bot's timed move may have brought the match there meanwhile.
        seat = min((s for s in engine.to_move(state) if s is not None), default=None)
        action = engine.legal_actions(state, seat)[0]
        match, _events = games.match_submit_action(match_id=match.pk, seat=seat, action=action, trusted=True)
    return Match.objects.get(pk=match.pk)


def test_matches_of_one_deck_version_share_one_record_set(teacher, snack_deck):
    first, second = _deal(teacher, snack_deck, 1), _deal(teacher, snack_deck, 2)
    assert first.card_set_id == second.card_set_id
    card_set = CardSet.objects.get(pk=first.card_set_id)
    assert card_set.deck == "eat-right"
    assert set(card_set.records) == {record["id"] for record in services.deck_records(deck=snack_deck)}


def test_an_edit_after_a_match_leaves_the_matchs_cards_alone(teacher, foods, snack_deck):
    old = _play_some(_deal(teacher, snack_deck, 3))
    before = dict(old.cards)
    apple = next(card for card in services.deck_cards(deck=snack_deck) if card.record.get("ndb") == "09003")
    changed = services.card_update(
        deck=snack_deck, card_id=apple.card_id, times=3, category="fruit", name="Three apples"
    )
    assert changed.card_id != apple.card_id  # the old card was dealt: a new card replaces it
    new = _deal(teacher, snack_deck, 3)
    assert new.card_set_id != old.card_set_id  # a new deck version, a new set
    old = Match.objects.get(pk=old.pk)
    assert old.cards == before and old.cards[apple.card_id]["name"] != "Three apples"
    assert changed.card_id not in old.cards and new.cards[changed.card_id]["name"] == "Three apples"
    assert games.match_replays_to_stored_state(match=old)
    # Deleting the deck leaves the matches dealt from it playable and replayable.
    services.deck_delete(deck=snack_deck)
    old = _play_some(Match.objects.get(pk=old.pk), 2)
    assert old.cards == before and games.match_replays_to_stored_state(match=old)


def test_an_edit_in_place_of_a_card_never_shared_leaves_the_match_alone(teacher, foods, snack_deck):
    """A match made without sharing (a caller that forgets `cards_share`): the card is edited in
    place, and still the match keeps the record it was dealt."""
    old = _deal(teacher, snack_deck, 4, share=False)
    apple = next(card for card in services.deck_cards(deck=snack_deck) if card.record.get("ndb") == "09003")
    calories = old.cards[apple.card_id]["calories"]
    changed = services.card_update(deck=snack_deck, card_id=apple.card_id, times=4, category="fruit")
    assert changed.card_id == apple.card_id and changed.record["calories"] != calories
    assert Match.objects.get(pk=old.pk).cards[apple.card_id]["calories"] == calories


def test_a_class_sessions_tables_share_the_sessions_set(teacher, snack_deck):
    session = classroom.session_create(
        teacher=teacher, kind="game", game="duel", seats_per_table=2, bot_level="beginner", deck=snack_deck
    )
    for name in ("Ana", "Ben", "Cy", "Dee"):
        join(session, name)
    classroom.session_start(session=session)
    sets = set(session.table_matches.values_list("match__card_set_id", flat=True))
    assert session.table_matches.count() == 2 and len(sets) == 1
    assert CardSet.objects.filter(pk__in=sets).get().records.keys() == {
        record["id"] for record in session.deck_cards
    }
