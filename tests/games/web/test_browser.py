"""Real headless Chromium against a real Daphne server (SQLite file, in-memory channel layer):
whole games against bots from the catalog to the finished screen, two browsers at one table,
a reload mid-game, a CHOMP! round with a first slap and a Bad Chomp, and keyboard focus that
survives live updates.

Every wait is on a condition with a generous timeout (never a fixed sleep): the machine may be
busy, and a condition that is met early costs nothing."""

from __future__ import annotations

import re

import pytest

from games.engines import ENGINES

pytestmark = pytest.mark.browser

WAIT_MS = 20000  # a generous ceiling for one condition under heavy load; met conditions return at once
MOVE_BUTTONS = (
    "#live [hx-post*='/move/']:not([aria-disabled='true']), #live [ws-send]:not([aria-disabled='true'])"
)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    yield context.new_page()
    context.close()


# The seats whose row of the players' table is highlighted as the reader's own (CSS, from #viewer).
_HIGHLIGHTED_ROWS = """() => {
  const probe = document.createElement('span');
  probe.style.color = 'var(--green)';
  document.body.append(probe);
  const green = getComputedStyle(probe).color;
  probe.remove();
  return [...document.querySelectorAll('#live .players tr[data-seat]')]
    .filter((row) => getComputedStyle(row.querySelector('th')).color === green)
    .map((row) => row.dataset.seat);
}"""


def _highlighted_rows(page) -> list[str]:
    return page.evaluate(_HIGHLIGHTED_ROWS)


