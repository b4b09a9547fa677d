"""Drawn once per audience (games.audiences): one shared render of a change serves every reader,
each reader's page is exactly the page drawn for it alone, and a seat's own pieces never name
another seat's hidden cards."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import translation

from games import rendering, scheduler, services
from games.bots import bot_levels
from games.engines import ENGINES, get_engine
from games.models import Match
from plateful.asgi import application
from tests.games.web.leaks import leaked_cards
from tests.games.web.renders import count_shared_renders, same
from tests.games.web.test_eat_right_boards import MEAL_DECK, _build_a_meal, _buttons, _move, _people
from tests.tables import table_create

COMPOSED = sorted(rendering.COMPOSED_GAMES)


def _forget_drawings() -> None:
    rendering._SHARED_HTML.clear()
    rendering._PIECES.clear()
    rendering._FEED_LINES.clear()


def _play(
    game: str,
    steps: int,
    seats: int = 2,
    options: dict | None = None,
    prefer: tuple[str, ...] = (),
    played: set | None = None,
):
    """A fixed-seed human table, move by move: yields (match, state) after each move. Each
    move is the step's legal move in turn, or with `prefer`, the first of the type whose turn
    it is (else the first legal move); `played` collects the types of the moves made."""
    engine = get_engine(game)
    seats = max(engine.min_seats, min(engine.max_seats, seats))
    match, tokens, _sessions = table_create(game, ("human",) * seats, seed=5, options=options)
    for step in range(steps):
        state = services.match_state(match=match)
        yield match, state
        if engine.result(state) is not None:
            return
        movers = sorted(s for s in engine.to_move(state) if s is not None)
        if movers:
            seat = movers[step % len(movers)]
            legal = engine.legal_actions(state, seat)
            action = legal[step % len(legal)]
            if prefer:
                action = next((a for a in legal if a["type"] == prefer[step % len(prefer)]), legal[0])
            services.match_submit_action(match_id=match.pk, seat=seat, token=tokens[seat], action=action)
        else:
            action = engine.legal_actions(state, None)[0]
            services.match_submit_action(match_id=match.pk, seat=None, action=action, trusted=True)
        if played is not None:
            played.add(action["type"])
        match = services.match_get(match_id=match.pk)


@pytest.mark.django_db
@pytest.mark.parametrize("game", COMPOSED)
def test_one_shared_render_serves_every_reader_with_the_page_drawn_for_it_alone(game, monkeypatch):
    shared = count_shared_renders(monkeypatch)
    engine = get_engine(game)
    checked = 0
    for match, state in _play(game, steps=25, seats=3):
        _forget_drawings()
        shared.clear()
        readers = [None, *range(match.seats)]
        for language in ("en", "es"):
            with translation.override(language):
                for reader in readers:
                    composed = rendering.live_html(match, reader, oob=True)
                    assert same(composed) == same(rendering.whole_live_html(match, reader, oob=True))
                    checked += 1
                # The part they share names no card a watcher may not see.
                assert not leaked_cards(
                    rendering.shared_live_html(match, oob=True), engine.hidden_cards(state, None)
                )
        assert shared == ["games/play.html#live"] * 2  # once per language, for every reader
    assert checked >= 2 * 3 * 10


def _each_reader_gets_the_page_drawn_for_it_alone(match) -> dict:
    """Every reader's composed page (en and es), checked against the page drawn for it alone."""
    _forget_drawings()
    pages = {}
    for language in ("en", "es"):
        with translation.override(language):
            for reader in (None, *range(match.seats)):
                pages[language, reader] = rendering.live_html(match, reader, oob=True)
                assert same(pages[language, reader]) == same(
                    rendering.whole_live_html(match, reader, oob=True)
                ), (language, reader)
    return pages


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "options"), [("build-a-meal", {"turn_limit": 20}), ("snack-wars", {"max_turns": 10})]
)
def test_a_finished_game_is_composed_for_each_reader_too(game, options):
    """The fixed tables above stop before the end: here a short game is played out (a draw in
    Build-A-Meal, a win in SNACK WARS) and the finished page composed."""
    match, state = list(_play(game, steps=200, options=options))[-1]
    result = get_engine(game).result(state)
    assert result is not None and match.status == Match.Status.FINISHED
    pages = _each_reader_gets_the_page_drawn_for_it_alone(match)
    assert all('class="finished panel"' in page for page in pages.values())
    if result["winners"]:
        (winner,) = result["winners"]
        assert "You won!" in pages["en", winner] and "You won!" not in pages["en", None]


