"""Write foodcards/data/eat-right.json from the deck design and the USDA SR files."""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from nutrition.eat_right_deck import DeckDesignError, build_eat_right_deck
from nutrition.sr_files import SRFormatError

DECK_FILE = Path(settings.BASE_DIR) / "foodcards" / "data" / "eat-right.json"


def deck_json(deck: dict) -> str:
    """The file's exact text (the test compares it byte for byte)."""
    return json.dumps(deck, ensure_ascii=False, indent=1) + "\n"


class Command(BaseCommand):
    help = "Compute every Eat Right card from the USDA SR files and write foodcards/data/eat-right.json."

    def add_arguments(self, parser):
        parser.add_argument("--usda-dir", type=Path, default=None, help="default: settings.USDA_SR_DIR")
        parser.add_argument("--output", type=Path, default=DECK_FILE)
        parser.add_argument(
            "--check", action="store_true", help="only check that the file is up to date (exit 1 if not)"
        )

    def handle(self, *args, usda_dir=None, output=DECK_FILE, check=False, **options):
        usda_dir = usda_dir or settings.USDA_SR_DIR
        try:
            deck = build_eat_right_deck(usda_dir)
        except (SRFormatError, DeckDesignError) as error:
            raise CommandError(str(error)) from error
        text = deck_json(deck)
        if check:
            if not output.is_file() or output.read_text(encoding="utf-8") != text:
                raise CommandError(f"{output} is out of date: run manage.py build_eat_right_deck")
            self.stdout.write(f"{output} is up to date ({len(deck['cards'])} cards).")
            return
        output.write_text(text, encoding="utf-8")
        self.stdout.write(self.style.SUCCESS(f"Wrote {len(deck['cards'])} cards to {output}"))
