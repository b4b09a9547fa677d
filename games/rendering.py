"""The one per-seat renderer: what a seat sees, as template context and as HTML.

Both the htmx responses (views) and the websocket pushes (consumers) call `live_html`, and
everything in it is built from engine.view(state, seat), that seat's own legal actions and the
events that seat may see (events_for): another seat's hidden cards never reach this module.

The board is laid out from the view itself: lists of card ids become rows of card pictures, per
seat lists become each player's zones, per-seat numbers become columns of the players' table.
A game can replace the board with its own partial in games/play/<slug>.html.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bots import bot_levels
from games.catalog import game_name
from games.changes import FEED_LENGTH, MatchChange
from games.engines import IllegalAction, get_engine
from games.engines.base import events_for
from games.models import Match, MatchAction, Seat
from games.services import match_state

# View keys the page shows elsewhere (header, players' table, result screen).
COMMON_KEYS = {"game", "version", "seats", "seat", "options", "to_move", "result"}
# Names of empty lists that are still card zones worth showing ("Your hand: empty").
ZONE_WORDS = ("hand", "pile", "deck", "table", "cards", "played", "stack", "meal", "collection", "discard")
OWN_KEYS = {"hand", "plate", "picked", "my_cards", "own"}
# Bookkeeping in views that players don't need spelled out.
SKIP_KEYS = {"timers", "table_action", "title", "mode", "phase", "turn", "round_kind", "dealer", "claim"}
SKIP_KEYS |= {"last", "last_turn", "last_score", "last_round", "plate_check", "round_history", "stat"}
SKIP_KEYS |= {"must_play", "extra_turn", "tie", "waiting", "battle", "has_picked", "picked", "last_player"}
ZONE_WORDS += ("won", "plate", "pot", "center", "centre", "trick", "draft", "pool", "face", "tableau")


@dataclass
class CardView:
    id: str
    name: str
    image: str
    actions: list[dict] = field(default_factory=list)  # [{"label", "vals"}]
    reason: str = ""  # why this card can't be played now (own cards on your turn)
    owner_name: str = ""  # whose card it is, for cards laid out in the middle


@dataclass
class Zone:
    label: str
    owner: int | None
    cards: list[CardView]
    key: str = ""
    owner_name: str = ""


def seat_names(match: Match, seat: int | None, seats: list[Seat] | None = None) -> list[str]:
    names = []
    for row in seats if seats is not None else match.seat_set.all():
        if row.number == seat:
            names.append(_("You"))
        elif row.kind == Seat.Kind.BOT:
            names.append(
                _("%(level)s bot %(number)s") % {"level": row.bot_level.title(), "number": row.number + 1}
            )
        elif row.kind == Seat.Kind.HUMAN:
            names.append(row.nickname or _("Player %(number)s") % {"number": row.number + 1})
        else:
            names.append(_("Open seat"))
    return names


_SEAT_PLACEHOLDER = re.compile(r"\{s(\d+)\}('s)?")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)$")
# Engines write about seats in the third person ("{s0} is out", "{s1} plays a card or passes");
# when the seat is "You" the verb and "their" must follow: "You are out", "You play... or pass".
_YOU_VERBS = {
    "is": "are", "was": "were", "has": "have", "does": "do", "goes": "go", "plays": "play",
    "passes": "pass", "takes": "take", "wins": "win", "gets": "get", "draws": "draw", "eats": "eat",
    "picks": "pick", "keeps": "keep", "chooses": "choose", "swaps": "swap", "slaps": "slap",
}  # fmt: skip
_YOU_POSSESSIVES = {"their": "your", "theirs": "yours", "themselves": "yourself"}
_YOU_SENTENCE = re.compile(r"(?:^|(?<=[.!?]\s))\x00You\x00 (?!and\b)([^.!?]*)")


def _you_sentence(found: re.Match) -> str:
    """One sentence whose subject is "You" alone: conjugate its verbs, make "their" "your"."""
    words = found.group(1).split(" ")
    for index, word in enumerate(words):
        if word in _YOU_POSSESSIVES:
            words[index] = _YOU_POSSESSIVES[word]
        elif word in _YOU_VERBS and (index == 0 or words[index - 1] in ("or", "and", "then")):
            words[index] = _YOU_VERBS[word]
    return _("You") + " " + " ".join(words)


def say(text: str, names: list[str]) -> str:
    """Put names into an event's {s0}.. placeholders ("{s1} ate Apple." -> "You ate Apple."),
    with "You" reading right wherever it lands ("{s0} is out" -> "You are out", "chose you")."""

    you = _("You")

    def name(found: re.Match) -> str:
        number = int(found.group(1))
        if number >= len(names):
            return found.group(0)
        starts_sentence = bool(_SENTENCE_START.search(text[: found.start()]))
        if names[number] == you:
            if found.group(2):  # "{s0}'s pile" -> "your pile"
                return _("Your") if starts_sentence else _("your")
            return "\x00" + you + "\x00" if starts_sentence else you.lower()
        return names[number] + (found.group(2) or "")

    said = _SEAT_PLACEHOLDER.sub(name, text)
    return _YOU_SENTENCE.sub(_you_sentence, said).replace("\x00", "")


def _humanize(key: str) -> str:
    return key.replace("_", " ").replace("-", " ").strip().capitalize()


def action_label(action: dict, cards: dict, names: list[str]) -> str:
    """A button's words for a move, e.g. {"type": "eat", "card": "apple-1"} -> "Eat Apple"."""
    if isinstance(action.get("label"), str):
        return say(action["label"], names)
    words = [_humanize(action["type"])]
    for key, value in action.items():
        if key in ("type", "version", "after_ms", "label"):
            continue
        if isinstance(value, str) and value in cards:
            words.append(cards[value].get("name", value))
        elif isinstance(value, list) and value and all(isinstance(v, str) and v in cards for v in value):
            words.append(", ".join(cards[v].get("name", v) for v in value))
        elif key in ("target", "seat", "victim", "player") and isinstance(value, int) and value < len(names):
            words.append(_("on %(name)s") % {"name": names[value]})
        elif key == "from" and isinstance(value, int) and not isinstance(value, bool) and value < len(names):
            words.append(_("from %(name)s") % {"name": names[value]})
        elif key == "from" and isinstance(value, str):
            words.append(_("from the %(place)s") % {"place": _humanize(value).lower()})
        elif key == "value" and isinstance(value, int):
            words.append(str(value))
        elif isinstance(value, bool):
            if value:
                words.append(_humanize(key))
        elif value is not None:
            words.append(f"{_humanize(key)}: {value}")
    return " ".join(str(word) for word in words)


