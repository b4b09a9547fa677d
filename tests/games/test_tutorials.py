"""Learn to play, as pure Python: every tutorial, driven from its own deal with the learner always
making a move the coach accepts and the bots playing as the site's scheduler plays them, reaches
the coach's "done" in a bounded number of steps; the coach refuses other moves with its hint; and
what the Food War and Duel coaches say about a food is true by the card's own record."""

from __future__ import annotations

import random

import pytest

from games.bots import get_bot
from games.engines import ENGINES, get_engine
from games.engines.cards import load_deck_records
from games.engines.messages import english, message_ids
from games.tutorials import LEARNER, facts, games_with_tutorials, move_matches, refusal, tutorial_for
from nutrition.scoring import daily_value

MAX_STEPS = 400  # moves by anyone, the table included: a lesson is far shorter


def _deal(game: str):
    lesson = tutorial_for(game)
    engine = get_engine(game)
    state = engine.new_state(lesson.seats, seed=lesson.seed, options=lesson.options, deck=list(lesson.deck))
    return lesson, engine, state


def _bot_action(lesson, engine, state, seat, rng):
    """What the scheduler plays for a bot (games.scheduler.match_plan_next, lesson_move)."""
    legal = engine.legal_actions(state, seat)
    if lesson.bot_move is not None and (wanted := lesson.bot_move(engine, state, seat)) is not None:
        if wanted.get("type") == "wait":
            return None  # a real-time lesson keeps this bot quiet now
        wanted = {key: value for key, value in wanted.items() if key != "after_ms"}  # its timing
        matching = [action for action in legal if move_matches(action, wanted)]
        assert matching, f"the lesson wants an illegal bot move {wanted}"
        return matching[0]
    return get_bot(lesson.game, lesson.bot_level).choose(engine.view(state, seat), legal, rng)


def _say(text, state) -> str:
    return english(text, cards=state["cards"], viewer=LEARNER, names=["You", "Bot 2", "Bot 3", "Bot 4"])


def play_lesson(game: str, *, on_learner_turn=None):
    """The whole lesson, step by step; returns (steps, advice seen, final state)."""
    lesson, engine, state = _deal(game)
    rng = random.Random(7)
    said = []
    for step in range(MAX_STEPS):
        advice = lesson.coach(engine, state)
        said.append(advice)
        if advice.done:
            return step, said, state
        assert engine.result(state) is None, "the game ended but the coach never said done"
        movers = engine.to_move(state)
        learner_moves = engine.legal_actions(state, LEARNER) if LEARNER in movers else []
        accepted = [
            action for action in learner_moves if refusal(lesson, engine, state, LEARNER, action) is None
        ]
        if learner_moves and on_learner_turn:
            on_learner_turn(lesson, engine, state, advice, learner_moves)
        # A real-time coach may want the learner to wait ({"type": "wait"}): the bots or the
        # table's timer move instead. A turn-based coach always accepts some legal move.
        waiting = any(wanted.get("type") == "wait" for wanted in advice.moves)
        assert accepted or not learner_moves or waiting, (
            f"{game}: the coach accepts none of the legal moves at version {state['version']}"
        )
        if accepted:
            seat, action = LEARNER, accepted[0]
        else:
            bots = sorted(seat for seat in movers if seat is not None and engine.legal_actions(state, seat))
            wishes = [(seat, _bot_action(lesson, engine, state, seat, rng)) for seat in bots]
            wishes = [(seat, action) for seat, action in wishes if action is not None]
            if wishes:
                seat, action = wishes[0]
            else:
                seat, action = None, engine.legal_actions(state, None)[0]  # the table's timer
        state, _events = engine.apply(state, seat, action)
    raise AssertionError(f"{game}: the lesson did not finish in {MAX_STEPS} steps")


@pytest.mark.parametrize("game", games_with_tutorials())
def test_a_lesson_reaches_done_in_a_bounded_number_of_steps(game):
    steps, said, _state = play_lesson(game)
    assert 1 <= steps < MAX_STEPS
    # The coach speaks in messages the web layer can translate, and always says something.
    assert all(message_ids(advice.say) for advice in said)


@pytest.mark.parametrize("game", games_with_tutorials())
def test_the_coach_refuses_other_moves_with_its_hint_and_the_state_stays(game):
    refused = []

    def try_a_wrong_move(lesson, engine, state, advice, legal):
        if not advice.moves:
            return
        before = engine.dump({k: v for k, v in state.items() if k != "cards"})
        wrong = [a for a in legal if not any(move_matches(a, w) for w in advice.moves)]
        wrong.append({"type": "no-such-move", "version": state["version"]})
        for action in wrong:
            hint = refusal(lesson, engine, state, LEARNER, action)
            assert hint == (advice.hint or advice.say)
            refused.append(action)
        assert engine.dump({k: v for k, v in state.items() if k != "cards"}) == before
        # Bots and the table are never refused by the coach.
        assert refusal(lesson, engine, state, 1, wrong[0]) is None
        assert refusal(lesson, engine, state, None, wrong[0]) is None

    play_lesson(game, on_learner_turn=try_a_wrong_move)
    assert refused, f"{game}: the coach never named a move to make"


