"""Write foodcards/card_names.py: every word the cards take from the deck data, for makemessages."""

from pathlib import Path

from django.core.management.base import BaseCommand

from foodcards.models import DECK_SLUGS
from foodcards.services import DATA_DIR, deck_file_read

TARGET = Path(__file__).resolve().parents[2] / "card_names.py"

HEADER = '''"""Every word the card pictures and pages take from the deck data, marked for translation.

makemessages cannot read foodcards/data/*.json, so this module lists each card name, each Eat
Right serving and each deck's description and notes with gettext_noop; the pictures and pages
translate them with gettext. Written by `python manage.py card_names`;
tests/foodcards/test_card_names.py checks it lists exactly what the data holds.
"""

from django.utils.translation import gettext_noop

'''


def _unique(words):
    return list(dict.fromkeys(word for word in words if word))


def _lines(words, indent):
    """One gettext_noop(...) per word, laid out as ruff format would (a long one on its own line)."""
    text = ""
    for word in words:
        literal = '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
        line = f"{indent}gettext_noop({literal}),\n"
        if len(line) - 1 > 110:
            line = f"{indent}gettext_noop(\n{indent}    {literal}\n{indent}),\n"
        text += line
    return text


def card_names_source(data_dir: Path = DATA_DIR) -> str:
    """The text of card_names.py for the deck files in `data_dir`."""
    names, servings, deck_texts = {}, [], []
    for slug in DECK_SLUGS:
        path = data_dir / f"{slug}.json"
        if not path.exists():
            continue
        deck, records = deck_file_read(path=path)
        deck_texts += [deck.get("description"), *deck.get("choices", [])]
        names[slug] = _unique(record.get("name") for record in records)
        servings += [record.get("serving_label") for record in records]
    text = HEADER + "CARD_NAMES = {\n"
    for slug, words in names.items():
        text += f'    "{slug}": (\n' + _lines(words, " " * 8) + "    ),\n"
    text += "}\n\nSERVING_LABELS = (\n" + _lines(_unique(servings), " " * 4) + ")\n"
    text += "\nDECK_TEXTS = (\n" + _lines(_unique(deck_texts), " " * 4) + ")\n"
    return text


class Command(BaseCommand):
    help = "Rewrites foodcards/card_names.py from foodcards/data/*.json (run it after a deck file changes)."

    def handle(self, *args, **options):
        TARGET.write_text(card_names_source(), encoding="utf-8")
        self.stdout.write(self.style.SUCCESS(f"Wrote {TARGET}."))
