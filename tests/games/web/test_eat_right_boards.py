"""The Eat Right games' own boards (Snack Attack!, Build-A-Meal, Duel, Food War), rendered for a
seat with games.rendering.live_html: the same HTML the htmx responses and socket pushes send."""

import html as html_lib
import json
import re

import pytest

from games import scheduler, services
from games.boards.duel import _round_reason
from games.engines import get_engine
from games.models import Match
from games.rendering import live_html
from games.services import SeatSpec
from tests.games.web.leaks import leaked_cards

pytestmark = pytest.mark.django_db

EAT_RIGHT_GAMES = {
    "snack-attack": "snack-board",
    "build-a-meal": "meal-board",
    "duel": "duel-board",
    "food-war": "war-board",
}


def _people(*nicknames):
    return [SeatSpec(kind="human", nickname=name) for name in nicknames]


def _move(match, tokens, seat, **wanted):
    """Make the legal move that has these fields (the engine's own, label and all)."""
    match.refresh_from_db()
    legal = get_engine(match.game).legal_actions(services.match_state(match=match), seat)
    (action,) = [a for a in legal if all(a.get(k) == v for k, v in wanted.items())]
    services.match_submit_action(
        match_id=match.pk, seat=seat, token=tokens[seat], action={**action, "version": match.version}
    )
    match.refresh_from_db()


def _section(html, css_class):
    found = re.search(rf'<section class="{css_class}[^"]*".*?</section>', html, re.S)
    assert found, f"no {css_class} section"
    return found.group(0)


def _buttons(html, action_type):
    """Each button of a move type: its whole opening tag and its text."""
    return re.findall(rf'(<button[^>]*data-action-type="{action_type}"[^>]*>)(.*?)</button>', html, re.S)


def _posted(tag):
    """The move a button posts: htmx sends its hx-vals, whose "action" is the move as JSON."""
    assert 'hx-post="/play/' in tag or "ws-send" in tag
    vals = json.loads(html_lib.unescape(re.search(r'hx-vals="([^"]*)"', tag).group(1)))
    return json.loads(vals["action"])


def _hidden_from(match, seat):
    state = services.match_state(match=match)
    return get_engine(match.game).hidden_cards(state, seat)


# ----- Snack Attack! ----------------------------------------------------------------------------

# The store, top first: Kim (seat 0) shops Apple and Doughnut, Ana (1) Banana and Cookies.
SNACK_DECK = ["apple", "doughnut", "banana", "cookies"]


def _snack_attack():
    return services.match_create(game="snack-attack", seats=_people("Kim", "Ana"), deck=SNACK_DECK, seed=11)


def test_the_store_is_a_grid_of_face_down_buttons_named_by_their_place():
    match, _tokens = _snack_attack()
    kim = live_html(match, 0)
    store = _section(kim, "snack-store")
    picks = _buttons(store, "shop")
    assert len(picks) == 26, "one button per face-down card in the store"
    tag, text = picks[4]
    assert 'aria-label="Pick card 5"' in tag and "Pick card 5" in text
    assert "/cards/eat-right/240/back.webp" in text
    assert _posted(tag) == {"type": "shop", "spot": 4, "version": 0}
    assert 'data-focus-key="shop:store-5"' in tag
    # No card in the store is named anywhere on the page.
    assert not leaked_cards(kim, _hidden_from(match, 0))
    # Ana waits: she sees the same face-down store, but as pictures, not buttons.
    ana_store = _section(live_html(match, 1), "snack-store")
    assert "<button" not in ana_store and ana_store.count('src="/cards/eat-right/240/back.webp"') == 26


def test_your_hand_has_eat_and_put_back_and_snack_attack_is_offered_with_two_cards():
    match, tokens = _snack_attack()
    for seat in (0, 0, 1, 1):  # two shopping trips: Kim, then Ana
        _move(match, tokens, seat, type="shop", spot=0)
    kim = live_html(match, 0)
    hand = _section(kim, "snack-hand")
    assert [text for _tag, text in _buttons(hand, "eat")] == ["Eat Apple", "Eat Frosted Doughnut"]
    assert [text for _tag, text in _buttons(hand, "return")] == [
        "Put back Apple",
        "Put back Frosted Doughnut",
    ]
    attack = re.search(r'<div class="snack-attack-call">(.*?)</p>\s*</div>', hand, re.S).group(1)
    ((tag, text),) = _buttons(attack, "snack_attack")
    assert text == "Yell Snack Attack!" and _posted(tag)["type"] == "snack_attack"
    assert "every other player must eat one card" in attack
    # Ana's Banana and Cookies are still hers alone.
    assert not leaked_cards(kim, {"banana", "cookies"})
    assert "2 cards in hand" in _mat(kim, 1)