def _version(page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


def _wait_for_change(page, version: int, timeout: float = WAIT_MS) -> None:
    page.wait_for_function(
        "v => { const live = document.querySelector('#live');"
        " return live && (live.dataset.version != v || live.dataset.status == 'finished'); }",
        arg=str(version),
        timeout=timeout,
    )


def _quick_play(page, server, game: str, options: dict[str, str] | None = None, deck: str = "") -> None:
    page.goto(f"{server.url}/games/")
    page.click(f"a[href='/games/{game}/']")
    page.wait_for_selector("#quick-play")
    page.fill("#qp-nickname", "Kim")
    for name, value in (options or {}).items():
        field = page.locator(f"#qp-option_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    if deck:
        page.evaluate(
            "deck => { const i = document.createElement('input'); i.type = 'hidden'; i.name = 'deck';"
            " i.value = deck; document.querySelector('#quick-play').appendChild(i); }",
            deck,
        )
    page.click("#quick-play button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    page.wait_for_selector("#live")


# A test player who moves the game on: finish a meal when it can, never shuffle cards on and
# off the plate forever (Build-A-Meal), otherwise the first allowed move.
PREFERRED = ("serve", "add", "discard", "eat", "play")
AVOIDED = ("plate", "unplate", "draw")
# Once the page's own move is answered (static/games/moves.js, data-move-out): what the page
# shows now, and the move this player makes, pressed in the same step (a push may replace the
# buttons at any moment, so nothing is found first and clicked later).
_PRESS = """([selector, preferred, avoided]) => {
    if (document.documentElement.hasAttribute('data-move-out')) return null;
    const live = document.querySelector('#live');
    if (!live) return null;
    const seen = {version: live.dataset.version, finished: !!live.querySelector('.finished'), pressed: ''};
    if (seen.finished) return seen;
    const flash = document.querySelector('#flash');
    if (flash) flash.hidden = true;  // a refusal of this move shows it again (see _play_to_the_end)
    const moves = [...document.querySelectorAll(selector)];
    const type = (m) => m.dataset.actionType;
    let move = null;
    for (const wanted of preferred) {
        move = move || moves.find((m) => type(m) === wanted);
    }
    move = move || moves.find((m) => !avoided.includes(type(m))) || moves[0];
    if (move) {
        move.click();
        seen.pressed = (move.getAttribute('aria-label') || move.textContent).trim();
    }
    return seen;
}"""


def _press_a_move(page) -> dict:
    """Press the move this player would make now, if any: {"version", "finished", "pressed"}."""
    return page.wait_for_function(
        _PRESS, arg=[MOVE_BUTTONS, list(PREFERRED), list(AVOIDED)], timeout=WAIT_MS
    ).json_value()


def advance_clock(page) -> None:
    """Time passes for the match on the page (GAMES_TEST_CLOCK): its next timed move, a flip or
    a real-time bot's slap, is played now. A server on the wall clock (a lesson's) answers 404
    and lets its timers run."""
    match_id = re.search(r"/(?:play|tables)/([\w-]+)/", page.url)[1]
    base = page.url.split("/", 3)[:3]
    response = page.request.post(f"{'/'.join(base)}/play/{match_id}/clock/")
    assert response.status in (204, 404), f"the test clock answered {response.status}"


def _live_text(page) -> str:
    return page.evaluate("() => (document.querySelector('#live') || document.body).innerText")[:3000]


_MOVED_ON = """v => {
    const live = document.querySelector('#live');
    if (!live) return null;
    if (live.dataset.version != v || live.querySelector('.finished')) return 'moved';
    const flash = document.querySelector('#flash');
    if (flash && !flash.hidden && !document.documentElement.hasAttribute('data-move-out')) return 'refused';
    return null;
}"""


def _wait_for_change_or_refusal(page, version: str, what: str) -> str:
    """ "moved" once the page shows a newer version (or the end), "refused" once it shows why the
    move was refused; else the test fails with what the page showed."""
    PlaywrightTimeout = pytest.importorskip("playwright.sync_api").TimeoutError  # noqa: N806
    try:
        return page.wait_for_function(_MOVED_ON, arg=version, timeout=WAIT_MS).json_value()
    except PlaywrightTimeout:
        raise AssertionError(
            f"Nothing changed for {WAIT_MS} ms after {what} at version {version}. "
            f"The page showed:\n{_live_text(page)}"
        ) from None


def _play_to_the_end(page, max_moves: int = 150) -> None:
    """Press an allowed move whenever there is one, until the finished screen. With none to press
    (or one refused: a slap too late), time passes for the table (advance_clock). Every change
    must show within WAIT_MS, else the test fails with the page."""
    for _ in range(max_moves):
        seen = _press_a_move(page)
        if seen["finished"]:
            return
        if not seen["pressed"]:
            advance_clock(page)  # a flip, a bot's slap: whatever the table waits for
        what = f"pressing {seen['pressed']!r}" if seen["pressed"] else "moving the clock on"
        if _wait_for_change_or_refusal(page, seen["version"], what) == "refused":
            advance_clock(page)
    raise AssertionError(f"The game did not finish in {max_moves} moves. It showed:\n{_live_text(page)}")


def advance_until(page, selector: str, most: int = 6) -> None:
    """Move the clock on, one timed move at a time (each must show), until `selector` is on the
    page: e.g. the end of a slap window, which may come after a bot's slap."""
    for _ in range(most):
        # The page's own move first (a slap just pressed): time passes only after it is judged.
        page.wait_for_function("() => !document.documentElement.hasAttribute('data-move-out')")
        if page.locator(selector).count():
            return
        version = page.locator("#live").get_attribute("data-version")
        advance_clock(page)
        _wait_for_change_or_refusal(page, version, "moving the clock on")
    page.locator(selector).first.wait_for(timeout=WAIT_MS)


PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}

# In Underwater War a player's only move is slapping an Electric Eel: without one stacked on
# top, a short game may never offer a move at all (cards ids top first, dealt one each in turn).
OPENING_DECKS = {
    "underwater-war": "electric-eel-1,shark-1,seal-1,plankton-1,big-fish-1,shrimp-1,little-fish-1,seal-2",
}
SITTING_OUT = {"en": "Sitting out this tie", "es": "No juega este empate"}
SCORE_WORDS = {
    "en": {
        "points": ("point", "points"),
        "cards": ("card", "cards"),
        "rounds": ("round won", "rounds won"),
        "meals": ("balanced meal", "balanced meals"),
    },
    "es": {
        "points": ("punto", "puntos"),
        "cards": ("carta", "cartas"),
        "rounds": ("ronda ganada", "rondas ganadas"),
        "meals": ("comida balanceada", "comidas balanceadas"),
    },
}


def _quick_options(game: str) -> dict[str, str]:
    return {name: str(value) for name, value in ENGINES[game].quick_options.items()}


def _cut_off_tables(page) -> list[str]:
    """Tables wider than their box (a column you would have to scroll sideways to see)."""
    return page.evaluate(
        "() => [...document.querySelectorAll('#live .table-scroll')]"
        ".filter(box => box.scrollWidth > box.clientWidth + 1)"
        ".map(box => box.querySelector('table').className + ' ' + box.scrollWidth + '>' + box.clientWidth)"
    )


def _fits(page, width: int, what: str) -> None:
    """Nothing on the page is wider than the screen, and no table cuts off a column."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, what
    assert not _cut_off_tables(page), what


def _first_move_box(page) -> dict:
    """Where the first move button is, as the page lays it out now, and how far it scrolled
    (one call: in a real-time game a bot's slap may take the buttons away at any moment)."""
    return page.wait_for_function(
        """selector => {
            const move = document.querySelector(selector);
            if (!move) return null;
            const box = move.getBoundingClientRect();
            return {top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                    scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight,
                    label: (move.getAttribute('aria-label') || move.textContent).trim()};
        }""",
        arg=MOVE_BUTTONS,
        timeout=WAIT_MS,
    ).json_value()


def _standings(page) -> list[dict]:
    return page.evaluate(
        """() => [...document.querySelectorAll('#live .final-scores li')].map(li => ({
            rank: li.dataset.rank ? Number(li.dataset.rank) : null,
            value: li.value,
            won: li.classList.contains('won'),
            words: li.querySelector('strong').innerText.trim(),
        }))"""
    )


def _check_standings(page, game: str, language: str) -> None:
    """The final standings: ranked (winners first, then by score; equal scores share a rank),
    each score with its unit in the page's language, singular or plural."""
    rows = _standings(page)
    assert rows, f"{game}: no final standings"
    singular, plural = SCORE_WORDS[language][ENGINES[game].score_unit]
    numbers = []
    for row in rows:
        found = re.fullmatch(r"(\d+) (.+)", row["words"])
        assert found, f"{game}: a score without its words: {row['words']!r}"
        n, unit = int(found[1]), found[2]
        assert unit == (singular if n == 1 else plural), f"{game}: {row['words']!r}"
        numbers.append(n)
    keys = [(row["won"], n) for row, n in zip(rows, numbers, strict=True)]
    assert keys == sorted(keys, reverse=True), f"{game}: not ranked: {rows}"
    for row, key in zip(rows, keys, strict=True):
        better = sum(1 for other in keys if other > key)
        assert row["rank"] == better + 1 == row["value"], f"{game}: rank {row} among {keys}"
    if game == "food-war":  # the game is over: no stack sits out a tie any more
        assert SITTING_OUT[language] not in page.locator("#live").inner_text()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_whole_game_on_a_phone_from_the_catalog_to_play_again(server, phone, game, tmp_path):
    """Each registered game's one journey to the end, with its short-game options
    (Engine.quick_options), on a 360 x 740 phone: the first move on the first screen, reached by
    one Tab and Enter (turn-based games), the page fitting a phone and a laptop mid-play, every
    move pressed to the finished screen, which fits the phone, says who won once and ranks the
    standings in the game's words; then "Play again" deals a new match at once."""
    _quick_play(phone, server, game, _quick_options(game), deck=OPENING_DECKS.get(game, ""))
    assert _highlighted_rows(phone) == ["0"]  # the reader's own row, and only it
    if ENGINES[game].realtime:
        advance_clock(phone)  # the first flip: cards to slap
    phone.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    box = _first_move_box(phone)
    assert box["scrollY"] == 0, f"{game}: {box}"
    assert box["top"] >= 0 and box["bottom"] <= box["height"], f"{game}: first move {box}"
    assert box["left"] >= 0 and box["right"] <= box["width"], f"{game}: first move {box}"
    _fits(phone, PHONE["width"], f"{game} at 360 px")
    if not ENGINES[game].realtime:
        # Keyboard: the first Tab stop skips to the moves, Enter lands on the first one.
        phone.keyboard.press("Tab")
        assert phone.evaluate("() => document.activeElement.matches('[data-skip-to-move]')")
        phone.keyboard.press("Enter")
        assert phone.evaluate("() => document.activeElement.matches('#live [data-focus-key]')")
    phone.set_viewport_size(LAPTOP)
    _fits(phone, LAPTOP["width"], f"{game} at 1280 px")
    phone.screenshot(path=str(tmp_path / f"{game}-1280.png"))
    phone.set_viewport_size(PHONE)

    _play_to_the_end(phone)
    phone.evaluate("() => window.scrollTo(0, 0)")
    finished = phone.locator("#live .finished")
    assert finished.locator("h2").inner_text()
    assert finished.get_by_role("button", name="Play again").is_visible()
    _fits(phone, PHONE["width"], f"{game}'s end screen at 360 px")
    # One end message: the finished panel's, not a second "game over" line in the status.
    assert "The game is over." not in phone.locator("#live").inner_text().replace(finished.inner_text(), "")
    _check_standings(phone, game, "en")
    phone.screenshot(path=str(tmp_path / f"{game}-finished.png"), full_page=True)

    finished_url = phone.url
    phone.get_by_role("button", name="Play again").click()
    phone.wait_for_url(lambda url: url != finished_url and "/play/" in url)
    phone.wait_for_selector("#viewer[data-viewer='0'] ~ #live .players tr", state="attached")
    assert not phone.locator("#live .finished").count()


@pytest.mark.parametrize("game", ["food-war", "duel"])
def test_a_whole_game_in_spanish_ends_with_standings_in_spanish(server, browser, game):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_cookies([{"name": "django_language", "value": "es", "url": server.url}])
    try:
        page = context.new_page()
        _quick_play(page, server, game, _quick_options(game))
        _play_to_the_end(page)
        _check_standings(page, game, "es")
    finally:
        context.close()


def test_two_browsers_at_one_table_see_each_others_moves_and_a_reload_keeps_the_seat(server, browser):
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host, guest = host_context.new_page(), guest_context.new_page()
        host.goto(f"{server.url}/games/appetite/")
        host.fill("#tf-nickname", "Host")
        host.click("#table-form button[type=submit]")
        host.wait_for_url(re.compile(r"/tables/[\w-]+/$"))
        table_url = host.locator("#share-link").input_value()
        guest.goto(table_url)
        guest.fill("#join-nickname", "Guest")
        guest.click(".join-form button[type=submit]")
        # The host's lobby shows the guest without a reload.
        host.wait_for_selector("#live .seat-human >> text=Guest")
        host.get_by_role("button", name="Start the game").click()
        guest.wait_for_selector("#live .players")
        host.wait_for_selector("#live .players")
        # The seat to play (the row marked in the players' table) gets its moves.
        host.wait_for_selector("#live .players tr.to-move", timeout=WAIT_MS)
        to_move = host.locator("#live .players tr.to-move").first.get_attribute("data-seat")
        mover, other = (host, guest) if to_move == "0" else (guest, host)
        mover.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
        other.wait_for_selector("#live .players", timeout=WAIT_MS)
        version = _version(other)
        mover.locator(MOVE_BUTTONS).first.click()
        _wait_for_change(other, version)  # the move appears in the other browser, no reload
        assert (
            "played" in other.locator("#live .feed-list li").first.inner_text().lower()
            or _version(other) > version
        )
        # A reload puts the guest back in the same seat with the same cards.
        before = guest.locator("#live .zone-mine [data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        seat_row = _highlighted_rows(guest)
        guest.reload()
        guest.wait_for_selector("#live .zone-mine [data-card]", timeout=WAIT_MS)
        after = guest.locator("#live .zone-mine [data-card]").evaluate_all(
            "cards => cards.map(c => c.dataset.card)"
        )
        assert before and after == before
        assert _highlighted_rows(guest) == seat_row == ["1"]
    finally:
        host_context.close()
        guest_context.close()


def test_a_chomp_round_the_human_slaps_first_and_wins_then_makes_a_bad_chomp(server, page):
    # Quick CHOMP!: seat 0 (you) flips Shark then Shrimp, the bot flips Plankton then Seal.
    deck = "shark-1,plankton-1,shrimp-1,seal-1,big-fish-1,little-fish-1,shark-2,plankton-2"
    _quick_play(page, server, "quick-chomp", {"flip_countdown_ms": "800"}, deck=deck)
    page.wait_for_selector("#live .countdown", timeout=WAIT_MS)  # the visible flip countdown
    advance_clock(page)  # the flip
    slap = page.locator("#live [data-card='plankton-1'][ws-send]")
    slap.wait_for(timeout=WAIT_MS)
    slap.press("Enter")  # keyboard slap on the focused card
    advance_until(page, "#live .feed-list li.event-win")  # the slap window closes
    won = page.locator("#live .feed-list li.event-win")
    assert "You" in won.inner_text()
    advance_until(page, "#live [data-card='seal-1'][ws-send]")  # the next flip
    bad = page.locator("#live [data-card='seal-1'][ws-send]")
    bad.click()
    page.wait_for_selector("#live .bad-chomp[role=alert]", timeout=WAIT_MS)
    # Said next to the cards too, in words that fit "You".
    assert "You slapped" in page.locator("#live .chomp-alert").inner_text()
    assert "Bad Chomp! You" in page.locator("#live .feed-list li.event-bad").first.inner_text()


def test_a_server_restart_does_not_strand_a_match_waiting_on_the_table(server, page):
    """The flip waits on the table's timer; the server restarts before it. The page's socket
    reconnects on its own, the new process plans the flip again and plays it when it is due."""
    _quick_play(page, server, "quick-chomp", {"flip_countdown_ms": "3000"})
    assert _version(page) == 0
    server.restart()
    advance_clock(page)  # the flip is due: the new process must have planned it
    # The socket retries on its own schedule and the new process starts cold: wait for the
    # flip itself, as long as a busy machine may need.
    page.wait_for_function(
        "() => { const feed = document.querySelector('#live .feed-list');"
        " return Number(document.querySelector('#live').dataset.version) >= 1"
        " && !!feed && feed.textContent.includes('Flip!'); }",
        timeout=45000,
    )


def test_the_keyboard_focus_stays_on_a_move_after_the_bot_has_moved(server, page):
    """Tab to a move, press Enter: the pushes that follow (your move, then the bot's) replace the
    whole game region, and the focus must come back to a move button, not the top of the page."""
    _quick_play(page, server, "duel", {"rounds_to_win": "3"})
    page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)
    on_a_move = "() => !!document.activeElement && document.activeElement.matches('#live [data-focus-key]')"
    for _ in range(40):  # the header's links, the share box, then the game's moves
        page.keyboard.press("Tab")
        if page.evaluate(on_a_move):
            break
    assert page.evaluate(on_a_move), "Tab never reached a move"
    for _ in range(6):  # until the bot has moved between two of your turns
        version = _version(page)
        page.keyboard.press("Enter")  # the keyboard alone plays: Enter on the focused move
        _wait_for_change(page, version)
        page.wait_for_selector(MOVE_BUTTONS, timeout=WAIT_MS)  # your turn again
        page.wait_for_function(on_a_move, timeout=WAIT_MS)
        if _version(page) >= version + 2:
            return
    raise AssertionError("The bot never moved between two of your turns.")


def test_a_message_for_you_is_shown_next_to_the_cards_too(server, page):
    """Why a card can't be played (and the server's "too late!") shows in the top message area
    and in the board's own live region, where a child looking at the cards sees it."""
    _quick_play(page, server, "snack-attack")
    page.wait_for_selector("#live .board-message", state="attached", timeout=WAIT_MS)
    # A card this seat can't play right now, as the board draws one (with the engine's reason),
    # pressed; read at once, before a bot's move can redraw the board.
    near, top = page.evaluate(
        "() => { const b = document.createElement('button'); b.type = 'button';"
        " b.setAttribute('aria-disabled', 'true'); b.dataset.reason = 'You must go shopping first.';"
        " document.querySelector('#live .board').appendChild(b); b.click();"
        " const near = document.querySelector('#live .board-message');"
        " return [near.hidden ? '' : near.textContent, document.querySelector('#flash').textContent]; }"
    )
    assert near == top == "You must go shopping first."
