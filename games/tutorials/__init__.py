"""Learn to play: a guided first game per game, a coach at the learner's side (issue 23).

Pure Python, no Django import (like games.engines): the web layer creates the match
(games.services), refuses the moves the coach does not want (with its hint) and draws the coach.

A tutorial is a real match of the game against bots, dealt from a stacked deck (a fixed seed and
`deck`, cards top first) with short-game options, always at the relaxed pace. The learner is
seat 0. At every state the coach (`Tutorial.coach`) gives seat 0 an `Advice`:

- `say`: what to do now, in a child's words; `why`: the nutrition (or the rule) behind it, from
  the cards' real numbers where it matters ("Broccoli wins: one cup has almost a whole day's
  vitamin C");
- `moves`: the moves the coach accepts now (each a legal action's fields without "version": a
  move matches when every field listed here is equal, so {"type": "flip"} accepts any flip);
  empty: any legal move (or nothing to do: watch the bots);
- `hint`: what the learner hears when they try another move (default: `say`);
- `done`: the lesson is over; the page says so and the learner may finish the game or leave.

Everything the coach says is a message (games.engines.messages: msg(gettext_noop(...), ...)), so
the web layer translates it like any engine text. Each game module lists its tutorials in
TUTORIALS; `tutorial_for(slug)` finds one.

On the web (for authors of a lesson): /games/<slug>/learn/ starts it; games.coaching draws the
coach for seat 0 only and marks the buttons of the moves in `moves` (data-coach-pick; the keyboard
lands on the first), so name moves exactly as the engine's legal actions spell them; the
scheduler plays `bot_move` when it names a legal move (else the bot chooses). Say only what the
learner may see: never a card of a bot's hand or of the stock. games.tutorials.facts words a
card's nutrition from its record.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from games.engines.base import Action, Engine, State
from games.engines.messages import Text

LEARNER = 0  # the learner's seat; every other seat is a bot


@dataclass(frozen=True)
class Advice:
    say: Text
    why: Text | None = None
    moves: tuple[Action, ...] = ()
    hint: Text | None = None
    done: bool = False


@dataclass(frozen=True)
class Tutorial:
    game: str  # the engine's slug
    seats: int  # players at the table: the learner and seats - 1 bots
    seed: int
    coach: Callable[[Engine, State], Advice]  # the advice for seat 0 at this state
    deck: tuple[str, ...] = ()  # stacked deck, card ids top first (the rest follow shuffled)
    options: dict = field(default_factory=dict)  # short-game options, checked by the engine
    bot_level: str = "beginner"
    # Optional: the move a bot makes at this state (None: the bot chooses as in any game), for a
    # lesson that needs the bots to play along.
    bot_move: Callable[[Engine, State, int], Action | None] | None = None


def move_matches(action: Action, wanted: Action) -> bool:
    """Every field the coach names is the move's (the version never counts)."""
    return all(action.get(key) == value for key, value in wanted.items() if key != "version")


def refusal(
    tutorial: Tutorial, engine: Engine, state: State, seat: int | None, action: Action
) -> Text | None:
    """The coach's words when the learner's move is not the one it is teaching now (None: the
    move may go on to the rules). Bots and the table are never refused here."""
    if seat != LEARNER:
        return None
    advice = tutorial.coach(engine, state)
    if advice.done or not advice.moves or not isinstance(action, dict):
        return None
    if any(move_matches(action, wanted) for wanted in advice.moves):
        return None
    return advice.hint or advice.say


# The modules that hold tutorials, one per engine module (games/tutorials/<module>.py, TUTORIALS).
TUTORIAL_MODULES = ("food_war", "snack_attack", "build_a_meal", "duel", "chomp", "appetite", "snack_wars")

_TUTORIALS: dict[str, Tutorial] = {}


def _load() -> dict[str, Tutorial]:
    if not _TUTORIALS:
        for name in TUTORIAL_MODULES:
            module = importlib.import_module(f"games.tutorials.{name}")
            for tutorial in module.TUTORIALS:
                _TUTORIALS[tutorial.game] = tutorial
    return _TUTORIALS


def tutorial_for(game: str) -> Tutorial | None:
    return _load().get(game)


def games_with_tutorials() -> list[str]:
    return list(_load())
