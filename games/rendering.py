"""The one per-seat renderer: what a seat sees, as template context and as HTML.

Both the htmx responses (views) and the websocket pushes (consumers) call `live_html`, and
everything in it is built from engine.view(state, seat), that seat's own legal actions and the
events that seat may see (events_for): another seat's hidden cards never reach this module.

The board is drawn exactly as the view declares it (games.engines.zones): its "zones" become
rows, fans, stacks and piles of card pictures, its "numbers" the columns of the players' table,
its "facts" and "status" the lines above. Every word an engine says goes through
games.messages (gettext, and "You" where the viewer is meant). A game can replace the board
with its own partial in games/play/<slug>.html (its presenter is in games/boards/).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from foodcards.services import with_language
from games.bots import bot_levels
from games.catalog import final_standings, game_name, game_summary
from games.engines import IllegalAction, get_engine
from games.engines.base import events_for
from games.engines.messages import Speaker
from games.messages import level_name, speaker, translated_card_names
from games.models import Match, Seat
from games.services import match_state
from games.snapshots import match_rows


def card_image(deck: str, card_id: str, *, small: bool = False) -> str:
    """The address of a card's picture (foodcards' /cards/<deck>/<card>.png)."""
    url = _card_png(deck, card_id, get_script_prefix())
    return with_language(url + "?size=small" if small else url)


@functools.lru_cache(maxsize=2048)
def _card_png(deck: str, card_id: str, _prefix: str) -> str:
    return reverse("foodcards:card_png", kwargs={"deck": deck, "card": card_id})


@dataclass
class CardView:
    id: str
    name: str
    image: str
    actions: list[dict] = field(default_factory=list)  # [{"label", "vals", "type"}]
    reason: str = ""  # why this card can't be played now (own cards on your turn)
    owner_name: str = ""  # whose card it is, for cards laid out in the middle
    picture: str = ""  # the picture to show when it isn't the card's own ("back": face down)

    @property
    def pic(self) -> str:
        """The card id whose picture `{% card_img deck card.pic %}` shows."""
        return self.picture or self.id


@dataclass
class Zone:
    """A zone as the view declared it (games.engines.zones), in words and pictures."""

    key: str
    label: str
    owner: int | None
    cards: list[CardView]
    count: int = 0
    hidden: bool = False
    draw: str = "row"
    own: bool = False
    owner_name: str = ""
    back: str = ""  # the deck's card back, for face-down zones


@dataclass
class Board:
    """What the generic board and the status panel draw for one seat."""

    zones: list[Zone] = field(default_factory=list)
    columns: list[tuple[str, list]] = field(default_factory=list)  # (label, one value per seat)
    facts: list[tuple[str, str]] = field(default_factory=list)
    status: str = ""


def seat_names(match: Match, seat: int | None, seats: list[Seat] | None = None) -> list[str]:
    """Each seat's name as this seat reads it: "You" for itself, others by nickname or bot."""
    rows = list(seats if seats is not None else match.seat_set.all())
    # A lone player who gave no nickname (quick play against bots) is "Guest" to watchers.
    alone = sum(1 for row in rows if row.kind != Seat.Kind.BOT) == 1
    names = []
    for row in rows:
        if row.number == seat:
            names.append(_("You"))
        elif row.kind == Seat.Kind.BOT:
            names.append(
                _("%(level)s bot %(number)s") % {"level": level_name(row.bot_level), "number": row.number + 1}
            )
        elif row.kind == Seat.Kind.HUMAN:
            fallback = _("Guest") if alone else _("Player %(number)s") % {"number": row.number + 1}
            names.append(row.nickname or fallback)
        else:
            names.append(_("Open seat"))
    return names


def build_board(view: dict, cards: dict, deck: str, words: Speaker, names: list[str]) -> Board:
    """The board a view declares, in this viewer's words. `names` are the seats' names as the
    viewer reads them ("You" for itself), for the owners of zones and cards."""

    def name_of(seat) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    def picture(item) -> CardView:
        card_id, owner = (item["card"], item.get("seat")) if isinstance(item, dict) else (item, None)
        return CardView(
            id=card_id,
            name=words.card_name(card_id),
            image=card_image(deck, card_id),
            owner_name=name_of(owner),
        )

    board = Board(status=words.say(view.get("status")))
    back = card_image(deck, "back", small=True)
    for declared in view.get("zones") or []:
        board.zones.append(
            Zone(
                key=declared["key"],
                label=words.say(declared["label"]),
                owner=declared.get("owner"),
                cards=[picture(item) for item in declared.get("cards") or []],
                count=declared.get("count", 0),
                hidden=declared.get("hidden", False),
                draw=declared.get("draw", "row"),
                own=declared.get("own", False),
                owner_name=name_of(declared.get("owner")),
                back=back,
            )
        )
    board.columns = [(words.say(n["label"]), list(n["values"])) for n in view.get("numbers") or []]
    board.facts = [
        (words.say(f["label"]), f["value"] if isinstance(f["value"], int | float) else words.say(f["value"]))
        for f in view.get("facts") or []
    ]
    return board


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


def _why_not(engine, state: dict, seat: int, card_id: str, types: list[str], words: Speaker) -> str:
    """The engine's own words for why this card can't be played now."""
    for action_type in types:
        try:
            engine.apply(state, seat, {"type": action_type, "card": card_id, "version": state["version"]})
        except IllegalAction as error:
            return words.say(error.text)
        except Exception:  # an engine that can't even read the move: no reason to show
            return ""
    return ""


