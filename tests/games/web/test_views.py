"""Game pages over HTTP (Django's test client): catalog, rules, quick play, tables, moves,
replays, and every kind of bad request getting a clear 4xx that changes nothing."""

import json

import pytest

from games import scheduler
from games.engines import get_engine
from games.models import Match, MatchAction

pytestmark = pytest.mark.django_db


def _quick_play(client, game="test-cards", seats=2, **extra):
    response = client.post(
        f"/games/{game}/play/", {"seats": seats, "bot_level": "beginner", "nickname": "Kim", **extra}
    )
    assert response.status_code == 302, response.content
    match = Match.objects.get(pk=response["Location"].split("/")[2])
    return match


def _legal(match, seat=0):
    from games.services import match_state

    match.refresh_from_db()
    return get_engine(match.game).legal_actions(match_state(match=match), seat)


def test_catalog_and_rules_pages_list_every_game_with_its_options(client):
    page = client.get("/games/").content.decode()
    for slug in ("food-war", "snack-attack", "duel", "chomp", "snack-wars"):
        if slug in __import__("games.engines", fromlist=["ENGINES"]).ENGINES:
            assert f'href="/games/{slug}/"' in page
    detail = client.get("/games/duel/").content.decode()
    assert "Play now against bots" in detail and 'name="option_rounds_to_win"' in detail
    assert "/cards/eat-right/" in detail
    assert client.get("/games/no-such-game/").status_code == 404


def test_quick_play_seats_you_and_the_page_shows_your_hand_only(client):
    match = _quick_play(client)
    page = client.get(f"/play/{match.pk}/").content.decode()
    state = match.state
    assert all(f"/cards/chomp/240/{card}.webp" in page for card in state["hands"][0])
    assert not any(f"/{card}.webp" in page for card in state["hands"][1])
    assert f'ws-connect="/ws/play/{match.pk}/"' in page
    assert '<div id="viewer" data-viewer="0" hidden>' in page  # whose page it is (the CSS reads it)


def test_a_move_over_htmx_returns_the_live_region_and_bad_moves_get_clear_4xx(client):
    match = _quick_play(client)
    action = _legal(match)[0]
    url = f"/play/{match.pk}/move/"
    bad = [
        ({"seat": 0, "action": "{not json"}, 400, "doesn't make sense"),
        ({"seat": 0}, 400, "doesn't make sense"),
        ({"seat": 1, "action": json.dumps(action)}, 403, "isn't yours"),
        ({"seat": 0, "action": json.dumps({**action, "version": 7})}, 409, "moved on"),
        (
            {"seat": 0, "action": json.dumps({"type": "play", "card": "nope", "version": 0})},
            400,
            "isn't in your hand",
        ),
    ]
    for data, status, words in bad:
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == status and words in response.content.decode(), (data, response.content)
    assert not MatchAction.objects.exists()
    assert client.post("/play/nope/move/", {"seat": 0, "action": json.dumps(action)}).status_code == 404
    assert client.get("/play/nope/").status_code == 404
    response = client.post(url, {"seat": 0, "action": json.dumps(action)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="live"' in response.content.decode()
    assert 'data-version="1"' in response.content.decode()


def test_another_browser_cannot_move_for_you(client, django_user_model):
    from django.test import Client

    match = _quick_play(client)
    stranger = Client()
    response = stranger.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(_legal(match)[0])})
    assert response.status_code == 403
    assert "You are watching this game." in stranger.get(f"/play/{match.pk}/").content.decode()


def test_a_table_for_friends_from_the_link_to_the_start(client):
    from django.test import Client

    response = client.post("/games/test-cards/table/", {"seats": 3, "nickname": "Host"})
    assert response.status_code == 302 and response["Location"].startswith("/tables/")
    table = response["Location"]
    match_id = table.split("/")[2]
    friend = Client()
    lobby = friend.get(table).content.decode()
    assert "Sit down" in lobby
    assert friend.post(f"/tables/{match_id}/join/", {"nickname": ""}).status_code == 400
    joined = friend.post(f"/tables/{match_id}/join/", {"nickname": "Bo"}).content.decode()
    assert "You have a seat. Waiting for the host" in joined
    assert friend.post(f"/tables/{match_id}/start/").status_code == 403
    host_view = client.get(table).content.decode()
    assert "Fill empty seats with bots" in host_view and "Bo" in host_view
    assert client.post(f"/tables/{match_id}/start/").status_code == 409
    client.post(f"/tables/{match_id}/bots/", {"bot_level": "beginner"})
    started = client.post(f"/tables/{match_id}/start/").content.decode()
    assert "Your turn!" in started
    assert "Waiting for Host" in friend.get(f"/play/{match_id}/").content.decode()


def test_a_finished_match_replays_step_by_step_and_play_again_deals_anew(client):
    match = _quick_play(client)
    assert client.get(f"/replays/{match.pk}/").status_code == 409  # not over yet: no peeking
    while match.status != Match.Status.FINISHED:
        client.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(_legal(match)[0])})
        scheduler.bots_play(match_id=match.pk)
        match.refresh_from_db()
    page = client.get(f"/replays/{match.pk}/").content.decode()
    assert f"Move {match.version} of {match.version}" in page
    step = client.get(f"/replays/{match.pk}/?step=1&seat=0", HTTP_HX_REQUEST="true").content.decode()
    assert step.lstrip().startswith('<section id="replay-step"') and "Move 1 of" in step
    assert "<strong>Kim</strong>: Play" in step
    assert client.get(f"/replays/{match.pk}/?step=x").status_code == 400
    assert client.get(f"/replays/{match.pk}/?seat=9").status_code == 400
    finished = client.get(f"/play/{match.pk}/").content.decode()
    assert "Play again" in finished
    again = client.post(f"/play/{match.pk}/again/")
    assert again.status_code == 302 and again["Location"] != f"/play/{match.pk}/"
    fresh = Match.objects.get(pk=again["Location"].split("/")[2])
    assert fresh.status == Match.Status.PLAYING and fresh.seat_set.get(number=0).nickname == "Kim"


