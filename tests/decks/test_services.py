"""Making and changing a deck: what a teacher may do, and the clear refusals that change nothing."""

from __future__ import annotations

import pytest

from decks import services
from decks.models import TeacherCard, TeacherDeck
from nutrition.eat_right_deck import load_shipped_cards
from nutrition.models import Food

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(foods, teacher):
    return services.deck_create(owner=teacher, name="Snacks")


def _snapshot(deck):
    return [(c.card_id, c.record, c.retired) for c in TeacherCard.objects.filter(deck=deck).order_by("pk")]


def test_a_deck_starts_empty_or_as_a_copy_of_the_eat_right_deck(decks_loaded, teacher):
    empty = services.deck_create(owner=teacher, name="  My   deck ")
    assert empty.name == "My deck" and services.deck_records(deck=empty) == []
    copy = services.deck_create(owner=teacher, name="Eat Right, mine", start="eat-right")
    records = services.deck_records(deck=copy)
    shipped = load_shipped_cards()
    assert len(records) == 54
    for record in records:
        original = shipped[record["copied_from"]]
        assert record["id"].startswith("my-") and record["id"] != original["id"]
        assert (record["calories"], record["vitamin_power"], record["value"], record["groups"]) == (
            original["calories"],
            original["vitamin_power"],
            original["value"],
            original["groups"],
        )
    snack = services.deck_create(owner=teacher, name="Snack Attack", start="snack-attack")
    assert len(services.deck_records(deck=snack)) == 26


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ndb": "99999"}, "There is no USDA food with the number “99999”."),
        ({"ndb": "09148", "measure_seq": 77}, "Pick one of this food's servings from the list."),
        ({"ndb": "09148", "times": 0}, "How many of the measure: a number from 0.1 to 10."),
        ({"ndb": "09148", "times": 1000}, "How many of the measure: a number from 0.1 to 10."),
        ({"ndb": "09148", "times": "nan"}, "How many of the measure: a number from 0.1 to 10."),
        (
            {"ndb": "09148", "category": "candy"},
            "Pick a category: fruit, veggie, grains, meat, dairy or junk food.",
        ),
        ({"ndb": "09148", "special": "sugar-shock"}, "Only a junk food card can be Sugar Shock."),
        (
            {"ndb": "09148", "special": "broccoli"},
            "Only a veggie card can be a super snack (Broccoli or Spinach).",
        ),
        ({"ndb": "09148", "special": "exercise"}, "Pick a special role from the list."),
        ({"ndb": "09148", "name": "x" * 41}, "A card's name has at most 40 letters."),
        ({"ndb": "09148", "plate": {"fruit": -1}}, "Food group amounts go from 0 to 10."),
        ({"ndb": "09148", "plate": {"candy": 1}}, "There is no food group called “candy”."),
    ],
)
def test_bad_input_gets_a_clear_message_and_changes_nothing(deck, change, message):
    services.card_add_food(deck=deck, ndb="09003")
    before = _snapshot(deck)
    with pytest.raises(services.DeckError) as refused:
        services.card_add_food(deck=deck, **change)
    assert refused.value.message == message
    assert _snapshot(deck) == before


def test_without_the_usda_data_a_card_cannot_be_made(db, teacher):
    deck = services.deck_create(owner=teacher, name="Snacks")
    with pytest.raises(services.DeckError, match="USDA food data isn't imported"):
        services.card_add_food(deck=deck, ndb="09003")


def test_a_deck_holds_at_most_sixty_cards(deck):
    TeacherCard.objects.bulk_create(
        TeacherCard(
            deck=deck, card_id=f"my-{n:024x}", position=n, record={"id": f"my-{n:024x}", "name": "Apple"}
        )
        for n in range(services.MAX_CARDS)
    )
    with pytest.raises(services.DeckError, match="A deck holds at most 60 cards: remove one first."):
        services.card_add_food(deck=deck, ndb="09003")
    with pytest.raises(services.DeckError, match="at most 60 cards"):
        services.card_add_exercise(deck=deck)
    assert deck.cards.count() == services.MAX_CARDS