def _mat(html, seat):
    """One player's mat in the "Snacks eaten" list."""
    mats = html.split('<li class="snack-mat')[1:]
    (mat,) = [m for m in mats if m.split(">", 1)[0].endswith(f'data-seat="{seat}"')]
    return mat


def test_eaten_snacks_are_split_into_good_and_junk_with_the_score():
    match, tokens = _snack_attack()
    for seat in (0, 0, 1, 1):
        _move(match, tokens, seat, type="shop", spot=0)
    _move(match, tokens, 0, type="eat", card="apple")
    _move(match, tokens, 1, type="eat", card="cookies")
    kim = live_html(match, 0)
    mine, ana = _mat(kim, 0), _mat(kim, 1)
    good, junk = re.search(
        r'class="snack-good">(.*?)</div>\s*<div class="snack-junk">(.*?)</div>', mine, re.S
    ).groups()
    assert 'alt="Apple"' in good and "<img" not in junk
    assert "1 good − 0 junk" in mine and 'data-points="1">1 point<' in mine
    assert 'alt="Chocolate Chip Cookies"' in re.search(r'class="snack-junk">(.*?)</div>', ana, re.S).group(1)
    assert "0 good − 1 junk" in ana and 'data-points="0">0 points<' in ana
    _move(match, tokens, 0, type="eat", card="doughnut")  # junk cancels Kim's Apple
    assert "1 good − 1 junk" in _mat(live_html(match, 1), 0)
    assert 'data-points="0"' in _mat(live_html(match, 1), 0)


# ----- Build-A-Meal ------------------------------------------------------------------------------

# Eight cards each, dealt in blocks: Kim first, then Ana; then the discard pile's first card
# (Popcorn) and the stock, whose top card (Turkey) Kim draws.
MEAL_DECK = [
    "brown-rice", "apple", "milk", "doughnut", "oatmeal", "banana", "cheddar", "carrots",
    "sugar-shock", "tuna", "bagel", "grapes", "yogurt", "crackers", "salmon", "cookies",
    "popcorn", "turkey",
]  # fmt: skip


def _build_a_meal():
    return services.match_create(game="build-a-meal", seats=_people("Kim", "Ana"), deck=MEAL_DECK, seed=12)


def _checklist(html):
    rows = re.findall(
        r'<li class="check-(ok|no)">.*?class="check-label">([^<]*)</span> '
        r'<span class="check-numbers">([^<]*)</span>'
        r'.*?(?:class="check-why">([^<]*)</span>)?</li>',
        html,
        re.S,
    )
    return {label: (state, numbers, html_lib.unescape(why)) for state, label, numbers, why in rows}


def test_the_plate_checklist_ticks_what_is_done_and_says_what_is_missing():
    match, tokens = _build_a_meal()
    kim = live_html(match, 0)
    draws = [text for _tag, text in _buttons(kim, "draw")]
    assert draws == ["Draw from the stock", "Take Popcorn from the discard pile"]
    _move(match, tokens, 0, type="draw", **{"from": "stock"})
    _move(match, tokens, 0, type="plate", card="brown-rice")  # 1 grain serving (1 oz)
    _move(match, tokens, 0, type="plate", card="banana")  # 1 fruit serving (a half cup)
    plate = _section(live_html(match, 0), "meal-plate")
    checks = _checklist(plate)
    # The same rows and words as a meal-balance lesson (nutrition.meal_words), suggestions from the hand.
    assert checks["Grains"] == (
        "no",
        "1 of 2 servings",
        "You have 1 grain serving (Brown Rice: 1); a balanced meal needs 2. Try Oatmeal.",
    )
    # A fruit or veggie of the hand (which one varies with the plate: never "the lightest").
    state, numbers, why = checks["Fruit or veggie"]
    assert (state, numbers) == ("no", "1 of 2 servings")
    assert why in {
        f"You have 1 fruit or veggie serving (Banana: 1); a balanced meal needs 2. Try {name}."
        for name in ("Apple", "Carrots")
    }
    state, numbers, why = checks["Meat or dairy"]
    assert (state, numbers) == ("no", "0 of 1 serving")  # one serving, singular
    assert why.startswith("You have no meat or dairy servings; a balanced meal needs 1. Try ")
    assert why.removesuffix(".").rsplit("Try ", 1)[1] in {"Roast Turkey", "Cheddar Cheese"}
    assert checks["Calories"] == ("ok", "198 of at most 600", "")
    taken_back = [
        re.search(r'aria-label="([^"]*)"', tag).group(1) for tag, _text in _buttons(plate, "unplate")
    ]
    assert taken_back == ["Take back Brown Rice", "Take back Banana"]
    assert not _buttons(plate, "serve")
    for card in ("oatmeal", "apple", "milk"):
        _move(match, tokens, 0, type="plate", card=card)
    plate = _section(live_html(match, 0), "meal-plate")
    assert "meal-plate-ready" in plate.split(">", 1)[0]
    assert all(state == "ok" for state, _numbers, _why in _checklist(plate).values())
    assert "Balanced! You can serve this meal." in plate
    ((tag, text),) = _buttons(plate, "serve")
    assert text == "Serve this meal" and 'hx-post="/play/' in tag and "hx-vals=" in tag


