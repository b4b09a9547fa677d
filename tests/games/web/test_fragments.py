"""A change is drawn once for everyone (the public fragment: the watchers' page) and once per seat
(its private fragment: its own pieces), for every game: a seat's page after the push is exactly
the page drawn for it alone, and no fragment names a card its reader may not see."""

import re

import pytest
from django.utils import translation

from games import rendering, scheduler, services
from games.bots import bot_levels
from games.engines import ENGINES, get_engine
from games.models import Match
from games.services import SeatSpec
from games.templatetags.pieces import piece_id
from tests.games.web import fragments
from tests.games.web.leaks import leaked_cards

pytestmark = pytest.mark.django_db

ALL_GAMES = sorted(ENGINES) + ["test-cards", "test-slap"]
# A countdown's time left is read when a page is drawn: not part of a comparison.
_COUNTDOWN = re.compile(r'data-ms="\d+"|>\d+</span> s')


def _same(html: str) -> str:
    return _COUNTDOWN.sub("", html)


def _bot_match(game: str, seed: int) -> Match:
    engine = get_engine(game)
    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * engine.min_seats
    match, _ = services.match_create(game=game, seats=seats, seed=seed)
    return match


def _pushed(rows: rendering.MatchRows, seat: int | None) -> str:
    """The frame a socket forwards: the public fragment, then (a seat's) its private one."""
    public, slots = rendering.public_html(rows)
    return public if seat is None else public + rendering.private_html(rows, seat, slots)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_pushed_change_shows_each_reader_the_page_drawn_for_it_and_nothing_hidden(game):
    engine = get_engine(game)
    match = _bot_match(game, seed=11)
    pages: dict[tuple, str] = {}
    checked = 0
    for _ in range(10):
        match.refresh_from_db()
        state = services.match_state(match=match)
        rows = rendering.read_rows(match)
        for language in ("en", "es"):
            with translation.override(language):
                for seat in [None, *range(match.seats)]:
                    frame = _pushed(rows, seat)
                    hidden = engine.hidden_cards(state, seat)
                    leaked = leaked_cards(frame, hidden)
                    assert not leaked, f"{game} v{match.version}: seat {seat} is sent {sorted(leaked)[:5]}"
                    alone = rendering.live_html(match, seat, rows=rows, oob=True)
                    before = pages.get((language, seat))
                    if before is not None:  # the page as it was, after this push
                        wanted = _same(fragments.apply(before, alone))
                        assert _same(fragments.apply(before, frame)) == wanted, (game, seat)
                    pages[(language, seat)] = fragments.apply(before or alone, alone)
                    checked += 1
        if match.status == Match.Status.FINISHED or not scheduler.bots_play(match_id=match.pk, max_moves=3):
            break
    assert checked > 4 * match.seats


def test_a_seats_private_fragment_says_whose_page_it_is_and_swaps_only_the_public_fragments_pieces():
    match = _bot_match("food-war", seed=3)
    scheduler.bots_play(match_id=match.pk, max_moves=4)
    match.refresh_from_db()
    rows = rendering.read_rows(match)
    public, slots = rendering.public_html(rows)
    ids = [element_id for element_id, _html in fragments.top_elements(rendering.private_html(rows, 1, slots))]
    assert ids[0] == "viewer" and 'data-viewer="1"' in rendering.private_html(rows, 1, slots)
    assert ids[1:] == [piece_id(slot) for slot in slots] and len(slots) >= 3
    assert all(public.count(f'id="{element_id}"') == 1 for element_id in ids[1:])
