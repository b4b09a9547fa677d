"""foodcards/card_names.py lists every word the cards take from the deck data, for makemessages."""

import json
from pathlib import Path

from foodcards import card_names
from foodcards.management.commands.card_names import TARGET, card_names_source

DATA_DIR = Path(card_names.__file__).parent / "data"


def test_every_card_name_and_serving_in_the_deck_files_is_listed_for_translation():
    in_data = set()
    for path in DATA_DIR.glob("*.json"):
        for record in json.loads(path.read_text())["cards"]:
            in_data |= {record["name"], record.get("serving_label")} - {None, ""}
    listed = {name for names in card_names.CARD_NAMES.values() for name in names}
    listed |= set(card_names.SERVING_LABELS)
    fix = "run `python manage.py card_names` to rewrite foodcards/card_names.py"
    assert not in_data - listed, f"not listed: {sorted(in_data - listed)}; {fix}"
    assert not listed - in_data, f"no longer in the data: {sorted(listed - in_data)}; {fix}"
    assert TARGET.read_text() == card_names_source(), fix
