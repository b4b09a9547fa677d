"""A finished match's move log, kept lean.

Each logged move keeps what was played (`action`) and, while it may still be shown in a page's
feed, what it did (`events`, the feed's sentences). Once a match is over only its last
FEED_LENGTH moves' events are kept (the finished page's feed shows them): the rest are the
engine's output for the logged moves, which a replay computes again as it replays
(`services.match_replay`), so dropping them loses nothing and leaves a finished match's log a
fraction of its size.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from games.changes import FEED_LENGTH
from games.models import Match, MatchAction


def log_compact(*, match_id: str, version: int) -> int:
    """Drop the events of every move of this finished match but the last FEED_LENGTH ones.
    Returns how many moves changed."""
    return (
        MatchAction.objects.filter(match_id=match_id, index__lt=version - FEED_LENGTH)
        .exclude(events=[])
        .update(events=[])
    )


def _uncompacted():
    """Finished matches whose log still holds events older than the feed's."""
    old_events = MatchAction.objects.filter(
        match=OuterRef("pk"), index__lt=OuterRef("version") - FEED_LENGTH
    ).exclude(events=[])
    return Match.objects.filter(Exists(old_events), status=Match.Status.FINISHED)


def finished_logs_compact(*, dry_run: bool = False, leaving_out=None) -> int:
    """Compact the logs of finished matches that still hold old events (matches that finished
    before logs were compacted at the finish). Returns how many matches changed (or would).
    `leaving_out`: match ids not to count (a dry run's matches that would be deleted)."""
    if dry_run:
        matches = _uncompacted()
        return (matches.exclude(pk__in=leaving_out) if leaving_out is not None else matches).count()
    changed = 0
    for match_id, version in _uncompacted().values_list("pk", "version"):
        changed += bool(log_compact(match_id=match_id, version=version))
    return changed
