"""Heard as well as seen: what `#live-news` says after each change of every game, for a seat and
for a watcher, in English and Spanish (worked out from the pages as play.js does:
tests/games/web/news.py; the browser tests hear the real region).

Each game is played to its end by bots through the services, and every change's pages are drawn
as the live pages get them (games.rendering.live_html): what was played (the feed's new lines,
in the reader's own words), then whose turn it is, then how the game ended; nothing for a redraw
of the same version; never the whole board."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from games import rendering, services
from games.boards import news
from games.bots import get_bot
from games.bots.driver import next_move
from games.engines import ENGINES, get_engine
from games.messages import speaker
from games.services import SeatSpec
from tests.games.web.news import NEWS_MOVES, heard, new_lines, shown

NAMES = ("Kim", "Ana", "Bo")
READERS = (0, None)  # a seat and a watcher
LANGUAGES = ("en", "es")
# "You" meaning the reader (the engines' own tips may say "you" to anyone: "a card that isn't yours").
YOU = re.compile(r"(?:^|[.!] )You\b|\(you\)|Your turn")
SLAP_PHASES = ("react", "claimed")


def _turn_holders(engine, state) -> list[int]:
    """Whose turn it is, by the rules (Build-A-Meal: one seat's turn, whoever else may play a
    Sugar Shock meanwhile)."""
    if engine.slug == "build-a-meal":
        return [state["turn"]]
    return sorted(seat for seat in engine.to_move(state) if seat is not None)


def _expected_turn(engine, state, reader, language) -> str:
    with translation.override(language):
        if engine.result(state) is not None:
            return ""
        if engine.realtime:
            if state.get("phase") not in SLAP_PHASES:
                return ""
            return translation.gettext("Everyone: slap or wait.") if reader is None else ""
        holders = _turn_holders(engine, state)
        if reader in holders:
            return translation.gettext("Your turn.")
        if len(holders) == 1:
            return translation.gettext("%(who)s's turn.") % {"who": NAMES[holders[0]]}
        return ""  # several at once (Food War's flips): checked by the unit test below


def _play_with_bots(game: str, seats: int, seed: int):
    """A human table played to its end by the strong bots (moves made through the services, as
    the site makes them): yields (match, state) after the deal and after each change."""
    engine = get_engine(game)
    seats = max(engine.min_seats, min(engine.max_seats, seats))
    specs = [SeatSpec(kind="human", nickname=NAMES[n]) for n in range(seats)]
    match, tokens = services.match_create(game=game, seats=specs, options=engine.quick_options, seed=seed)
    bots = {seat: get_bot(game, "strong") for seat in range(seats)}
    rng = random.Random(seed)
    for _ in range(400):
        state = services.match_state(match=match)
        yield match, state
        if engine.result(state) is not None:
            return
        seat, action = next_move(engine, state, bots, rng)
        services.match_submit_action(
            match_id=match.pk, seat=seat, action=action, token=tokens.get(seat), trusted=seat is None
        )
        match = services.match_get(match_id=match.pk)
    raise AssertionError(f"{game} did not finish")


def _pages(match) -> dict:
    pages = {}
    for language in LANGUAGES:
        with translation.override(language):
            for reader in READERS:
                pages[reader, language] = rendering.live_html(match, reader)
    return pages


def _own_card_names(engine, state, seat, cards) -> set[str]:
    """The names of the cards this seat holds (its own zones), as the page names them."""
    names = set()
    for zone in engine.view(state, seat).get("zones") or []:
        if zone.get("own") and zone.get("owner") == seat:
            for item in zone.get("cards") or []:
                card_id = item["card"] if isinstance(item, dict) else item
                names.add(cards[card_id]["name"])
    return names


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(ENGINES))
def test_every_change_is_said_once_in_the_readers_words_with_whose_turn_and_the_outcome(game):
    engine = get_engine(game)
    said = {key: [] for key in [(reader, language) for reader in READERS for language in LANGUAGES]}
    before = None
    for match, state in _play_with_bots(game, seats=3, seed=11):
        pages = _pages(match)
        if before is None:
            before = pages
            continue
        for (reader, language), page in pages.items():
            text = heard(before[reader, language], page)
            said[reader, language].append(text)
            # A redraw of the same version (a language switch, a reconnect) says nothing.
            assert heard(page, page) == ""
            other = "es" if language == "en" else "en"
            assert heard(pages[reader, other], page) == ""
            was, now = shown(before[reader, language]), shown(page)
            lines = new_lines(was, now)
            # What was played: every new line of the feed, oldest first (the newest few).
            kept = [line.text for line in lines][-NEWS_MOVES:]
            assert text.startswith(" ".join(kept)), (text, kept)
            # Whose turn it is now.
            turn = _expected_turn(engine, state, reader, language)
            if turn and (lines or now.turn != was.turn):
                assert turn in text, (game, reader, language, text)
            if now.status == "finished":
                assert not now.turn
                if not any(line.game_over for line in lines):
                    assert text.endswith(now.outcome) and now.outcome
            # Never the whole board: a few sentences, and never every card of the reader's hand.
            assert len(text) <= 120 * NEWS_MOVES + 200
            if reader is not None and language == "en":
                mine = _own_card_names(engine, state, reader, match.cards)
                if len(mine) >= 4:
                    assert not all(name in text for name in mine), text
        before = pages
    for key, texts in said.items():
        assert any(texts), f"{key}: nothing was ever said"
    finished = shown(pages[0, "en"])
    assert finished.status == "finished"
    # The watcher is never "you"; the seat is, in its own sentences and turns.
    assert not any(YOU.search(text) for text in said[None, "en"]), said[None, "en"]
    assert any(YOU.search(text) for text in said[0, "en"])
    # Spanish readers hear Spanish: not one English sentence of the seat's is said to them as is.
    english_said = {text for text in said[0, "en"] if text}
    spanish_said = {text for text in said[0, "es"] if text}
    assert spanish_said and not english_said & spanish_said


# ----- the sentences themselves ------------------------------------------------------------------

NAMES_AS_READ = ["You", "Ana", "Bo"]  # as seat 0 reads them


@pytest.mark.parametrize(
    ("language", "mine", "one", "two"),
    [
        ("en", "Your turn.", "Ana's turn.", "Waiting for Ana and Bo."),
        ("es", "Tu turno.", "Turno de Ana.", "Esperando a Ana y Bo."),
    ],
)
def test_whose_turn_for_a_seat_and_for_a_watcher(language, mine, one, two):
    watcher_names = ["Kim", "Ana", "Bo"]
    with translation.override(language):
        words = speaker(viewer=0, names=watcher_names)
        assert news.turn_sentence([0], 0, NAMES_AS_READ, words) == mine
        assert news.turn_sentence([0, 1, None], 0, NAMES_AS_READ, words) == mine
        assert news.turn_sentence([1], 0, NAMES_AS_READ, words) == one
        assert news.turn_sentence([1], None, watcher_names, speaker(names=watcher_names)) == one
        assert news.turn_sentence([1, 2], 0, NAMES_AS_READ, words) == two
        assert news.turn_sentence([None], 0, NAMES_AS_READ, words) == ""  # the table's own timer


@pytest.mark.parametrize(
    ("language", "everyone", "won", "won_with", "they_won", "nobody"),
    [
        (
            "en",
            "Everyone: slap or wait.",
            "You won the game.",
            "You and Ana won the game.",
            "Ana and Bo won the game.",
            "The game is over. Nobody won.",
        ),
        (
            "es",
            "Todos: ¡golpeen o esperen!",
            "Ganaste el juego.",
            "Tú y Ana ganaron el juego.",
            "Ana y Bo ganaron el juego.",
            "Se acabó el juego. Nadie ganó.",
        ),
    ],
)
def test_slap_rounds_and_outcomes_in_words(language, everyone, won, won_with, they_won, nobody):
    watcher_names = ["Kim", "Ana", "Bo"]
    with translation.override(language):
        words = speaker(viewer=0, names=watcher_names)
        assert news.slap_sentence("react") == everyone
        assert news.slap_sentence("claimed", "Tip.") == everyone + " Tip."
        assert news.slap_sentence("react", "Tip.", done=True) == "Tip."
        assert news.slap_sentence("flip") == news.slap_sentence("aside") == ""
        assert news.outcome_sentence({"winners": [0]}, 0, NAMES_AS_READ, words) == won
        assert news.outcome_sentence({"winners": [0, 1]}, 0, NAMES_AS_READ, words) == won_with
        assert news.outcome_sentence({"winners": [1, 2]}, 0, NAMES_AS_READ, words) == they_won
        assert news.outcome_sentence({"winners": [1, 2]}, None, watcher_names, words) == they_won
        assert news.outcome_sentence({"winners": []}, 0, NAMES_AS_READ, words) == nobody


@pytest.mark.django_db
def test_a_bots_answer_in_the_same_push_is_said_after_the_readers_own_move():
    """Several moves in one push (a bot answering at once): each in order, then whose turn."""
    engine = get_engine("duel")
    specs = [SeatSpec(kind="human", nickname="Kim"), SeatSpec(kind="human", nickname="Ana")]
    match, tokens = services.match_create(game="duel", seats=specs, seed=4)
    with translation.override("en"):
        first = rendering.live_html(match, 0)
    for _ in range(3):
        state = services.match_state(match=match)
        seat = sorted(s for s in engine.to_move(state) if s is not None)[0]
        action = engine.legal_actions(state, seat)[0]
        services.match_submit_action(match_id=match.pk, seat=seat, action=action, token=tokens[seat])
        match = services.match_get(match_id=match.pk)
    with translation.override("en"):
        last = rendering.live_html(match, 0)
    lines = new_lines(shown(first), shown(last))
    assert [line.index for line in lines] == sorted(line.index for line in lines)
    assert {line.index for line in lines} == {0, 1, 2}
    text = heard(first, last)
    assert text.startswith(" ".join(line.text for line in lines))
    state = services.match_state(match=match)
    holder = sorted(s for s in engine.to_move(state) if s is not None)[0]
    assert text.endswith("Your turn." if holder == 0 else "Ana's turn.")
