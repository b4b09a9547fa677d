"""Learn to play over HTTP (Django's test client): starting a lesson, the coach on the learner's
page only (in the page's language), its picks marked on the move buttons, a refused move that
changes nothing, bots that play along, and the offer to first-timers."""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from games import access, rendering, scheduler, services
from games.engines import get_engine
from games.models import Match, Pace
from games.tutorials import games_with_tutorials, tutorial_for
from tests.games.web import fragments

pytestmark = pytest.mark.django_db
# The countdown's remaining time is read when a page is drawn: not part of a comparison.
_COUNTDOWN = re.compile(r'data-ms="\d+"|>\d+</span> s')


def _same(html: str) -> str:
    return _COUNTDOWN.sub("", html)


def _learn(client, game="duel", **data) -> Match:
    response = client.post(f"/games/{game}/learn/", data)
    assert response.status_code == 302, response.content
    return Match.objects.get(pk=response["Location"].split("/")[2])


def _move(client, match, action, seat=0):
    match.refresh_from_db()
    action = {**action, "version": match.version}
    return client.post(
        f"/play/{match.pk}/move/", {"seat": seat, "action": json.dumps(action)}, HTTP_HX_REQUEST="true"
    )


def _picks(page: str) -> list[dict]:
    """The moves of the buttons the coach marked."""
    marked = re.findall(r'<button data-coach-pick="[^"]*"[^>]*hx-vals="([^"]*)"', page)
    return [json.loads(json.loads(vals.replace("&quot;", '"'))["action"]) for vals in marked]


def test_the_learn_page_offers_the_lesson_and_a_post_starts_it_with_the_learners_seat(client):
    page = client.get("/games/duel/learn/").content.decode()
    assert "Learn to play (a few minutes)" in page and 'data-learn="duel"' in page
    match = _learn(client, nickname="Kim")
    assert match.tutorial and match.pace == Pace.RELAXED and match.game == "duel"
    assert [seat.kind for seat in match.seat_set.order_by("number")] == ["human", "bot"]
    assert match.seat_set.get(number=0).nickname == "Kim"
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert 'id="coach"' in page and "Pick Green Beans to show." in page
    assert _picks(page) == [{"type": "reveal", "card": "green-beans", "version": 0}]


def test_a_lesson_without_a_nickname_and_a_bad_nickname(client):
    match = _learn(client, game="food-war")
    assert match.seat_set.get(number=0).nickname == ""
    assert client.post("/games/food-war/learn/", {"nickname": "x" * 200}).status_code == 400
    assert client.get("/games/no-such-game/learn/").status_code == 404


def test_a_lesson_takes_the_nickname_last_typed_for_quick_play(client):
    client.post("/games/duel/play/", {"seats": 2, "bot_level": "beginner", "nickname": "Ana"})
    assert 'value="Ana"' in client.get("/games/food-war/learn/").content.decode()
    assert _learn(client, game="food-war").seat_set.get(number=0).nickname == "Ana"
    assert _learn(client, game="food-war", nickname="Bo").seat_set.get(number=0).nickname == "Bo"


def test_a_guided_first_game_opens_only_for_the_browser_that_started_it(client):
    match = _learn(client, nickname="Kim")
    stranger = client.__class__()
    for address in (f"/play/{match.pk}/", f"/tables/{match.pk}/", f"/replays/{match.pk}/?seat=0"):
        refused = stranger.get(address)
        assert refused.status_code == 403 and "Kim" not in refused.content.decode()
    assert stranger.post(f"/play/{match.pk}/again/").status_code == 403
    # The match socket asks the same gate with the socket's session: a stranger's is refused.
    assert access.match_access_refusal(match, {"session": {}, "user": None})
    assert access.match_access_refusal(match, {"session": client.session, "user": None}) is None
    assert client.get(f"/play/{match.pk}/").status_code == 200


def test_the_coach_speaks_to_the_learner_only(client, django_user_model):
    match = _learn(client)
    assert 'id="coach"' not in rendering.live_html(match, None)
    assert 'id="coach"' in rendering.live_html(match, 0)


def test_a_move_the_coach_does_not_want_is_refused_with_its_hint_and_changes_nothing(client):
    match = _learn(client)
    response = _move(client, match, {"type": "reveal", "card": "black-beans"})
    assert response.status_code == 409
    assert response.content.decode() == "Show Green Beans: it will start your meal."
    match.refresh_from_db()
    assert match.version == 0 and match.state["picked"] == [None, None]
    assert _move(client, match, {"type": "reveal", "card": "green-beans"}).status_code == 200


