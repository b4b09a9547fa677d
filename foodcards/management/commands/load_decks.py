"""Load every deck file in foodcards/data/ into the database (safe to run again and again)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from foodcards.services import DATA_DIR, DeckFileError, decks_load


class Command(BaseCommand):
    help = (
        "Loads foodcards/data/*.json into Deck and Card rows: updates in place, removes cards no "
        "longer in a file, never duplicates. Cards edited in the admin keep their edits until "
        "the file's record changes (use --force to overwrite them)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--data-dir", type=Path, default=DATA_DIR, help="Where the deck files are.")
        parser.add_argument("--force", action="store_true", help="Overwrite admin edits with the files.")

    def handle(self, *args, data_dir, force, **options):
        if not data_dir.is_dir():
            raise CommandError(f"There is no deck folder at {data_dir}.")
        try:
            reports = decks_load(data_dir=data_dir, force=force)
        except DeckFileError as error:
            raise CommandError(f"No deck was loaded: {error}") from error
        if not reports:
            raise CommandError(f"No deck files (*.json) in {data_dir}.")
        for report in reports:
            self.stdout.write(str(report))
        self.stdout.write(self.style.SUCCESS(f"Loaded {len(reports)} decks."))
