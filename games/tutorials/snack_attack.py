"""Learn to play Snack Attack!: a first game against one bot, with a coach at your side.

The store is stacked so the lesson meets every move and every special card: shop two cards,
eat a good snack (Strawberries: their vitamin C), put junk back (Potato Chips) and swap it for
Broccoli, shop again, eat Exhilarating Exercise (it burns junk and shields you), eat Sugar Shock
while the Exercise shields you, eat the Broccoli (greens take a junk card out of the game), and yell Snack
Attack! with a hand of junk. Then the lesson is over and the learner may finish the game.

The store is face down and mixed again after a swap or a Snack Attack!, so the coach finds the
card it wants in the store and names its spot ("Pick store card 3"). The bot plays along
(`bot_move`): it shops only cards the lesson does not need and eats what it holds, and never
mixes the store; once the lesson is over it plays as any beginner bot.

About 330 words to read over 13 moves (counted from the lesson itself), 11 bot moves
at the relaxed pace: 3 to 4 minutes at a child's 100 to 150 words a minute.
"""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import Message, card_ref, gettext_noop, msg, ngettext_noop
from games.tutorials import LEARNER, Advice, Tutorial
from games.tutorials.food_facts import added_sugar, compare_value, vitamin_c

STRAWBERRIES = "strawberries"
CHIPS = "potato-chips"
BROCCOLI = "broccoli"
DOUGHNUT = "doughnut"
EXERCISE = "exhilarating-exercise"
SUGAR_SHOCK = "sugar-shock"
COOKIES = "cookies"
# The store, top first: the lesson's shopping trips in order (the rest follow).
DECK = (STRAWBERRIES, CHIPS, BROCCOLI, DOUGHNUT, EXERCISE, SUGAR_SHOCK, COOKIES)
LESSON_CARDS = frozenset(DECK)
# Each shopping trip's first card and the second card that goes with it.
SECOND_PICK = {STRAWBERRIES: CHIPS, DOUGHNUT: EXERCISE, SUGAR_SHOCK: COOKIES}


def _where(state: State, card_id: str) -> str:
    if card_id in state["store"]:
        return "store"
    if card_id in state["hands"][LEARNER]:
        return "hand"
    if card_id in state["eaten"][LEARNER]:
        return "eaten"
    if card_id in state["removed"]:
        return "removed"
    return "elsewhere"


def _shop(state: State, card_id: str, words: str, why: Message | None = None) -> Advice:
    """Pick the store card the lesson wants; `words` name its spot as %(n)s."""
    spot = state["store"].index(card_id)
    move: Action = {"type": "pick" if state["returning"] is not None else "shop", "spot": spot}
    hint = msg(gettext_noop("In this lesson, pick store card %(n)s."), n=spot + 1)
    return Advice(say=msg(words, n=spot + 1), why=why, moves=(move,), hint=hint)


def _junk_eaten(engine: Engine, state: State) -> list[str]:
    return [c for c in state["eaten"][LEARNER] if engine._kind(state, c) == "junk"]


def lesson_over(state: State) -> bool:
    """Broccoli eaten (it stays eaten: the deck's one Sugar Shock is gone by then) and the junk
    hand sent back with Snack Attack!"""
    hand = state["hands"][LEARNER]
    return BROCCOLI in state["eaten"][LEARNER] and set(hand) != {DOUGHNUT, COOKIES}