@pytest.mark.django_db
def test_build_a_meals_extra_turn_is_told_on_each_readers_turn_piece():
    """Broccoli put into a meal earns another turn: the turn piece says so (the fixed tables
    above never get there)."""
    deck = [card if card != "carrots" else "broccoli" for card in MEAL_DECK]
    match, tokens = services.match_create(
        game="build-a-meal", seats=_people("Kim", "Ana"), deck=deck, seed=12
    )
    _move(match, tokens, 0, type="draw", **{"from": "stock"})
    for card in ("brown-rice", "apple", "oatmeal", "banana", "milk"):
        _move(match, tokens, 0, type="plate", card=card)
    _move(match, tokens, 0, type="serve")
    _move(match, tokens, 0, type="add", card="broccoli", meal=0)
    pages = _each_reader_gets_the_page_drawn_for_it_alone(match)
    another_turn = "another turn comes after the discard"
    assert all(another_turn in pages["en", reader] for reader in (None, 0, 1))


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "options"),
    [("appetite", {"max_hands": 1})] + [(game, {"max_rounds": 5}) for game in ("chomp", "underwater-war")],
)
def test_a_finished_game_is_composed_as_drawn_alone(game, options):
    """The fixed tables above stop before the end: each reader's result, its board's too."""
    seats = [services.SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * get_engine(game).min_seats
    match, _tokens = services.match_create(game=game, seats=seats, seed=9, options=options)
    scheduler.bots_play(match_id=match.pk, max_moves=2000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    _each_reader_gets_the_page_drawn_for_it_alone(match)


@pytest.mark.django_db
def test_an_appetite_hand_of_one_suit_and_the_new_hand_are_composed_as_drawn_alone():
    # Seat 0 is dealt four Lunches (one card at a time): it may show them and get a new hand.
    deck = ["lunch-1", "breakfast-4", "lunch-2", "dinner-9", "lunch-3", "dessert-8", "lunch-4", "lunch-8"]
    match, tokens, _sessions = table_create("appetite", ("human", "human"), seed=4, deck=deck)
    _each_reader_gets_the_page_drawn_for_it_alone(match)
    services.match_submit_action(
        match_id=match.pk, seat=0, token=tokens[0], action={"type": "redeal", "version": match.version}
    )
    match = services.match_get(match_id=match.pk)
    assert services.match_state(match=match)["revealed"]
    _each_reader_gets_the_page_drawn_for_it_alone(match)


# Tables the one above doesn't reach far enough: played to the end, preferring moves in turn
# (the moves each must make on the way: a snack put back, the store's last card eaten...).
PLAYED_TO_THE_END = {
    "duel": (("eat", "attack", "draw", "eat"), {"reveal", "eat", "attack", "draw", "next_round"}),
    "snack-attack": (
        ("return", "eat", "snack_attack", "eat"),
        {"return", "pick", "snack_attack", "eat_last"},
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(PLAYED_TO_THE_END))
def test_every_reader_of_a_game_played_to_the_end_gets_the_page_drawn_for_it_alone(game):
    prefer, needed = PLAYED_TO_THE_END[game]
    played: set[str] = set()
    results = []
    for match, state in _play(game, steps=300, prefer=prefer, played=played):
        _forget_drawings()
        results.append(get_engine(game).result(state))
        for language in ("en", "es"):
            with translation.override(language):
                for reader in (None, 0, 1):
                    composed = rendering.live_html(match, reader, oob=True)
                    assert same(composed) == same(rendering.whole_live_html(match, reader, oob=True))
    assert results[-1] is not None  # the game's end, its result drawn too
    assert needed <= played


@pytest.mark.django_db
def test_sugar_shock_is_each_readers_own_piece_inside_the_shared_meals():
    """Build-A-Meal's Sugar Shock buttons sit inside every player's meals, which all readers
    share: each meal's buttons are a piece of the reader's own."""
    match, tokens = _build_a_meal()
    _move(match, tokens, 0, type="draw", **{"from": "stock"})
    for card in ("brown-rice", "apple", "oatmeal", "banana", "milk"):
        _move(match, tokens, 0, type="plate", card=card)
    _move(match, tokens, 0, type="serve")
    pages = _each_reader_gets_the_page_drawn_for_it_alone(match)
    assert "sugar_shock" not in rendering.shared_live_html(match, oob=True)  # a slot for each reader
    assert "meal-shock" not in pages["en", None] and "meal-shock" not in pages["en", 0]
    meal = re.search(r'<div class="meal-served" data-meal="1">(.*?)</div>\s*</div>', pages["en", 1], re.S)
    ((_tag, text),) = _buttons(meal.group(1), "sugar_shock")
    assert text == "Ruin Kim&#x27;s meal 1 with Sugar Shock"

    # Ana's own meal mat comes first on her page, Kim's on Kim's.
    def mats(page):
        return re.findall(r'<li class="meal-mat( meal-mat-me)?[^"]*" data-seat="(\d)"', page)

    assert mats(pages["en", 1]) == [(" meal-mat-me", "1"), ("", "0")]
    assert mats(pages["en", 0]) == [(" meal-mat-me", "0"), ("", "1")]
    assert mats(pages["en", None]) == [("", "0"), ("", "1")]


@pytest.mark.django_db
@pytest.mark.parametrize("game", sorted(ENGINES))
def test_a_seats_own_pieces_never_name_another_seats_hidden_cards(game):
    """For the games drawn whole, a seat's whole page is its private part (and
    test_rendering's leak test covers it); here, the pieces composed into a seat's page."""
    engine = get_engine(game)
    own_cards_shown = 0
    for match, state in _play(game, steps=25, seats=3):
        if not rendering.composed(match):
            for seat in range(match.seats):
                html = rendering.live_html(match, seat)
                assert not leaked_cards(html, engine.hidden_cards(state, seat))
            continue
        shared = rendering.shared_live_html(match)
        for seat in range(match.seats):
            pieces = rendering.private_pieces(match, shared, rendering.live_context(match, seat))
            assert pieces
            for name, html in pieces.items():
                assert not leaked_cards(html, engine.hidden_cards(state, seat)), (name, seat)
                own_cards_shown += len(leaked_cards(html, engine.hidden_cards(state, None)))
    if game == "duel":  # the check can fail: the hand is a piece, hidden from the watcher
        assert own_cards_shown > 0


async def _connect(match_id, query=""):
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    communicator = WebsocketCommunicator(application, f"/ws/play/{match_id}/{query}", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
async def test_two_seats_and_a_watcher_share_one_render_of_a_change_and_each_seat_gets_only_its_own(
    monkeypatch,
):
    match, tokens, _sessions = await database_sync_to_async(table_create)("duel", ("human", "human"), seed=3)
    engine = get_engine("duel")
    sockets = {
        0: await _connect(match.pk, f"?token={tokens[0]}"),
        1: await _connect(match.pk, f"?token={tokens[1]}"),
        None: await _connect(match.pk),
    }
    for socket in sockets.values():
        await socket.receive_from()
    shared = count_shared_renders(monkeypatch)

    def move():
        state = services.match_state(match=match)
        action = engine.legal_actions(state, 0)[0]
        services.match_submit_action(match_id=match.pk, seat=0, action=action, token=tokens[0])
        fresh = Match.objects.get(pk=match.pk)
        return fresh, services.match_state(match=fresh)

    fresh, state = await database_sync_to_async(move)()
    frames = {reader: await socket.receive_from() for reader, socket in sockets.items()}
    assert shared == ["games/play.html#live"]  # one shared render for the three sockets

    def expected(reader):
        with translation.override("en"):
            return rendering.whole_live_html(fresh, reader, oob=True)

    for reader, html in frames.items():
        assert same(html) == same(await database_sync_to_async(expected)(reader))
        assert not leaked_cards(html, engine.hidden_cards(state, reader))
    for seat in (0, 1):
        own = leaked_cards(frames[seat], engine.hidden_cards(state, None))
        assert own and own <= set(state["hands"][seat])  # its own hand, and only its own
    for socket in sockets.values():
        await socket.disconnect()
