"""The four CHOMP! first games (games.tutorials.chomp), played as the server plays them: the
table's timers and the bots at the relaxed pace, the bots asking the lesson first (chomp_play)."""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from games.engines import get_engine
from games.engines.cards import load_deck_records
from games.engines.messages import english, message_ids
from games.tutorials import LEARNER, move_matches, refusal, tutorial_for
from games.tutorials.chomp import TUTORIALS, stack
from games.tutorials.chomp_coach import WAIT, chain_text, last_round, prey_text, steps_text
from tests.games.tutorials.chomp_play import PACE, new_game, play

GAMES = ("chomp", "double-chomp", "quick-chomp", "underwater-war")
PO = Path(__file__).resolve().parents[3] / "locale" / "es" / "LC_MESSAGES" / "django.po"


def _say(text, state) -> str:
    return english(text, cards=state["cards"], viewer=LEARNER)


def test_each_chomp_game_has_its_guided_first_game():
    assert sorted(t.game for t in TUTORIALS) == sorted(GAMES)
    for game in GAMES:
        tutorial = tutorial_for(game)
        assert tutorial is not None and tutorial.seats >= get_engine(game).min_seats
        assert len(set(tutorial.deck)) == len(tutorial.deck)
        engine, state = new_game(tutorial)  # the engine accepts its deck and options
        assert state["options"]["max_rounds"] == tutorial.options["max_rounds"]


def test_a_stacked_deck_deals_each_seat_its_pile_in_order():
    deck = stack([["seal", "shrimp"], ["plankton"]])
    records = {r["id"]: r for r in load_deck_records("chomp")}
    assert [records[c]["kind"] for c in deck[:3]] == ["seal", "plankton", "shrimp"]
    assert len(deck) == 4  # the shorter pile is topped up with a card nobody named


@pytest.mark.parametrize("game", GAMES)
def test_the_learner_who_makes_the_coachs_moves_finishes_the_lesson_and_wins(game):
    played = play(tutorial_for(game))
    last_state, last_advice = played.advices[-1]
    assert last_advice.done
    assert len(played.moves) <= 30
    result = played.state["result"]
    assert result is not None and result["winners"] == [LEARNER]


@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_lasts_two_to_four_minutes_at_the_relaxed_pace(game):
    """Counting the relaxed timers and bots, and a learner who reads 5 s (or 12 s) per slap."""
    assert 120_000 <= play(tutorial_for(game), learner_ms=5000).clock_ms <= 240_000
    assert play(tutorial_for(game), learner_ms=12_000).clock_ms <= 240_000


@pytest.mark.parametrize("game", GAMES)
def test_a_learner_who_never_slaps_still_reaches_the_end(game):
    played = play(tutorial_for(game), learner_slaps=False)
    assert played.advices[-1][1].done
    assert len(played.moves) <= 40


@pytest.mark.parametrize("game", GAMES)
def test_bots_never_take_the_slap_the_coach_offers_the_learner(game):
    tutorial = tutorial_for(game)
    played = play(tutorial)
    offered = 0
    for (state, advice), (seat, action) in zip(played.advices, played.moves, strict=False):
        if LEARNER in played.engine.to_move(state) and any(m["type"] == "slap" for m in advice.moves):
            offered += 1
            assert seat == LEARNER, f"flip {state['round']}: {seat} moved before the learner ({action})"
    assert offered >= 2


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_offers_only_legal_moves_and_refuses_every_other_slap_with_its_hint(game):
    tutorial = tutorial_for(game)
    played = play(tutorial)
    engine = played.engine
    refused = 0
    for state, advice in played.advices:
        legal = engine.legal_actions(state, LEARNER)
        for wanted in advice.moves:
            assert wanted == WAIT or any(move_matches(a, wanted) for a in legal), (state["round"], wanted)
        if not advice.moves or advice.done:
            continue
        for action in legal:
            words = refusal(tutorial, engine, state, LEARNER, action)
            if any(move_matches(action, wanted) for wanted in advice.moves):
                assert words is None
                engine.apply(state, LEARNER, action)  # and the rules take it
            else:
                assert words == (advice.hint or advice.say)
                refused += 1
    assert refused >= 3
    # A bot is never refused, and the table neither.
    state, advice = next((s, a) for s, a in played.advices if a.moves == (WAIT,) and s["phase"] == "aside")
    assert refusal(tutorial, engine, state, 1, {"type": "slap", "card": state["center"][0]["card"]}) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_lesson_move_is_quiet_or_one_of_its_legal_moves(game):
    tutorial = tutorial_for(game)
    played = play(tutorial)
    engine = played.engine
    for state, _advice in played.advices:
        for seat in range(1, state["seats"]):
            wanted = tutorial.bot_move(engine, state, seat)
            if wanted is None or wanted == WAIT:
                continue
            move = {k: v for k, v in wanted.items() if k != "after_ms"}
            assert move in engine.legal_actions(state, seat), (state["round"], seat, wanted)


