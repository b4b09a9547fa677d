"""Old matches: which ones `manage.py purge_old_matches` deletes, and the holds other apps put.

Two age rules, both counted from a match's last change (`changed_at`: the last move, lobby
change or finish):
- an unfinished match (a table waiting for players, a game nobody plays on) unchanged for
  `unfinished_hours` is abandoned;
- a finished match unchanged for `finished_days` has been kept long enough.
0 turns a rule off. Deleting a match deletes its seats and move log; the card sets no match
uses any more go too (games.card_sets). The finished matches that stay get their logs compacted
(games.match_log) if they finished before logs were compacted at the finish.

An app that owns matches holds them back with `register_hold(fn)`: fn() -> a queryset of match
ids that must stay (a classroom holds every match of its class sessions: their own retention,
`purge_class_data`, deletes them with the class's data and keeps the class totals). Nothing here
imports the apps that register.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games.card_sets import card_sets_delete_unused
from games.match_log import finished_logs_compact
from games.models import CardSet, Match, MatchAction

Hold = Callable[[], QuerySet]

_holds: list[Hold] = []

BATCH = 200  # matches deleted per transaction: no long lock on a busy site


def register_hold(hold: Hold) -> Hold:
    if hold not in _holds:
        _holds.append(hold)
    return hold


@dataclass
class PurgeReport:
    unfinished: int = 0  # abandoned unfinished matches (deleted, or that would be)
    finished: int = 0  # old finished matches
    moves: int = 0  # their logged moves
    held: int = 0  # matches old enough but held by another app (a class session)
    card_sets: int = 0  # card sets no match uses any more
    compacted: int = 0  # finished matches kept whose logs were compacted
    dry_run: bool = False

    @property
    def matches(self) -> int:
        return self.unfinished + self.finished


def _age_rules(now: datetime, unfinished_hours: float, finished_days: float) -> tuple[Q, Q]:
    nothing = Q(pk__in=[])
    unfinished = (
        Q(changed_at__lt=now - timedelta(hours=unfinished_hours)) & ~Q(status=Match.Status.FINISHED)
        if unfinished_hours > 0
        else nothing
    )
    finished = (
        Q(changed_at__lt=now - timedelta(days=finished_days), status=Match.Status.FINISHED)
        if finished_days > 0
        else nothing
    )
    return unfinished, finished


def _not_held(matches: QuerySet) -> QuerySet:
    for hold in _holds:
        matches = matches.exclude(pk__in=hold())
    return matches


def matches_due(
    *, unfinished_hours: float, finished_days: float, now: datetime | None = None
) -> tuple[QuerySet, QuerySet, QuerySet]:
    """(abandoned unfinished matches, old finished matches, old matches held back)."""
    unfinished, finished = _age_rules(now or timezone.now(), unfinished_hours, finished_days)
    old = Match.objects.filter(unfinished | finished)
    due = _not_held(old)
    return due.filter(unfinished), due.filter(finished), old.exclude(pk__in=due.values("pk"))


def matches_purge(
    *, unfinished_hours: float, finished_days: float, dry_run: bool = False, now: datetime | None = None
) -> PurgeReport:
    """Delete (or with `dry_run` only count) the matches the age rules give, and the card sets
    left unused."""
    now = now or timezone.now()
    unfinished, finished, held = matches_due(
        unfinished_hours=unfinished_hours, finished_days=finished_days, now=now
    )
    report = PurgeReport(
        unfinished=unfinished.count(), finished=finished.count(), held=held.count(), dry_run=dry_run
    )
    due = unfinished | finished
    report.moves = MatchAction.objects.filter(match__in=due.values("pk")).count()
    if dry_run:
        # The sets used only by matches that would go.
        report.card_sets = CardSet.objects.filter(
            ~Exists(Match.objects.filter(card_set=OuterRef("pk")).exclude(pk__in=due.values("pk")))
        ).count()
        report.compacted = finished_logs_compact(dry_run=True, leaving_out=due.values("pk"))
        return report
    ids = list(due.values_list("pk", flat=True))
    deleted = 0
    for start in range(0, len(ids), BATCH):
        with transaction.atomic():
            # The rules again, row by row: a match that changed since it was listed stays.
            again = _not_held(Match.objects.filter(pk__in=ids[start : start + BATCH]))
            rules = _age_rules(now, unfinished_hours, finished_days)
            _count, by_model = again.filter(rules[0] | rules[1]).delete()
            deleted += by_model.get(Match._meta.label, 0)
    report.card_sets = card_sets_delete_unused()
    report.compacted = finished_logs_compact()
    # What really went, when a match changed meanwhile.
    if deleted != report.matches:
        report.unfinished = min(report.unfinished, deleted)
        report.finished = deleted - report.unfinished
    return report
