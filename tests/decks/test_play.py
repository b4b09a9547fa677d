"""A teacher's deck in play: quick play and tables, class sessions and meal-balance lessons. Its
cards are dealt as they are, their pictures open to the players (and nobody else finds them)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from classroom import lessons
from classroom import services as classroom
from classroom.models import ClassSession
from decks import services
from decks.models import TeacherCard
from games.models import Match
from tests.classroom.conftest import join

pytestmark = pytest.mark.django_db

IMAGE = re.compile(r"/cards/eat-right/(?:\d+/)?(my-[0-9a-f]{24})\.(?:png|webp)")


@pytest.fixture(autouse=True)
def _no_scheduler(settings):
    settings.GAMES_SCHEDULER = False


@pytest.fixture
def snack_deck(decks_loaded, teacher):
    """The Eat Right deck's 26 Snack Attack cards, copied: a deck that fits every Eat Right game but
    Build-A-Meal's balanced meals."""
    return services.deck_create(owner=teacher, name="Snack time", start="snack-attack")


def _match_of(response) -> Match:
    return Match.objects.get(pk=response["Location"].split("/")[2])


def test_a_teacher_plays_their_deck_against_bots(teacher_client, client, snack_deck):
    page = teacher_client.get(f"/games/duel/?teacher_deck={snack_deck.pk}").content.decode()
    assert (
        'name="teacher_deck"' in page
        and f'<option value="{snack_deck.pk}" selected>Snack time (26 cards)' in page
    )
    assert 'name="teacher_deck"' not in client.get("/games/duel/").content.decode()
    played = teacher_client.post(
        "/games/duel/play/",
        {"nickname": "Ms G", "seats": "2", "bot_level": "beginner", "teacher_deck": snack_deck.pk},
    )
    assert played.status_code == 302
    match = _match_of(played)
    assert set(match.cards) == {record["id"] for record in services.deck_records(deck=snack_deck)}
    html = teacher_client.get(played["Location"]).content.decode()
    shown = set(IMAGE.findall(html))
    assert len(shown) >= 3 and shown <= set(match.cards)  # the teacher's hand: their own cards
    card = shown.pop()
    picture = client.get(f"/cards/eat-right/{card}.png")  # reachable by its address
    assert picture.status_code == 200 and picture["Cache-Control"].startswith("private")
    webp = client.get(f"/cards/eat-right/240/{card}.webp")  # the size the match page shows
    assert webp.status_code == 200 and webp["Cache-Control"].startswith("private")
    assert TeacherCard.objects.filter(deck=snack_deck, shared=True).count() == 26


def test_play_again_deals_the_same_deck(teacher_client, snack_deck):
    played = teacher_client.post(
        "/games/duel/play/",
        {"nickname": "Ms G", "seats": "2", "bot_level": "beginner", "teacher_deck": snack_deck.pk},
    )
    first = _match_of(played)
    first.status = Match.Status.FINISHED
    first.save(update_fields=["status"])
    again = teacher_client.post(f"/play/{first.pk}/again/")
    assert _match_of(again).cards == first.cards


def test_a_deck_that_does_not_fit_the_game_is_refused_in_words(teacher_client, other_client, snack_deck):
    card = services.deck_cards(deck=snack_deck)[0]
    services.card_remove(deck=snack_deck, card_id=card.card_id)
    refused = teacher_client.post(
        "/games/snack-attack/play/",
        {"nickname": "Ms G", "seats": "2", "bot_level": "beginner", "teacher_deck": snack_deck.pk},
    )
    assert refused.status_code == 400
    assert refused.content.decode() == (
        "The deck “Snack time” doesn't fit this game yet. Snack Attack needs exactly 26 fruit, veggie, "
        "junk and exercise cards: you have 25."
    )
    stolen = other_client.post(
        "/games/food-war/table/", {"nickname": "Mr O", "seats": "2", "teacher_deck": snack_deck.pk}
    )
    assert stolen.status_code == 404 and stolen.content.decode() == "You have no deck with that address."
    assert not Match.objects.exists()


def test_a_class_session_deals_the_deck_as_it_was_when_the_session_was_made(teacher, snack_deck):
    session = classroom.session_create(
        teacher=teacher,
        kind="game",
        game="snack-attack",
        seats_per_table=2,
        bot_level="beginner",
        deck=snack_deck,
    )
    records = services.deck_records(deck=snack_deck)
    assert session.deck == snack_deck and session.deck_cards == records
    browser, _student = join(session, "Ana")
    classroom.session_start(session=session)
    place = browser.get(f"/class/{session.code}/")
    match = Match.objects.get(pk=place["Location"].split("/")[2])
    assert set(match.cards) == {record["id"] for record in records}
    # The student sees the table and may load the deck's pictures; unshared cards stay unknown.
    assert browser.get(place["Location"]).status_code == 200
    card_id = records[0]["id"]
    assert browser.get(f"/cards/eat-right/240/{card_id}.webp").status_code == 200
    assert Client().get("/cards/eat-right/my-000000000000000000000000.png").status_code == 404