def test_a_served_meal_shows_its_calories_and_sugar_shock_is_offered_out_of_turn():
    match, tokens = _build_a_meal()
    _move(match, tokens, 0, type="draw", **{"from": "stock"})
    for card in ("brown-rice", "apple", "oatmeal", "banana", "milk"):
        _move(match, tokens, 0, type="plate", card=card)
    _move(match, tokens, 0, type="serve")
    ana = live_html(match, 1)
    assert "It isn&#x27;t your turn" not in ana
    assert "Sugar Shock!" in ana and "You may play it now, even though it is not your turn" in ana
    meal = re.search(r'<div class="meal-served" data-meal="1">(.*?)</div>\s*</div>', ana, re.S).group(1)
    assert "543 of 600 calories" in meal and 'alt="Brown Rice"' in meal
    ((tag, text),) = _buttons(meal, "sugar_shock")
    assert text == "Ruin Kim&#x27;s meal 1 with Sugar Shock" and "hx-vals=" in tag
    assert "Kim's turn" in ana
    # Ana sees Kim's meal, never the cards still in Kim's hand.
    assert not leaked_cards(ana, _hidden_from(match, 1))
    assert not leaked_cards(live_html(match, 0), _hidden_from(match, 0))


# ----- Duel --------------------------------------------------------------------------------------

# Kim: Apple, Roast Beef Sub, Salmon; Ana: Doughnut, Milk, Tuna; the rest is the stock.
DUEL_DECK = ["apple", "roast-beef-sub", "salmon", "doughnut", "milk", "tuna"]


def _duel():
    return services.match_create(game="duel", seats=_people("Kim", "Ana"), deck=DUEL_DECK, seed=13)


def test_the_reveal_step_asks_for_a_card_to_show_with_its_numbers():
    match, tokens = _duel()
    kim = live_html(match, 0)
    assert "Pick a card to show: more calories goes first." in kim
    shows = [re.search(r'aria-label="([^"]*)"', tag).group(1) for tag, _t in _buttons(kim, "reveal")]
    assert shows == [
        "Show Apple (19 value, 77 cal)",
        "Show Roast Beef Sub (11 value, 296 cal)",
        "Show Salmon (19 value, 144 cal)",
    ]
    _move(match, tokens, 0, type="reveal", card="roast-beef-sub")
    kim = live_html(match, 0)
    assert "You picked Roast Beef Sub to show. Waiting for the other player" in kim
    ana = live_html(match, 1)
    assert "picked a card to show" in ana and not leaked_cards(ana, {"roast-beef-sub", "apple", "salmon"})


