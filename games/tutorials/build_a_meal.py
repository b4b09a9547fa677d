"""Learn to play Build-A-Meal: a first game against one bot, with a coach at your side.

The heart of the game is the balanced meal, judged by nutrition.meals.check_meal exactly as the
engine judges it: at least 2 grain servings, 2 fruit-or-veggie servings, 1 meat-or-dairy serving
and at most 600 calories, counting the whole servings printed on the cards (a serving is 1 ounce
of grains or meat, half a cup of fruit, veggies or dairy). The coach reads every number it says
from the cards' records.

The stacked deal: you hold Oatmeal, Broccoli and Milk (a meal of three cards), a Roast Beef Sub
and an Apple (a meal of two: the sub counts for two food groups), Exhilarating Exercise, a
Chocolate Bar and Sugar Shock. Your first turn: draw, plate and serve the first meal (Broccoli
earns another turn), discard. Your extra turn: draw, serve the second meal, add Exercise (-200
calories) so the Chocolate Bar fits, discard. Then the bot serves a meal and you ruin it with
Sugar Shock: that was your last card, so you win. The bot plays along (`bot_move`).

About 360 words to read over 14 moves (counted from the lesson itself), 6 bot moves at
the relaxed pace: 3 to 4.5 minutes at a child's 100 to 150 words a minute.
"""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import Message, Text, card_ref, cards_ref, gettext_noop, msg
from games.tutorials import LEARNER, Advice, Tutorial
from games.tutorials.food_facts import GROUP_NAMES, added_sugar, servings, unprinted_groups, vitamin_c
from nutrition.meals import (
    CALORIE_LIMIT,
    EXERCISE_CALORIES,
    FRUIT_OR_VEGGIE_SERVINGS_NEEDED,
    GRAIN_SERVINGS_NEEDED,
    MEAT_OR_DAIRY_SERVINGS_NEEDED,
    check_meal,
)

BOT = 1
EXERCISE = "exhilarating-exercise"
CHOCOLATE = "chocolate-bar"
SUGAR_SHOCK = "sugar-shock"
FIRST_MEAL = ("oatmeal", "broccoli", "milk")
SECOND_MEAL = ("roast-beef-sub", "apple")
BOT_MEAL = ("bagel", "carrots", "red-pepper", "turkey")
FIRST_DRAW, SECOND_DRAW = "french-fries", "cheese-puffs"
HAND = (*FIRST_MEAL, *SECOND_MEAL, EXERCISE, CHOCOLATE, SUGAR_SHOCK)
BOT_HAND = (*BOT_MEAL, "popcorn", "crackers", "ice-cream", "cookies")
# 8 cards each, the discard pile's first card, then the stock top first.
DECK = (*HAND, *BOT_HAND, "doughnut", FIRST_DRAW, SECOND_DRAW)


def _records(state: State, card_ids) -> list[dict]:
    return [state["cards"][c] for c in card_ids]


def plate_status(state: State, card_ids, *, served: bool = False) -> Message:
    """What check_meal finds on these cards (the plate, or a meal already served), every rule
    with its numbers."""
    check = check_meal(_records(state, card_ids))
    words = (
        gettext_noop(
            "That meal: grains %(grains)s/%(grains_need)s, fruit or veggies %(fv)s/%(fv_need)s, meat or "
            "dairy %(md)s/%(md_need)s, calories %(calories)s/%(limit)s."
        )
        if served
        else gettext_noop(
            "Your plate: grains %(grains)s/%(grains_need)s, fruit or veggies %(fv)s/%(fv_need)s, meat or "
            "dairy %(md)s/%(md_need)s, calories %(calories)s/%(limit)s."
        )
    )
    return msg(
        words,
        grains=check.grains,
        grains_need=GRAIN_SERVINGS_NEEDED,
        fv=check.fruit_or_veggie,
        fv_need=FRUIT_OR_VEGGIE_SERVINGS_NEEDED,
        md=check.meat_or_dairy,
        md_need=MEAT_OR_DAIRY_SERVINGS_NEEDED,
        calories=check.calories,
        limit=CALORIE_LIMIT,
    )