def test_editing_the_deck_later_leaves_the_sessions_cards_alone(teacher, foods, snack_deck):
    session = classroom.session_create(
        teacher=teacher,
        kind="game",
        game="food-war",
        seats_per_table=2,
        bot_level="beginner",
        deck=snack_deck,
    )
    apple = next(card for card in services.deck_cards(deck=snack_deck) if card.record.get("ndb") == "09003")
    changed = services.card_update(
        deck=snack_deck, card_id=apple.card_id, times=2, category="fruit", name="Apples"
    )
    assert changed.card_id != apple.card_id  # the session holds the old card: a new one replaces it
    session.refresh_from_db()
    assert apple.card_id in {record["id"] for record in session.deck_cards}
    assert changed.card_id not in {record["id"] for record in session.deck_cards}
    assert services.shared_card_picture("eat-right", apple.card_id) is not None


def test_a_session_refuses_a_deck_that_does_not_fit_or_is_not_the_teachers(
    teacher, other_teacher, snack_deck
):
    with pytest.raises(classroom.ClassroomError, match="Build-A-Meal needs cards that make a balanced meal"):
        classroom.session_create(
            teacher=teacher,
            kind="game",
            game="build-a-meal",
            seats_per_table=2,
            bot_level="beginner",
            deck=snack_deck,
        )
    with pytest.raises(classroom.ClassroomError, match="You have no deck with that address."):
        classroom.session_create(
            teacher=other_teacher,
            kind="game",
            game="duel",
            seats_per_table=2,
            bot_level="beginner",
            deck=snack_deck,
        )
    with pytest.raises(classroom.ClassroomError, match="pick an Eat Right game"):
        classroom.session_create(
            teacher=teacher,
            kind="game",
            game="chomp",
            seats_per_table=3,
            bot_level="beginner",
            deck=snack_deck,
        )
    assert not ClassSession.objects.exists()


def test_a_lesson_offers_the_decks_cards(teacher, decks_loaded):
    deck = services.deck_create(owner=teacher, name="Lunch box", start="eat-right")
    records = services.deck_records(deck=deck)
    session = classroom.session_create(teacher=teacher, kind="lesson", deck=deck)
    classroom.session_start(session=session)
    game_cards = {r["id"] for r in records if r.get("special") in ("sugar-shock", "exercise")}
    assert len(game_cards) == 2  # Sugar Shock and Exhilarating Exercise stay in the games
    assert session.lesson_cards == [r["id"] for r in records if r["id"] not in game_cards]
    _browser, kim = join(session, "Kim")
    by_name = {r["name"]: r["id"] for r in records}
    for name in ("Whole-Wheat Bread", "Brown Rice", "Apple", "Carrots", "Low-Fat Milk"):
        lessons.lesson_toggle_card(student=kim, card_id=by_name[name])
    kim.refresh_from_db()
    attempt, check = lessons.lesson_check(student=kim)
    assert check.balanced and attempt.cards == [
        by_name[n] for n in ("Whole-Wheat Bread", "Brown Rice", "Apple", "Carrots", "Low-Fat Milk")
    ]


def test_a_lesson_needs_cards_that_make_a_balanced_meal(teacher, snack_deck):
    with pytest.raises(classroom.ClassroomError, match="No balanced meal can be made from these cards."):
        classroom.session_create(teacher=teacher, kind="lesson", deck=snack_deck)
    assert not ClassSession.objects.exists()


def test_the_new_session_form_offers_the_teachers_decks(teacher_client, teacher, other_teacher, decks_loaded):
    deck = services.deck_create(owner=teacher, name="Lunch box", start="eat-right")
    page = teacher_client.get(f"/teach/new/?activity=lesson&deck={deck.pk}").content.decode()
    assert 'name="food-war-deck"' in page and 'name="lesson-deck"' in page and 'name="chomp-deck"' not in page
    first_card = services.deck_records(deck=deck)[0]["id"]
    assert f'value="{first_card}"' in page  # the lesson's cards are the deck's
    picker = teacher_client.get(f"/teach/new/?lesson-deck={deck.pk}", HTTP_HX_REQUEST="true")
    assert f'value="{first_card}"' in picker.content.decode()
    made = teacher_client.post(
        "/teach/new/",
        {
            "activity": "duel",
            "duel-seats": "2",
            "duel-bot_level": "beginner",
            "duel-option_rounds_to_win": "3",
            "duel-deck": str(deck.pk),
        },
    )
    assert made.status_code == 302, made.content.decode()[:3000]
    assert ClassSession.objects.get(teacher=teacher).deck == deck
    dashboard = teacher_client.get(made["Location"]).content.decode()
    assert "Cards: your deck “Lunch box” (54 cards, as they were when the session was made)" in dashboard
    theirs = services.deck_create(owner=other_teacher, name="Not yours")
    refused = teacher_client.post(
        "/teach/new/",
        {"activity": "duel", "duel-seats": "2", "duel-bot_level": "beginner", "duel-deck": str(theirs.pk)},
    )
    assert refused.status_code == 400 and ClassSession.objects.count() == 1


def test_a_table_for_friends_waits_with_the_decks_cards_and_deals_them(teacher_client, snack_deck):
    made = teacher_client.post(
        "/games/food-war/table/", {"nickname": "Ms G", "seats": "2", "teacher_deck": snack_deck.pk}
    )
    assert made.status_code == 302
    match = _match_of(made)
    deck_ids = {record["id"] for record in services.deck_records(deck=snack_deck)}
    assert match.status == Match.Status.WAITING and set(match.cards) == deck_ids
    teacher_client.post(f"/tables/{match.pk}/bots/", {"bot_level": "beginner"})
    teacher_client.post(f"/tables/{match.pk}/start/")
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and set(match.cards) == deck_ids
    dealt = {card for stack in match.state["stacks"] for card in stack}
    assert dealt == deck_ids
