"""The game-specific boards: CHOMP! (and its 2-player games) and Appetite, rendered for a seat
with games.rendering.live_html, the same HTML the htmx responses and socket pushes send."""

import re

import pytest

from games import scheduler, services
from games.boards.appetite import appetite_table
from games.engines import get_engine
from games.models import Match
from games.rendering import live_html
from games.services import SeatSpec
from tests.games.web.leaks import leaked_cards

pytestmark = pytest.mark.django_db

CHOMP_FAMILY = ("chomp", "underwater-war", "quick-chomp", "double-chomp")
# Kim (seat 0) flips a Shark, Ana (1) a Shrimp, Bo (2) a Plankton; dealt one at a time.
RACE_DECK = ["shark-1", "shrimp-1", "plankton-1", "seal-1", "little-fish-1", "big-fish-1"]


def _people(*nicknames):
    return [SeatSpec(kind="human", nickname=name) for name in nicknames]


def _table_acts(match):
    """The table's own next move (a flip, the end of a slap window...), as the scheduler would."""
    match.refresh_from_db()
    state = services.match_state(match=match)
    action = get_engine(match.game).legal_actions(state, None)[0]
    services.match_submit_action(match_id=match.pk, seat=None, action=action, trusted=True)
    match.refresh_from_db()


def _move(match, tokens, seat, **action):
    match.refresh_from_db()
    services.match_submit_action(
        match_id=match.pk, seat=seat, token=tokens[seat], action={**action, "version": match.version}
    )
    match.refresh_from_db()


def _slots(html):
    """Each card in the water: (owner seat, the slot's classes, its HTML)."""
    found = re.findall(r'<li class="chomp-slot([^"]*)" data-owner="(\d+)"[^>]*>(.*?)</li>', html, re.S)
    return {int(owner): (classes, body) for classes, owner, body in found}


def _race(options=None):
    match, tokens = services.match_create(
        game="chomp", seats=_people("Kim", "Ana", "Bo"), deck=RACE_DECK, seed=1, options=options
    )
    _table_acts(match)  # the first flip
    return match, tokens


def test_centre_cards_show_their_owners_and_yours_has_no_slap_button():
    match, _tokens = _race()
    html = live_html(match, 0)
    slots = _slots(html)
    assert set(slots) == {0, 1, 2}
    mine_classes, mine = slots[0]
    assert "Yours" in mine and "chomp-mine" in mine_classes
    assert "<button" not in mine and 'data-card="shark-1"' in mine
    assert "Ana" in slots[1][1] and "Bo" in slots[2][1]
    for owner, card in ((1, "shrimp-1"), (2, "plankton-1")):
        body = slots[owner][1]
        assert re.search(rf'<button[^>]*data-card="{card}"[^>]*data-action-type="slap"', body)
        assert "ws-send" in body  # a real-time slap goes over the socket, like the generic board's
    # The lowest creature is pointed out, and only that one.
    assert "chomp-lowest" in slots[2][0] and "Lowest creature" in slots[2][1]
    assert "chomp-lowest" not in slots[1][0] and "chomp-lowest" not in slots[0][0]
    assert "Time left to slap" in html and 'class="countdown chomp-countdown"' in html
    assert "Your Shark is higher than the Plankton: slap the Plankton, quick!" in html
    assert "Your Plankton is the lowest creature" in live_html(match, 2)

    # Ana sees her own Shrimp as "Yours", unslappable, and Kim's Shark under Kim's name.
    ana = _slots(live_html(match, 1))
    assert "Yours" in ana[1][1] and "<button" not in ana[1][1]
    assert "Kim" in ana[0][1] and 'data-card="shark-1"' in ana[0][1] and "<button" in ana[0][1]


def test_a_spectator_sees_every_owner_and_no_buttons():
    match, _tokens = _race()
    slots = _slots(live_html(match, None))
    assert [("Kim" in slots[0][1]), ("Ana" in slots[1][1]), ("Bo" in slots[2][1])] == [True, True, True]
    assert not any("<button" in body for _classes, body in slots.values())


