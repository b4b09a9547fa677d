"""How a match page is drawn: its template context for one reader, and its HTML.

A started match's `#live` has two parts (games/templatetags/pieces.py):
- the public fragment: the page a watcher sees, drawn once per change and language for
  everyone (seats' names in the third person; the CSS highlights the reader's own seat from
  `#viewer`);
- each seat's private fragment: the pieces only that seat sees (its turn line, its moves, its
  hand, its feed), drawn from that seat's own context and swapped into the public part by id.
The process that makes a change draws both and sends them (games.live.broadcast). A page load, a
reconnect or an htmx answer draws the same two in one pass for its reader (`live_html`).

Everything comes from games.seat_view.seat_view(engine, state, seat) (built from
engine.view(state, seat), that seat's own legal actions and the events it may see): another
seat's hidden cards never reach this module. Its game's presenter (games/boards/) turns that
into template context in this reader's words, and the template (games/play/<slug>.html, or the
generic board) draws it. The replay goes through it too.
"""

from __future__ import annotations

import threading
from datetime import timedelta
from types import SimpleNamespace
from typing import NamedTuple

import cachetools
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import boards, coaching
from games.boards.common import Takeover, names_then
from games.catalog import game_name, game_summary
from games.changes import FEED_LENGTH
from games.devices import shared_seats
from games.engines import get_engine
from games.engines.base import events_for
from games.engines.messages import Speaker
from games.messages import level_name, speaker
from games.models import Match, MatchAction, Pace, Seat
from games.scheduler import timer_scale
from games.seat_view import seat_view
from games.services import match_state
from games.templatetags.pieces import draw_piece


class MatchRows(NamedTuple):
    """What a page of a match is drawn from: the match, its seats, its latest moves newest first."""

    match: Match
    seats: list[Seat]
    recent: list[MatchAction]


def read_rows(match: Match, seats: list[Seat] | None = None) -> MatchRows:
    """The match's seats (unless given) and its latest FEED_LENGTH moves, as stored now."""
    if seats is None:
        seats = list(match.seat_set.all())
    recent = list(MatchAction.objects.filter(match=match).order_by("-index")[:FEED_LENGTH])
    return MatchRows(match, list(seats), recent)


def seat_names(match: Match, seat: int | None, seats: list[Seat] | None = None) -> list[str]:
    """Each seat's name as this seat reads it: "You" for itself, others by nickname or bot."""
    rows = list(seats if seats is not None else match.seat_set.all())
    # A lone player who gave no nickname (quick play against bots) is "Guest" to watchers.
    alone = sum(1 for row in rows if row.kind != Seat.Kind.BOT) == 1
    return [_("You") if row.number == seat else _occupant_name(row, row.number, alone) for row in rows]


def _occupant_name(occupant, number: int, alone: bool) -> str:
    """A seat's name in the third person; `occupant`: a Seat, or what a seat held before
    (its `before`, read through the same attribute names)."""
    if occupant.kind == Seat.Kind.BOT:
        return _("%(level)s bot %(number)s") % {"level": level_name(occupant.bot_level), "number": number + 1}
    if occupant.kind == Seat.Kind.HUMAN:
        fallback = _("Guest") if alone else _("Player %(number)s") % {"number": number + 1}
        return occupant.nickname or fallback
    return _("Open seat")


def _takeovers(seats: list[Seat]) -> list[Takeover]:
    """The seats that changed hands mid-game, each with who held it before (third person)."""
    alone = sum(1 for row in seats if row.kind != Seat.Kind.BOT) == 1
    return [
        Takeover(
            row.number, row.taken_over_at, _occupant_name(SimpleNamespace(**row.before), row.number, alone)
        )
        for row in seats
        if row.taken_over_at and row.before
    ]


def _feed_before_takeovers(
    recent: list[MatchAction],
    seat: int | None,
    takeovers: list[Takeover],
    words: Speaker,
    names: list[str],
    cards,
) -> list[dict]:
    """The feed, where a seat changed hands mid-game: the moves before it name who made them (the
    bot or player who held the seat then), and its new occupant is never told "you" did them."""
    if not takeovers:
        return _feed(recent, seat, words, tuple(names))
    feed = []
    for logged in recent:
        then, viewer = names_then(logged.index, names, seat, takeovers)
        if then == names and viewer == seat:
            feed.extend(_feed_lines(logged, seat, words, tuple(names)))
        else:  # its own words (and cache key): "you" is nobody's, the seat has its old name
            said = speaker(viewer=viewer, names=then, cards=cards)
            feed.extend(_feed_lines(logged, seat, said, (*then, "before")))
    return feed


