"""Every game's pages read in Spanish with no English sentence left: the rules page and a match
page in the middle of a game, for each game of the registry (a new game is checked by itself),
and the home, catalog, /join and /foods/ pages. Each page is rendered twice, with the language
cookie the switch sets: in English and in Spanish (tests/i18n/spanish_text.py compares them)."""

import random
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from classroom import services as classroom_services
from games import scheduler, services
from games.bots import bot_levels
from games.engines import ENGINES, get_engine
from games.models import Match
from games.services import SeatSpec
from games.views import SESSION_KEY
from tests.i18n.spanish_text import english_left, visible_texts

pytestmark = pytest.mark.django_db

NICKNAME = "Ana"


def _client(language: str, seats: dict | None = None, user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    if seats:
        session = client.session
        session[SESSION_KEY] = seats
        session.save()
    return client


def _both(path: str, seats: dict | None = None, user=None) -> tuple[str, str]:
    pages = []
    for language in ("en", "es"):
        response = _client(language, seats, user).get(path)
        assert response.status_code == 200, f"{path} in {language}: {response.status_code}"
        pages.append(response.content.decode())
    return pages[0], pages[1]


# "Tú" with a verb of the third person ("Tú ganó", "ganó Tú"): the reader's own sentence needs its own
# words.
YOU_WITH_THEIR_VERB = re.compile(r"\bTú\s+(?:\w+ó|es|tiene|ha)\b|\b\w+ó\s+Tú\b")


def _assert_spanish(path: str, english: str, spanish: str, names=frozenset()):
    page_language, texts = visible_texts(spanish)
    wrong = [text for text in texts if YOU_WITH_THEIR_VERB.search(text)]
    assert not wrong, f"{path}: the reader's own sentence borrows another player's verb: {wrong}"
    assert page_language == "es", f"{path}: <html lang={page_language!r}>"
    assert visible_texts(english)[0] == "en"
    assert 'action="/i18n/setlang/"' in spanish and '<option value="es" lang="es" selected>' in spanish
    left = english_left(spanish, english, names=set(names))
    assert not left, f"{path} still has English in Spanish:\n" + "\n".join(f"  {t!r}" for t in left)
    assert len(texts) > 10


def _mid_game(game: str, seed: int = 7) -> tuple[Match, str]:
    """A match with a person in seat 0 and bots elsewhere, a few moves in and still going."""
    engine = get_engine(game)
    level = bot_levels(game)[0]
    seats = [SeatSpec(kind="human", nickname=NICKNAME)]
    seats += [SeatSpec(kind="bot", bot_level=level)] * (engine.min_seats - 1)
    match, tokens = services.match_create(game=game, seats=seats, seed=seed)
    chooser = random.Random(seed)
    for _ in range(40):
        match.refresh_from_db()
        if match.version >= 6:
            break
        state = services.match_state(match=match)
        legal = engine.legal_actions(state, 0)
        if legal:
            before = match.version
            services.match_submit_action(
                match_id=match.pk,
                seat=0,
                token=tokens[0],
                action={**chooser.choice(legal), "version": before},
            )
        scheduler.bots_play(match_id=match.pk, max_moves=2)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING, f"{game}: the game ended before the middle"
    return match, tokens[0]


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_rules_page_reads_in_spanish(game):
    path = f"/games/{game}/"
    _assert_spanish(path, *_both(path))


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_match_in_the_middle_reads_in_spanish(game, settings):
    settings.GAMES_SCHEDULER = False
    match, token = _mid_game(game)
    path = f"/play/{match.pk}/"
    english, spanish = _both(path, {match.pk: token})
    assert "lang=es" in spanish and "lang=es" not in english  # Spanish pictures have their addresses
    _assert_spanish(path, english, spanish, names={NICKNAME})


@pytest.mark.parametrize("path", ["/", "/games/", "/join", "/foods/"])
def test_the_front_pages_read_in_spanish(path):
    _assert_spanish(path, *_both(path))


@pytest.fixture
def decks(db):
    call_command("load_decks", verbosity=0)


@pytest.mark.parametrize(
    "path",
    [
        "/cards/",
        "/cards/eat-right/",
        "/cards/chomp/",
        "/cards/appetite/",
        "/cards/snack-wars/",
        "/cards/eat-right/broccoli/",
        "/cards/chomp/shark-1/",
        "/foods/formulas/",
        "/login/",
        "/signup/",
        "/password/reset/",
        "/password/reset/sent/",
    ],
)
def test_the_cards_foods_and_account_pages_read_in_spanish(decks, path):
    _assert_spanish(path, *_both(path))


@pytest.fixture
def teacher(decks):
    user = get_user_model().objects.create_user(username="ms-garcia", password="a-long-test-password-1")
    classroom_services.teacher_add_to_group(user=user)
    return user


def _teacher_pages(teacher) -> tuple[list[str], str]:
    session = classroom_services.session_create(
        teacher=teacher, kind="game", game="duel", seats_per_table=2, bot_level="beginner"
    )
    return [
        "/teach/",
        "/teach/new/",
        "/teach/decks/",
        "/password/change/",
        f"/teach/sessions/{session.pk}/",
        f"/teach/sessions/{session.pk}/projector/",
        f"/teach/sessions/{session.pk}/report/",
    ], session.code


def test_the_teachers_pages_read_in_spanish(teacher):
    paths, code = _teacher_pages(teacher)
    for path in paths:
        english, spanish = _both(path, user=teacher)
        # The join code (also letter by letter on the projector) and the host are no words.
        _assert_spanish(path, english, spanish, names={"garcia", "testserver", code, *code})


def test_a_students_class_pages_read_in_spanish(teacher):
    """A lesson's class page (plate, checklist, cards), a lesson's and a game session's waiting
    pages."""
    lesson = classroom_services.session_create(teacher=teacher, kind="lesson")
    classroom_services.session_start(session=lesson)  # a lesson waits for Start
    for session in (
        lesson,
        classroom_services.session_create(teacher=teacher, kind="lesson"),  # waiting for Start
        classroom_services.session_create(
            teacher=teacher, kind="game", game="snack-attack", seats_per_table=2, bot_level="beginner"
        ),
    ):
        pages = []
        for language in ("en", "es"):
            client = _client(language)
            response = client.post("/join", {"code": session.code, "nickname": "Kim", "action": "join"})
            assert response.status_code == 302
            page = client.get(response["Location"], follow=True)
            assert page.status_code == 200
            pages.append(page.content.decode())
            session.students.all().delete()
        path = f"/class/{session.code}/"
        _assert_spanish(path, *pages, names={"Kim", "testserver", session.code, *session.code})


@pytest.mark.parametrize("game", ["food-war", "build-a-meal"])
def test_a_finished_match_and_its_replay_read_in_spanish(game, settings):
    settings.GAMES_SCHEDULER = False
    engine = get_engine(game)
    level = bot_levels(game)[-1]
    seats = [SeatSpec(kind="human", nickname=NICKNAME)] + [SeatSpec(kind="bot", bot_level=level)] * (
        engine.min_seats - 1
    )
    match, tokens = services.match_create(game=game, seats=seats, seed=5)
    chooser = random.Random(5)
    for _ in range(3000):
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        legal = engine.legal_actions(services.match_state(match=match), 0)
        if legal:
            action = {**chooser.choice(legal), "version": match.version}
            services.match_submit_action(match_id=match.pk, seat=0, token=tokens[0], action=action)
        scheduler.bots_play(match_id=match.pk, max_moves=50)
    assert match.status == Match.Status.FINISHED
    for path in (f"/play/{match.pk}/", f"/replays/{match.pk}/?step=3&seat=0"):
        english, spanish = _both(path, {match.pk: tokens[0]})
        _assert_spanish(path, english, spanish, names={NICKNAME})


def _play_until(game: str, seed: int, reached) -> tuple[Match, str]:
    """A person in seat 0 against bots, playing random moves until `reached(state)` holds."""
    engine = get_engine(game)
    seats = [SeatSpec(kind="human", nickname=NICKNAME)]
    seats += [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * (engine.min_seats - 1)
    match, tokens = services.match_create(game=game, seats=seats, seed=seed)
    chooser = random.Random(seed)
    for _ in range(400):
        state = services.match_state(match=match)
        if reached(state):
            return match, tokens[0]
        legal = engine.legal_actions(state, 0)
        if legal:
            action = {**chooser.choice(legal), "version": match.version}
            services.match_submit_action(match_id=match.pk, seat=0, token=tokens[0], action=action)
        scheduler.bots_play(match_id=match.pk, max_moves=1)
        match.refresh_from_db()
    raise AssertionError(f"{game}: the state the test needs never came")


@pytest.mark.parametrize(
    ("game", "reached", "english_words", "spanish_words"),
    [
        (
            "food-war",
            lambda state: (state.get("last_round") or {}).get("winner") == 0,
            "Last round: you won",
            "Última ronda: ganaste",
        ),
        (
            "duel",
            lambda state: any(entry.get("winner") == 0 for entry in state.get("round_history") or []),
            ": you won.",
            ": ganaste tú.",
        ),
        (
            "appetite",
            lambda state: (state.get("last_score") or {}).get("seat") == 0,
            "Last score: you",
            "Último puntaje: ",
        ),
    ],
)
def test_the_readers_own_result_is_said_to_them(game, reached, english_words, spanish_words, settings):
    """The round or the score the reader won is said to them ("you won", "ganaste"), never with
    another player's verb after "You" ("Tú ganó")."""
    settings.GAMES_SCHEDULER = False
    match, token = _play_until(game, 11, reached)
    path = f"/play/{match.pk}/"
    english, spanish = _both(path, {match.pk: token})
    assert english_words in english
    assert spanish_words in spanish and "Tú" not in spanish.split(spanish_words, 1)[1][:12]
    _assert_spanish(path, english, spanish, names={NICKNAME})