def test_a_bad_chomp_is_announced_and_its_card_waits_face_down_in_the_middle():
    match, tokens = _race()
    _move(match, tokens, 1, type="slap", card="shark-1")  # Ana's Shrimp can't chomp a Shark
    kim = live_html(match, 0)
    alert = re.search(r'<div class="chomp-alert" role="alert">(.*?)</div>', kim, re.S)
    assert alert and "Bad Chomp!" in alert.group(1) and "Ana" in alert.group(1)
    assert "Lost to Bad Chomps" in kim and "/cards/chomp/240/back.webp" in kim
    mat = re.search(r'<li class="chomp-mat[^"]*" data-seat="1">(.*?)</li>', kim, re.S).group(1)
    assert "1 Bad Chomp card in the middle" in mat and "Slapped!" in mat
    ana = live_html(match, 1)
    assert re.search(r'class="chomp-alert".*?Bad Chomp! You', ana, re.S)
    # Kim's good slap comes next: Ana's Bad Chomp of this flip is still on the board.
    _move(match, tokens, 0, type="slap", card="plankton-1")
    kim = live_html(match, 0)
    assert re.search(r'class="chomp-alert".*?Bad Chomp! Ana', kim, re.S)
    assert "You slapped. Watch what happens!" not in kim  # the tie window is open: no advice


def test_the_last_round_shows_who_won_with_which_cards():
    match, tokens = _race(options={"tie_window_ms": 0})
    _move(match, tokens, 0, type="slap", card="plankton-1")  # Kim's Shark chomps Bo's Plankton
    ana = live_html(match, 1)
    last = re.search(r'<section class="chomp-last"[^>]*>(.*?)</section>', ana, re.S).group(1)
    assert "Kim" in last and "chomped" in last and 'alt="Plankton"' in last
    assert re.search(r'class="chomp-winner"><img src="/cards/chomp/240/shark-1\.webp"', last)
    assert "Next flip in" in ana


def test_an_ink_out_sets_cards_aside_where_everyone_can_see_them():
    deck = ["octopus-1", "shrimp-1", "plankton-1", "seal-1", "little-fish-1", "big-fish-1"]
    match, _tokens = services.match_create(game="chomp", seats=_people("Kim", "Ana", "Bo"), deck=deck, seed=2)
    _table_acts(match)
    assert "Ink Out! Don&#x27;t slap anything" in live_html(match, 0)
    _table_acts(match)  # flip again: the inked cards move aside
    html = live_html(match, 0)
    middle = re.search(r'<section class="chomp-middle"[^>]*>(.*?)</section>', html, re.S).group(1)
    assert "Set aside (Ink Out or tie)" in middle and 'alt="Octopus"' in middle
    assert '<span class="badge">3</span>' in middle


def test_double_chomp_shows_both_cards_of_each_player_under_their_names():
    deck = ["shark-1", "plankton-1", "seal-1", "shrimp-1"]  # Kim: Shark, Seal; Ana: Plankton, Shrimp
    match, _tokens = services.match_create(
        game="double-chomp", seats=_people("Kim", "Ana"), deck=deck, seed=3
    )
    _table_acts(match)
    found = re.findall(
        r'<li class="chomp-slot[^"]*" data-owner="(\d)"[^>]*>\s*<p class="chomp-owner">([^<]*)</p>',
        live_html(match, 0),
    )
    assert sorted(found) == [("0", "Yours"), ("0", "Yours"), ("1", "Ana"), ("1", "Ana")]


def test_quick_chomp_lets_you_slap_your_own_lower_card():
    deck = ["shrimp-1", "seal-1"]  # Kim: Shrimp, Ana: Seal
    match, _tokens = services.match_create(game="quick-chomp", seats=_people("Kim", "Ana"), deck=deck, seed=5)
    _table_acts(match)
    slots = _slots(live_html(match, 0))
    assert "Yours" in slots[0][1] and re.search(r'<button[^>]*data-card="shrimp-1"', slots[0][1])
    assert "chomp-lowest" in slots[0][0] and "Never slap" not in slots[0][1]