def test_both_meals_have_value_and_calorie_meters_and_the_buttons_show_what_a_card_adds():
    match, tokens = _duel()
    _move(match, tokens, 0, type="reveal", card="roast-beef-sub")
    _move(match, tokens, 1, type="reveal", card="doughnut")  # 296 calories beat 194: Kim starts
    kim, ana = live_html(match, 0), live_html(match, 1)
    # Both meals in seat order for every reader: the page names its reader (#viewer) and the CSS
    # marks that seat's meal ("Your meal") and puts it first.
    for page, seat in ((kim, "0"), (ana, "1")):
        assert f'<div id="viewer" data-viewer="{seat}"' in page
        meals = re.findall(r'<section class="duel-meal[^"]*" data-seat="(\d)".*?</section>', page, re.S)
        assert meals == ["0", "1"]
    mine = re.search(r'<section class="duel-meal[^"]*" data-seat="0".*?</section>', kim, re.S).group(0)
    theirs = re.search(r'<section class="duel-meal[^"]*" data-seat="1".*?</section>', kim, re.S).group(0)
    assert '<span class="if-me" data-seat="0">Your meal</span>' in mine
    assert """<span class="if-not-me" data-seat="0">Kim's meal</span>""" in mine
    assert '<span class="if-me" data-seat="1">Your meal</span>' in theirs and "Ana's meal" in theirs
    assert re.search(r'data-value="11">11 / 100<', mine) and re.search(
        r'data-calories="296">296 / 1000<', mine
    )
    assert 'aria-valuenow="11"' in mine and 'style="width: 11%"' in mine and 'style="width: 30%"' in mine
    assert "89 more value wins" in mine and "704 more calories loses" in mine
    assert re.search(r'data-value="2">2 / 100<', theirs) and re.search(
        r'data-calories="194">194 / 1000<', theirs
    )
    hand = _section(kim, "duel-hand")
    # Each says what the card adds, and to a screen reader which card it is (issue 31).
    assert [t for _tag, t in _buttons(hand, "eat")] == ["Eat (19 value, 77 cal)", "Eat (19 value, 144 cal)"]
    assert [re.search(r'aria-label="([^"]*)"', tag).group(1) for tag, _t in _buttons(hand, "eat")] == [
        "Eat (19 value, 77 cal), Apple",
        "Eat (19 value, 144 cal), Salmon",
    ]
    assert [t for _tag, t in _buttons(hand, "attack")] == [
        "Attack (19 value, 77 cal)",
        "Attack (19 value, 144 cal)",
    ]
    ((draw_tag, draw_text),) = _buttons(hand, "draw")
    assert draw_text == "Draw" and 'hx-post="/play/' in draw_tag and "hx-vals=" in draw_tag
    assert "Your turn: eat a card, attack with a card, or draw." in kim
    # The round score names both players (the reader's own first, by CSS, on Ana's page).
    assert re.search(r'class="duel-win-name">Kim</span> <strong>0</strong>', kim)
    assert "First to win 3 rounds wins the match." in kim
    assert not leaked_cards(kim, _hidden_from(match, 0))


# ----- Food War ----------------------------------------------------------------------------------

# Dealt one at a time: Kim gets Apple, Banana; Ana gets Popcorn, Grapes (and so on).
WAR_DECK = ["apple", "popcorn", "banana", "grapes"]
TIE_DECK = ["banana", "grapes", "popcorn", "apple"]  # Banana 15 and Grapes 15 tie, then Popcorn 25 wins


def _food_war():
    return services.match_create(
        game="food-war", seats=_people("Kim", "Ana"), deck=TIE_DECK, seed=14, options={"rounds": 20}
    )


def _war_cards(html):
    return re.findall(
        r'<li class="war-card([^"]*)" data-owner="(\d)">.*?alt="([^"]*)".*?data-stat="(\d+)">\d+</strong>',
        html,
        re.S,
    )


def test_a_tie_keeps_the_cards_in_the_middle_with_their_numbers_until_the_next_flip():
    match, tokens = _food_war()
    kim = live_html(match, 0)
    ((tag, text),) = _buttons(kim, "flip")
    assert text == "Flip" and 'hx-post="/play/' in tag and "hx-vals=" in tag
    assert "Round 1 of 20" in kim and "Compare: <strong>Overall Value</strong>" in kim
    _move(match, tokens, 0, type="flip")
    kim = live_html(match, 0)
    assert not _buttons(kim, "flip") and "Your card is down" in kim
    assert "Flipped, face down" in kim and "Still to flip" in kim
    assert not leaked_cards(kim, {"banana"}), "a flipped card stays face down until everyone flips"
    _move(match, tokens, 1, type="flip")  # Banana 15 against Grapes 15: a tie
    kim = live_html(match, 0)
    assert "Tie! 2 cards wait in the middle" in kim
    found = _war_cards(kim)
    assert [(owner, name, stat) for _c, owner, name, stat in found] == [
        ("0", "Banana", "15"),
        ("1", "Grapes", "15"),
    ]
    assert all("war-card-best" in classes for classes, *_rest in found) and "Tied highest" in kim
    assert _buttons(kim, "flip"), "the tied players flip again"
    _move(match, tokens, 0, type="flip")
    _move(match, tokens, 1, type="flip")  # Popcorn 25 beats Apple 19: Kim takes all four
    kim = live_html(match, 0)
    # Said to Kim as "you" (the CSS shows the if-me words on the page whose #viewer is seat 0).
    assert '<div id="viewer" data-viewer="0"' in kim
    assert '<span class="if-me" data-seat="0">Last round: you won 4 cards</span>' in kim
    assert '<span class="if-not-me" data-seat="0">Last round: Kim won 4 cards</span>' in kim
    won = {name: (classes, owner, stat) for classes, owner, name, stat in _war_cards(kim)}
    assert won["Popcorn"] == (" war-card-best war-card-winner", "0", "25")  # Kim's card (data-owner)
    assert won["Apple"][2] == "19" and "war-card-waiting" in won["Banana"][0]
    assert "Round 2 of 20" in kim
    assert re.search(r'<li class="war-mat[^"]*" data-seat="0">\s*<h3>Kim</h3>.*?data-stack="\d+"', kim, re.S)