def _card_ids_in(action: dict, cards: dict) -> list[str]:
    found = []
    for key, value in action.items():
        if key in ("type", "version"):
            continue
        if isinstance(value, str) and value in cards:
            found.append(value)
        elif isinstance(value, list):
            found.extend(v for v in value if isinstance(v, str) and v in cards)
    return found


class _Board:
    """Builds zones, per-seat numbers and other facts from a view.

    Cards appear in views as ids ("apple-1"), as records ({"id": "apple-1", ...}) or as
    placements ({"seat": 2, "card": ...}); all three become card pictures. Lists of cards become
    zones, per-seat lists become each player's zones, per-seat numbers become columns."""

    def __init__(self, view: dict, cards: dict, deck: str, names: list[str]):
        self.view, self.cards, self.deck, self.names = view, cards, deck, names
        self.seats = view["seats"]
        self.zones: list[Zone] = []
        self.columns: list[tuple[str, list]] = []  # per-seat numbers: (label, [value per seat])
        self.facts: list[tuple[str, str]] = []
        self.status = ""

    def card_id(self, value) -> str | None:
        """The card a view item stands for, if it is one."""
        if isinstance(value, str) and value in self.cards:
            return value
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and value["id"] in self.cards:
                return value["id"]
            if "card" in value:
                return self.card_id(value["card"])
        return None

    def card(self, value) -> CardView:
        card_id = self.card_id(value)
        record = self.cards[card_id]
        view = CardView(
            id=card_id, name=record.get("name", card_id), image=f"/cards/{self.deck}/{card_id}.png"
        )
        if isinstance(value, dict) and isinstance(value.get("seat"), int) and value["seat"] < len(self.names):
            view.owner_name = self.names[value["seat"]]
        return view

    def is_card_list(self, value) -> bool:
        return isinstance(value, list) and all(self.card_id(v) is not None for v in value)

    def build(self) -> _Board:
        for key, value in self.view.items():
            if key in COMMON_KEYS or key in SKIP_KEYS:
                continue
            if key == "status" and isinstance(value, str):
                self.status = say(value, self.names)
                continue
            # A seat's own view puts "hand", "plate"... at the top level: they are that seat's zones.
            owner = self.view.get("seat") if key in OWN_KEYS else None
            self.walk(key, value, owner=owner, label=_humanize(key), depth=0)
        return self

    def per_seat(self, value) -> bool:
        return isinstance(value, list) and len(value) == self.seats and self.seats > 0

    def walk(self, key: str, value, *, owner: int | None, label: str, depth: int) -> None:
        if self.card_id(value) is not None:
            self.zones.append(Zone(label=label, owner=owner, cards=[self.card(value)], key=key))
        elif self.is_card_list(value):
            if value or any(word in key.lower() for word in ZONE_WORDS):
                self.zones.append(
                    Zone(label=label, owner=owner, cards=[self.card(v) for v in value], key=key)
                )
        elif owner is None and self.per_seat(value) and all(_is_number(v) for v in value):
            self.columns.append((label, list(value)))
        elif owner is None and self.per_seat(value) and all(isinstance(v, list | dict) for v in value):
            for number, item in enumerate(value):
                self.walk(key, item, owner=number, label=label, depth=depth + 1)
        elif isinstance(value, dict):
            if key == "cards" and all(self.card_id(v) for v in value.values()):
                return  # a lookup table of the records of cards shown elsewhere
            if owner is None and value and all(_is_seat_key(k, self.seats) for k in value):
                for seat_key, item in value.items():
                    self.walk(key, item, owner=int(seat_key), label=label, depth=depth + 1)
                return
            for sub_key, item in value.items():
                if sub_key not in SKIP_KEYS and sub_key != "seat":
                    # {"meals": [{"cards": [...]}]}: the zone is the meal, not "cards".
                    sub_label = (
                        label if sub_key == "cards" and self.is_card_list(item) else _humanize(sub_key)
                    )
                    self.walk(sub_key, item, owner=owner, label=sub_label, depth=depth + 1)
        elif owner is not None and _is_number(value):
            self.add_seat_number(label, owner, value)
        elif owner is None and depth == 0 and (_is_number(value) or isinstance(value, str)) and value != "":
            self.facts.append((label, say(str(value), self.names)))
        elif isinstance(value, list) and value and all(isinstance(v, list | dict) for v in value):
            for item in value:
                self.walk(key, item, owner=owner, label=label, depth=depth + 1)

    def add_seat_number(self, label: str, owner: int, value) -> None:
        for column_label, values in self.columns:
            if column_label == label:
                values[owner] = value
                return
        values = [""] * self.seats
        values[owner] = value
        self.columns.append((label, values))


