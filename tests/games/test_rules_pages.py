"""Every game's rules page (our own words) has its sections, real card pictures, and names every
option a player can set."""

import html
import re

import pytest
from django.template.loader import render_to_string

from games.engines import ENGINES
from games.engines.cards import load_deck_records


@pytest.mark.parametrize("slug", list(ENGINES))
def test_rules_page_has_every_section_real_cards_and_every_option(slug):
    engine = ENGINES[slug]
    page = html.unescape(render_to_string(f"games/rules/{slug}.html"))
    for heading in ("Goal", "Setting up", "How it ends and who wins"):
        assert f">{heading}</h2>" in page, f"{slug}: no {heading!r} section"
    assert "Where the printed rules are silent, we chose:" in page
    shown = re.findall(rf'src="/cards/{engine.deck_slug}/([^"?]+)\.png', page)
    assert shown, f"{slug}: no card pictures"
    assert set(shown) <= {card["id"] for card in load_deck_records(engine.deck_slug)}
    for option in engine.options:
        assert option.label.split(" (")[0].lower() in page.lower(), (
            f"{slug}: the page doesn't explain {option.label!r}"
        )
