"""Learn to play the four CHOMP! games: a guided first game each (issue 23).

Each lesson is a stacked deal: the piles below say, flip by flip, what each seat turns over
(the learner is seat 0), and the coach (games.tutorials.chomp_coach) explains every flip from
the cards' records. A lesson's game ends with its last flip (max_rounds), so it lasts as long
as the lesson: at the relaxed pace a countdown of 5 s is 15 s, the time to read the last round's
words, and a slap window of 8 s is 24 s, the time to read what to do and slap.

What each lesson teaches, flip by flip:

CHOMP! (you and two bots): slap the lowest creature with a higher card and take only what your
card can chomp; don't slap when yours is the lowest (a bot chomps it); everyone else lowest wins
at once; the Electric Eel's Feeding Frenzy; an Octopus Ink Out where a bot makes a Bad Chomp and
you take those cards on the next flip; a tie with a bot, and the next flip that takes it all.

Double CHOMP! (you and a bot, two cards each): slap the lowest and take all four; your own card
is the lowest (the bot chomps); both flip the lowest (nobody may chomp); the Feeding Frenzy; an
Ink Out with the bot's Bad Chomp, then the flip that takes it all.

Quick CHOMP!: slap the lower card, even your own; same creature is war (two down, one up, the
higher takes all); slap the Electric Eel; the Octopus (one more card, the higher takes all); the
bot slaps the higher card (a Bad Chomp), you slap the lower and take its cards too.

Underwater War: slap the Electric Eel, even your own; the higher card wins with no slap (you
win, then the bot wins); same creature is war, and the bot's slap in a war is a Bad Chomp; the
Octopus (one more card each, the higher takes all); slap the bot's Electric Eel.
"""

from __future__ import annotations

from games.engines.cards import load_deck_records
from games.engines.messages import gettext_noop, msg
from games.tutorials import Tutorial
from games.tutorials.chomp_coach import Lesson, bot_move, coach

TIMING = {"flip_countdown_ms": 5000, "reaction_window_ms": 8000, "tie_window_ms": 500}


def stack(piles: list[list[str]]) -> tuple[str, ...]:
    """The deck (ids, top first) that deals these piles: cards are dealt one at a time round
    the table, so seat s gets deck[s], deck[s + seats], ... Each pile names creatures in the
    order that seat draws them (flips, war cards, Bad Chomp cards); ids are given in deck
    order, and shorter piles are topped up with unused cards so every pile is stacked."""
    records = [r for r in load_deck_records("chomp") if r.get("in_play", True)]
    free: dict[str, list[str]] = {}
    for record in records:
        free.setdefault(record["kind"], []).append(record["id"])
    named = [[free[kind].pop(0) for kind in pile] for pile in piles]
    spare = [card for kind in sorted(free) for card in free[kind]]
    longest = max(len(pile) for pile in named)
    for pile in named:
        while len(pile) < longest:
            pile.append(spare.pop(0))
    return tuple(pile[i] for i in range(longest) for pile in named)


def _tutorial(game: str, lesson: Lesson, seats: int, seed: int, piles: list[list[str]], **timing) -> Tutorial:
    return Tutorial(
        game=game,
        seats=seats,
        seed=seed,
        deck=stack(piles),
        options={**TIMING, **timing, "max_rounds": lesson.flips},
        coach=lambda engine, state: coach(lesson, engine, state),
        bot_move=lambda engine, state, seat: bot_move(lesson, engine, state, seat),
    )


CHOMP_LESSON = Lesson(
    mode="chomp",
    flips=8,
    welcome=msg(
        gettext_noop(
            "Welcome to CHOMP! Everyone flips a card. Slap the lowest creature, "
            "but only if your card is higher!"
        )
    ),
    # flip 2: Bot 2 chomps your Plankton; flip 5: Bot 2 slaps in the Ink Out; flip 7: Bot 2 ties.
    bots={2: ("win", 2), 5: ("bad", 2), 7: ("tie", 2)},
)
CHOMP_PILES = [
    # flip:  1       2            3          4               5          6            7           8
    ["seal", "plankton", "shark", "big-fish", "seal", "big-fish", "big-fish", "shark"],
    ["shrimp", "little-fish", "little-fish", "electric-eel", "octopus", "little-fish", "shrimp", "shrimp"],
    # Bot 2 pays one card face down for its Bad Chomp in flip 5 (the Seal after the Shrimp).
    ["shark", "big-fish", "little-fish", "shark", "shrimp", "seal", "shrimp", "seal", "little-fish"],
]