def test_the_food_war_lesson_teaches_a_win_a_loss_and_a_tie():
    steps, said, state = play_lesson("food-war")
    words = " ".join(_say(advice.say, state) + " " + _say(advice.why, state) for advice in said)
    assert "A tie!" in words and "You won the middle!" in words and "The bot won that round." in words
    assert state["result"]["winners"] == [LEARNER]
    assert sum(1 for advice in said if advice.moves) == 5  # five flips for the learner


def test_broccoli_has_almost_a_whole_days_vitamin_c_by_its_own_record():
    _lesson, _engine, state = _deal("food-war")
    broccoli = state["cards"]["broccoli"]
    share = broccoli["nutrients_per_serving"]["vitamin_c_mg"] / daily_value("vitamin_c_mg")
    sentence = _say(facts.strongest_vitamin(broccoli), state)
    if 0.8 <= share < 1.0:
        assert sentence == "One serving of Broccoli has almost a whole day's vitamin C."
    assert "whole day" not in sentence or share >= 0.8


@pytest.mark.parametrize(
    ("share", "words"),
    [
        (1.2, "more than a whole day's vitamin C"),
        (0.85, "almost a whole day's vitamin C"),
        (0.6, "more than half a day's vitamin C"),
        (0.3, None),
    ],
)
def test_the_vitamin_words_follow_the_numbers(share, words):
    card = {"id": "x", "name": "X", "nutrients_per_serving": {"vitamin_c_mg": share * 90.0}}
    sentence = facts.strongest_vitamin(card)
    if words is None:
        assert sentence is None
    else:
        assert words in english(sentence, cards={"x": card})


def test_what_a_lesson_says_about_a_card_comes_from_its_record():
    """The why of an Overall Value names the Nutri-Score part (per 100 g) that weighs most for
    that card, and follows the record when it changes: nothing is hard-coded."""
    _lesson, _engine, state = _deal("duel")
    cards = state["cards"]
    cookies = cards["cookies"]
    said = _say(facts.why_it_scores(cards, "cookies"), state)
    sugar = round(cookies["nutrients_per_100g"]["sugars_g"])
    assert f"mostly because of its sugar: {sugar} grams in every 100 grams" in said
    assert f"only {cookies['value']}" in said
    # The same cookies with little sugar and a lot of salt: the words follow the record.
    salty = {**cookies["nutrients_per_100g"], "sugars_g": 1.0, "sodium_mg": 2400.0}
    changed = {**cards, "cookies": {**cookies, "nutrients_per_100g": salty}}
    said = _say(facts.why_it_scores(changed, "cookies"), state)
    assert "mostly because of its salt: 2400 milligrams of sodium in every 100 grams" in said
    best = max(int(card["value"]) for card in cards.values())
    top = next(card_id for card_id, card in cards.items() if card["value"] == best)
    said = _say(facts.why_it_scores(cards, top), state)
    assert f"highest Overall Value of every card ({best}), mostly because" in said
    # No why claims what the value does not count: serving calories or vitamins.
    for card_id in cards:
        if (fact := facts.why_it_scores(cards, card_id)) is not None:
            words = _say(fact, state)
            assert "Vitamin Power" not in words and "calories, but" not in words


def test_raisins_and_cheddar_are_low_for_their_own_reasons():
    records = {card["id"]: card for card in load_deck_records("eat-right")}
    raisins = english(facts.why_it_scores(records, "raisins"), cards=records)
    cheddar = english(facts.why_it_scores(records, "cheddar"), cards=records)
    assert "sugar" in raisins and "calories" not in raisins
    assert "saturated fat" in cheddar or "salt" in cheddar


def test_the_duel_lesson_shows_eats_draws_and_attacks_to_win():
    steps, said, state = play_lesson("duel")
    kinds = [advice.moves[0]["type"] for advice in said if advice.moves]
    assert kinds == ["reveal", "eat", "draw", "attack"]
    ended = state["version"] - 1  # the last move's (the attack's) index
    assert state["round_history"][-1] == {
        "round": 1,
        "winner": LEARNER,
        "reason": "attack-calories",
        "index": ended,
    }
    attack = next(advice for advice in said if advice.moves and advice.moves[0]["type"] == "attack")
    assert "it reaches" in _say(attack.why, state)


def test_the_duel_coach_never_names_the_bots_hidden_cards():
    lesson, engine, state = _deal("duel")
    rng = random.Random(3)
    for _ in range(MAX_STEPS):
        advice = lesson.coach(engine, state)
        hidden = engine.hidden_cards(state, LEARNER)
        words = _say([advice.say, advice.why] if advice.why else advice.say, state)
        for card in hidden:
            assert state["cards"][card]["name"] not in words, f"the coach named a hidden {card}"
        if advice.done:
            return
        movers = engine.to_move(state)
        if LEARNER in movers and engine.legal_actions(state, LEARNER):
            legal = engine.legal_actions(state, LEARNER)
            action = next(a for a in legal if refusal(lesson, engine, state, LEARNER, a) is None)
            state, _ = engine.apply(state, LEARNER, action)
        else:
            state, _ = engine.apply(state, 1, _bot_action(lesson, engine, state, 1, rng))
    raise AssertionError("the Duel lesson did not finish")


def test_every_game_has_a_tutorial():
    """Every game of the catalogue can be learnt with a coach (issue 23)."""
    missing = [slug for slug in ENGINES if tutorial_for(slug) is None]
    assert not missing, f"games without a tutorial: {missing}"