def coach(engine: Engine, state: State) -> Advice:
    cards = state["cards"]
    if state.get("result") is not None:
        return Advice(say=msg(gettext_noop("The game is over. Well played!")), done=True)
    if lesson_over(state):
        points = engine._points(state, LEARNER)
        return Advice(
            say=msg(
                gettext_noop(
                    "Lesson done! Finish the game if you like: when the store is empty, everyone eats "
                    "their hand. Most good snacks wins."
                )
            ),
            why=msg(
                ngettext_noop(
                    "Right now you have %(n)s point.",
                    "Right now you have %(n)s points.",
                ),
                n=points,
            ),
            done=True,
        )
    if state["turn"] != LEARNER:
        return Advice(
            say=msg(gettext_noop("The other player's turn. Watch!")),
            why=msg(gettext_noop("Their hand is secret, like yours.")),
        )
    hand = state["hands"][LEARNER]
    if state["picks_left"]:
        first = next((c for c in reversed(hand) if c in SECOND_PICK), None)
        if first is None or SECOND_PICK[first] not in state["store"]:  # not in this deal
            return Advice(say=msg(gettext_noop("Pick a second card from the store.")))
        return _shop(
            state,
            SECOND_PICK[first],
            gettext_noop("Shopping is two cards: now pick store card %(n)s."),
        )
    if state["returning"] is not None:
        return _shop(
            state,
            BROCCOLI,
            gettext_noop("Pick the card you get instead: store card %(n)s."),
            why=msg(gettext_noop("Then the store is mixed, so nobody knows where your card went.")),
        )
    if _where(state, STRAWBERRIES) == "store":
        return _shop(
            state,
            STRAWBERRIES,
            gettext_noop("Your first move is always shopping: pick store card %(n)s."),
            why=msg(
                gettext_noop("The store is face down. In this lesson your coach knows where the snacks are.")
            ),
        )
    if _where(state, STRAWBERRIES) == "hand":
        return Advice(
            say=msg(
                gettext_noop("Eat the %(card)s: fruit and veggies are good snacks, a point each."),
                card=card_ref(STRAWBERRIES),
            ),
            why=vitamin_c(cards[STRAWBERRIES]),
            moves=({"type": "eat", "card": STRAWBERRIES},),
        )
    if _where(state, CHIPS) == "hand":
        return Advice(
            say=msg(
                gettext_noop(
                    "%(card)s: junk food. Each junk snack you eat cancels a good one. Put it back in the "
                    "store."
                ),
                card=card_ref(CHIPS),
            ),
            why=compare_value(cards[STRAWBERRIES], cards[CHIPS]),
            moves=({"type": "return", "card": CHIPS},),
        )
    if _where(state, DOUGHNUT) == "store":
        return _shop(
            state,
            DOUGHNUT,
            gettext_noop("Go shopping again: pick store card %(n)s."),
            why=msg(gettext_noop("You may shop on any turn while the store has cards.")),
        )
    if _where(state, EXERCISE) == "hand":
        junk = _junk_eaten(engine, state)
        return Advice(
            say=msg(
                gettext_noop(
                    "Eat %(card)s: it takes the junk cards you ate out of the game, and it shields "
                    "your snacks from one Sugar Shock."
                ),
                card=card_ref(EXERCISE),
            ),
            why=msg(
                ngettext_noop(
                    "You have eaten %(n)s junk snack, and it will be gone.",
                    "You have eaten %(n)s junk snacks, and they will be gone.",
                ),
                n=len(junk),
            )
            if junk
            else msg(gettext_noop("You ate no junk, so for now it's your shield.")),
            moves=({"type": "eat", "card": EXERCISE},),
        )
    if _where(state, SUGAR_SHOCK) == "store":
        return _shop(
            state,
            SUGAR_SHOCK,
            gettext_noop("Go shopping once more: pick store card %(n)s."),
        )
    if _where(state, SUGAR_SHOCK) == "hand" and _where(state, EXERCISE) == "eaten":
        return Advice(
            say=msg(
                gettext_noop(
                    "%(card)s! Eaten, it wipes out all your eaten snacks, unless Exercise saves them. "
                    "Yours does, so eat it now: someone must eat it in the end."
                ),
                card=card_ref(SUGAR_SHOCK),
            ),
            why=added_sugar(cards[SUGAR_SHOCK]),
            moves=({"type": "eat", "card": SUGAR_SHOCK},),
        )
    if _where(state, SUGAR_SHOCK) == "hand":  # no Exercise shields you (not in this deal)
        return Advice(
            say=msg(
                gettext_noop(
                    "%(card)s! Eaten, it wipes out all your eaten snacks, and someone must eat it in the "
                    "end. Eat it now, while you have little to lose."
                ),
                card=card_ref(SUGAR_SHOCK),
            ),
            why=added_sugar(cards[SUGAR_SHOCK]),
            moves=({"type": "eat", "card": SUGAR_SHOCK},),
        )
    if _where(state, BROCCOLI) == "hand":
        junk = _junk_eaten(engine, state)
        say = (
            msg(
                gettext_noop(
                    "Eat the %(card)s: Broccoli and Spinach take one junk card you ate out of the game, here "
                    "%(junk)s."
                ),
                card=card_ref(BROCCOLI),
                junk=card_ref(junk[0]),
            )
            if junk
            else msg(
                gettext_noop(
                    "Eat the %(card)s. Broccoli and Spinach also take one junk card you ate out of the game "
                    "(you ate none)."
                ),
                card=card_ref(BROCCOLI),
            )
        )
        return Advice(say=say, why=vitamin_c(cards[BROCCOLI]), moves=({"type": "eat", "card": BROCCOLI},))
    return Advice(
        say=msg(
            gettext_noop(
                "Your hand is all junk: yell Snack Attack! Your cards go back to the store, and the "
                "other player must eat a store card right now."
            )
        ),
        why=msg(gettext_noop("You need 2 or more cards to yell it.")),
        moves=({"type": "snack_attack"},),
    )


def bot_move(engine: Engine, state: State, seat: int) -> Action | None:
    """Until the lesson is over: shop only cards the lesson doesn't need, eat the rest."""
    if lesson_over(state) or state["turn"] != seat or not state["store"]:
        return None
    hand = state["hands"][seat]
    if state["picks_left"] or not state["shopped"][seat] or not hand:
        free = [spot for spot, card in enumerate(state["store"]) if card not in LESSON_CARDS]
        if not free:
            return None
        return {"type": "shop", "spot": free[-1]}
    return {"type": "eat", "card": hand[0]}


TUTORIALS = (
    Tutorial(
        game="snack-attack",
        seats=2,
        seed=367,  # the store mixes after a swap: with this seed the lesson's cards stay on top
        coach=coach,
        deck=DECK,
        options={"ties": "share"},
        bot_move=bot_move,
    ),
)