def _is_number(value) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_seat_key(key, seats: int) -> bool:
    return isinstance(key, str) and key.isdigit() and int(key) < seats


def _why_not(engine, state: dict, seat: int, card_id: str, types: list[str]) -> str:
    """The engine's own words for why this card can't be played now."""
    for action_type in types:
        try:
            engine.apply(state, seat, {"type": action_type, "card": card_id, "version": state["version"]})
        except IllegalAction as error:
            return error.message
        except Exception:  # an engine that can't even read the move: no reason to show
            return ""
    return ""


# ----- one database read per change, shared by every seat this process renders ----------------

_SNAPSHOTS: OrderedDict[tuple, tuple[Match, list[Seat], list[MatchAction]]] = OrderedDict()
_SNAPSHOT_LIMIT = 256
# Renders run in several threads (requests, sockets): the cache is only touched under this lock.
_SNAPSHOTS_LOCK = threading.Lock()


def _snapshot_key(match: Match) -> tuple:
    return (match.pk, match.version, match.status, match.changed_at.isoformat())


def _snapshot_keep(key: tuple, snapshot: tuple[Match, list[Seat], list[MatchAction]]) -> None:
    with _SNAPSHOTS_LOCK:
        _SNAPSHOTS[key] = snapshot
        while len(_SNAPSHOTS) > _SNAPSHOT_LIMIT:
            _SNAPSHOTS.popitem(last=False)


def match_rows(match: Match) -> tuple[list[Seat], list[MatchAction]]:
    """A match's seats and latest moves. After a change every open page redraws: the first
    render reads them, the other seats' renders (same version, same change) reuse them."""
    key = _snapshot_key(match)
    with _SNAPSHOTS_LOCK:
        cached = _SNAPSHOTS.get(key)
    if cached is None:
        seats = list(match.seat_set.all())
        recent = list(MatchAction.objects.filter(match=match).order_by("-index")[:FEED_LENGTH])
        cached = (match, seats, recent)
        _snapshot_keep(key, cached)
    return cached[1], cached[2]


