"""The guided first games of Snack Attack!, Build-A-Meal, Appetite and SNACK WARS, played through
without Django: the learner always makes a move the coach accepts, the bots move as the scheduler
makes them (the tutorial's bot_move first), until the coach says the lesson is done."""

from __future__ import annotations

import random
import re

import pytest

from games.engines.base import strings_in
from games.engines.messages import english
from games.tutorials import LEARNER, refusal, tutorial_for
from tests.games.tutorials.lesson_driver import accepted, bot_action, play, start

GAMES = ("snack-attack", "build-a-meal", "appetite", "snack-wars")
# A child reads a step's words and makes the move in about 10 to 15 seconds: a 2-4 minute lesson
# has this many learner moves.
FEWEST_STEPS, MOST_STEPS = 5, 20


def _words(text, state) -> str:
    return english(text, cards=state["cards"])


def _card_refs(value) -> set[str]:
    """Every card a coach's text names."""
    found: set[str] = set()
    if isinstance(value, dict):
        if "card" in value and isinstance(value["card"], str) and len(value) == 1:
            found.add(value["card"])
        if "cards" in value and isinstance(value["cards"], list) and len(value) == 1:
            found.update(value["cards"])
        for item in value.values():
            found |= _card_refs(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= _card_refs(item)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_card_game_has_a_tutorial_with_a_stacked_deal(game):
    tutorial = tutorial_for(game)
    assert tutorial is not None and tutorial.game == game
    assert tutorial.deck and tutorial.bot_move is not None
    lesson = start(tutorial)  # the engine accepts the deck and the short-game options
    assert tutorial.coach(lesson.engine, lesson.state).done is False


@pytest.mark.parametrize("learner_first", [True, False], ids=["quick-learner", "slow-learner"])
@pytest.mark.parametrize("game", GAMES)
def test_the_lesson_ends_within_a_few_minutes_of_moves(game, learner_first):
    lesson = play(tutorial_for(game), learner_first=learner_first)
    assert FEWEST_STEPS <= len(lesson.learner_moves) <= MOST_STEPS
    assert lesson.bot_moves <= 3 * MOST_STEPS


@pytest.mark.parametrize("game", GAMES)
def test_every_step_says_what_to_do_and_refuses_other_moves_with_the_hint(game):
    tutorial = tutorial_for(game)
    lesson = play(tutorial)
    refused = 0
    for advice, state in zip(lesson.advice, lesson.states, strict=True):
        assert _words(advice.say, state)
        wanted = accepted(lesson.engine, state, advice)
        for action in lesson.engine.legal_actions(state, LEARNER):
            hint = refusal(tutorial, lesson.engine, state, LEARNER, action)
            if action in wanted:
                assert hint is None
            else:
                assert hint == (advice.hint or advice.say)
                refused += 1
    assert refused  # every lesson has steps where some legal move is not the lesson's


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_names_only_cards_the_learner_can_see(game):
    tutorial = tutorial_for(game)
    lesson = play(tutorial)
    for advice, state in zip(lesson.advice, lesson.states, strict=True):
        visible = strings_in(lesson.engine.view(state, LEARNER))
        named = _card_refs([advice.say, advice.why, advice.hint])
        assert named <= visible, named - visible


@pytest.mark.parametrize("game", GAMES)
def test_after_the_lesson_the_bots_play_as_in_any_game(game):
    tutorial = tutorial_for(game)
    lesson = play(tutorial)
    for seat in range(1, tutorial.seats):
        assert tutorial.bot_move(lesson.engine, lesson.state, seat) is None


def test_appetite_sums_are_the_tables_real_total():
    lesson = play(tutorial_for("appetite"))
    sums = 0
    for advice, move, state in zip(lesson.advice, lesson.learner_moves, lesson.states, strict=True):
        words = _words(advice.say, state)
        for total, number, appetite in re.findall(r"(\d+) \+ (\d+) = (\d+)", words):
            card = state["cards"][move["card"]]
            assert (int(total), int(number), int(appetite)) == (
                state["total"],
                card["number"],
                lesson.engine.appetite(state),
            )
            assert state["total"] + card["number"] == lesson.engine.appetite(state)
            sums += 1
    assert sums >= 3
    assert LEARNER in lesson.state["result"]["winners"]


def move_card(state, move) -> str:
    """A drawn card the take_food move takes."""
    return next(c for c in state["drawn"] if state["cards"][c].get("value") == move["value"])


def test_snack_wars_counts_the_bonus_and_the_steals_from_the_collections():
    lesson = play(tutorial_for("snack-wars"))
    for advice, move, state in zip(lesson.advice, lesson.learner_moves, lesson.states, strict=True):
        why = _words(advice.why, state)
        if move["type"] == "take_bonus":
            cuisine = state["cards"][move["card"]]["bonus"]
            mine = [c for c in state["collections"][LEARNER] if state["cards"][c].get("cuisine") == cuisine]
            assert f"worth {len(mine)} points now" in why
        if move["type"] == "take_food" and "bonus grows" in why:
            cuisine = state["cards"][move_card(state, move)]["cuisine"]
            have = sum(state["cards"][c].get("cuisine") == cuisine for c in state["collections"][LEARNER])
            taken = sum(state["cards"][c].get("value") == move["value"] for c in state["drawn"])
            assert f"grows from {have} to {have + taken} points" in why
        if move["type"] == "steal":
            food = state["cards"][move["card"]]["food"]
            mine, theirs = (
                sum(state["cards"][c].get("food") == food for c in state["collections"][seat])
                for seat in (0, 1)
            )
            assert (
                f"Now you have {mine} and they have {theirs}. After this steal: {mine + 1} to {theirs - 1}."
                in why
            )
    done = tutorial_for("snack-wars").coach(lesson.engine, lesson.state)
    totals = [score["total"] for score in lesson.engine.scores(lesson.state)]
    assert f"you would score {totals[0]} points and {{s1}} {totals[1]}." in _words(done.why, lesson.state)


@pytest.mark.parametrize("policy", ["first", "last", "random"])
@pytest.mark.parametrize("game", GAMES)
def test_after_the_lesson_the_coach_stays_done_whatever_the_learner_plays(game, policy):
    """The learner may finish the game: whatever they play, the coach never fails and stays done."""
    tutorial = tutorial_for(game)
    lesson = play(tutorial)
    engine, rng = lesson.engine, random.Random(policy)
    for _ in range(2000):
        state = lesson.state
        assert tutorial.coach(engine, state).done
        if engine.result(state) is not None:
            return
        movers = engine.to_move(state)
        if LEARNER in movers and (legal := engine.legal_actions(state, LEARNER)):
            action = {"first": legal[0], "last": legal[-1], "random": rng.choice(legal)}[policy]
            lesson.state, _ = engine.apply(state, LEARNER, action)
            continue
        seat = min(seat for seat in movers if seat is not None)
        lesson.state, _ = engine.apply(state, seat, bot_action(lesson, seat, rng))
    raise AssertionError(f"{game}: the game did not end")
