"""Games go through the site's one nickname rule (`nicknames`) wherever a name is typed: quick
play's optional nickname, a table's host and the friends who join it; and a seat's name can be
changed with `match_seat_rename`, which redraws every open page of the match."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import changes, services
from games.models import Match, Seat
from games.rendering import live_html
from games.services import SeatSpec
from tests.games.web.test_consumers import _connect, _table

pytestmark = pytest.mark.django_db
KINDER = "Please pick a kinder name"


@pytest.mark.parametrize("nickname", ["fuck", "sh1t head", "Hitler", "kys", "Mike Hunt"])
def test_quick_play_refuses_a_rude_nickname_and_makes_no_game(client, nickname):
    response = client.post(
        "/games/test-cards/play/", {"seats": 2, "bot_level": "beginner", "nickname": nickname}
    )
    assert response.status_code == 400 and KINDER in response.content.decode()
    assert not Match.objects.exists()


def test_quick_play_without_a_nickname_is_still_fine(client):
    response = client.post("/games/test-cards/play/", {"seats": 2, "bot_level": "beginner", "nickname": ""})
    assert response.status_code == 302
    assert Seat.objects.get(kind="human").nickname == ""


@pytest.mark.parametrize(
    ("nickname", "says"),
    [
        ("fuck", KINDER),
        ("Teacher", "taken by the game itself"),
        ("Ana\u202e", "hidden or special characters"),
        ("Kim\x07", "hidden or special characters"),
        ("A" * 21, "at most 20"),
    ],
)
def test_a_table_for_friends_refuses_what_the_class_join_refuses(client, nickname, says):
    response = client.post("/games/test-cards/table/", {"seats": 2, "nickname": nickname})
    assert response.status_code == 400 and says in response.content.decode()
    assert not Match.objects.exists()


def test_a_table_host_is_stored_as_cleaned():
    match, _tokens = services.match_create(
        game="test-cards", seats=[SeatSpec("human", "  Ana   Lu "), SeatSpec("open")]
    )
    assert match.seat_set.get(number=0).nickname == "Ana Lu"


def test_joining_a_table_refuses_a_rude_name_and_a_name_already_at_the_table(client):
    host = client.post("/games/test-cards/table/", {"seats": 3, "nickname": "Ana"})
    match_id = host["Location"].split("/")[2]
    friend = Client()
    rude = friend.post(f"/tables/{match_id}/join/", {"nickname": "b!tch"})
    assert rude.status_code == 400 and KINDER in rude.content.decode()
    same = friend.post(f"/tables/{match_id}/join/", {"nickname": " ANA "})
    assert same.status_code == 400 and "already has that name" in same.content.decode()
    assert Match.objects.get(pk=match_id).seat_set.filter(kind="human").count() == 1
    assert friend.post(f"/tables/{match_id}/join/", {"nickname": "Bo"}).status_code == 200


def test_renaming_a_seat_shows_the_new_name_to_everyone_and_announces_the_change(
    django_capture_on_commit_callbacks,
):
    # The old name is long enough that no match id or address in the page can hold it by chance.
    match, _tokens = services.match_create(
        game="test-cards", seats=[SeatSpec("human", "Ana"), SeatSpec("human", "Bonnie")]
    )
    before = Match.objects.get(pk=match.pk).changed_at
    told = []
    listener = changes.subscribe(lambda change: told.append(change.match_id))
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.match_seat_rename(match_id=match.pk, seat=1, nickname="Crunchy Carrot")
    finally:
        changes._subscribers.remove(listener)
    assert told == [match.pk]  # every open page of the match redraws
    match = Match.objects.get(pk=match.pk)
    assert match.changed_at > before
    assert "Crunchy Carrot" in live_html(match, 0) and "Bonnie" not in live_html(match, 0)


def test_a_seat_rename_follows_the_rule_and_an_empty_name_wipes_it():
    match, _tokens = services.match_create(
        game="test-cards", seats=[SeatSpec("human", "Ana"), SeatSpec("human", "Bo")]
    )
    with pytest.raises(services.MatchError, match=KINDER):
        services.match_seat_rename(match_id=match.pk, seat=1, nickname="poopface")
    services.match_seat_rename(match_id=match.pk, seat=1, nickname="")
    match = Match.objects.get(pk=match.pk)
    assert match.seat_set.get(number=1).nickname == ""
    assert "Player 2" in live_html(match, 0)


def test_renaming_a_bot_seat_changes_nothing():
    match, _tokens = services.match_create(
        game="test-cards", seats=[SeatSpec("human", "Ana"), SeatSpec("bot", bot_level="beginner")]
    )
    services.match_seat_rename(match_id=match.pk, seat=1, nickname="Kim")
    assert match.seat_set.get(number=1).nickname == ""


@pytest.mark.django_db(transaction=True)
async def test_an_open_match_page_redraws_with_the_new_name():
    match, _tokens, sessions = await _table()
    socket = await _connect(match.pk, sessions[0])
    first = await socket.receive_from()
    assert "Crunchy Carrot" not in first
    await database_sync_to_async(services.match_seat_rename)(
        match_id=match.pk, seat=1, nickname="Crunchy Carrot"
    )
    redrawn = await socket.receive_from(timeout=5)
    assert "Crunchy Carrot" in redrawn
    await socket.disconnect()
