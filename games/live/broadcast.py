"""A committed change reaches every open page of its match: the match's Channels group gets
"match changed" (or "match.seats_changed" when a seat changed hands), and each page's consumer
(games.live.consumers) redraws. Across processes (Redis) the message carries the rows the change
wrote, so no other process reads them back (games.live.snapshots); the in-memory layer stays in
this process, which holds them already."""

from __future__ import annotations

from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.utils.translation import get_language

from games import audiences, rendering, services
from games.changes import MatchChange
from games.live import snapshots
from games.models import Match
from plateful.live_layer import group_send_or_skip

# A change message carries its shared render up to this size (characters); a bigger page is
# drawn by each process itself.
SHARED_LIMIT = 200_000


def broadcast_change(change: MatchChange) -> None:
    """Subscriber of games.changes: tell every open page of the match that it changed (each
    page's consumer then redraws its own seat's view). Across processes (Redis) the message
    carries the rows the change wrote, so no other process reads them back (games.snapshots);
    the in-memory layer stays in this process, which holds them already."""
    layer = get_channel_layer()
    if layer is None:
        return
    if change.version is None or change.changed_at is None:
        row = Match.objects.filter(pk=change.match_id).values("version", "changed_at").first()
        if row is None:
            return
        version, changed_at = row["version"], row["changed_at"]
    else:
        version, changed_at = change.version, change.changed_at
    message = {
        "type": "match.changed",
        "version": version,
        "changed_at": changed_at.isoformat(),
        # Who moved (None: the table, or a lobby change): that seat's page usually has its
        # answer already (the htmx response), so its socket redraws after the others.
        "seat": change.seat,
        "page": change.page,
    }
    if change.seats_changed:
        # A seat changed hands or someone was taken out: every page checks who it is first.
        message["type"] = "match.seats_changed"
    if change.rows is not None and not isinstance(layer, InMemoryChannelLayer):
        payload = snapshots.rows_payload(snapshots.change_rows(change))
        if payload is not None:  # else (too big) the other processes read the change
            message["rows"] = payload
            shared = _shared_render(change)
            if shared is not None:
                message["shared"] = shared
    # Never raises nor waits long: while the layer is down the move stays stored and the pages
    # catch up with a full redraw when it is back (plateful.live_layer).
    group_send_or_skip(services.group_name(change.match_id), message)


def _shared_render(change: MatchChange) -> dict | None:
    """The part of the change's page every reader shares, drawn here in the active language
    (the mover's), for the other processes to use instead of drawing it again; this process
    draws it for its own sockets anyway (the mover's answer among them). None when the page is
    not composed or too big to carry."""
    match = snapshots.cached_match(change.match_id, change.version, change.changed_at.isoformat())
    if match is None or not rendering.composed(match):
        return None
    html = rendering.shared_live_html(match, oob=True)
    if len(html) > SHARED_LIMIT:
        return None
    return {"language": get_language(), "html": html, "marks": audiences.marks_opening()}
