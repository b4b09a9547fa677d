"""Learn to play Appetite: one whole hand against one bot, with a coach at your side.

The stacked deal gives you four Desserts first, so you learn to show such a hand and get a new
one. Then the hand's four rounds teach the rest: the Total adds up and may not go over the
Appetite (10, 20, 30, 40); no suit twice in a row; hitting the Appetite exactly scores at once
with a bonus Dessert icon and clears the table; a Dessert card marks icons instead of a number
(four icons write 30); when everybody passes, whoever played the last card scores the Total.
The short-game options (2 boxes a column, one hand) make that hand the whole game, so the
lesson ends with the result. The bot plays along (`bot_move`) with the cards it was dealt.

The Appetite cards are meals by the clock, with no nutrition data: this coach speaks of numbers
and suits only.

About 250 words to read over 7 moves (counted from the lesson itself), 5 bot moves at the
relaxed pace: 2 to 3 minutes at a child's 100 to 150 words a minute.
"""

from __future__ import annotations

from games.engines.appetite_scoring import (
    APPETITE_STEP,
    DESSERT_BOX_POINTS,
    ICONS_PER_DESSERT_BOX,
    ROUNDS_PER_HAND,
    SUIT_NAME,
    card_label,
    sheet_points,
)
from games.engines.base import Action, Engine, State
from games.engines.messages import Text, gettext_noop, msg, ngettext_noop
from games.tutorials import LEARNER, Advice, Tutorial

FIRST_HAND = ("dessert-1", "dessert-2", "dessert-3", "dessert-4", "lunch-1")
NEW_HAND = ("lunch-6", "dinner-1", "dessert-5", "breakfast-4", "breakfast-5")
BOT_HAND = ("breakfast-3", "lunch-5", "dinner-2", "dinner-9", "lunch-9")
# The deal goes one card at a time, you first; your new hand comes from the top of the rest.
DECK = (*(card for pair in zip(FIRST_HAND, BOT_HAND, strict=True) for card in pair), *NEW_HAND)
# The bot opens rounds 2, 3 and 4 and answers your first card with these, in this order.
BOT_PLAN = ("breakfast-3", "lunch-5", "dinner-2", "dinner-9")


def _card(state: State, card_id: str) -> dict:
    return state["cards"][card_id]


def _play(engine: Engine, state: State, card_id: str) -> Action:  # noqa: ARG001
    return {"type": "play", "card": card_id}


def _playable(engine: Engine, state: State) -> list[str]:
    return [a["card"] for a in engine.legal_actions(state, LEARNER) if a["type"] == "play"]


def _satisfying(engine: Engine, state: State) -> Advice | None:
    """A card that makes the Total exactly the Appetite (a Dessert first, to learn its icons)."""
    appetite = engine.appetite(state)
    hits = [c for c in _playable(engine, state) if state["total"] + _card(state, c)["number"] == appetite]
    desserts = [c for c in hits if _card(state, c)["suit"] == "dessert"]
    hits = desserts or hits
    if not hits:
        return None
    card = _card(state, hits[0])
    say = msg(
        gettext_noop(
            "Play the %(card)s: %(total)s + %(n)s = %(appetite)s, exactly the Appetite! You score now."
        ),
        card=card_label(card),
        total=state["total"],
        n=card["number"],
        appetite=appetite,
    )
    if card["suit"] == "dessert":
        why: Text = msg(
            gettext_noop(
                "A Dessert marks an icon instead of a number, plus a bonus icon: 2 icons. %(icons)s "
                "icons make %(points)s points."
            ),
            icons=ICONS_PER_DESSERT_BOX,
            points=DESSERT_BOX_POINTS,
        )
    else:
        why = msg(
            gettext_noop(
                "You write %(appetite)s in your %(suit)s column and get a bonus Dessert icon. Then the "
                "table is cleared."
            ),
            appetite=appetite,
            suit=msg(SUIT_NAME[card["suit"]]),
        )
    icons = state["sheets"][LEARNER]["icons"] + (2 if card["suit"] == "dessert" else 1)
    if icons >= ICONS_PER_DESSERT_BOX:
        why = [
            why,
            msg(
                gettext_noop("That makes %(icons)s Dessert icons: %(points)s points in your Dessert column!"),
                icons=icons,
                points=DESSERT_BOX_POINTS,
            ),
        ]
    return Advice(say=say, why=why, moves=tuple(_play(engine, state, c) for c in hits))