def match_rows_remember(match: Match, seats: list[Seat], recent: list[MatchAction]) -> None:
    """Keep what a move just wrote (the match as stored, its seats, its latest FEED_LENGTH moves
    newest first), so this process's sockets redraw the change without reading it back."""
    _snapshot_keep(_snapshot_key(match), (match, list(seats), list(recent)[:FEED_LENGTH]))


def remember_change(change: MatchChange) -> None:
    """Subscriber of games.changes: keep the rows a move wrote for this process's redraws."""
    if change.rows is not None:
        match_rows_remember(*change.rows)


def cached_match(match_id: str, version: int | None, changed_at: str | None) -> Match | None:
    """The match as it was at this change, if a render in this process already read it."""
    with _SNAPSHOTS_LOCK:
        keys = list(_SNAPSHOTS)
    for key in reversed(keys):  # newest first; a few dozen keys at most
        if key[0] == match_id and key[1] == version and key[3] == changed_at:
            with _SNAPSHOTS_LOCK:
                found = _SNAPSHOTS.get(key)
            return found[0] if found else None
    return None


def _feed(match: Match, seat: int | None, names: list[str]) -> list[dict]:
    _seats, recent = match_rows(match)
    feed = []
    for logged in recent:
        for item in reversed(events_for(logged.events or [], seat)):
            feed.append(
                {"text": say(item["text"], names), "index": logged.index, "css": _event_css(item, seat)}
            )
    return feed


def _event_css(item: dict, seat: int | None) -> str:
    """Highlights in the feed: a Bad Chomp (anyone's), a win (yours)."""
    kind = str(item.get("kind", ""))
    if item.get("bad_chomp") or "bad" in kind:
        return "event-bad" + (" event-mine" if item.get("seat") == seat and seat is not None else "")
    if seat is not None and (item.get("winner") == seat or seat in (item.get("winners") or [])):
        return "event-win"
    return ""


def live_context(match: Match, seat: int | None, *, flash: str = "", oob: bool = False) -> dict:
    """Everything the live region of a match page shows to one seat (None = spectator)."""
    seats, _recent = match_rows(match)
    names = seat_names(match, seat, seats)
    context = {
        "match": match,
        "seat": seat,
        "seat_rows": seats,
        "names": names,
        "flash": flash,
        "oob": oob,
        "engine": get_engine(match.game),
        "game_name": game_name(match.game),
        "waiting": match.status == Match.Status.WAITING,
        "open_seats": sum(1 for s in seats if s.kind == Seat.Kind.OPEN),
        "is_host": seat == 0,
        "lobby_seats": list(zip(seats, names, strict=True)),
    }
    if match.status == Match.Status.WAITING:
        context["bot_levels"] = bot_levels(match.game)
        return context
    engine = context["engine"]
    state = match_state(match=match)
    view = engine.view(state, seat)
    cards = match.cards
    board = _Board(view, cards, engine.deck_slug, names).build()
    legal = engine.legal_actions(state, seat) if seat is not None else []
    realtime = engine.realtime
    by_card: dict[str, list[dict]] = {}
    buttons = []
    for action in legal:
        vals = json.dumps({"seat": seat, "action": json.dumps(action)})
        entry = {"label": action_label(action, cards, names), "vals": vals, "type": action["type"]}
        ids = _card_ids_in(action, cards)
        if ids:
            by_card.setdefault(ids[0], []).append(entry)
        else:
            buttons.append(entry)
    card_types = sorted({a["type"] for a in legal if _card_ids_in(a, cards)})
    my_turn = seat is not None and seat in view["to_move"]
    shown_with_actions: set[str] = set()
    for zone in board.zones:
        zone.owner_name = names[zone.owner] if zone.owner is not None and zone.owner < len(names) else ""
        for card in zone.cards:
            if card.id in by_card and card.id not in shown_with_actions:
                card.actions = by_card[card.id]
                shown_with_actions.add(card.id)
            elif my_turn and card_types and (zone.owner == seat or zone.owner is None and "hand" in zone.key):
                card.reason = _why_not(engine, state, seat, card.id, card_types)
    # Moves on cards the board doesn't show (e.g. a choice from a face-down pile) stay buttons.
    for card_id, entries in by_card.items():
        if card_id not in shown_with_actions:
            buttons.extend(entries)
    players = []
    for row in seats:
        players.append(
            {
                "number": row.number,
                "name": names[row.number],
                "kind": row.kind,
                "is_me": row.number == seat,
                "to_move": row.number in view["to_move"],
                "numbers": [values[row.number] for _, values in board.columns],
            }
        )
    result = view.get("result")
    timer = None
    table_actions = engine.legal_actions(state, None) if None in view["to_move"] else []
    if table_actions and "after_ms" in table_actions[0]:
        scale = settings.GAMES_TIMER_SCALE
        due = match.changed_at + timedelta(milliseconds=float(table_actions[0]["after_ms"]) * scale)
        timer = {
            "ms": max(0, int((due - timezone.now()).total_seconds() * 1000)),
            "label": action_label({k: v for k, v in table_actions[0].items() if k != "label"}, cards, names),
        }
    feed = _feed(match, seat, names)
    waiting_on = [names[s] for s in view["to_move"] if s is not None and s != seat]
    context.update(
        {
            "view": view,
            "board": board,
            "own_zones": [z for z in board.zones if z.owner == seat and seat is not None],
            "table_zones": [z for z in board.zones if z.owner is None],
            "other_zones": [z for z in board.zones if z.owner is not None and z.owner != seat],
            "columns": [label for label, _ in board.columns],
            "players": players,
            "buttons": buttons,
            "my_turn": my_turn,
            "realtime": realtime,
            "waiting_on": waiting_on,
            "feed": feed,
            "my_bad_chomp": any(
                "event-bad event-mine" in item["css"]
                for item in feed[:3]
                if item["index"] == match.version - 1
            ),
            "result": result,
            "result_reason": say(result.get("reason", ""), names) if result else "",
            "winners": [names[w] for w in result.get("winners", [])] if result else [],
            "final_scores": list(zip(names, result.get("scores") or [], strict=False)) if result else [],
            "i_won": bool(result and seat in result.get("winners", [])),
            "timer": timer,
            "board_template": board_template(match.game),
        }
    )
    return context


