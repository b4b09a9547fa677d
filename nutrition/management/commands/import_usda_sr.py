"""Import (or re-import) the USDA SR files: python manage.py import_usda_sr [DIR]."""

import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from nutrition.importer import usda_release_import
from nutrition.sr_files import SRFormatError


class Command(BaseCommand):
    help = (
        "Import the USDA SR files (FD_GROUP.txt, FOOD_DES.txt, ABBREV.txt, WEIGHT.txt) from DIR "
        "(default: settings.USDA_SR_DIR). Safe to run again: unchanged rows are left alone."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", nargs="?", type=Path, default=None)

    def handle(self, *args, directory=None, **options):
        directory = Path(directory or settings.USDA_SR_DIR)
        started = time.monotonic()
        try:
            summary = usda_release_import(directory=directory)
        except SRFormatError as error:
            raise CommandError(f"Nothing was imported. {error}") from error
        seconds = time.monotonic() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"USDA SR in {directory}: {summary.foods} foods, {summary.groups} food groups, "
                f"{summary.measures} household measures. {summary.created} rows created, "
                f"{summary.updated} updated, {summary.deleted} deleted ({seconds:.1f} s)."
            )
        )