def card_counts(state: State, card_id: str) -> list[Message]:
    """ "Oatmeal counts 2 grain servings (166 calories)", and what the card doesn't count."""
    card = state["cards"][card_id]
    words = [
        msg(
            gettext_noop("%(card)s: %(servings)s, %(calories)s calories."),
            card=card_ref(card_id),
            servings=servings(card),
            calories=card["calories"],
        )
    ]
    for group in unprinted_groups(card):
        words.append(
            msg(
                gettext_noop("It has a little %(group)s too, less than a serving, so that doesn't count."),
                group=msg(GROUP_NAMES[group]),
            )
        )
    return words


def _plating(state: State, meal: tuple[str, ...], say: str) -> Advice:
    """Put the meal's next cards on the plate (any order), then serve it."""
    plate = state["plates"][LEARNER]
    left = [c for c in meal if c not in plate]
    if left and plate:  # the cards were explained when the plate was empty; the board ticks the rules
        return Advice(
            say=msg(gettext_noop("Now put %(cards)s on your plate."), cards=cards_ref(left)),
            moves=tuple({"type": "plate", "card": c} for c in left),
        )
    if left:
        why: list[Message] = []
        if not state["meals"][LEARNER]:
            why.append(
                msg(
                    gettext_noop(
                        "A serving: 1 ounce of grains or meat, half a cup of fruit, veggies or dairy."
                    )
                )
            )
        for card_id in left:
            why += card_counts(state, card_id)
        return Advice(
            say=msg(say, cards=cards_ref(left)),
            why=why,
            moves=tuple({"type": "plate", "card": c} for c in left),
        )
    check = check_meal(_records(state, plate))
    why = plate_status(state, plate)
    if not check.balanced:  # not in this deal; the engine would refuse the serve
        return Advice(say=msg(gettext_noop("This plate isn't balanced yet.")), why=why)
    return Advice(
        say=msg(gettext_noop("Balanced! Serve your meal.")),
        why=why,
        moves=({"type": "serve"},),
    )


def _discard(card_id: str, why: Text) -> Advice:
    return Advice(
        say=msg(
            gettext_noop("End your turn: discard %(card)s."),
            card=card_ref(card_id),
        ),
        why=why,
        moves=({"type": "discard", "card": card_id},),
    )


def _sugar_shock(state: State) -> Advice:
    hand = state["hands"][LEARNER]
    plays = tuple(
        {"type": "sugar_shock", "card": SUGAR_SHOCK, "target": BOT, "meal": index}
        for index in range(len(state["meals"][BOT]))
    )
    wins = hand == [SUGAR_SHOCK] and not state["plates"][LEARNER] and len(state["meals"][LEARNER]) >= 2
    say = msg(
        gettext_noop(
            "Now! Play Sugar Shock on their meal: it goes onto the discard pile, and they draw that many "
            "cards."
        )
    )
    why: list[Message] = [added_sugar(state["cards"][SUGAR_SHOCK])]
    if wins:
        why.insert(
            0,
            msg(gettext_noop("It's your last card: you win!")),
        )
    return Advice(say=say, why=why, moves=plays)


