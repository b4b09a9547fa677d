"""Learn to play SNACK WARS: your first four turns against one bot, with a coach at your side.

The stacked deck teaches the three choices of a turn: take every Food card of one value (three
Donuts: the majority of Donuts scores 7), take one Bonus card (the American cuisine bonus: a
point for each American food, and Donuts are American), take every Raccoon (two of them) and
steal with them (the bot's two Macarons, the majority worth 9), and, on your fourth turn, two
Milkshakes: American food, so your American bonus grows with them. The bot plays along
(`bot_move`: it takes the most valuable food it draws). Then the lesson is over: the coach says
what your collection would score, and you may finish the game.

SNACK WARS cards are snacks from around the world, with no nutrition data: the coach speaks of
points and majorities only.

About 240 words to read over 6 moves (counted from the lesson itself), with the drawn cards
to look at each turn and 3 bot turns: about 2 to 3 minutes at a child's 100 to 150 words a
minute.
"""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import card_ref, gettext_noop, msg, ngettext_noop, seat_ref
from games.tutorials import LEARNER, Advice, Tutorial

BOT = 1
CUISINE_WORDS = {
    "american": gettext_noop("American"),
    "french": gettext_noop("French"),
    "japan": gettext_noop("Japanese"),
}
FIRST_DRAW = (
    "donut-1",
    "donut-2",
    "donut-3",
    "sushi-1",
    "sushi-2",
    "croissant-1",
    "cheese-1",
    "raccoon-1",
    "bonus-french",
)
BOT_FIRST_DRAW = (
    "macaron-1",
    "macaron-2",
    "shrimp-tempura-1",
    "shrimp-tempura-2",
    "ramen-1",
    "milkshake-1",
    "burger-1",
    "cheese-2",
    "croissant-2",
)
SECOND_DRAW = ("bonus-american", "donut-4", "sushi-3", "ramen-2", "milkshake-2", "burger-2")
BOT_SECOND_DRAW = (
    "shrimp-tempura-3",
    "shrimp-tempura-4",
    "ramen-3",
    "milkshake-3",
    "burger-3",
    "cheese-3",
    "sushi-4",
)
LESSON_RACCOONS = ("raccoon-2", "raccoon-3")
THIRD_DRAW = (*LESSON_RACCOONS, "cheese-4", "ramen-4", "sushi-5")
BOT_THIRD_DRAW = (
    "croissant-3",
    "croissant-4",
    "burger-4",
    "burger-5",
    "cheese-5",
    "macaron-3",
    "bonus-japan",
)
FOURTH_DRAW = ("milkshake-4", "milkshake-5", "bonus-all-cuisines")
DECK = (
    *FIRST_DRAW,
    *BOT_FIRST_DRAW,
    *SECOND_DRAW,
    *BOT_SECOND_DRAW,
    *THIRD_DRAW,
    *BOT_THIRD_DRAW,
    *FOURTH_DRAW,
)
# Your four turns and the bot's three: the lesson is over once they are played (turns only grow).
LESSON_TURNS = 7
FOURTH_FOOD = "milkshake"
FIRST_FOOD = "donut"
BONUS = "bonus-american"


def lesson_over(state: State) -> bool:
    """Your fourth turn is played (after it you may finish the game as you like)."""
    return state["turns_taken"] >= LESSON_TURNS


def _food_cards(state: State, card_ids, food: str) -> list[str]:
    return [c for c in card_ids if state["cards"][c].get("food") == food]


def _best_food_of(state: State, seat: int) -> str | None:
    """The most valuable food in a collection."""
    foods = [state["cards"][c] for c in state["collections"][seat] if state["cards"][c]["kind"] == "food"]
    return max(foods, key=lambda card: card["value"])["food"] if foods else None


