"""Learn to play Duel: one round against a bot, won by an Attack.

The stacked deal (top first: the learner's 3 cards, the bot's 3, then the stock):
- the learner holds Green Beans, Black Beans and Cheese Pizza; the bot Bean Burrito, Doughnut
  and Cookies;
- both show a card: the learner the Green Beans (high value, few calories: it starts their
  meal), the bot the Bean Burrito, which has more calories, so the bot goes first;
- the bot eats its Doughnut; the learner eats the Black Beans (the best value in the deck);
- the bot draws; the learner's Cheese Pizza can't push the bot's meal to 1000 calories yet, so
  the learner draws too; the bot eats its Cookies;
- now the Cheese Pizza does it: the learner attacks and wins the round, and the lesson's match
  (one round wins it).
Four moves for the learner (show, eat, draw, attack) and four for the bot; eight things the coach
says, about 310 words in all (counted from the lesson itself): 2 to 3 minutes at a child's 100
to 150 words a minute, plus four bot moves of a few seconds each at the relaxed pace.

The coach decides from the cards, not from the step number (attack when an attack wins, eat a
card that wins or is healthy, else draw), and it only ever names cards the learner may see.
"""

from __future__ import annotations

from games.engines.base import Engine, State
from games.engines.duel import CALORIES_TO_LOSE, VALUE_TO_WIN, meal_calories, meal_value
from games.engines.messages import card_ref, gettext_noop, msg
from games.tutorials import LEARNER, Advice, Tutorial
from games.tutorials.facts import why_it_scores
from nutrition.meals import card_calories

BOT = 1
DEAL = (
    "green-beans", "black-beans", "cheese-pizza",  # the learner's hand
    "bean-burrito", "doughnut", "cookies",  # the bot's hand
    "chocolate-bar", "hamburger",  # the stock: the bot draws the first, the learner the second
)  # fmt: skip
HEALTHY_VALUE = 20  # a card worth eating for its value alone

GOAL = msg(
    gettext_noop(
        "You win a round when your own meal reaches 100 value, or when you make the bot's meal "
        "reach 1000 calories."
    )
)


def _totals(state: State, seat: int) -> tuple[int, int]:
    records = [state["cards"][card] for card in state["meals"][seat]]
    return meal_value(records), meal_calories(records)


def _value(state: State, card_id: str) -> int:
    return int(state["cards"][card_id].get("value") or 0)


def _calories(state: State, card_id: str) -> int:
    return card_calories(state["cards"][card_id])


def _meals_now(state: State) -> object:
    mine, theirs = _totals(state, LEARNER), _totals(state, BOT)
    return msg(
        gettext_noop(
            "Your meal: %(value)s value, %(calories)s calories. The bot's meal: %(their_value)s value, "
            "%(their_calories)s calories."
        ),
        value=mine[0],
        calories=mine[1],
        their_value=theirs[0],
        their_calories=theirs[1],
    )


def _show(state: State) -> Advice:
    hand = state["hands"][LEARNER]
    # The best start for your own meal: the most value for its calories.
    card = max(hand, key=lambda c: (_value(state, c) / max(_calories(state, c), 1), c))
    return Advice(
        say=msg(gettext_noop("Pick %(card)s to show."), card=card_ref(card)),
        why=[
            msg(
                gettext_noop(
                    "You both show a card at once: more calories goes first. The card you show "
                    "starts your own meal, and the meal with more value wins. %(card)s brings "
                    "%(value)s value for %(calories)s calories, which leaves room under the limit."
                ),
                card=card_ref(card),
                value=_value(state, card),
                calories=_calories(state, card),
            ),
            GOAL,
        ],
        moves=({"type": "reveal", "card": card},),
        hint=msg(gettext_noop("Show %(card)s: it will start your meal."), card=card_ref(card)),
    )


def _attack(state: State, card: str) -> Advice:
    their_calories = _totals(state, BOT)[1]
    return Advice(
        say=msg(gettext_noop("Attack with %(card)s!"), card=card_ref(card)),
        why=msg(
            gettext_noop(
                "Attack puts your card in the bot's meal. The bot's meal has %(calories)s calories; "
                "one serving of %(card)s adds %(more)s, so it reaches %(total)s: 1000 calories or "
                "more, and you win the round."
            ),
            calories=their_calories,
            card=card_ref(card),
            more=_calories(state, card),
            total=their_calories + _calories(state, card),
        ),
        moves=({"type": "attack", "card": card},),
        hint=msg(gettext_noop("Attack with %(card)s: it wins the round now."), card=card_ref(card)),
    )