def coach(engine: Engine, state: State) -> Advice:
    result = state.get("result")
    if result is not None:
        if LEARNER in result["winners"]:
            return Advice(
                say=msg(gettext_noop("You won: two balanced meals and no cards left! Now try a real game.")),
                done=True,
            )
        return Advice(say=msg(gettext_noop("The game is over.")), done=True)
    hand, meals = state["hands"][LEARNER], state["meals"][LEARNER]
    if SUGAR_SHOCK in hand and state["meals"][BOT]:
        return _sugar_shock(state)
    if state["turn"] != LEARNER:
        why = None
        if SUGAR_SHOCK in hand:
            why = msg(
                gettext_noop("Keep Sugar Shock: you may play it on their meal even when it isn't your turn.")
            )
        return Advice(
            say=msg(gettext_noop("The other player is taking a turn. Watch what they do.")), why=why
        )
    if state["phase"] == "draw":
        top = state["discard"][-1] if state["discard"] else None
        why = None
        if top and not meals:
            why = msg(gettext_noop("You could also take %(card)s from the discard pile."), card=card_ref(top))
        return Advice(
            say=msg(gettext_noop("Start your turn: draw the stock's top card.")),
            why=why,
            moves=({"type": "draw", "from": "stock"},),
        )
    if not meals:
        advice = _plating(
            state,
            FIRST_MEAL,
            gettext_noop(
                "A balanced meal: 2 grain servings, 2 fruit or veggie servings, 1 meat or dairy serving, "
                "at most 600 calories. Put %(cards)s on your plate."
            ),
        )
        if advice.moves and advice.moves[0]["type"] == "serve":  # what the Broccoli brings
            return Advice(
                say=advice.say,
                why=[advice.why, vitamin_c(state["cards"]["broccoli"])],
                moves=advice.moves,
            )
        return advice
    if FIRST_DRAW in hand:
        return _discard(
            FIRST_DRAW,
            msg(
                gettext_noop(
                    "Broccoli or Spinach in a meal earns another turn: yours comes right after this."
                )
            ),
        )
    if len(meals) < 2:
        return _plating(
            state,
            SECOND_MEAL,
            gettext_noop("Second meal: put %(cards)s on your plate."),
        )
    if EXERCISE in hand:
        return _exercise(state)
    if CHOCOLATE in hand:
        meal = state["meals"][LEARNER][1]
        return Advice(
            say=msg(
                gettext_noop("Now add %(card)s: junk food may go in a meal of %(limit)s calories or less."),
                card=card_ref(CHOCOLATE),
                limit=CALORIE_LIMIT,
            ),
            why=plate_status(state, [*meal, CHOCOLATE], served=True),
            moves=({"type": "add", "card": CHOCOLATE, "meal": 1},),
        )
    if SECOND_DRAW in hand:
        return _discard(
            SECOND_DRAW,
            msg(gettext_noop("To win, get rid of every card after two balanced meals. Keep Sugar Shock!")),
        )
    return Advice(say=msg(gettext_noop("Wait for the other player to lay down a meal.")))


def _exercise(state: State) -> Advice:
    meal = state["meals"][LEARNER][1]
    without = check_meal(_records(state, [*meal, CHOCOLATE])).calories
    with_exercise = check_meal(_records(state, [*meal, EXERCISE, CHOCOLATE])).calories
    if without > CALORIE_LIMIT:
        why = msg(
            gettext_noop(
                "With %(card)s alone that meal would have %(without)s calories: over %(limit)s. With "
                "Exercise too: %(with)s."
            ),
            card=card_ref(CHOCOLATE),
            without=without,
            limit=CALORIE_LIMIT,
            **{"with": with_exercise},
        )
    else:
        why = msg(
            gettext_noop("With Exercise and %(card)s that meal has %(with)s calories."),
            card=card_ref(CHOCOLATE),
            **{"with": with_exercise},
        )
    return Advice(
        say=msg(
            gettext_noop("Add %(card)s to your second meal: it counts %(calories)s calories."),
            card=card_ref(EXERCISE),
            calories=EXERCISE_CALORIES,
        ),
        why=why,
        moves=({"type": "add", "card": EXERCISE, "meal": 1},),
    )


def bot_move(engine: Engine, state: State, seat: int) -> Action | None:
    """Until the lesson is over: draw, serve its meal (so you can ruin it), discard."""
    if state.get("result") is not None or seat != BOT or state["turn"] != BOT:
        return None
    if state["phase"] == "draw":
        return {"type": "draw", "from": "stock"} if state["stock"] else None
    plate, hand = state["plates"][BOT], state["hands"][BOT]
    if not state["meals"][BOT] and all(c in hand or c in plate for c in BOT_MEAL):
        left = [c for c in BOT_MEAL if c not in plate]
        return {"type": "plate", "card": left[0]} if left else {"type": "serve"}
    if plate:
        return {"type": "unplate", "card": plate[0]}
    spare = [c for c in hand if c not in BOT_MEAL]
    return {"type": "discard", "card": (spare or hand)[0]}


TUTORIALS = (
    Tutorial(
        game="build-a-meal",
        seats=2,
        seed=23,
        coach=coach,
        deck=DECK,
        options={"turn_limit": 40},
        bot_move=bot_move,
    ),
)
