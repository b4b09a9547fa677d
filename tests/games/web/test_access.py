"""games.access: the gates other apps register for the matches they own, and the games pages
and socket that consult them."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import access, services
from games.engines import get_engine
from games.services import SeatSpec
from games.views import SESSION_KEY
from plateful.asgi import application

OWNER = "test-owner"


@pytest.fixture
def gates():
    """Register test gates for OWNER's matches for one test, and take them away after."""
    added: list[dict] = []

    def add(registry: dict, fn):
        registry[OWNER] = fn
        added.append(registry)
        return fn

    yield add
    for registry in added:
        registry.pop(OWNER, None)


def _match(kinds=("human", "bot"), owner=OWNER):
    specs = [
        SeatSpec(kind=k, nickname=f"P{n}", bot_level="beginner" if k == "bot" else "")
        for n, k in enumerate(kinds)
    ]
    return services.match_create(game="test-cards", seats=specs, seed=3, owner=owner)


@pytest.mark.django_db
def test_a_match_no_gate_claims_is_open_to_anyone():
    match, _tokens = _match()
    visitor = SimpleNamespace(session={}, user=None)
    assert access.match_access_refusal(match, visitor) is None
    assert access.match_access_refusal(match, {"session": None, "user": None}) is None  # a socket's scope
    assert access.move_refusal(match.pk) is None
    assert access.play_again_elsewhere(match, visitor) is None


@pytest.mark.django_db
def test_a_gate_keeps_a_visitor_out_of_every_page_of_the_match(gates):
    match, tokens = _match()
    gates(access._gates, lambda match_id, who: "Members only." if match_id == match.pk else None)
    browser = Client()
    session = browser.session
    session[SESSION_KEY] = {match.pk: tokens[0]}
    session.save()
    page = browser.get(f"/play/{match.pk}/")
    assert page.status_code == 403 and "Members only." in page.content.decode()
    assert browser.get(f"/replays/{match.pk}/").status_code == 403
    move = browser.post(f"/play/{match.pk}/move/", {"seat": 0, "action": json.dumps({"type": "play"})})
    assert (move.status_code, move.content.decode()) == (403, "Members only.")
    assert browser.post(f"/play/{match.pk}/again/").status_code == 403
    other, _ = _match()
    assert browser.get(f"/play/{other.pk}/").status_code == 200  # other matches stay open
    public, _ = _match(owner="")
    assert browser.get(f"/play/{public.pk}/").status_code == 200


@pytest.mark.django_db
def test_a_move_gate_refuses_every_move_bots_included(gates):
    match, tokens = _match()
    gates(access._move_gates, lambda match_id: "Paused." if match_id == match.pk else None)
    with pytest.raises(services.MatchError, match="Paused.") as refused:
        services.match_submit_action(match_id=match.pk, seat=1, action={"type": "play"}, trusted=True)
    assert refused.value.status == 409 and refused.value.code == "paused"


@pytest.mark.django_db
def test_play_again_can_be_handled_by_the_owner_of_the_match(gates):
    match, tokens = _match()
    gates(access._play_again, lambda m, request: "/class/ABCDEF/")
    browser = Client()
    response = browser.post(f"/play/{match.pk}/again/", HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == "/class/ABCDEF/"


@pytest.mark.django_db
def test_play_again_needs_a_seat_at_the_game():
    match, tokens = _match()
    match.status = match.Status.FINISHED  # play again is for a game that is over
    match.save(update_fields=["status"])
    stranger = Client()
    refused = stranger.post(f"/play/{match.pk}/again/")
    assert refused.status_code == 403 and "Only the players" in refused.content.decode()
    player = Client()
    session = player.session
    session[SESSION_KEY] = {match.pk: tokens[0]}
    session.save()
    assert player.post(f"/play/{match.pk}/again/").status_code == 302


@pytest.mark.django_db
def test_anonymous_match_and_table_creation_is_rate_limited_per_client(settings):
    settings.GAMES_CREATE_RATE = "3/m"
    browser = Client()
    for _ in range(3):
        assert (
            browser.post("/games/test-cards/play/", {"seats": 2, "bot_level": "beginner"}).status_code == 302
        )
    refused = browser.post("/games/test-cards/play/", {"seats": 2, "bot_level": "beginner"})
    assert refused.status_code == 429 and "Wait a minute" in refused.content.decode()
    table = browser.post("/games/test-cards/table/", {"seats": 2, "nickname": "Kim"})
    assert table.status_code == 302  # a different view: its own allowance
    assert Client(REMOTE_ADDR="10.1.2.3").post("/games/test-cards/play/", {"seats": 2}).status_code in (
        302,
        400,
    )


@pytest.mark.django_db(transaction=True)
async def test_the_match_socket_consults_the_gate(gates):
    match, _tokens = await database_sync_to_async(_match)()
    gates(access._gates, lambda match_id, who: "Members only." if match_id == match.pk else None)
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    socket = WebsocketCommunicator(application, f"/ws/play/{match.pk}/", headers=headers)
    connected, _ = await socket.connect()
    assert connected
    assert "Members only." in await socket.receive_from()
    assert (await socket.receive_output())["code"] == 4403


@pytest.mark.django_db
def test_an_owners_gates_run_for_its_own_matches_only(gates):
    asked: list[str] = []
    gates(access._gates, lambda match_id, who: asked.append(match_id))
    gates(access._move_gates, lambda match_id: asked.append(match_id))
    owned, _ = _match()
    public, _ = _match(owner="")
    visitor = SimpleNamespace(session={}, user=None)
    for match in (owned, public):
        access.match_access_refusal(match, visitor)
        access.match_access_refusal(match.pk, visitor)  # only the id: its owner is read
        access.move_refusal(match.pk)
    assert asked == [owned.pk] * 3


@pytest.mark.django_db
def test_a_matchs_owner_is_read_once_per_process_from_its_id(django_assert_num_queries):
    match, _ = _match(owner="")
    access._owners.discard(match.pk)
    with django_assert_num_queries(1):
        assert access.owner_of(match.pk) == ""
    with django_assert_num_queries(0):
        assert access.owner_of(match.pk) == ""
        assert access.match_access_refusal(match.pk, {"session": None, "user": None}) is None
    assert access.owner_of("no-such-match") == ""  # nothing to guard: the page 404s next


def _owned_queries(captured) -> list[str]:
    queries = [query["sql"] for query in captured.captured_queries]
    return [sql for sql in queries if "classroom_" in sql or "homework_" in sql]


@pytest.mark.django_db
def test_a_public_matchs_page_and_moves_run_no_classroom_or_homework_query():
    match, tokens = _match(kinds=("human", "human"), owner="")
    browser = Client()
    session = browser.session
    session[SESSION_KEY] = {match.pk: tokens[0]}
    session.save()
    engine = get_engine("test-cards")
    with CaptureQueriesContext(connection) as page:
        assert browser.get(f"/play/{match.pk}/").status_code == 200
    assert page.captured_queries and _owned_queries(page) == []
    for _ in range(2):  # the first move and one after it
        match.refresh_from_db()
        state = services.match_state(match=match)
        seat = next(s for s in engine.to_move(state) if s is not None)
        session = browser.session
        session[SESSION_KEY] = {match.pk: tokens[seat]}
        session.save()
        action = engine.legal_actions(state, seat)[0]
        with CaptureQueriesContext(connection) as move:
            answer = browser.post(f"/play/{match.pk}/move/", {"seat": seat, "action": json.dumps(action)})
        assert answer.status_code == 200, answer.content
        assert move.captured_queries and _owned_queries(move) == []