def test_calorie_war_compares_calories():
    match, tokens = services.match_create(
        game="food-war", seats=_people("Kim", "Ana"), deck=WAR_DECK, seed=14, options={"stat": "calories"}
    )
    _move(match, tokens, 0, type="flip")
    _move(match, tokens, 1, type="flip")  # Apple 77 calories against Popcorn 93
    kim = live_html(match, 0)
    assert "Calorie War: the highest number wins" in kim and "Compare: <strong>Calories</strong>" in kim
    assert [(name, stat) for _c, _o, name, stat in _war_cards(kim)] == [
        ("Apple", "77"),
        ("Popcorn", "93"),
    ]
    assert "Last round: Ana won 2 cards" in kim and "Round 2 of 25" in kim


# ----- every board, every seat ------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(EAT_RIGHT_GAMES))
def test_no_seat_sees_another_seats_hidden_cards_on_these_boards(game):
    from games.bots import bot_levels

    engine = get_engine(game)
    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * max(
        engine.min_seats, 3 if game != "duel" else 2
    )
    match, _ = services.match_create(game=game, seats=seats, seed=7)
    for _ in range(10):
        match.refresh_from_db()
        state = services.match_state(match=match)
        for seat in [None, *range(match.seats)]:
            html = live_html(match, seat)
            assert f"eat-board {EAT_RIGHT_GAMES[game]}" in html
            leaked = leaked_cards(html, engine.hidden_cards(state, seat))
            assert not leaked, f"{game} v{match.version}: seat {seat} sees {sorted(leaked)[:5]}"
        if match.status == Match.Status.FINISHED or not scheduler.bots_play(match_id=match.pk, max_moves=5):
            break


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("snack-attack", {}),
        ("build-a-meal", {"turn_limit": 20}),
        ("duel", {"rounds_to_win": 1}),
        ("food-war", {"rounds": 5}),
    ],
)
def test_the_replay_page_draws_these_games_own_boards(client, game, options):
    from games.bots import bot_levels

    engine = get_engine(game)
    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * engine.min_seats
    match, _ = services.match_create(game=game, seats=seats, seed=9, options=options)
    scheduler.bots_play(match_id=match.pk, max_moves=2000)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    for step in (1, match.version // 2, match.version):
        response = client.get(f"/replays/{match.pk}/?step={step}&seat=0")
        assert response.status_code == 200
        page = response.content.decode()
        assert EAT_RIGHT_GAMES[game] in page, "the replay draws the game's own board"
        assert "hx-post" not in page.split(EAT_RIGHT_GAMES[game], 1)[1].split('class="feed', 1)[0]


def test_how_a_duel_round_ended_is_told_to_you_in_your_own_words():

    names = ["You", "Bot 2"]
    assert _round_reason("attack-value", 0, 0, names) == "An attack pushed your meal to 100 value or more."
    assert _round_reason("attack-value", 1, 0, names) == "An attack pushed Bot 2's meal to 100 value or more."
    assert _round_reason("eat-calories", 0, 0, names) == "You ate 1000 calories or more."
    assert _round_reason("out-of-cards", None, 0, names) == "Nobody could move, so the meals were compared."
    for reason in ("attack-value", "attack-both", "eat-value"):
        assert "You's" not in _round_reason(reason, 0, 0, names)
