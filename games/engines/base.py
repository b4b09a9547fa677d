"""The engine contract every game follows (see docs/engines.md).

An engine is a set of pure functions over a JSON-serialisable state (a plain dict). Nothing here
imports Django: the web layer, bots, replays and tests all drive games through this surface.

    new_state(seats, *, seed, options=None, deck=None, cards=None) -> state
    to_move(state) -> set            seats that may act now; None in the set = the table itself
    legal_actions(state, seat) -> [action]    each action a JSON dict carrying "version"
    apply(state, seat, action) -> (new_state, events)      never mutates its input
    view(state, seat) -> dict        what that seat may see (seat None = spectator/teacher),
                                     with the zones, numbers and facts to draw (games.engines.zones)
    result(state) -> None | {"winners": [...], "scores": [...], "reason": text}
    action_text(state, action) -> text        a move's button words
    dump(state) -> dict / load(dict) -> state

Everything an engine says to people is a message id with parameters (games.engines.messages),
never a finished English sentence: the web layer translates it for each viewer.

Subclasses implement the underscored hooks; this base class does the checks every game shares
(the game is not over, the action is well formed, it is this seat's turn, the move was made
against the current version) so no engine can forget one. "Well formed" is each game's own
declaration, `action_fields`: every type of move it has and what each field holds, checked before
any rule reads a move, so no rule ever meets a float, a bool or a list where it counts on a
number or a card (`check_action`).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from games.engines.cards import load_deck_records
from games.engines.messages import Text, english, gettext_noop, msg

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

# Action fields that are not part of what a button says.
_NOT_WORDS = ("type", "version", "after_ms", "clock_ms")
# Action fields that name a seat.
_SEAT_FIELDS = ("seat", "target", "victim", "player")
# Button words some actions carried in older logs: text, never part of the move.
_LABEL = "label"


class IllegalAction(Exception):
    """A move the rules do not allow, with a message a ten-year-old understands.

    `text` is the message (games.engines.messages: an id with parameters, or a plain id), for
    the web layer to translate for the player; `message` is the same in English, for logs and
    tests."""

    def __init__(self, text: Text, *, code: str = "illegal"):
        self.text = text
        self.message = english(text)
        self.code = code
        super().__init__(self.message)


@dataclass(frozen=True)
class Option:
    """A game option a player picks before the game starts. `label`, `help` and the choices'
    labels are message ids (mark them with gettext_noop): the web layer translates them."""

    name: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()  # (value, label); empty = any int in [minimum, maximum]
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def clean(self, value: Any) -> Any:
        label = msg(self.label)
        if value is None:
            return self.default
        if self.choices:
            allowed = [choice for choice, _ in self.choices]
            if value not in allowed:
                raise IllegalAction(
                    msg(
                        gettext_noop("'%(value)s' is not a choice for %(label)s."),
                        value=str(value),
                        label=label,
                    ),
                    code="bad_option",
                )
            return value
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise IllegalAction(
                    msg(gettext_noop("%(label)s must be yes or no."), label=label), code="bad_option"
                )
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(
                msg(gettext_noop("%(label)s must be a whole number."), label=label), code="bad_option"
            )
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise IllegalAction(
                msg(
                    gettext_noop("%(label)s must be between %(low)s and %(high)s."),
                    label=label,
                    low=self.minimum,
                    high=self.maximum,
                ),
                code="bad_option",
            )
        return value


def _holds(value: Any, kind: type) -> bool:
    """Does an action field hold its declared kind? int: a whole number, never a bool (True is
    1 to Python, not to a game); str: text."""
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _malformed() -> IllegalAction:
    return IllegalAction(gettext_noop("That move doesn't make sense."), code="malformed")


def event(text: Text, *, to: list[int] | None = None, **data: Any) -> Event:
    """Something that happened, told in the past tense as a message (games.engines.messages):
    event(msg(gettext_noop("%(who)s ate %(card)s."), you=gettext_noop("You ate %(card)s."),
    who=seat_ref(1), card=card_ref("apple-1"))). `to` limits who may see it (None = everyone at the
    table, spectators included): a message about a card only some seats may see goes only to
    them. Extra data is for the UI (highlighting); it is never shown as words.
    """
    return {"text": text, "to": to, **data}


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """Only the events this seat may see (a spectator sees only public ones)."""
    return [e for e in events if e["to"] is None or (seat is not None and seat in e["to"])]


def clone(value: Any) -> Any:
    """A deep copy of plain JSON data, faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def strings_in(value: Any) -> set[str]:
    """Every string anywhere in a JSON value (keys included): used to prove views hide cards."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


@dataclass
class Engine:
    """Base class of every game engine. One instance per game slug, shared and stateless."""

    slug: str = ""
    name: str = ""  # the game's name, a message id ("Food War")
    title: str = ""  # a one-line summary for the catalogue, a message id
    min_seats: int = 2
    max_seats: int = 2
    deck_slug: str = "eat-right"
    realtime: bool = False
    # What result["scores"] count, for the words beside them: "points", "cards", "rounds"
    # (rounds won) or "meals" (balanced meals). Higher is always better.
    score_unit: str = "points"
    options: tuple[Option, ...] = field(default_factory=tuple)
    # Options that make a short game (browser smoke tests, classroom demos).
    quick_options: dict = field(default_factory=dict)
    # A button's words for each action type, message ids with the action's fields as
    # parameters ("Eat %(card)s"); see action_text.
    action_words: dict = field(default_factory=dict)
    # Every action type and its fields besides "type" and "version", each with what it holds:
    # int (a whole number) or str. {"shop": {"spot": int}, "eat": {"card": str}, "snack_attack":
    # {}}; table actions too ({"flip": {"after_ms": int}}). See check_action.
    action_fields: dict[str, dict[str, type]] = field(default_factory=dict)

    # ----- the public contract ---------------------------------------------------------------

    def new_state(
        self,
        seats: int,
        *,
        seed: int,
        options: dict | None = None,
        deck: list[str] | None = None,
        cards: list[dict] | None = None,
    ) -> State:
        """A new game. `deck` stacks the cards (ids, top first); `cards` are the card records
        (None = the shipped deck data); `options` are checked against self.options."""
        if not isinstance(seats, int) or not self.min_seats <= seats <= self.max_seats:
            raise IllegalAction(
                msg(
                    gettext_noop("%(game)s needs %(low)s to %(high)s players."),
                    game=msg(self.name),
                    low=self.min_seats,
                    high=self.max_seats,
                ),
                code="bad_seats",
            )
        records = cards if cards is not None else _shipped_records(self.deck_slug)
        # Records in id order, so the deal depends only on the seed and the set of cards, never
        # on how they were stored (PostgreSQL's jsonb does not keep an object's key order).
        records = sorted(records, key=lambda record: record["id"])
        state: State = {
            "game": self.slug,
            "seats": seats,
            "seed": seed,
            "rng": 0,
            "version": 0,
            "options": self.clean_options(options),
            "cards": {c["id"]: c for c in records},
        }
        usable = self.deck_for(state, records)
        if deck is not None:
            known = {c["id"] for c in usable}
            unknown = [card_id for card_id in deck if card_id not in known]
            if unknown or len(set(deck)) != len(deck):
                raise IllegalAction(
                    msg(
                        gettext_noop("The stacked deck has unknown or repeated cards: %(cards)s."),
                        cards=", ".join(unknown) or "-",
                    )
                )
            order = list(deck) + [c["id"] for c in usable if c["id"] not in set(deck)]
        else:
            order = [c["id"] for c in usable]
            self.rng(state).shuffle(order)
        self._setup(state, order)
        return state

    def clean_options(self, options: dict | None) -> dict:
        options = dict(options or {})
        unknown = set(options) - {o.name for o in self.options}
        if unknown:
            raise IllegalAction(
                msg(gettext_noop("Unknown options: %(names)s."), names=", ".join(sorted(unknown))),
                code="bad_option",
            )
        return {o.name: o.clean(options.get(o.name)) for o in self.options}

    def to_move(self, state: State) -> set[int | None]:
        if self.result(state) is not None:
            return set()
        return self._to_move(state)

    def legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [{**action, "version": state["version"]} for action in self._legal_actions(state, seat)]

    def apply(self, state: State, seat: int | None, action: Action) -> tuple[State, list[Event]]:
        self._check_common(state, seat, action)
        move = {k: v for k, v in action.items() if k not in ("version", _LABEL)}
        if move["type"] not in self.action_fields:  # none of this game's moves: read no field
            self._explain_illegal(state, seat, {"type": move["type"]})
            raise IllegalAction(gettext_noop("That move isn't allowed right now."))
        if not self._is_legal(state, seat, move):
            self._explain_illegal(state, seat, move)  # raises a specific message when it can
            raise IllegalAction(gettext_noop("That move isn't allowed right now."))
        if set(self.action_fields[move["type"]]) - set(move):  # rules that forgot a field
            raise _malformed()
        new = {k: (v if k == "cards" else clone(v)) for k, v in state.items()}
        events = self._apply(new, seat, move)
        new["version"] = state["version"] + 1
        return new, events

    def check_action(self, action: Any) -> None:
        """Refuse (IllegalAction "malformed", in a child's words) a move not shaped like a move:
        a dict with a text "type" and a whole-number "version", whose other fields, when the type
        is one of this game's (`action_fields`), are each declared for it and hold their kind (a
        "label" from an older log may be text). Left to the rules, which refuse them in the
        game's own words: a type the game doesn't have (apply then reads none of its fields),
        and a declared field that is missing (such a move is never a legal one)."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise _malformed()
        if not _holds(action.get("version"), int):
            raise _malformed()
        fields = self.action_fields.get(action["type"])
        if fields is None:
            return
        for key, value in action.items():
            if key in ("type", "version"):
                continue
            kind = str if key == _LABEL else fields.get(key)
            if kind is None or not _holds(value, kind):
                raise _malformed()

    def rebase_action(self, state: State, seat: int | None, action: Action) -> Action:
        """Called by the server before apply, for moves that raced each other: a real-time game
        may move an action made against an older version up to the current one when it is
        still meaningful (a second slap on the same flip; `_rebase_action`). A move that is not
        well formed comes back unchanged, for apply to refuse."""
        try:
            self.check_action(action)
        except IllegalAction:
            return action
        if action["type"] not in self.action_fields:
            return action
        return self._rebase_action(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict:
        """What this seat may see: the game's own keys (bots read them) plus what to draw,
        "zones", "numbers" and "facts" (games.engines.zones), and a "status" message."""
        return {
            "game": self.slug,
            "version": state["version"],
            "seats": state["seats"],
            "seat": seat,
            "options": state["options"],
            "to_move": sorted(self.to_move(state), key=lambda s: -1 if s is None else s),
            "result": self.result(state),
            "zones": [],
            "numbers": [],
            "facts": [],
            "status": None,
            **self._view(state, seat),
        }

    def action_text(self, state: State, action: Action) -> Text:
        """A move's button words, a message: `action_words[type]` with the action's fields as
        parameters (a card id becomes the card, a seat field the seat). Games override this for
        words that need more than the action ("Take Donut (4)")."""
        words = self.action_words.get(action.get("type"))
        params: dict[str, Any] = {}
        for key, value in action.items():
            if key in _NOT_WORDS or key == "label":
                continue
            if isinstance(value, str) and value in state["cards"]:
                params[key] = {"card": value}
            elif (
                isinstance(value, list)
                and value
                and all(isinstance(v, str) and v in state["cards"] for v in value)
            ):
                params[key] = {"cards": list(value)}
            elif key in _SEAT_FIELDS and isinstance(value, int) and not isinstance(value, bool):
                params[key] = {"seat": value}
            else:
                params[key] = value
        if words is None:  # a move the game forgot to name: its type, as it is
            return str(action.get("type", "?")).replace("_", " ").replace("-", " ").capitalize()
        return msg(words, **params)

    def result(self, state: State) -> dict | None:
        return state.get("result")

    def dump(self, state: State) -> dict:
        return json.loads(json.dumps(state))

    def load(self, data: dict) -> State:
        if data.get("game") != self.slug:
            raise ValueError(f"This saved game is {data.get('game')!r}, not {self.slug!r}.")
        return json.loads(json.dumps(data))

    # ----- helpers for subclasses -----------------------------------------------------------

    def rng(self, state: State) -> random.Random:
        """A fresh random stream derived from the seed and a counter kept in the state, so every
        shuffle is reproducible from (seed, moves) and the state stays plain JSON."""
        state["rng"] += 1
        return random.Random(f"{state['seed']}/{state['rng']}")

    def option(self, state: State, name: str) -> Any:
        return state["options"][name]

    def card(self, state: State, card_id: str) -> dict:
        return state["cards"][card_id]

    def deck_for(self, state: State, records: list[dict]) -> list[dict]:
        """The cards this game plays with (default: every in-play card of the deck)."""
        return [c for c in records if c.get("in_play", True)]

    # ----- for the conformance suite --------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        """Every card id in every zone of the game (removed piles included), to prove no card
        is ever created or lost."""
        raise NotImplementedError

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """Card ids this seat must not be able to see right now."""
        raise NotImplementedError

    # ----- hooks each game implements -------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        raise NotImplementedError

    def _to_move(self, state: State) -> set[int | None]:
        raise NotImplementedError

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        raise NotImplementedError

    def _is_legal(self, state: State, seat: int | None, move: Action) -> bool:
        """Default: the move is one of the listed legal actions. Games whose actions take free
        parameters (choose several targets...) override this with a direct check."""
        return move in self._legal_actions(state, seat)

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        """Raise IllegalAction with the rule that forbids this move, in a child's words."""

    def _rebase_action(self, state: State, seat: int | None, action: Action) -> Action:
        """See rebase_action (the action is well formed and one of this game's types). Default:
        unchanged, so apply refuses anything stale."""
        return action

    def _refuse_early(self, state: State, seat: int | None, action: Action) -> None:
        """A game's own refusals that come before the shared version and turn checks (CHOMP!
        says "too late" rather than "the game moved on"). The action is well formed and one of
        this game's types."""

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        raise NotImplementedError

    def _view(self, state: State, seat: int | None) -> dict:
        raise NotImplementedError

    # ----- shared checks --------------------------------------------------------------------

    def _check_common(self, state: State, seat: int | None, action: Action) -> None:
        if self.result(state) is not None:
            raise IllegalAction(gettext_noop("This game is over."), code="game_over")
        self.check_action(action)
        if action["type"] in self.action_fields:
            self._refuse_early(state, seat, action)
        if action["version"] != state["version"]:
            raise IllegalAction(
                gettext_noop("The game moved on before your move arrived. Look again and choose."),
                code="stale",
            )
        if seat is not None and (not _holds(seat, int) or not 0 <= seat < state["seats"]):
            raise IllegalAction(gettext_noop("That seat isn't at this table."), code="bad_seat")
        if seat not in self.to_move(state):
            if seat is not None:
                raise IllegalAction(gettext_noop("It isn't your turn."), code="not_your_turn")
            raise IllegalAction(gettext_noop("The table can't act right now."), code="not_your_turn")


_RECORD_CACHE: dict[str, list[dict]] = {}


def _shipped_records(deck_slug: str) -> list[dict]:
    """The shipped card records of a deck (foodcards/data/<deck>.json), read once."""
    if deck_slug not in _RECORD_CACHE:
        _RECORD_CACHE[deck_slug] = load_deck_records(deck_slug)
    return _RECORD_CACHE[deck_slug]