def _feed(recent: list[MatchAction], seat: int | None, words: Speaker, names: tuple[str, ...]) -> list[dict]:
    """The seat's feed, newest first: the events of the latest moves this seat may see."""
    feed = []
    for logged in recent:
        feed.extend(_feed_lines(logged, seat, words, names))
    return feed


# A logged move reads the same to a reader at every later change: its lines are worded once per
# reader, language and names (the feed's 15 moves were most of a seat's own fragment's time).
@cachetools.cached(
    cachetools.LRUCache(maxsize=8192),
    key=lambda logged, seat, _words, names: (logged.match_id, logged.index, seat, get_language(), names),
    lock=threading.Lock(),
)
def _feed_lines(
    logged: MatchAction, seat: int | None, words: Speaker, names: tuple[str, ...]
) -> tuple[dict, ...]:
    lines = []
    for item in reversed(events_for(logged.events or [], seat)):
        line = {
            "text": words.say(item.get("text")),
            "index": logged.index,
            "css": _event_css(item, seat),
            # The game's end, told by the game itself: play.js then says no outcome of its own.
            "game_over": "winners" in item,
        }
        # Its list item, made with its words (the feed's newest line is marked "latest").
        line["html"] = _feed_item(line, "")
        line["latest_html"] = _feed_item(line, "latest ")
        lines.append(line)
    return tuple(lines)


def _feed_item(line: dict, latest: str) -> str:
    return format_html(
        '<li class="{}{}" data-index="{}"{}>{}</li>',
        latest,
        line["css"],
        line["index"],
        mark_safe(" data-game-over") if line["game_over"] else "",
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
    match: Match, seat: int | None, *, rows: MatchRows | None = None, flash: str = "", oob: bool = False
) -> dict:
    """Everything the live region of a match page shows to one seat (None = a watcher, which is
    also the public fragment every reader shares). `rows`: the match's rows when the caller has
    them (else they are read)."""
    if rows is None:
        rows = read_rows(match)
    seats = rows.seats
    names = seat_names(match, seat, seats)
    third_person = seat_names(match, None, seats)
    engine = get_engine(match.game)
    context = {
        "match": match,
        "seat": seat,
        "seat_rows": seats,
        "flash": flash,
        "oob": oob,
        "deck": engine.deck_slug,  # the card pictures' deck ({% card_img deck ... %})
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
        # A tutorial's coach speaks to its learner only.
        "coach": coaching.coach_context(match, seat, third_person)
        if match.tutorial and seat is not None
        else None,
    }
    if match.status == Match.Status.WAITING:
        return context
    cards = match.cards
    seen = seat_view(engine, match_state(match=match), seat, cards=cards)
    words = speaker(viewer=seat, names=third_person, cards=cards)
    takeovers = _takeovers(seats)
    feed = _feed_before_takeovers(rows.recent, seat, takeovers, words, third_person, cards)
    context.update(
        boards.present(
            seen,
            names,
            words,
            cards=cards,
            deck=engine.deck_slug,
            feed=feed,
            version=match.version,
            takeovers=takeovers,
        )
    )
    timer = None
    if seen.shared.timer is not None:
        after = timedelta(milliseconds=float(seen.shared.timer.payload["after_ms"]) * timer_scale(match))
        timer = {
            "ms": max(0, int((match.changed_at + after - timezone.now()).total_seconds() * 1000)),
            "label": context["timer_label"],
        }
    context.update(
        device_context(engine, seats, seen.shared.to_move, third_person, finished=seen.shared.result)
    )
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


# A shared screen's slap zones, in the order of the device's seats: whose edge, and whose key.
SLAP_EDGES = ("bottom", "top", "left", "right")
SLAP_KEYS = ("A", "L", "V", "P")


def device_context(engine, seats: list[Seat], to_move: tuple, names: list[str], *, finished) -> dict:
    """What a shared device shows besides the public table (public too, drawn for every reader;
    only the device's CSS shows it). Turn-based: whose turn it is among its seats (the lowest
    seat first when several may move), for "Pass to Maya". Real-time: a slap zone and a key for
    each of its players."""
    shared = sorted(shared_seats(seats))
    if finished and shared:
        return {"device_again": True}  # the finished panel's "Play again", for the device
    if engine.realtime:
        zones = zip(shared, SLAP_EDGES, SLAP_KEYS, strict=False)
        return {"slap_zones": [{"seat": n, "name": names[n], "edge": e, "key": k} for n, e, k in zones]}
    acting = None if finished else min((n for n in to_move if n in shared), default=None)
    return {"pass_seat": acting, "pass_name": names[acting] if acting is not None else ""}


