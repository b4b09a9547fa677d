"""Retention of games: delete abandoned unfinished matches and old finished ones.

    python manage.py purge_old_matches --dry-run      # only say what would go
    python manage.py purge_old_matches                # GAMES_UNFINISHED_HOURS, GAMES_FINISHED_DAYS
    python manage.py purge_old_matches --unfinished-hours 24 --finished-days 7

A match unfinished and unchanged for GAMES_UNFINISHED_HOURS is abandoned; a finished match is
kept GAMES_FINISHED_DAYS after it finished (0 keeps them forever). Their seats and move logs go
with them, and so do the card sets no match uses any more; finished matches that stay and
finished before logs were compacted get their logs compacted (games.match_log). Matches of
class sessions are never touched here: `purge_class_data` deletes them with the class's data
(CLASSROOM_RETENTION_DAYS).
Run it daily (cron, a systemd timer...), next to `purge_class_data`.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.retention import matches_purge


class Command(BaseCommand):
    help = "Delete abandoned unfinished matches and old finished ones (see GAMES_UNFINISHED_HOURS)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--unfinished-hours",
            type=float,
            default=settings.GAMES_UNFINISHED_HOURS,
            help="Delete unfinished matches unchanged this long (GAMES_UNFINISHED_HOURS; 0: never).",
        )
        parser.add_argument(
            "--finished-days",
            type=float,
            default=settings.GAMES_FINISHED_DAYS,
            help="Delete finished matches this long after they finished (GAMES_FINISHED_DAYS; 0: never).",
        )
        parser.add_argument("--dry-run", action="store_true", help="Only count what would be deleted.")

    def handle(self, *args, unfinished_hours, finished_days, dry_run, **options):
        if unfinished_hours < 0 or finished_days < 0:
            raise CommandError("Ages are 0 (keep forever) or more.")
        report = matches_purge(
            unfinished_hours=unfinished_hours, finished_days=finished_days, dry_run=dry_run
        )
        verb = "Would delete" if dry_run else "Deleted"
        unfinished = (
            f"{report.unfinished} unfinished (unchanged for {unfinished_hours:g} hours)"
            if unfinished_hours > 0
            else "no unfinished ones (that rule is off)"
        )
        finished = (
            f"{report.finished} finished (over {finished_days:g} days ago)"
            if finished_days > 0
            else "no finished ones (that rule is off)"
        )
        self.stdout.write(
            f"{verb} {report.matches} matches: {unfinished}, {finished}, with {report.moves} logged "
            f"moves; {report.card_sets} card sets no longer used."
        )
        if report.compacted:
            verb = "Would compact" if dry_run else "Compacted"
            self.stdout.write(f"{verb} the move logs of {report.compacted} older finished matches.")
        if report.held:
            self.stdout.write(
                f"Kept {report.held} old matches of class sessions (purge_class_data deletes them)."
            )
