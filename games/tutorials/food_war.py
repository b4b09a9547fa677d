"""Learn to play Food War: four rounds against one bot, one of them a tie.

The stacked deal (cards alternate between the learner and the bot, top first):
1. Broccoli against Doughnut: the learner wins (vegetables score high, treats low);
2. Cookies against Strawberries: the bot wins (a treat loses, even for you);
3. Carrots against Red Pepper: a tie, so one more card each: Black Beans against Cheese Puffs;
4. Orange against French Fries: the learner wins, and the game stops after 4 rounds.
Five flips for the learner and ten things the coach says, about 350 words in all (counted
from the lesson itself; about half of them are said again while the bot flips): 2 to 3 minutes at
a child's 100 to 150 words a minute, plus five bot flips of a few seconds each at the relaxed pace.

Everything the coach says about a card comes from its record (games.tutorials.facts).
"""

from __future__ import annotations

from games.engines.base import Engine, State
from games.engines.messages import card_ref, gettext_noop, msg
from games.tutorials import LEARNER, Advice, Tutorial
from games.tutorials.facts import why_it_scores

DEAL = (
    "broccoli", "doughnut",
    "cookies", "strawberries",
    "carrots", "red-pepper",
    "black-beans", "cheese-puffs",
    "orange", "french-fries",
)  # fmt: skip
ROUNDS = 4
FLIP = {"type": "flip"}

FLIP_WHY = msg(
    gettext_noop(
        "Everybody turns up their top card at the same time. The card with the biggest Overall "
        "Value wins all the cards in the middle."
    )
)


def _value(state: State, card_id: str) -> int:
    return int(state["cards"][card_id].get("value") or 0)


def _round_story(state: State) -> list:
    """What the last round showed: who won with what, and why that card scores as it does."""
    last = state["last_round"]
    plays = last["plays"]
    winner = last["winner"]
    # The winning card is the winner's last one turned up (after a tie, the tie-breaker).
    winning = [play["card"] for play in plays if play["seat"] == winner][-1]
    losing = [play["card"] for play in plays if play["seat"] != winner][-1]
    story = [
        msg(
            gettext_noop("%(card)s (%(value)s) beat %(other)s (%(other_value)s)."),
            card=card_ref(winning),
            value=_value(state, winning),
            other=card_ref(losing),
            other_value=_value(state, losing),
        )
    ]
    # Your own card first when it lost: why did it lose?
    for card_id in (winning, losing) if winner == LEARNER else (losing, winning):
        if (fact := why_it_scores(state["cards"], card_id)) is not None:
            story.append(fact)
            break
    return story


def coach(engine: Engine, state: State) -> Advice:
    result = engine.result(state)
    if result is not None:
        won = LEARNER in result.get("winners", [])
        say = (
            msg(gettext_noop("You won: you have the most cards! That's Food War."))
            if won
            else msg(gettext_noop("The game is over. That's Food War: now you know how to play."))
        )
        why = msg(
            gettext_noop(
                "The Overall Value is the Nutri-Score of 100 grams of the food: fiber, protein, fruit "
                "and vegetables raise it; sugar, saturated fat, salt and a lot of calories lower it. "
                "A real game goes on until the rounds are used up."
            )
        )
        return Advice(say=say, why=why, done=True)
    if str(LEARNER) in state["face_down"]:
        return Advice(
            say=msg(gettext_noop("Your card is down. Wait for the bot to flip its card.")),
            why=_round_story(state) if state["last_round"] and not state["pile"] else FLIP_WHY,
        )
    if LEARNER not in state["battle"]:
        return Advice(say=msg(gettext_noop("Watch the others finish this round.")))
    if state["pile"]:  # a tie waits in the middle
        tied = [play["card"] for play in state["pile"] if play["wave"] == state["wave"] - 1]
        return Advice(
            say=msg(gettext_noop("A tie! Press Flip to turn up one more card.")),
            why=msg(
                gettext_noop(
                    "%(cards)s have the same Overall Value (%(value)s). The tied players turn up one "
                    "more card each, and the winner takes every card in the middle."
                ),
                cards=[card_ref(card) for card in tied],
                value=_value(state, tied[0]) if tied else 0,
            ),
            moves=(FLIP,),
            hint=msg(gettext_noop("Press Flip: in Food War flipping is the only move.")),
        )
    if state["last_round"] is None:
        return Advice(
            say=msg(gettext_noop("Press Flip to turn up your top card.")),
            why=FLIP_WHY,
            moves=(FLIP,),
            hint=msg(gettext_noop("Press Flip: in Food War flipping is the only move.")),
        )
    winner = state["last_round"]["winner"]
    say = (
        msg(gettext_noop("You won the middle! Press Flip for the next round."))
        if winner == LEARNER
        else msg(gettext_noop("The bot won that round. Press Flip for the next round."))
    )
    return Advice(
        say=say,
        why=_round_story(state),
        moves=(FLIP,),
        hint=msg(gettext_noop("Press Flip: in Food War flipping is the only move.")),
    )


TUTORIALS = (
    Tutorial(
        game="food-war",
        seats=2,
        seed=2311,
        coach=coach,
        deck=DEAL,
        # Value decides; no auto-flip for the learner (a lesson waits for its reader).
        options={"stat": "value", "rounds": ROUNDS, "auto_flip_seconds": 0},
    ),
)