def _eat(state: State, card: str, *, wins: bool) -> Advice:
    value, calories = _totals(state, LEARNER)
    why = [
        msg(
            gettext_noop(
                "Eat puts the card in your own meal: %(value)s + %(more)s = %(total)s value, "
                "with %(calories)s calories."
            ),
            value=value,
            more=_value(state, card),
            total=value + _value(state, card),
            calories=calories + _calories(state, card),
        )
    ]
    if (fact := why_it_scores(state["cards"], card)) is not None:
        why.append(fact)
    say = (
        msg(gettext_noop("Eat %(card)s: it makes your meal worth 100!"), card=card_ref(card))
        if wins
        else msg(gettext_noop("Eat %(card)s."), card=card_ref(card))
    )
    return Advice(
        say=say,
        why=why,
        moves=({"type": "eat", "card": card},),
        hint=msg(gettext_noop("Eat %(card)s: it is the best food for your meal now."), card=card_ref(card)),
    )


def _draw(state: State) -> Advice:
    hand = state["hands"][LEARNER]
    their_calories = _totals(state, BOT)[1]
    why = [
        msg(
            gettext_noop(
                "None of your cards helps now: they have little value, and the bot's meal "
                "(%(calories)s calories) would not reach 1000 yet. Draw takes the top card of the stock."
            ),
            calories=their_calories,
        )
    ]
    for card in hand:
        if (fact := why_it_scores(state["cards"], card)) is not None:
            why.append(fact)
            break
    return Advice(
        say=msg(gettext_noop("Press Draw to take a new card.")),
        why=why,
        moves=({"type": "draw"},),
        hint=msg(gettext_noop("Press Draw: keep your cards for later.")),
    )


def _your_turn(state: State) -> Advice:
    hand = state["hands"][LEARNER]
    value, calories = _totals(state, LEARNER)
    their_value, their_calories = _totals(state, BOT)
    winning_attacks = [
        card
        for card in hand
        if their_calories + _calories(state, card) >= CALORIES_TO_LOSE
        and their_value + _value(state, card) < VALUE_TO_WIN
    ]
    if winning_attacks:
        return _attack(state, max(winning_attacks, key=lambda c: (_calories(state, c), c)))
    safe = [card for card in hand if calories + _calories(state, card) < CALORIES_TO_LOSE]
    winning_meals = [card for card in safe if value + _value(state, card) >= VALUE_TO_WIN]
    if winning_meals:
        return _eat(state, max(winning_meals, key=lambda c: (_value(state, c), c)), wins=True)
    healthy = [card for card in safe if _value(state, card) >= HEALTHY_VALUE]
    if healthy:
        return _eat(state, max(healthy, key=lambda c: (_value(state, c), c)), wins=False)
    if state["stock"]:
        return _draw(state)
    return Advice(say=msg(gettext_noop("Your turn: Eat, Attack or Draw.")), why=_meals_now(state))


def coach(engine: Engine, state: State) -> Advice:
    if state["phase"] in ("over", "round_over"):
        won = state["round_history"] and state["round_history"][-1]["winner"] == LEARNER
        say = (
            msg(gettext_noop("You won the round, and the duel! That's how Duel is played."))
            if won
            else msg(gettext_noop("The round is over. That's how Duel is played."))
        )
        why = msg(
            gettext_noop(
                "Eat healthy cards to build a meal worth 100 value, and attack with high-calorie "
                "cards to push the other meal to 1000 calories. A real duel goes to 3 rounds."
            )
        )
        return Advice(say=say, why=why, done=True)
    if state["phase"] == "reveal":
        if state["picked"][LEARNER] is None:
            return _show(state)
        return Advice(say=msg(gettext_noop("Wait for the bot to show its card.")), why=GOAL)
    if state["turn"] != LEARNER:
        return Advice(say=msg(gettext_noop("The bot's turn: watch what it does.")), why=_meals_now(state))
    return _your_turn(state)


def bot_move(engine: Engine, state: State, seat: int) -> dict | None:
    """The bot plays along: it shows its Bean Burrito, eats its treats and draws once."""
    hand = state["hands"][seat]
    if state["phase"] == "reveal":
        return {"type": "reveal", "card": "bean-burrito"} if "bean-burrito" in hand else None
    if state["phase"] != "play":
        return None
    if "doughnut" in hand:
        return {"type": "eat", "card": "doughnut"}
    if len(hand) == 1 and state["stock"]:
        return {"type": "draw"}
    if "cookies" in hand:
        return {"type": "eat", "card": "cookies"}
    return None


TUTORIALS = (
    Tutorial(
        game="duel",
        seats=2,
        seed=2312,
        coach=coach,
        deck=DEAL,
        options={"rounds_to_win": 1},
        bot_move=bot_move,
    ),
)