def coach(engine: Engine, state: State) -> Advice:
    cards = state["cards"]
    if state.get("result") is not None:
        return Advice(say=msg(gettext_noop("The game is over. Well played!")), done=True)
    if lesson_over(state):
        scores = engine.scores(state)
        return Advice(
            say=msg(
                gettext_noop(
                    "Lesson done! Finish the game if you like: keep drawing until your collection "
                    "has 9 cards. Remember, only the majority of each food scores, and a tie scores "
                    "nothing."
                )
            ),
            why=msg(
                ngettext_noop(
                    "If the game ended now, you would score %(n)s point and %(who)s %(theirs)s.",
                    "If the game ended now, you would score %(n)s points and %(who)s %(theirs)s.",
                ),
                n=scores[LEARNER]["total"],
                who=seat_ref(BOT),
                theirs=scores[BOT]["total"],
            ),
            done=True,
        )
    if state["turn"] != LEARNER:
        return Advice(say=msg(gettext_noop("The other player's turn. Watch what they take!")))
    drawn, collection = state["drawn"], state["collections"][LEARNER]
    if state["phase"] == "steal":
        food = _best_food_of(state, BOT)
        targets = _food_cards(state, state["collections"][BOT], food) if food else []
        if not targets:
            return Advice(say=msg(gettext_noop("There is nothing worth stealing: stop stealing.")))
        mine = len(_food_cards(state, collection, food))
        theirs = len(targets)
        return Advice(
            say=msg(
                gettext_noop("Steal a %(card)s from %(who)s: it's worth %(value)s to whoever has the most."),
                card=card_ref(targets[0]),
                who=seat_ref(BOT),
                value=cards[targets[0]]["value"],
            ),
            why=msg(
                gettext_noop(
                    "Now you have %(mine)s and they have %(theirs)s. After this steal: %(after)s to %(left)s."
                ),
                mine=mine,
                theirs=theirs,
                after=mine + 1,
                left=theirs - 1,
            ),
            moves=tuple({"type": "steal", "victim": BOT, "card": c} for c in targets),
        )
    raccoons = [c for c in drawn if cards[c]["kind"] == "raccoon"]
    if not collection:
        donuts = _food_cards(state, drawn, FIRST_FOOD)
        donut = cards[donuts[0]]
        return Advice(
            say=msg(
                ngettext_noop(
                    "You drew 9 cards. Take ONE kind: all the food of one value, one Bonus card, or "
                    "all the Raccoons. Take the %(n)s %(card)s (value %(value)s).",
                    "You drew 9 cards. Take ONE kind: all the food of one value, one Bonus card, or "
                    "all the Raccoons. Take the %(n)s %(card)s cards (value %(value)s).",
                ),
                n=len(donuts),
                card=card_ref(donuts[0]),
                value=donut["value"],
            ),
            why=msg(
                gettext_noop(
                    "At the end, whoever has the most %(card)s cards scores %(value)s points, once. "
                    "If players tie for the most, nobody scores them."
                ),
                card=card_ref(donuts[0]),
                value=donut["value"],
            ),
            moves=({"type": "take_food", "value": donut["value"]},),
        )
    if BONUS in drawn:
        bonus = cards[BONUS]
        matching = [c for c in collection if cards[c].get("cuisine") == bonus["bonus"]]
        return Advice(
            say=msg(
                ngettext_noop(
                    "You have %(n)s card, so you draw %(draw)s to make 9. Take the %(card)s: one "
                    "point for each food of its cuisine in your collection.",
                    "You have %(n)s cards, so you draw %(draw)s to make 9. Take the %(card)s: one "
                    "point for each food of its cuisine in your collection.",
                ),
                n=len(collection),
                draw=len(drawn),
                card=card_ref(BONUS),
            ),
            why=msg(
                ngettext_noop(
                    "You already have %(n)s such food, so it's worth %(n)s point now, more later.",
                    "You already have %(n)s such foods, so it's worth %(n)s points now, more later.",
                ),
                n=len(matching),
            ),
            moves=({"type": "take_bonus", "card": BONUS},),
        )
    fourth = _food_cards(state, drawn, FOURTH_FOOD)
    if fourth and collection:
        card = cards[fourth[0]]
        same_cuisine = [c for c in collection if cards[c].get("cuisine") == card["cuisine"]]
        bonus_cuisines = {cards[c]["bonus"] for c in collection if cards[c]["kind"] == "bonus"}
        why = (
            msg(
                gettext_noop(
                    "%(card)s cards are %(cuisine)s food, so your bonus grows from %(before)s to "
                    "%(after)s points."
                ),
                card=card_ref(fourth[0]),
                cuisine=msg(CUISINE_WORDS[card["cuisine"]]),
                before=len(same_cuisine),
                after=len(same_cuisine) + len(fourth),
            )
            if card["cuisine"] in bonus_cuisines
            else None
        )
        return Advice(
            say=msg(
                ngettext_noop(
                    "Take the %(n)s %(card)s (value %(value)s): the player with the most scores %(value)s.",
                    "Take the %(n)s %(card)s cards (value %(value)s): the player with the most scores "
                    "%(value)s.",
                ),
                n=len(fourth),
                card=card_ref(fourth[0]),
                value=card["value"],
            ),
            why=why,
            moves=({"type": "take_food", "value": card["value"]},),
        )
    if raccoons:
        return Advice(
            say=msg(
                ngettext_noop(
                    "Take the Raccoon: it steals a card of your choice from another player's collection.",
                    "Take the %(n)s Raccoons: each one steals a card of your choice from another "
                    "player's collection.",
                ),
                n=len(raccoons),
            ),
            why=msg(gettext_noop("Raccoons lie face down beside your collection and don't fill it.")),
            moves=({"type": "take_raccoons"},),
        )
    return Advice(say=msg(gettext_noop("Take what you like best.")))


def bot_move(engine: Engine, state: State, seat: int) -> Action | None:
    """Until the lesson is over: take the most valuable food drawn."""
    if lesson_over(state) or state["turn"] != seat or state["phase"] != "choose":
        return None
    values = [state["cards"][c]["value"] for c in state["drawn"] if state["cards"][c]["kind"] == "food"]
    return {"type": "take_food", "value": max(values)} if values else None


TUTORIALS = (
    Tutorial(
        game="snack-wars",
        seats=2,
        seed=23,
        coach=coach,
        deck=DECK,
        options={"max_turns": 16},
        bot_move=bot_move,
    ),
)
