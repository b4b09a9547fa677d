"""Card records for the engines, read from the shipped deck data (no Django).

foodcards/data/<deck-slug>.json is the single source of the cards' facts: `load_decks` puts the
same records in the database, and the engines read them from here (or get records passed in,
e.g. from the database after a teacher edited a card). See docs/engines.md for the fields.
"""

from __future__ import annotations

import json
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "foodcards" / "data"


def load_deck_records(deck_slug: str) -> list[dict]:
    """The card records of one deck, every physical card once, in the file's order."""
    path = DATA_DIR / f"{deck_slug}.json"
    with path.open(encoding="utf-8") as handle:
        data = json.load(handle)
    return data["cards"]
