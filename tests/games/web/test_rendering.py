"""The per-seat renderer, for every game: a seat's HTML never names another seat's hidden cards,
and every finished match replays from its log to its stored state."""

import re

import pytest
from django.utils import timezone

from games import scheduler, services
from games.engines import ENGINES, get_engine
from games.models import Match, MatchAction
from games.rendering import live_html
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


def test_a_feed_names_people_and_speaks_to_you():
    people = [SeatSpec(kind="human", nickname="Kim"), SeatSpec(kind="human", nickname="Ana")]
    deck = ["seal-1", "shrimp-1", "big-fish-1", "plankton-1", "little-fish-1", "shark-1"]
    match, tokens = services.match_create(game="test-cards", seats=people, deck=deck, seed=1)
    services.match_submit_action(
        match_id=match.pk, seat=0, token=tokens[0], action={"type": "play", "card": "seal-1", "version": 0}
    )
    match.refresh_from_db()
    assert "You played Seal." in live_html(match, 0)
    ana = live_html(match, 1)
    assert "Kim played Seal." in ana and "You still hold" not in ana  # that one was for Kim only
    assert ">Play Plankton</span>" in ana  # a button's words: the engine's action_words


def test_a_move_logged_before_messages_existed_still_shows_as_it_was():
    """Old logs hold plain English with {s0}-style seats: shown as they are, names filled in."""
    people = [SeatSpec(kind="human", nickname="Kim"), SeatSpec(kind="human", nickname="Ana")]
    match, _tokens = services.match_create(game="test-cards", seats=people, seed=1)
    MatchAction.objects.create(
        match=match,
        index=0,
        seat=0,
        action={"type": "play"},
        events=[{"text": "{s0} played Seal.", "to": None}],
        received_at=timezone.now(),
    )
    match.refresh_from_db()
    assert "Kim played Seal." in live_html(match, 1) and "Kim played Seal." in live_html(match, 0)


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


def test_a_live_lobby_redraw_keeps_what_is_being_typed_or_picked():
    """The socket redraws #live out of band (its first view on connect, a classmate sitting
    down): the join form's nickname and the host's bot level must survive it (hx-preserve, by
    id), or a student typing "Sit down" sends an empty name and never joins."""
    seats = [SeatSpec(kind="human", nickname="Host"), SeatSpec(kind="open")]
    match, _tokens = services.match_create(game="appetite", seats=seats, seed=1)
    fields = {None: "join-nickname", 0: "fill-level"}  # the watcher's form, the host's form
    for seat, field_id in fields.items():
        html = live_html(match, seat, oob=True)
        assert 'hx-swap-oob="true"' in html
        tag = re.search(rf"<(input|select)\b[^>]*\bid=\"{field_id}\"[^>]*>", html)
        assert tag is not None, field_id
        assert re.search(r"\shx-preserve(\s|>|=)", tag.group(0)), tag.group(0)