def test_the_bot_plays_along_and_the_page_follows_the_lesson_to_done(client):
    match = _learn(client)
    assert _move(client, match, {"type": "reveal", "card": "green-beans"}).status_code == 200
    match.refresh_from_db()
    planned = scheduler.match_plan_next(match=match)
    assert (
        planned.seat == 1 and planned.action["type"] == "reveal" and planned.action["card"] == "bean-burrito"
    )
    for _ in range(20):
        scheduler.bots_play(match_id=match.pk)
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            break
        page = client.get(f"/play/{match.pk}/", HTTP_HX_REQUEST="true").content.decode()
        picks = _picks(page)
        assert picks, page
        assert _move(client, match, picks[0]).status_code == 200
    assert match.status == Match.Status.FINISHED
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "coach-done" in page and "Lesson finished!" in page
    assert 'hx-post="/games/duel/play/"' in page and 'href="/games/duel/"' in page
    assert "Play again" not in page  # the coach offers a real game instead
    # "Play a real game" is quick play against the gentlest bots, a new match that is no lesson.
    vals = re.search(r'hx-post="/games/duel/play/" hx-vals="([^"]*)"', page).group(1)
    response = client.post("/games/duel/play/", json.loads(vals.replace("&quot;", '"')))
    assert response.status_code == 302
    real = Match.objects.get(pk=response["Location"].split("/")[2])
    assert not real.tutorial and real.pace == Pace.STEADY
    assert 'id="coach"' not in client.get(f"/play/{real.pk}/").content.decode()


def test_bots_of_a_match_that_is_not_a_lesson_choose_for_themselves(client):
    lesson = tutorial_for("duel")
    match, _tokens = services.match_create(
        game="duel",
        seats=[services.SeatSpec(kind="human"), services.SeatSpec(kind="bot", bot_level="beginner")],
        seed=lesson.seed,
        deck=list(lesson.deck),
    )
    engine = get_engine("duel")
    state = services.match_state(match=match)
    state, _ = engine.apply(state, 0, {"type": "reveal", "card": "green-beans", "version": 0})
    assert (
        scheduler.lesson_move(lesson, engine, state, 1, engine.legal_actions(state, 1))["card"]
        == "bean-burrito"
    )
    assert not match.tutorial  # so match_plan_next never asks the lesson


def test_spanish_pages_show_the_coach_in_spanish(client):
    match = _learn(client, game="food-war")
    page = client.get(f"/play/{match.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'lang="es"' in page
    assert "Tu entrenador" in page
    assert "Presiona Voltear para dar vuelta tu carta de arriba." in page
    assert "Press Flip" not in page


def test_a_first_timer_is_offered_the_lesson_first_then_as_a_link(client):
    game = games_with_tutorials()[0]
    detail = client.get(f"/games/{game}/").content.decode()
    assert 'class="learn-first' in detail and f'href="/games/{game}/learn/"' in detail  # the rules' link
    catalog = client.get("/games/").content.decode()
    assert f'action="/games/{game}/learn/"' in catalog
    match = _learn(client, game=game)
    client.get(f"/play/{match.pk}/")  # sitting at the table counts as having played
    detail = client.get(f"/games/{game}/").content.decode()
    assert 'class="learn-first' not in detail and f'href="/games/{game}/learn/"' in detail
    catalog = client.get("/games/").content.decode()
    assert f'action="/games/{game}/learn/"' not in catalog and f'href="/games/{game}/learn/"' in catalog


@pytest.mark.parametrize("game", sorted(games_with_tutorials()))
def test_a_lessons_pushed_changes_show_each_reader_its_own_page_and_the_coach_to_the_learner_only(
    client, game
):
    """Each change of a lesson as the sockets push it (games.live.broadcast): the public fragment
    has no coach in it; the learner's private fragment brings the coach and its picks; every
    reader's page after the push is the page drawn for it alone."""
    match = _learn(client, game=game)
    pages: dict[tuple, str] = {}
    for _step in range(40):
        match.refresh_from_db()
        rows = rendering.read_rows(match)
        for language in ("en", "es"):
            with translation.override(language):
                public, slots = rendering.public_html(rows)
                assert 'id="coach"' not in public and "data-coach-pick" not in public
                for reader in (None, *range(match.seats)):
                    frame = public if reader is None else public + rendering.private_html(rows, reader, slots)
                    alone = rendering.live_html(match, reader, rows=rows, oob=True)
                    assert ('id="coach"' in alone) == ('id="coach"' in frame) == (reader == 0)
                    before = pages.get((language, reader))
                    if before is not None:  # the page as it was, after this push
                        pushed = fragments.apply(before, frame)
                        assert _same(pushed) == _same(fragments.apply(before, alone)), (game, reader)
                    pages[(language, reader)] = fragments.apply(before or alone, alone)
        state = services.match_state(match=match)
        if match.status == Match.Status.FINISHED or tutorial_for(game).coach(get_engine(game), state).done:
            return  # a lesson may end before its game does (the learner may finish it or leave)
        page = client.get(f"/play/{match.pk}/", HTTP_HX_REQUEST="true").content.decode()
        if picks := _picks(page):
            assert _move(client, match, picks[0]).status_code == 200
        elif not scheduler.bots_play(match_id=match.pk, max_moves=1):
            legal = get_engine(game).legal_actions(services.match_state(match=match), 0)
            assert _move(client, match, legal[0]).status_code == 200
    raise AssertionError(f"{game}: the lesson did not finish")