def _feed(match: Match, seat: int | None, words: Speaker) -> list[dict]:
    _seats, recent = match_rows(match)
    feed = []
    for logged in recent:
        for item in reversed(events_for(logged.events or [], seat)):
            feed.append(
                {"text": words.say(item.get("text")), "index": logged.index, "css": _event_css(item, seat)}
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
        "deck": get_engine(match.game).deck_slug,  # the card pictures' deck ({% card_img deck ... %})
        "game_name": game_name(match.game),
        "game_summary": game_summary(match.game),
        "waiting": match.status == Match.Status.WAITING,
        "open_seats": sum(1 for s in seats if s.kind == Seat.Kind.OPEN),
        "is_host": seat == 0,
        # Everyone else is a bot: a shared link can only let people watch (and says so).
        "share_watch": match.status != Match.Status.WAITING
        and sum(1 for s in seats if s.kind != Seat.Kind.BOT) <= 1,
        "lobby_seats": list(zip(seats, names, strict=True)),
        "move_url": reverse("games:move", args=[match.pk]),
        "bot_level_choices": [(level, level_name(level)) for level in bot_levels(match.game)],
    }
    if match.status == Match.Status.WAITING:
        return context
    engine = context["engine"]
    state = match_state(match=match)
    cards = match.cards
    view = translated_card_names(engine.view(state, seat), cards)
    words = speaker(viewer=seat, names=seat_names(match, None, seats), cards=cards)
    board = build_board(view, cards, engine.deck_slug, words, names)
    legal = engine.legal_actions(state, seat) if seat is not None else []
    by_card: dict[str, list[dict]] = {}
    buttons = []
    for action in legal:
        vals = json.dumps({"seat": seat, "action": json.dumps(action)})
        entry = {"label": words.say(engine.action_text(state, action)), "vals": vals, "type": action["type"]}
        ids = _card_ids_in(action, cards)
        if ids:
            by_card.setdefault(ids[0], []).append(entry)
        else:
            buttons.append(entry)
    card_types = sorted({a["type"] for a in legal if _card_ids_in(a, cards)})
    my_turn = seat is not None and seat in view["to_move"]
    shown_with_actions: set[str] = set()
    for zone in board.zones:
        for card in zone.cards:
            if card.id in by_card and card.id not in shown_with_actions:
                card.actions = by_card[card.id]
                shown_with_actions.add(card.id)
            elif my_turn and card_types and zone.own:
                card.reason = _why_not(engine, state, seat, card.id, card_types, words)
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
            "label": words.say(engine.action_text(state, table_actions[0])),
        }
    feed = _feed(match, seat, words)
    waiting_on = [names[s] for s in view["to_move"] if s is not None and s != seat]
    context.update(
        {
            "view": view,
            "board": board,
            "words": words,
            "own_zones": [z for z in board.zones if z.owner == seat and seat is not None],
            "table_zones": [z for z in board.zones if z.owner is None],
            "other_zones": [z for z in board.zones if z.owner is not None and z.owner != seat],
            "columns": [label for label, _ in board.columns],
            "players": players,
            "buttons": buttons,
            "my_turn": my_turn,
            "realtime": engine.realtime,
            "waiting_on": waiting_on,
            "feed": feed,
            "my_bad_chomp": any(
                "event-bad event-mine" in item["css"]
                for item in feed[:3]
                if item["index"] == match.version - 1
            ),
            "result": result,
            "result_reason": words.say(result.get("reason")) if result else "",
            "winners": [names[w] for w in result.get("winners", [])] if result else [],
            "final_scores": final_standings(match.game, names, result, seat) if result else [],
            "i_won": bool(result and seat in result.get("winners", [])),
            "timer": timer,
            "board_template": board_template(match.game),
            "generic_board": board_template(match.game) == "games/play/_generic.html",
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


def left_html(message: str) -> str:
    """For a page whose socket closes because it may no longer see the match (a student taken
    out of the class): the game gives way to a notice, and `message` says why."""
    return render_to_string("games/play.html#left", {"oob": True}) + error_html(message)


def error_html(message: str) -> str:
    """An error frame / flash for one seat, swapped into the page's message area."""
    return render_to_string("games/play.html#flash", {"flash": message, "oob": True})


def replay_context(match: Match, states: list, *, step: int, seat: int | None) -> dict:
    """One step of a replay, seen from a seat (or the table): the board after that move and
    what that move did, in words. Everyone is named in the third person; only what was said to
    the watched seat alone speaks to "you" ("You drew Apple.")."""
    engine = get_engine(match.game)
    seats = list(match.seat_set.all())
    names = seat_names(match, None, seats)
    words = speaker(viewer=None, names=names, cards=match.cards)
    state, logged = states[step]
    view = translated_card_names(engine.view(state, seat), match.cards)
    board = build_board(view, match.cards, engine.deck_slug, words, names)
    happened = [words.say(e.get("text")) for e in events_for(logged.events or [], seat)] if logged else []
    mover = ""
    if logged is not None:
        mover = names[logged.seat] if logged.seat is not None else _("The table")
    # The move as it was made, against the state it was made in.
    before = states[step - 1][0] if logged is not None and step > 0 else state
    return {
        "match": match,
        "engine": engine,
        "deck": engine.deck_slug,
        "game_name": game_name(match.game),
        "seat": seat,
        "names": names,
        "words": words,
        "step": step,
        "last_step": len(states) - 1,
        "logged": logged,
        "mover": mover,
        "move_label": words.say(engine.action_text(before, logged.action)) if logged else "",
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