def test_quick_play_refuses_bad_forms(client):
    assert client.post("/games/test-cards/play/", {"seats": 9, "bot_level": "beginner"}).status_code == 400
    assert client.post("/games/test-cards/play/", {"seats": 2, "bot_level": "genius"}).status_code == 400
    response = client.post(
        "/games/duel/play/", {"seats": 2, "bot_level": "beginner", "option_rounds_to_win": "7"}
    )
    assert response.status_code == 400 and "from the list" in response.content.decode()
    assert not Match.objects.exists()


def test_an_htmx_get_of_the_match_page_returns_just_the_live_region(client):
    match = _quick_play(client)
    live = client.get(f"/play/{match.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert live.lstrip().startswith('<section id="live"') and "<html" not in live


def test_a_game_against_bots_offers_a_watch_link_and_names_a_player_without_a_nickname_guest(client):
    match = _quick_play(client, nickname="")
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "Link to watch this game" in page and "To play with friends, make a table" in page
    assert "Share this table" not in page
    watcher = client.__class__()
    watching = watcher.get(f"/play/{match.pk}/").content.decode()
    assert "You are watching this game." in watching
    assert "Guest" in watching and "Player 1" not in watching


def test_a_table_for_friends_offers_its_share_link(client):
    response = client.post("/games/test-cards/table/", {"seats": 2, "nickname": "Kim"})
    assert response.status_code == 302, response.content
    page = client.get(response["Location"]).content.decode()
    assert "Share this table: friends open this link to sit down or watch" in page
    assert '<details class="match-about" open>' in page


def _finish(match):
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)


def test_play_again_only_after_the_game_is_over_and_within_the_new_games_limit(client, settings):
    playing = _quick_play(client)
    refused = client.post(f"/play/{playing.pk}/again/")
    assert refused.status_code == 409 and "isn't over yet" in refused.content.decode()
    assert Match.objects.count() == 1  # nothing dealt
    settings.GAMES_CREATE_RATE = "3/m"
    client.defaults["REMOTE_ADDR"] = "10.9.9.9"  # a fresh allowance for this part
    _finish(playing)
    again = client.post(f"/play/{playing.pk}/again/")
    assert again.status_code == 302
    _finish(Match.objects.get(pk=again["Location"].split("/")[2]))
    assert _quick_play(client).status == Match.Status.PLAYING  # new games share the allowance
    third = client.post(f"/play/{playing.pk}/again/")
    assert third.status_code == 302
    made = Match.objects.count()
    for _ in range(3):
        too_many = client.post(f"/play/{playing.pk}/again/")
        assert too_many.status_code == 429 and "Wait a minute" in too_many.content.decode()
    assert client.post("/games/test-cards/play/", {"seats": 2}).status_code == 429
    assert Match.objects.count() == made


def test_a_float_where_a_game_counts_on_a_whole_number_is_a_400_in_words(client):
    """The probe's move: "spot": 0.0 in Snack Attack was a 500 (0.0 == 0 passed as legal)."""
    match = _quick_play(client, game="snack-attack")
    shop = next(a for a in _legal(match) if a["type"] == "shop")
    for spoiled in ({**shop, "spot": float(shop["spot"])}, {**shop, "spot": True}, {**shop, "card": []}):
        response = client.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps(spoiled)})
        assert (response.status_code, response.content.decode()) == (400, "That move doesn't make sense.")
    assert Match.objects.get(pk=match.pk).version == match.version


def test_a_watcher_without_a_cookie_gets_the_page_without_a_session_until_they_sit_down(client):
    from django.contrib.sessions.models import Session
    from django.test import Client

    table = client.post("/games/test-cards/table/", {"seats": 3, "nickname": "Host"})["Location"]
    match_id = table.split("/")[2]
    playing = _quick_play(Client())
    sessions = Session.objects.count()
    for path in (table, f"/play/{match_id}/", f"/play/{playing.pk}/", f"/play/{playing.pk}/"):
        watcher = Client()
        page = watcher.get(path)
        assert page.status_code == 200
        assert "sessionid" not in page.cookies  # no Set-Cookie
        assert "sessionid" not in watcher.cookies
    assert Session.objects.count() == sessions  # no session row written
    # Sitting down is when a session is needed: the page reloads so its socket finds the seat.
    friend = Client()
    friend.get(table)
    joined = friend.post(f"/tables/{match_id}/join/", {"nickname": "Bo"}, headers={"HX-Request": "true"})
    assert joined.status_code == 200 and joined["HX-Refresh"] == "true"
    assert "sessionid" in friend.cookies and Session.objects.count() == sessions + 1
    assert "You have a seat" in friend.get(table).content.decode()
    # A browser that had a session already keeps its page (its socket finds the seat itself).
    regular = Client()
    _quick_play(regular)
    joined = regular.post(f"/tables/{match_id}/join/", {"nickname": "Cy"}, headers={"HX-Request": "true"})
    assert joined.status_code == 200 and "HX-Refresh" not in joined
    assert "You have a seat" in joined.content.decode()
