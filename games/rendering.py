"""The one per-seat renderer: what a seat sees, as template context and as HTML.

Both the htmx responses (views) and the websocket pushes (consumers) call `live_html`, and
everything in it is built from engine.view(state, seat), that seat's own legal actions and the
events that seat may see (events_for): another seat's hidden cards never reach this module.

A render goes in one line: games.seat_view.seat_view(engine, state, seat) is what the seat
sees, as data (the part every reader shares and the seat's own part); its game's presenter
(games/boards/) turns that into template context in this reader's words, and the template
(games/play/<slug>.html, or the generic board) draws it. The live page and the replay both go
through it. Here: the page around the board (lobby, names, feed, countdown) and the HTML.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from datetime import timedelta

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import audiences, boards, coaching
from games.bots import bot_levels
from games.catalog import game_name, game_summary
from games.engines import get_engine
from games.engines.base import events_for
from games.engines.messages import Speaker
from games.live.snapshots import match_rows
from games.messages import level_name, speaker
from games.models import Match, Pace, Seat
from games.scheduler import timer_scale
from games.seat_view import seat_view
from games.services import match_state

# Bounded per-process caches of what was drawn or put in words (the shared renders, the
# private pieces, the feed's lines), each keyed by everything its value depends on.
_FEED_LINES: OrderedDict[tuple, tuple] = OrderedDict()
# A move stays in its match's feed for FEED_LENGTH changes, once per reader: room for a few
# hundred tables' feeds.
_FEED_LINES_LIMIT = 8192
_DRAWN_LIMIT = 1024
_DRAWN_LOCK = threading.Lock()


def _drawn(cache: OrderedDict, key: tuple, draw, limit: int = _DRAWN_LIMIT):
    with _DRAWN_LOCK:
        drawn = cache.get(key)
    if drawn is None:
        drawn = draw()
        with _DRAWN_LOCK:
            cache[key] = drawn
            while len(cache) > limit:
                cache.popitem(last=False)
    return drawn


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


def _feed(match: Match, seat: int | None, words: Speaker, names: list[str]) -> list[dict]:
    """The seat's feed, newest first. A logged move reads the same to a reader in every later
    change, so each move's lines are put in words once per reader, language and names."""
    _seats, recent = match_rows(match)
    feed = []
    for logged in recent:
        key = (match.pk, logged.index, seat, get_language(), tuple(names))
        feed.extend(
            _drawn(_FEED_LINES, key, functools.partial(_feed_lines, logged, seat, words), _FEED_LINES_LIMIT)
        )
    return feed


def _feed_lines(logged, seat: int | None, words: Speaker) -> tuple[dict, ...]:
    lines = []
    for item in reversed(events_for(logged.events or [], seat)):
        line = {
            "text": words.say(item.get("text")),
            "index": logged.index,
            "css": _event_css(item, seat),
            # The game's end, told by the game itself: play.js then says no outcome of its own.
            "game_over": "winners" in item,
        }
        # Its list item, made once with its words (the feed's newest line is marked "latest").
        line["html"] = _feed_item(line, "")
        line["latest_html"] = _feed_item(line, "latest ")
        lines.append(line)
    return tuple(lines)


def _feed_item(line: dict, latest: str) -> str:
    game_over = mark_safe(" data-game-over") if line["game_over"] else ""
    return format_html(
        '<li class="{}{}" data-index="{}"{}>{}</li>',
        latest,
        line["css"],
        line["index"],
        game_over,
        line["text"],
    )


def _event_css(item: dict, seat: int | None) -> str:
    """Highlights in the feed: a Bad Chomp (anyone's), a win (yours)."""
    kind = str(item.get("kind", ""))
    if item.get("bad_chomp") or "bad" in kind:
        return "event-bad" + (" event-mine" if item.get("seat") == seat and seat is not None else "")
    if seat is not None and (item.get("winner") == seat or seat in (item.get("winners") or [])):
        return "event-win"
    return ""


