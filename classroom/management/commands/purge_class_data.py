"""Retention: delete the students' data of class sessions that finished long enough ago.

A session counts as finished when it ended, or when it was made more than --days ago (a session
a teacher forgot to end). Its students, their games (with replays) and meal attempts are
deleted; the session itself stays with its class totals, so the teacher's list keeps its
history. Run it daily (cron, a systemd timer...).
"""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from classroom.models import ClassSession
from classroom.reports import session_summary
from classroom.retention import session_purge_students


class Command(BaseCommand):
    help = "Delete the students' data of class sessions finished more than CLASSROOM_RETENTION_DAYS ago."

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=settings.CLASSROOM_RETENTION_DAYS,
            help="Keep the data this many days after a session ends (default: CLASSROOM_RETENTION_DAYS).",
        )
        parser.add_argument("--dry-run", action="store_true", help="Only say what would be deleted.")

    def handle(self, *args, days, dry_run, **options):
        cutoff = timezone.now() - timedelta(days=days)
        due = ClassSession.objects.filter(purged_at__isnull=True).filter(
            Q(ended_at__lt=cutoff) | Q(ended_at__isnull=True, created_at__lt=cutoff)
        )
        count = 0
        for session in due:
            students = session.students.count()
            if not dry_run:
                session_purge_students(session=session, summary=session_summary(session))
            count += 1
            self.stdout.write(
                f"Session {session.code} ({session.created_at:%Y-%m-%d}): {students} students' data."
            )
        verb = "Would delete" if dry_run else "Deleted"
        self.stdout.write(
            self.style.SUCCESS(f"{verb} the students' data of {count} session(s) older than {days} days.")
        )
