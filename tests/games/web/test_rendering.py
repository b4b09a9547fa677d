"""The per-seat renderer, for every game: a seat's HTML never names another seat's hidden cards,
and every finished match replays from its log to its stored state."""

import re

import pytest

from games import scheduler, services
from games.engines import ENGINES, get_engine
from games.models import Match
from games.rendering import action_label, live_html, say
from games.services import SeatSpec
from tests.games.web.leaks import leaked_cards

pytestmark = pytest.mark.django_db

ALL_GAMES = sorted(ENGINES) + ["test-cards", "test-slap"]


def _bot_match(game, seed, level="beginner"):
    from games.bots import bot_levels

    engine = get_engine(game)
    level = level if level in bot_levels(game) else bot_levels(game)[0]
    seats = [SeatSpec(kind="bot", bot_level=level)] * engine.min_seats
    match, _ = services.match_create(game=game, seats=seats, seed=seed)
    return match


@pytest.mark.parametrize("game", ALL_GAMES)
def test_no_seat_ever_sees_another_seats_hidden_cards(game):
    engine = get_engine(game)
    match = _bot_match(game, seed=11)
    checked = 0
    for _ in range(12):
        match.refresh_from_db()
        state = services.match_state(match=match)
        for seat in [None, *range(match.seats)]:
            html = live_html(match, seat)
            leaked = leaked_cards(html, engine.hidden_cards(state, seat))
            assert not leaked, f"{game} v{match.version}: seat {seat} sees {sorted(leaked)[:5]}"
            checked += 1
        if match.status == Match.Status.FINISHED or not scheduler.bots_play(match_id=match.pk, max_moves=6):
            break
    assert checked > match.seats


@pytest.mark.production_path  # PostgreSQL's jsonb reorders keys: replays must not care
@pytest.mark.parametrize("game", ALL_GAMES)
def test_bots_finish_a_match_and_it_replays_from_its_log(game):
    match = _bot_match(game, seed=5, level="strong")
    scheduler.bots_play(match_id=match.pk, max_moves=5000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED, f"{game} did not finish"
    assert services.match_replays_to_stored_state(match=match)
    html = live_html(match, 0)
    assert "Play again" in html and "Watch the replay" in html


def test_event_text_and_button_labels_name_people():
    names = ["You", "Ana"]
    assert say("{s1} ate Apple. {s0} chomped.", names) == "Ana ate Apple. You chomped."
    assert say("{s0}'s pile. Exercise burned {s0}'s junk, not {s1}'s.", names) == (
        "Your pile. Exercise burned your junk, not Ana's."
    )
    cards = {"apple-1": {"name": "Apple"}}
    assert action_label({"type": "eat", "card": "apple-1", "version": 3}, cards, names) == "Eat Apple"
    assert action_label({"type": "steal", "target": 1}, cards, names) == "Steal on Ana"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("The Total is 3. {s0} plays a card or passes.", "The Total is 3. You play a card or pass."),
        ("{s0} is washed up and out of the game.", "You are washed up and out of the game."),
        (
            "Bad Chomp! {s0} slapped a card higher on the food chain than theirs.",
            "Bad Chomp! You slapped a card higher on the food chain than yours.",
        ),
        ("Bad Chomp! {s0} slapped their own card.", "Bad Chomp! You slapped your own card."),
        ("Bad Chomp! {s1} slapped their own card.", "Bad Chomp! Ana slapped their own card."),
        ("{s0} has no cards, so {s1} goes first.", "You have no cards, so Ana goes first."),
        ("A coin toss chose {s0}.", "A coin toss chose you."),
        ("Tie! {s0} and {s1} slapped at the same time.", "Tie! You and Ana slapped at the same time."),
        ("{s0}'s turn.", "Your turn."),
    ],
)
def test_you_reads_right_in_sentences_written_about_a_seat(text, said):
    assert say(text, ["You", "Ana"]) == said


def test_the_status_panel_speaks_to_you_on_your_turn():
    match = _bot_match("appetite", seed=3)
    services_seat = match.seat_set.get(number=0)
    services_seat.kind, services_seat.nickname, services_seat.bot_level = "human", "Kim", ""
    services_seat.save()
    match.refresh_from_db()
    state = services.match_state(match=match)
    html = live_html(match, state["turn"])
    assert 'class="game-status">' in html
    assert not re.search(r"\bYou (plays|passes|is|has|goes)\b", html)


def test_your_own_zones_are_headed_your_not_you():
    match = _bot_match("test-cards", seed=3)
    html = live_html(match, 0)
    assert "<h3>Your hand" in html and "You: " not in html
