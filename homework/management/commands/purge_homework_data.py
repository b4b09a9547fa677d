"""Retention: delete the students' data of homework that closed long enough ago.

The sibling of purge_class_data, under the same setting (CLASSROOM_RETENTION_DAYS): an assignment
that closed (its due date, or the end of its late work) more than --days ago loses its students,
their games (with replays) and meal checks; the assignment stays with its totals, so the
teacher's list keeps its history. Run it daily with purge_class_data (docs/deploy.md).
"""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from homework.models import Assignment
from homework.results import assignment_results, totals
from homework.services import assignment_purge_students


class Command(BaseCommand):
    help = "Delete the students' data of homework closed more than CLASSROOM_RETENTION_DAYS ago."

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=settings.CLASSROOM_RETENTION_DAYS,
            help="Keep the data this many days after homework closes (default: CLASSROOM_RETENTION_DAYS).",
        )
        parser.add_argument("--dry-run", action="store_true", help="Only say what would be deleted.")

    def handle(self, *args, days, dry_run, **options):
        cutoff = timezone.now() - timedelta(days=days)
        due = Assignment.objects.filter(purged_at__isnull=True).filter(
            Q(late_until__lt=cutoff) | Q(late_until__isnull=True, due_at__lt=cutoff)
        )
        count = 0
        for assignment in due:
            students = assignment.students.count()
            if not dry_run:
                assignment_purge_students(
                    assignment=assignment, summary=totals(assignment_results(assignment))
                )
            count += 1
            self.stdout.write(
                f"Homework {assignment.code} (due {assignment.due_at:%Y-%m-%d}): {students} students' data."
            )
        verb = "Would delete" if dry_run else "Deleted"
        self.stdout.write(
            self.style.SUCCESS(
                f"{verb} the students' data of {count} homework assignment(s) closed over {days} days ago."
            )
        )
