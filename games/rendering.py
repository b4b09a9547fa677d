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

from datetime import timedelta

from django.conf import settings
from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games import boards
from games.bots import bot_levels
from games.catalog import game_name, game_summary
from games.engines import get_engine
from games.engines.base import events_for
from games.engines.messages import Speaker
from games.messages import level_name, speaker
from games.models import Match, Seat
from games.seat_view import seat_view
from games.services import match_state
from games.snapshots import match_rows


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
    seen = seat_view(engine, state, seat, cards=cards)
    words = speaker(viewer=seat, names=seat_names(match, None, seats), cards=cards)
    feed = _feed(match, seat, words)
    context.update(
        boards.present(
            seen, names, words, cards=cards, deck=engine.deck_slug, feed=feed, version=match.version
        )
    )
    timer = None
    if seen.shared.timer is not None:
        scale = settings.GAMES_TIMER_SCALE
        after = timedelta(milliseconds=float(seen.shared.timer.payload["after_ms"]) * scale)
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