def live_context(
    match: Match,
    seat: int | None,
    *,
    flash: str = "",
    oob: bool = False,
    shared: bool = False,
    own_pieces: bool = False,
) -> dict:
    """Everything the live region of a match page shows to one seat (None = spectator).
    `shared`: the context of the part every reader shares (a watcher's, seats' names as marks:
    games.audiences); `own_pieces`: only what the reader's own pieces of that shared part read
    (boards.present_own)."""
    seats, _recent = match_rows(match)
    if shared:
        seat, names = None, [audiences.name_mark(number) for number in range(len(seats))]
    else:
        names = seat_names(match, seat, seats)
    context = {
        "shared_render": shared,
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
        "relaxed": match.pace == Pace.RELAXED,  # the match header's badge
        "open_seats": sum(1 for s in seats if s.kind == Seat.Kind.OPEN),
        "is_host": seat == 0,
        # Everyone else is a bot: a shared link can only let people watch (and says so).
        "share_watch": match.status != Match.Status.WAITING
        and sum(1 for s in seats if s.kind != Seat.Kind.BOT) <= 1,
        "lobby_seats": list(zip(seats, names, strict=True)),
        "move_url": reverse("games:move", args=[match.pk]),
        "bot_level_choices": [(level, level_name(level)) for level in bot_levels(match.game)],
        # A tutorial's coach speaks to its learner only (the shared render has no reader).
        "coach": coaching.coach_context(match, seat, seat_names(match, None, seats))
        if match.tutorial and not shared
        else None,
    }
    if match.status == Match.Status.WAITING:
        return context
    engine = context["engine"]
    state = match_state(match=match)
    cards = match.cards
    seen = seat_view(engine, state, seat, cards=cards)
    third_person = seat_names(match, None, seats)
    words = speaker(viewer=seat, names=third_person, cards=cards)
    feed = _feed(match, seat, words, third_person)
    present = boards.present_own if own_pieces else boards.present
    context.update(
        present(seen, names, words, cards=cards, deck=engine.deck_slug, feed=feed, version=match.version)
    )
    timer = None
    if seen.shared.timer is not None:
        after = timedelta(milliseconds=float(seen.shared.timer.payload["after_ms"]) * timer_scale(match))
        timer = {
            "ms": max(0, int((match.changed_at + after - timezone.now()).total_seconds() * 1000)),
            "label": context["timer_label"],
        }
    context.update(
        {
            "realtime": engine.realtime,
            "feed": feed,
            "my_bad_chomp": any(
                "event-bad event-mine" in item["css"]
                for item in feed[:3]
                if item["index"] == match.version - 1
            ),
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
    """A seat's (or a watcher's) `#live`: composed from the change's shared render and the
    reader's own pieces for the games whose boards are split (COMPOSED_GAMES), else drawn whole."""
    if composed(match):
        return composed_live_html(match, seat, oob=oob)
    return whole_live_html(match, seat, flash=flash, oob=oob, request=request)


def coached(page: str, context: dict) -> str:
    """A tutorial learner's page with the coach's picks marked on their buttons."""
    return coaching.mark_picks(page, context.get("coach"))


def whole_live_html(
    match: Match, seat: int | None, *, flash: str = "", oob: bool = False, request=None
) -> str:
    """`#live` drawn in one pass for one reader."""
    context = live_context(match, seat, flash=flash, oob=oob)
    return coached(render_to_string("games/play.html#live", context, request=request), context)


# ----- drawn once per audience (games.audiences) ------------------------------------------------

# Games whose boards mark every reader-dependent part: their pages are composed (every game
# today; a game left out is drawn whole for each reader).
COMPOSED_GAMES = frozenset(
    {"chomp", "double-chomp", "quick-chomp", "underwater-war"}  # one board, _chomp_board.html
    | {"appetite", "build-a-meal", "duel", "food-war", "snack-attack", "snack-wars"}
)


def composed(match: Match) -> bool:
    """Whether this match's pages are composed from a shared render (a started game whose
    board is split), rather than drawn whole for each reader."""
    return match.game in COMPOSED_GAMES and match.status != Match.Status.WAITING


# What each private piece reads, so one drawing serves every reader (and every later change)
# that gives it the same inputs. A piece not listed here is drawn for each reader every time
# (the feed: its lines come drawn, and two readers' feeds seldom read the same).
PIECE_INPUTS = {
    "games/_turn.html": lambda c: (
        c["seat"],
        c.get("result"),
        c["generic_board"],
        c.get("my_turn"),
        c["realtime"],
        c["board"].status,
        c.get("waiting_on"),
        c["my_bad_chomp"],
        c["timer"],
        c.get("news_turn"),
    ),
    "games/_status_line.html": lambda c: (c["board"].status, bool(c.get("result")), c["generic_board"]),
    "games/_finished.html": lambda c: (
        c["seat"],
        c["match"].game,
        c.get("i_won"),
        c.get("winners"),
        c.get("result_reason"),
        c.get("final_scores"),
        c.get("news_outcome"),
    ),
    "games/play/_food_war_mine.html": lambda c: (
        c["seat"],
        bool(c.get("result")),
        c["t"]["i_wait"],
        c["buttons"],
        c["realtime"],
        c["move_url"],
    ),
    "games/play/_duel_tip.html": lambda c: (
        c["seat"],
        c["my_turn"],
        {key: c["t"][key] for key in ("phase", "picked", "turn_name", "last")},
    ),
    "games/play/_duel_hand.html": lambda c: (
        c["seat"],
        c["t"]["hand"],
        c["t"]["stock"],
        c["buttons"],
        c["realtime"],
        c["move_url"],
        c["deck"],
    ),
    "games/play/_duel_history.html": lambda c: (c["t"]["history"],),
    "games/_coach.html": lambda c: (repr(c["coach"]), c["match"].game),
}
_SHARED_HTML: OrderedDict[tuple, str] = OrderedDict()
_PIECES: OrderedDict[tuple, str] = OrderedDict()


def _shared_key(match: Match, oob: bool) -> tuple:
    return (match.pk, match.version, match.changed_at.isoformat(), match.status, get_language(), oob)


def shared_live_html(match: Match, *, oob: bool = False) -> str:
    """The part of a change's `#live` every reader shares, with marks for the rest: drawn once
    per change, language and swap mode in this process (or once per change for every process:
    shared_remember)."""
    return _drawn(
        _SHARED_HTML,
        _shared_key(match, oob),
        lambda: render_to_string("games/play.html#live", live_context(match, None, oob=oob, shared=True)),
    )


def shared_held(match: Match, *, oob: bool = False) -> bool:
    """Whether this process holds the shared render of this change (active language)."""
    with _DRAWN_LOCK:
        return _shared_key(match, oob) in _SHARED_HTML


def shared_remember(match: Match, html: str, *, oob: bool = True) -> None:
    """Keep a shared render another process drew of this change (in the active language), so
    this process draws only its readers' own pieces."""
    _drawn(_SHARED_HTML, _shared_key(match, oob), lambda: html)


def private_pieces(match: Match, shared_html: str, context: dict) -> dict[str, str]:
    """The reader's own pieces of the page, each drawn from the reader's context only."""
    pieces = {}
    for slot in audiences.slots(shared_html):
        name, _hash, item = slot.partition("#")  # a piece of a loop names its item (piece_key)
        inputs = PIECE_INPUTS.get(name)
        draw = functools.partial(render_to_string, name, {**context, "piece_key": item})
        if inputs is None:
            pieces[slot] = draw()
        else:
            key = (match.pk, slot, get_language(), repr(inputs(context)))
            pieces[slot] = _drawn(_PIECES, key, draw)
    return pieces


def composed_live_html(match: Match, seat: int | None, *, oob: bool = False) -> str:
    """The reader's `#live`: the shared render with its names, highlights and pieces."""
    shared = shared_live_html(match, oob=oob)
    context = live_context(match, seat, oob=oob, own_pieces=True)
    page = audiences.compose(shared, seat, context["names"], private_pieces(match, shared, context))
    return coached(page, context)


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
    seen = seat_view(engine, state, seat, cards=match.cards, replay=True)
    board = boards.present(seen, names, words, cards=match.cards, deck=engine.deck_slug)
    happened = [words.say(e.get("text")) for e in events_for(logged.events or [], seat)] if logged else []
    mover = ""
    if logged is not None:
        mover = names[logged.seat] if logged.seat is not None else _("The table")
    # The move as it was made, against the state it was made in.
    before = states[step - 1][0] if logged is not None and step > 0 else state
    return {
        **board,
        "match": match,
        "engine": engine,
        "deck": engine.deck_slug,
        "game_name": game_name(match.game),
        "seat": seat,
        "names": names,
        "step": step,
        "last_step": len(states) - 1,
        "logged": logged,
        "mover": mover,
        "move_label": words.say(engine.action_text(before, logged.action)) if logged else "",
        "happened": happened,
        "realtime": False,
        "seat_choices": list(enumerate(names)),
        "board_template": board_template(match.game),
        "replay": True,
        # No countdown and no feed of earlier moves in a replay.
        "feed": [],
        "timer": None,
        "my_bad_chomp": False,
    }
