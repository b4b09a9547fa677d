"""The CHOMP! family's rules pages render and name every option a player can set."""

from __future__ import annotations

import html

import pytest
from django.template.loader import render_to_string

from games.engines import get_engine

SLUGS = ("chomp", "underwater-war", "quick-chomp", "double-chomp")


@pytest.mark.parametrize("slug", SLUGS)
def test_rules_page_has_every_section_and_names_every_option(slug):
    page = html.unescape(render_to_string(f"games/rules/{slug}.html"))
    for heading in ("Goal", "Setting up", "Special cards", "How it ends and who wins"):
        assert f">{heading}</h2>" in page
    assert "Where the printed rules are silent, we chose:" in page
    assert page.count('<img src="/cards/chomp/') >= 3
    for option in get_engine(slug).options:
        assert option.label.split(" (")[0] in page, f"{slug}: the page doesn't explain {option.label!r}"