def test_each_special_role_once_per_deck(deck):
    cola = services.card_add_food(deck=deck, ndb="14148", category="junk", special="sugar-shock", name="Cola")
    assert cola.record["special"] == "sugar-shock"
    with pytest.raises(services.DeckError, match="Cola already has that special role in this deck."):
        services.card_add_food(deck=deck, ndb="19108", category="junk", special="sugar-shock")
    kale = services.card_add_food(deck=deck, ndb="11233", special="spinach")
    assert kale.record["special"] == "spinach" and kale.record["category"] == "veggie"
    services.card_add_exercise(deck=deck)
    with pytest.raises(services.DeckError, match="already has its Exhilarating Exercise card"):
        services.card_add_exercise(deck=deck)
    exercise = [r for r in services.deck_records(deck=deck) if r.get("special") == "exercise"]
    assert len(exercise) == 1 and exercise[0]["calories"] == -200 and exercise[0]["snack_attack"] is True


def test_a_card_not_yet_played_changes_in_place(deck):
    card = services.card_add_food(deck=deck, ndb="09148")
    changed = services.card_update(
        deck=deck, card_id=card.card_id, measure_seq=card.measure_seq, times=2, name="Kiwi"
    )
    assert changed.card_id == card.card_id and changed.record["name"] == "Kiwi"
    assert TeacherCard.objects.filter(deck=deck).count() == 1


def test_a_card_already_dealt_into_a_game_is_kept_for_it_and_replaced(deck):
    card = services.card_add_food(deck=deck, ndb="09148")
    services.cards_share(records=services.records_for_play(deck=deck))
    changed = services.card_update(
        deck=deck, card_id=card.card_id, measure_seq=card.measure_seq, times=2, name="Kiwi"
    )
    assert (
        changed.card_id != card.card_id and changed.position == TeacherCard.objects.get(pk=card.pk).position
    )
    assert [r["id"] for r in services.deck_records(deck=deck)] == [changed.card_id]
    old = TeacherCard.objects.get(card_id=card.card_id)
    assert old.retired and old.shared  # the game that holds it still shows its picture
    assert services.shared_card_picture("eat-right", card.card_id) is not None
    assert services.shared_card_picture("eat-right", changed.card_id) is None  # not dealt yet
    services.card_remove(deck=deck, card_id=changed.card_id)
    assert (
        services.deck_records(deck=deck) == []
        and TeacherCard.objects.filter(card_id=changed.card_id).exists() is False
    )


def test_a_deck_that_does_not_fit_the_game_is_refused_with_the_reason(deck):
    services.card_add_food(deck=deck, ndb="09148")
    with pytest.raises(services.DeckError) as refused:
        services.records_for_play(deck=deck, game="snack-attack", seats=2)
    assert refused.value.message == (
        "The deck “Snacks” doesn't fit this game yet. Snack Attack needs exactly 26 fruit, veggie, junk "
        "and exercise cards: you have 1."
    )
    assert not TeacherCard.objects.filter(deck=deck, shared=True).exists()


def test_one_teacher_never_reaches_another_teachers_deck(deck, other_teacher):
    with pytest.raises(services.DeckError) as refused:
        services.deck_of(owner=other_teacher, deck_id=deck.pk)
    assert refused.value.status == 404
    with pytest.raises(services.DeckError):
        services.records_for_game(owner=other_teacher, deck_id=deck.pk, game="food-war", seats=2)
    assert services.decks_of(owner=other_teacher) == []
    assert [d.pk for d in services.decks_of(owner=deck.owner)] == [deck.pk]


def test_names_are_checked_and_decks_are_limited(teacher, db):
    with pytest.raises(services.DeckError, match="Give the deck a name."):
        services.deck_create(owner=teacher, name="   ")
    with pytest.raises(services.DeckError, match="at most 60 letters"):
        services.deck_create(owner=teacher, name="x" * 61)
    TeacherDeck.objects.bulk_create(
        TeacherDeck(owner=teacher, name=f"D{n}") for n in range(services.MAX_DECKS)
    )
    with pytest.raises(services.DeckError, match="You have 30 decks"):
        services.deck_create(owner=teacher, name="One more")


def test_the_first_measure_is_the_default_serving(deck):
    kiwi = Food.objects.get(ndb="09148")
    card = services.card_add_food(deck=deck, ndb="09148")
    first = kiwi.measures.order_by("seq").first()
    assert card.record["serving_g"] == first.grams and card.measure_seq == first.seq