def board_template(game: str) -> str:
    """A game's own board partial if it has one, else the layout built from the view."""
    name = f"games/play/{game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return "games/play/_generic.html"
    return name


def live_html(match: Match, seat: int | None, *, flash: str = "", oob: bool = False, request=None) -> str:
    return render_to_string(
        "games/play.html#live", live_context(match, seat, flash=flash, oob=oob), request=request
    )


def error_html(message: str) -> str:
    """An error frame / flash for one seat, swapped into the page's message area."""
    return render_to_string("games/play.html#flash", {"flash": message, "oob": True})


def replay_context(match: Match, states: list, *, step: int, seat: int | None) -> dict:
    """One step of a replay, seen from a seat (or the table): the board after that move and
    what that move did, in words."""
    engine = get_engine(match.game)
    seats = list(match.seat_set.all())
    names = seat_names(match, None, seats)
    state, logged = states[step]
    view = engine.view(state, seat)
    board = _Board(view, match.cards, engine.deck_slug, names).build()
    for zone in board.zones:
        zone.owner_name = names[zone.owner] if zone.owner is not None and zone.owner < len(names) else ""
    happened = [say(e["text"], names) for e in events_for(logged.events or [], seat)] if logged else []
    mover = ""
    if logged is not None:
        mover = names[logged.seat] if logged.seat is not None else _("The table")
    return {
        "match": match,
        "engine": engine,
        "game_name": game_name(match.game),
        "seat": seat,
        "names": names,
        "step": step,
        "last_step": len(states) - 1,
        "logged": logged,
        "mover": mover,
        "move_label": action_label(logged.action, match.cards, names) if logged else "",
        "happened": happened,
        "board": board,
        "table_zones": [z for z in board.zones if z.owner is None],
        "own_zones": [],
        "other_zones": [z for z in board.zones if z.owner is not None],
        "columns": [label for label, _ in board.columns],
        "players": [
            {"number": r.number, "name": names[r.number], "numbers": [v[r.number] for _, v in board.columns]}
            for r in seats
        ],
        "result": view.get("result"),
        "buttons": [],
        "realtime": False,
        "seat_choices": list(enumerate(names)),
        "board_template": board_template(match.game),
        "replay": True,
        # What the games' own boards (CHOMP!, Appetite) read besides the board: no moves, no
        # countdown, no feed of earlier moves in a replay.
        "view": view,
        "feed": [],
        "timer": None,
        "my_turn": False,
        "my_bad_chomp": False,
    }
