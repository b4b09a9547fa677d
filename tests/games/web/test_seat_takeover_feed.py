"""A student moved into a bot's seat mid-game (issue 31) does not inherit the bot's story as
"You": the moves made before the seat changed hands name the bot, for the new occupant and for
everyone else."""

from __future__ import annotations

import re

import pytest

from games import rendering, scheduler, services
from games.bots import bot_levels
from games.models import Match
from games.services import SeatSpec

pytestmark = pytest.mark.django_db

LINE = re.compile(r'<li class="[^"]*" data-index="(\d+)"[^>]*>(.*?)</li>', re.S)


def _feed_lines(page: str) -> list[tuple[int, str]]:
    feed = page.split('id="feed"', 1)[-1] if 'id="feed"' in page else page
    return [(int(index), text) for index, text in LINE.findall(feed)]


def test_a_student_in_a_bots_seat_is_not_told_the_bot_did_what_they_did():
    bot = SeatSpec(kind="bot", bot_level=bot_levels("food-war")[0])
    match, _tokens = services.match_create(game="food-war", seats=[bot, bot], seed=4)
    scheduler.bots_play(match_id=match.pk, max_moves=12)
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    bot_name = rendering.seat_names(match, None)[1]
    services.match_seat_replace(match_id=match.pk, seat=1, kind="human", nickname="Maya")
    match.refresh_from_db()
    taken_at = match.seat_set.get(number=1).taken_over_at
    assert taken_at == match.version
    mine = _feed_lines(rendering.live_html(match, 1))
    before = [text for index, text in mine if index < taken_at]
    assert before, "the feed shows moves from before the takeover"
    assert not any(re.search(r"\b(You|you|Your|your)\b", text) for text in before), before
    assert any(bot_name in text for text in before), before
    # Watchers read the bot's name there too, not the student's.
    watched = [text for index, text in _feed_lines(rendering.live_html(match, None)) if index < taken_at]
    assert not any("Maya" in text for text in watched) and any(bot_name in text for text in watched)


def _rounds_played(page: str) -> list[str]:
    history = page.split('id="duel-history-title"', 1)[1].split("</ol>", 1)[0]
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(r"<li>(.*?)</li>", history, re.S)]


def test_duels_rounds_played_before_a_takeover_name_who_played_them():
    """Duel's "Rounds played" named the seat's current holder for every round: a round the bot
    won before a student moved into its seat read "Round 1: you won." to the student, and "Maya
    won" to everyone else. It names the bot, like the feed."""
    bot = SeatSpec(kind="bot", bot_level=bot_levels("duel")[0])
    match, _tokens = services.match_create(
        game="duel", seats=[bot, bot], seed=3, options={"rounds_to_win": 3}
    )
    while not match.state["round_history"]:
        scheduler.bots_play(match_id=match.pk, max_moves=1)
        match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    bot_names = rendering.seat_names(match, None)
    services.match_seat_replace(match_id=match.pk, seat=1, kind="human", nickname="Maya")
    match.refresh_from_db()
    (first,) = match.state["round_history"]
    assert first["winner"] is not None, "this seed's first round has a winner"
    winner = bot_names[first["winner"]]
    for reader in (1, None):
        rounds = _rounds_played(rendering.live_html(match, reader))
        assert len(rounds) == 1 and f"Round 1: {winner} won." in rounds[0], (reader, rounds)
        assert not re.search(r"\b(You|you|Your|your)\b|Maya", rounds[0]), (reader, rounds)