@pytest.mark.parametrize("game", [*CHOMP_FAMILY, "appetite"])
def test_no_seat_sees_another_seats_hidden_cards_on_these_boards(game):
    engine = get_engine(game)
    from games.bots import bot_levels

    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * engine.min_seats
    match, _ = services.match_create(game=game, seats=seats, seed=7)
    for _ in range(12):
        match.refresh_from_db()
        state = services.match_state(match=match)
        for seat in [None, *range(match.seats)]:
            html = live_html(match, seat)
            assert 'class="board ' in html and ("chomp-board" in html or "appetite-board" in html)
            leaked = leaked_cards(html, engine.hidden_cards(state, seat))
            assert not leaked, f"{game} v{match.version}: seat {seat} sees {sorted(leaked)[:5]}"
        if match.status == Match.Status.FINISHED or not scheduler.bots_play(match_id=match.pk, max_moves=4):
            break


# ----- Appetite ---------------------------------------------------------------------------------

# Kim (seat 0) and Ana (1) get five cards each, dealt one at a time; no hand has four of a suit.
APPETITE_DECK = [
    "lunch-6", "breakfast-4", "dinner-2", "dinner-9", "dessert-9", "dessert-8",
    "breakfast-9", "lunch-8", "lunch-9", "dinner-8",
]  # fmt: skip


def _appetite():
    return services.match_create(game="appetite", seats=_people("Kim", "Ana"), deck=APPETITE_DECK, seed=4)


def _sheet(html, seat):
    return re.search(rf'<div class="appetite-sheet[^"]*" data-seat="{seat}">(.*?)</table>', html, re.S).group(
        1
    )


def test_a_hand_of_one_suit_offers_the_new_hand_before_its_cards():
    # Kim is dealt four Lunches (dealt one at a time): her choice comes first, above the hand,
    # so on a phone it is on the first screen (these cards are not moves).
    deck = ["lunch-1", "breakfast-4", "lunch-2", "dinner-9", "lunch-3", "dessert-8", "lunch-4", "lunch-8"]
    deck += ["dessert-9", "dinner-8"]
    match, _tokens = services.match_create(game="appetite", seats=_people("Kim", "Ana"), deck=deck, seed=4)
    kim = live_html(match, 0)
    hand = re.search(r'<section class="appetite-hand.*?</section>', kim, re.S).group(0)
    choice = hand.index('data-action-type="redeal"')
    assert choice < hand.index('<ul class="card-row">')
    assert hand.count('data-action-type="redeal"') == 1


def test_cards_on_the_table_name_who_played_them_and_pass_is_offered():
    match, tokens = _appetite()
    _move(match, tokens, 0, type="play", card="lunch-6")
    ana = live_html(match, 1)
    played = re.search(r'<ol class="appetite-played">(.*?)</ol>', ana, re.S).group(1)
    assert 'alt="6 of Lunches"' in played and "Kim" in played
    assert "The next card can't be a Lunch." in ana
    assert re.search(r'data-total="6">6<', ana) and re.search(r'data-appetite="10">10<', ana)
    assert re.search(r'<button[^>]*data-action-type="pass"[^>]*>Pass</button>', ana)
    assert re.search(r'<button[^>]*data-card="breakfast-4"[^>]*data-action-type="play"', ana)
    # Kim's page shows Ana's hand only as a count, never her cards.
    kim = live_html(match, 0)
    assert "Ana: 5 cards in hand" in kim
    assert not leaked_cards(kim, {"breakfast-4", "dinner-9", "dessert-8", "lunch-8", "dinner-8"})


def test_a_satisfied_appetite_is_written_in_the_suit_column_of_the_scoring_card():
    match, tokens = _appetite()
    _move(match, tokens, 0, type="play", card="lunch-6")
    _move(match, tokens, 1, type="play", card="breakfast-4")  # 6 + 4 = 10: Appetite satisfied
    kim = live_html(match, 0)
    ana_sheet = _sheet(kim, 1)
    filled = re.findall(r'<td class="box box-filled" data-suit="(\w+)">(\d+)</td>', ana_sheet)
    assert filled == [("breakfast", "10")]
    assert """<span class="if-not-me" data-seat="1">Ana's score sheet</span>""" in ana_sheet
    assert "10 points" in ana_sheet
    assert ana_sheet.count('icon-mark icon-on"') == 1  # the bonus Dessert icon
    # Kim's own sheet says "Your score sheet" on her page (#viewer names her seat; the CSS shows
    # the if-me words of that seat).
    assert '<div id="viewer" data-viewer="0"' in kim
    assert "box-filled" not in _sheet(kim, 0)
    assert '<span class="if-me" data-seat="0">Your score sheet</span>' in _sheet(kim, 0)
    assert "Last score: Ana wrote 10 in the Breakfast column." in kim
    assert re.search(r'data-total="10">10<', kim) and re.search(r'data-appetite="20">20<', kim)