LESSONS = {
    # what each lesson shows: round kinds seen, and lesson events in the feed
    "chomp": (
        {"race", "frenzy", "ink", "tie"},
        [
            "won at once",
            "Bad Chomp! {s2} slapped a card in an Ink Out.",
            "Tie! You and {s2}",
            "waiting in the middle",
        ],
    ),
    "double-chomp": (
        {"race", "frenzy", "ink", "same"},
        [
            "Both players flipped the lowest creature",
            "Bad Chomp! {s1} slapped a card in an Ink Out.",
            "took all 4",
        ],
    ),
    "quick-chomp": (
        {"race", "frenzy", "ink", "war"},
        [
            "Same creature: war!",
            "Bad Chomp! {s1} slapped the higher card.",
            "each player flips one more card",
        ],
    ),
    "underwater-war": (
        {"frenzy", "ink", "war"},
        ["Same creature: war!", "Bad Chomp! {s1} slapped when nobody could chomp.", "was higher"],
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_shows_its_games_special_rules(game):
    kinds, words = LESSONS[game]
    played = play(tutorial_for(game))
    assert kinds <= {state["round_kind"] for state, _ in played.advices}
    feed = " ".join(played.events)
    for text in words:
        assert text.lower() in feed.lower(), text


def _names_to_ranks(state) -> dict[str, int]:
    return {r["name"]: r["rank"] for r in state["cards"].values() if r["rank"] is not None}


def _messages(text):
    stack_ = [text]
    while stack_:
        item = stack_.pop()
        if isinstance(item, list):
            stack_.extend(item)
        elif isinstance(item, dict) and "id" in item:
            yield item
            stack_.extend(v for v in (item.get("params") or {}).values() if isinstance(v, (dict, list)))


@pytest.mark.parametrize("game", GAMES)
def test_every_food_chain_number_the_coach_says_is_the_cards_ranks(game):
    played = play(tutorial_for(game))
    said = 0
    for state, advice in played.advices:
        ranks = _names_to_ranks(state)
        for message in _messages([advice.say, advice.why]):
            if isinstance(message["id"], list) and "step above" in message["id"][0]:
                high, low = message["params"]["high"]["id"], message["params"]["low"]["id"]
                assert message["params"]["n"] == ranks[high] - ranks[low] > 0
                said += 1
            if message["id"] == "%(card)s can chomp %(prey)s.":
                card = message["params"]["card"]["id"]
                prey = [m["id"] for m in message["params"]["prey"]]
                lower = [name for name, rank in ranks.items() if rank < ranks[card]]
                assert prey == sorted(lower, key=lambda name: -ranks[name])
                said += 1
    assert said >= 4


def test_the_food_chain_words_come_from_the_card_records_not_from_the_code():
    """A deck whose Seals outrank the Sharks: the coach's chain and steps follow the records."""
    records = [dict(r) for r in load_deck_records("chomp")]
    for record in records:
        if record["kind"] == "seal":
            record["rank"] = 7
    state = get_engine("chomp").new_state(3, seed=1, cards=records)
    assert _say(chain_text(state), state).startswith(
        "The food chain, top to bottom: Seal, Shark, Big Fish, Little Fish, Shrimp and Plankton."
    )
    steps = _say(steps_text(state, "seal-1", "shrimp-1"), state)
    assert steps == "Seal is 5 steps above Shrimp on the food chain."
    assert _say(prey_text(state, "seal-1"), state) == (
        "Seal can chomp Shark, Big Fish, Little Fish, Shrimp and Plankton."
    )
    assert _say(prey_text(state, "plankton-1"), state) == "Plankton can't chomp anything."


def test_the_relaxed_pace_gives_time_to_read_between_flips():
    """Between flips the coach explains the last round: at the relaxed pace the countdown leaves
    at least 0.4 s a word (150 words a minute), and a lesson slap window at least 20 s."""
    for tutorial in TUTORIALS:
        countdown_s = tutorial.options["flip_countdown_ms"] * PACE / 1000
        assert tutorial.options["reaction_window_ms"] * PACE / 1000 >= 20
        played = play(tutorial)
        for state, advice in played.advices:
            if state["phase"] in ("flip", "aside") and not advice.done:
                words = len(_say([advice.say, advice.why], state).split())
                assert words / countdown_s <= 2.7, (tutorial.game, state["round"], words)


def test_every_word_the_coach_says_has_its_spanish():
    catalogue = {entry.msgid: entry for entry in polib.pofile(str(PO)) if not entry.obsolete}
    missing = set()
    for tutorial in TUTORIALS:
        for played in (play(tutorial), play(tutorial, learner_slaps=False)):
            for _state, advice in played.advices:
                for text in (advice.say, advice.why, advice.hint):
                    for message_id in message_ids(text) if text else []:
                        source = message_id[0] if isinstance(message_id, list) else message_id
                        entry = catalogue.get(source)
                        if entry is None or not (entry.msgstr or entry.msgstr_plural.get(0)):
                            missing.add(source)
    assert not missing, sorted(missing)


def test_a_won_round_is_explained_with_the_winners_own_card():
    """The learner chomped the Shrimp with a Seal while a bot flipped a Shark: the coach explains
    the Seal, not the biggest card on the table (issue 31)."""
    state = get_engine("chomp").new_state(3, seed=1)
    cards = state["cards"]
    flips = [
        {"seat": LEARNER, "card": "seal-1"},
        {"seat": 1, "card": "shark-1"},
        {"seat": 2, "card": "shrimp-1"},
    ]
    for flip in flips:
        flip.update(rank=cards[flip["card"]]["rank"], kind=cards[flip["card"]]["kind"])
    state["last"] = {"flips": flips, "winner": LEARNER, "text": []}
    _won, why = last_round(state)
    said = " ".join(_say(part, state) for part in why)
    assert "Seal is" in said and "Shark is" not in said, said
