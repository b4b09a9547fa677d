"""After a change commits, the process that made it draws it once and sends it to every open page.

- A move (the change carries the rows it wrote): the public fragment once per language some
  page of the match reads, to that language's watchers; and to the group of the browsers that
  hold each seat (its token), in the languages they read, one frame: the public fragment then
  that seat's private fragment. A socket only forwards what it gets (games.live.consumers): no
  other process reads or draws the move.
- Any other change (a deal, a lobby change, a seat changing hands): every page of the match
  draws itself again ("match.redraw"), after asking the gates again when a seat changed hands.

Whom to draw for: every socket notes its match, holder and language in the cache when it
connects (`listen`), so a move is drawn only in the languages, and only for the seats, someone
is reading.
"""

from __future__ import annotations

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from games import devices, rendering, services
from games.changes import MatchChange
from games.models import Seat
from plateful.live_layer import group_sends_or_skip

# How long a socket's note lasts: longer than any class period; a socket that connects again
# notes itself again.
LISTEN_SECONDS = 12 * 3600
_WATCHER = "w"
_LANGUAGES = [code for code, _name in settings.LANGUAGES]


def watchers_group(match_id: str, language: str) -> str:
    return f"match-{match_id}.{language}"


def holder_group(match_id: str, token_hash: str, language: str) -> str:
    """The group of the browsers that hold a seat by this token (a seat's private fragment goes
    there, so a socket whose seat went to someone else gets none of it)."""
    return f"match-{match_id}.{token_hash[:32]}.{language}"


def _listen_key(match_id: str, holder: str, language: str) -> str:
    return f"live-reader:{match_id}:{holder[:32]}:{language}"


def listen(match_id: str, token_hash: str | None, language: str) -> None:
    """A socket of this match reads it in `language` (as the seat this token holds, or watching)."""
    cache.set(_listen_key(match_id, token_hash or _WATCHER, language), 1, LISTEN_SECONDS)


def _readers(match_id: str, seats: list[Seat]) -> dict[str, tuple[bool, list[Seat]]]:
    """Language -> (whether someone watches in it, the seats someone reads in it), in one
    cache round trip."""
    # A shared device's seats get no private fragment pushed: it asks for a hand when a child
    # taps "Show my cards" (games.views.match_hand).
    shared = devices.shared_seats(seats)
    holders = [
        seat
        for seat in seats
        if seat.kind == Seat.Kind.HUMAN and seat.token_hash and seat.number not in shared
    ]
    keys = {}
    for language in _LANGUAGES:
        keys[_listen_key(match_id, _WATCHER, language)] = (language, None)
        for seat in holders:
            keys[_listen_key(match_id, seat.token_hash, language)] = (language, seat)
    readers: dict[str, tuple[bool, list[Seat]]] = {}
    for key in cache.get_many(list(keys)):
        language, seat = keys[key]
        watched, seats_read = readers.get(language, (False, []))
        readers[language] = (watched or seat is None, seats_read + ([seat] if seat is not None else []))
    return readers


def broadcast_change(change: MatchChange) -> None:
    """Subscriber of games.changes: send the change to every open page of the match."""
    if get_channel_layer() is None:
        return
    if change.rows is None or change.seats_changed:
        redraw = {"type": "match.redraw", "recheck": change.seats_changed}
        group_sends_or_skip([(services.group_name(change.match_id), redraw)])
        return
    match, seats = change.rows
    readers = _readers(match.pk, seats)
    if not readers:
        return  # nobody has the match open (bots playing on, pages on HTTP only)
    rows = rendering.read_rows(match, seats)
    sends = []
    for language, (watched, seats_read) in readers.items():
        with translation.override(language):
            public, slots = rendering.public_html(rows)
            if watched:
                sends.append((watchers_group(match.pk, language), _fragment(match, public)))
            for seat in seats_read:
                # The seat's frame: the public fragment with its own pieces swapped in after it.
                frame = public + rendering.private_html(rows, seat.number, slots)
                sends.append((holder_group(match.pk, seat.token_hash, language), _fragment(match, frame)))
    # Never raises nor waits long: while the layer is down the move stays stored and the pages
    # catch up with a full redraw when it is back (plateful.live_layer).
    group_sends_or_skip(sends)


def _fragment(match, html: str) -> dict:
    return {"type": "match.fragment", "version": match.version, "html": html}