def coach(engine: Engine, state: State) -> Advice:
    result = state.get("result")
    if result is not None:
        points = sheet_points(state["sheets"][LEARNER])
        return Advice(
            say=msg(
                ngettext_noop(
                    "This short game is over: you scored %(n)s point. A real game ends when someone "
                    "fills two columns.",
                    "This short game is over: you scored %(n)s points. A real game ends when someone "
                    "fills two columns.",
                ),
                n=points,
            ),
            done=True,
        )
    if state["turn"] != LEARNER:
        return Advice(say=msg(gettext_noop("The other player's turn. Watch the Total!")))
    if state["phase"] == "redeal":
        return Advice(
            say=msg(
                gettext_noop(
                    "Four Desserts! You can't play one suit twice in a row, so this hand is hard. Show "
                    "it and get a new one."
                )
            ),
            why=msg(gettext_noop("You may do this once per hand, right after the deal.")),
            moves=({"type": "redeal"},),
        )
    appetite = engine.appetite(state)
    hit = _satisfying(engine, state)
    if hit is not None:
        return hit
    playable = _playable(engine, state)
    if state["must_play"] and playable:
        first = playable[0] if "lunch-6" not in playable else "lunch-6"
        return Advice(
            say=msg(
                gettext_noop(
                    "Round %(round)s: the Appetite is %(appetite)s. You start, so you must play: play "
                    "the %(card)s."
                ),
                round=state["round"],
                appetite=appetite,
                card=card_label(_card(state, first)),
            ),
            why=msg(gettext_noop("Cards add up to the Total. Make it exactly the Appetite, never more.")),
            moves=(_play(engine, state, first),),
        )
    if playable:
        return Advice(
            say=msg(
                gettext_noop(
                    "No card makes exactly %(appetite)s. Play one anyway: if everyone passes after you, "
                    "you score the Total."
                ),
                appetite=appetite,
            ),
            why=msg(gettext_noop("Cards stay on the table until someone hits the Appetite.")),
            moves=tuple(_play(engine, state, c) for c in playable),
        )
    last = state["table"][-1] if state["table"] else None
    why_words = [
        msg(gettext_noop("When everyone passes in a row, whoever played the last card scores the Total."))
    ]
    if last is not None and any(
        _card(state, c)["suit"] == _card(state, last["card"])["suit"] for c in state["hands"][LEARNER]
    ):
        suit = msg(SUIT_NAME[_card(state, last["card"])["suit"]])
        why_words.insert(0, msg(gettext_noop("You can't play a %(suit)s right after a %(suit)s."), suit=suit))
    if state["must_play"]:
        return Advice(
            say=msg(gettext_noop('None of your cards fit, so say "I can\'t play".')),
            moves=({"type": "cant_play"},),
        )
    return Advice(
        say=msg(gettext_noop("Nothing fits, so pass.")),
        why=why_words,
        moves=({"type": "pass"},),
    )


def bot_move(engine: Engine, state: State, seat: int) -> Action | None:
    """The bot plays its planned cards when they fit, else passes."""
    if state.get("result") is not None or state["turn"] != seat or state["phase"] != "play":
        return None
    playable = {a.get("card") for a in engine.legal_actions(state, seat) if a["type"] == "play"}
    for card_id in BOT_PLAN:
        if card_id in playable:
            return {"type": "play", "card": card_id}
    return None  # nothing planned fits: the bot passes or says it can't play, as any bot


# One hand of four rounds (round 4 has Appetite 40).
assert ROUNDS_PER_HAND * APPETITE_STEP == 40

TUTORIALS = (
    Tutorial(
        game="appetite",
        seats=2,
        seed=23,
        coach=coach,
        deck=DECK,
        options={"boxes": 2, "max_hands": 1},
        bot_move=bot_move,
    ),
)
