"""Deleting a class session's data: the whole session, or its students' data once it is over
(keeping the class totals). Each owns its transaction; games are deleted through
`games.services`."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from classroom import class_matches
from classroom.models import ClassSession
from games import services as games


def session_delete(*, session: ClassSession) -> None:
    """Delete a session with everything its students left: names, seats, games, meal attempts."""
    with transaction.atomic():
        match_ids = list(session.table_matches.values_list("match_id", flat=True))
        class_matches.session_gates_changed(session.pk)
        session.delete()
        games.matches_delete(match_ids=match_ids)


def session_purge_students(*, session: ClassSession, summary: dict) -> None:
    """Delete a finished session's student data, keeping the class totals (`summary`)."""
    with transaction.atomic():
        match_ids = list(session.table_matches.values_list("match_id", flat=True))
        class_matches.session_gates_changed(session.pk)
        session.table_matches.all().delete()
        session.students.all().delete()
        games.matches_delete(match_ids=match_ids)
        if session.status != ClassSession.Status.ENDED:
            session.status = ClassSession.Status.ENDED
            session.ended_at = session.ended_at or timezone.now()
        session.purged_at = timezone.now()
        session.summary = summary
        session.save(update_fields=["status", "ended_at", "purged_at", "summary"])