DOUBLE_LESSON = Lesson(
    mode="double-chomp",
    flips=7,
    welcome=msg(
        gettext_noop(
            "Welcome to Double CHOMP! You each flip two cards. "
            "Slap the lowest creature first and take all four!"
        )
    ),
    bots={2: ("win", 1), 6: ("bad", 1)},
)
DOUBLE_PILES = [
    # two cards a flip: 1, 2, 3 (both lowest), 4, 5 (Eel), 6 (Octopus), 7
    [
        "seal",
        "little-fish",
        "plankton",
        "shark",
        "shrimp",
        "big-fish",
        "shark",
        "little-fish",
        "little-fish",
        "big-fish",
        "octopus",
        "seal",
        "big-fish",
        "shark",
    ],
    # the bot's Bad Chomp card (a Big Fish) comes after flip 6
    [
        "big-fish",
        "shrimp",
        "little-fish",
        "seal",
        "shrimp",
        "seal",
        "plankton",
        "big-fish",
        "electric-eel",
        "shark",
        "shrimp",
        "little-fish",
        "big-fish",
        "little-fish",
        "shrimp",
    ],
]

QUICK_LESSON = Lesson(
    mode="quick-chomp",
    flips=8,
    welcome=msg(
        gettext_noop(
            "Welcome to Quick CHOMP! You each flip a card. "
            "Race to slap the lower creature, even if it's yours!"
        )
    ),
    bots={8: ("bad", 1)},
)
QUICK_PILES = [
    # flips 1, 2, 3 (war), 4 (two down, one up), 5 (Eel), 6 (Octopus), 7 (one more), 8
    [
        "seal",
        "little-fish",
        "big-fish",
        "shrimp",
        "plankton",
        "seal",
        "shrimp",
        "little-fish",
        "shark",
        "shark",
    ],
    [
        "shrimp",
        "big-fish",
        "big-fish",
        "little-fish",
        "shrimp",
        "little-fish",
        "electric-eel",
        "octopus",
        "seal",
        "little-fish",
        "seal",
    ],
]

WAR_LESSON = Lesson(
    mode="underwater-war",
    flips=8,
    welcome=msg(
        gettext_noop(
            "Welcome to Underwater War! The card higher on the food chain takes both. "
            "Slap only an Electric Eel!"
        )
    ),
    bots={4: ("bad", 1)},
)
# Underwater War's first flip is the Electric Eel: the learner slaps at once, then watches.
# fmt: off
WAR_PILES = [
    # flips 1 (your Eel), 2, 3, 4 (war), 5 (two down, one up), 6 (Octopus), 7 (one more), 8 (its Eel)
    ["electric-eel", "seal", "shrimp", "little-fish", "plankton", "shrimp", "shark", "big-fish", "seal",
     "little-fish"],
    # the bot's Bad Chomp card (a Big Fish) comes after flip 4
    ["shark", "little-fish", "big-fish", "little-fish", "big-fish", "big-fish", "little-fish", "seal",
     "octopus", "shrimp", "electric-eel"],
]
# fmt: on

TUTORIALS = (
    _tutorial("chomp", CHOMP_LESSON, 3, 23, CHOMP_PILES),
    _tutorial("double-chomp", DOUBLE_LESSON, 2, 23, DOUBLE_PILES),
    _tutorial("quick-chomp", QUICK_LESSON, 2, 23, QUICK_PILES),
    _tutorial("underwater-war", WAR_LESSON, 2, 23, WAR_PILES),
)