def pass_seat(match: Match) -> int | None:
    """The shared device's seat whose turn it is now, if any."""
    if match.status != Match.Status.PLAYING:
        return None
    engine = get_engine(match.game)
    seen = seat_view(engine, match_state(match=match), None, cards=match.cards)
    seats = list(match.seat_set.all())
    names = seat_names(match, None, seats)
    return device_context(engine, seats, seen.shared.to_move, names, finished=None).get("pass_seat")


def board_template(game: str) -> str:
    """A game's own board partial if it has one, else the layout built from the view."""
    name = f"games/play/{game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return "games/play/_generic.html"
    return name


def coached(page: str, context: dict) -> str:
    """A tutorial learner's page with the coach's picks marked on their buttons."""
    coach = context.get("coach")
    return coaching.mark_picks(page, coach) if coach else page


# ----- the two fragments of a change, and a page drawn in one pass for its reader --------------


def public_html(rows: MatchRows) -> tuple[str, list[str]]:
    """The part of a started match's `#live` every reader shares (the watchers' page), as an
    out-of-band swap, in the active language; and the pieces each seat draws for itself."""
    context = live_context(rows.match, None, rows=rows, oob=True)
    context["drawn_pieces"] = slots = []
    return render_to_string("games/play.html#live", context), slots


def private_html(rows: MatchRows, seat: int, slots: list[str]) -> str:
    """What only `seat` sees of this change: whose page it is (#viewer) and its own pieces, as
    out-of-band swaps into the public fragment (sent right after it)."""
    context = live_context(rows.match, seat, rows=rows, oob=True)
    pieces = "".join(draw_piece(context, slot, oob=True) for slot in slots)
    return viewer_html(seat) + coached(pieces, context)


def viewer_html(seat: int | None, *, oob: bool = True, device: bool = False) -> str:
    """Whose page this is (games/play.html's #viewer), as an out-of-band swap unless drawn in
    the page itself: a seat, "watching", or "device" (a shared device: its CSS shows the "Pass
    to ..." screen, which the public fragment carries for every reader)."""
    return format_html(
        '<div id="viewer" data-viewer="{}" hidden{}></div>',
        ("device" if device else "watching") if seat is None else seat,
        mark_safe(' hx-swap-oob="true"') if oob else "",
    )


def page_context(
    match: Match,
    seat: int | None,
    *,
    rows: MatchRows | None = None,
    flash: str = "",
    oob: bool = False,
    device: bool = False,
) -> dict:
    """The context of a match page drawn for one reader: the public part, with the reader's own
    pieces drawn in place (a table's lobby, which is not split, is the reader's own). `device`:
    a shared device's page (seat None: the public table and "Pass to ...")."""
    if rows is None:
        rows = read_rows(match)
    if match.status == Match.Status.WAITING and device:
        # A table's lobby drawn for a shared device: its host's (the device made the table).
        context = live_context(match, 0, rows=rows, flash=flash, oob=oob)
    elif match.status == Match.Status.WAITING or seat is None:
        context = live_context(match, seat, rows=rows, flash=flash, oob=oob)
    else:
        context = live_context(match, None, rows=rows, flash=flash, oob=oob)
        reader = live_context(match, seat, rows=rows)
        context.update({"reader_context": reader, "coach": reader["coach"]})
    context["viewer_element"] = viewer_html(seat, oob=False, device=device)
    return context


def live_html(
    match: Match,
    seat: int | None,
    *,
    rows: MatchRows | None = None,
    flash: str = "",
    oob: bool = False,
    request=None,
    device: bool = False,
) -> str:
    """A reader's `#live` in one pass: the public fragment with its own pieces in place, and
    (as an out-of-band swap) whose page it is."""
    context = page_context(match, seat, rows=rows, flash=flash, oob=oob, device=device)
    page = coached(render_to_string("games/play.html#live", context, request=request), context)
    return page + viewer_html(seat, device=device)


def hand_html(match: Match, seat: int, *, request=None) -> str:
    """A shared device's "Show my cards": `#live` drawn for the seat whose turn it is, marked as
    shown (static/games/pass.js hides it again after the move or 30 s untouched)."""
    context = page_context(match, seat)
    context["revealed_name"] = seat_names(match, None, context["seat_rows"])[seat]
    context["revealed_seat"] = seat
    return coached(render_to_string("games/play.html#live", context, request=request), context)


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
        "deck": engine.deck_slug,
        "game_name": game_name(match.game),
        "seat": seat,
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