def test_when_no_card_fits_each_card_says_why_and_only_pass_is_left():
    match, tokens = _appetite()
    _move(match, tokens, 0, type="play", card="lunch-6")
    _move(match, tokens, 1, type="play", card="breakfast-4")  # 10: round 2, Appetite 20
    _move(match, tokens, 0, type="play", card="breakfast-9")  # 19: every card of Ana's is too big
    ana = live_html(match, 1)
    hand = re.search(r'<section class="appetite-hand.*?</section>', ana, re.S).group(0)
    blocked = re.findall(r'class="card card-blocked" data-card="([\w-]+)"[^>]*data-reason="([^"]*)"', hand)
    assert sorted(card for card, _reason in blocked) == ["dessert-8", "dinner-8", "dinner-9", "lunch-8"]
    assert "That card would make the Total 28, more than the Appetite of 20." in dict(blocked)["dinner-9"]
    assert re.findall(r'data-action-type="(\w+)"', hand) == ["pass"]
    _move(match, tokens, 1, type="pass")
    assert "Passes in a row: 1 of 2." in live_html(match, 0)


def test_a_full_column_is_marked_on_the_sheet():
    board = type("Board", (), {"zones": []})()
    view = {
        "appetite": 30,
        "total": 12,
        "boxes": 2,
        "sheets": [
            {"breakfast": [10, 20], "lunch": [], "dinner": [30], "dessert": [], "icons": 3, "points": 60,
             "full_columns": ["breakfast"]},
        ],
    }  # fmt: skip
    buttons = [{"type": "cant_play", "label": "Cant play", "vals": "{}"}]
    table = appetite_table(view, ["You"], 0, board, buttons)
    sheet = table["sheets"][0]
    assert [c["full"] for c in sheet["columns"]] == [True, False, False, False]
    assert [cell["value"] for cell in sheet["rows"][1]] == [20, None, None, None]
    assert sheet["icon_marks"] == [True, True, True, False] and sheet["points"] == 60
    assert table["moves"][0]["label"] == "I can't play" and table["left"] == 18


@pytest.mark.parametrize(
    ("game", "options", "board_class"),
    [("chomp", {"max_rounds": 5}, "chomp-board"), ("appetite", {"max_hands": 1}, "appetite-board")],
)
def test_the_replay_page_draws_these_games_own_boards(client, game, options, board_class):
    from games.bots import bot_levels

    engine = get_engine(game)
    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * engine.min_seats
    match, _ = services.match_create(game=game, seats=seats, seed=9, options=options)
    scheduler.bots_play(match_id=match.pk, max_moves=2000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for step in (1, match.version):
        response = client.get(f"/replays/{match.pk}/?step={step}&seat=0")
        assert response.status_code == 200
        html = response.content.decode()
        assert board_class in html, "the replay draws the game's own board"
        assert "games/boards.css" in html and 'id="replay-next"' in html


@pytest.mark.parametrize("game", CHOMP_FAMILY)
def test_the_countdown_is_shown_once(game):
    seats = _people("Kim", "Ana", "Bo")[: get_engine(game).min_seats]
    match, _tokens = services.match_create(game=game, seats=seats, seed=1)
    for _ in range(2):  # the flip countdown, then the slap window's
        html = live_html(match, 0)
        assert len(re.findall(r'<p class="countdown[ "]', html)) == 1
        _table_acts(match)


def test_too_late_and_bad_chomp_messages_have_a_place_next_to_the_cards():
    match, _tokens = _race()
    html = live_html(match, 0)
    water = html[html.index('class="chomp-water"') :]
    assert 'class="board-message"' in water[: water.index('class="chomp-cards"')]
