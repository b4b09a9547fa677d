"""Every game's rules page (our own words): a short how-to first, then the whole rules folded in
<details> with their sections, real card pictures (right-sized WebP copies, never the full PNG),
"Our table rules" where the printed rules are silent, and every option a player can set. The
catalogue and each rules page start with "Play now"."""

import html
import re

import pytest
from django.template.loader import render_to_string

from games.catalog import featured_cards
from games.engines import ENGINES
from games.engines.cards import load_deck_records


def _deck_ids(slug: str) -> set[str]:
    return {card["id"] for card in load_deck_records(ENGINES[slug].deck_slug)}


@pytest.mark.parametrize("slug", list(ENGINES))
def test_rules_page_has_every_section_real_cards_and_every_option(slug):
    engine = ENGINES[slug]
    page = html.unescape(render_to_string(f"games/rules/{slug}.html"))
    how_to, _, folded = page.partition('<details class="all-rules">')
    assert folded, f"{slug}: the whole rules are not folded in <details>"
    steps = re.findall(r"<li>", how_to)
    assert 5 <= len(steps) <= 8, f"{slug}: the short how-to has {len(steps)} steps"
    for heading in ("Goal", "Setting up", "How it ends and who wins", "Our table rules"):
        assert f">{heading}</h2>" in folded, f"{slug}: no {heading!r} section"
    assert "printed rules are silent" not in page
    shown = re.findall(rf'src="/cards/{engine.deck_slug}/\d+/([^"?/]+)\.webp"', page)
    assert shown, f"{slug}: no card pictures"
    assert set(shown) <= _deck_ids(slug)
    assert ".png" not in page, f"{slug}: a full-size PNG on the rules page"
    for option in engine.options:
        assert option.label.split(" (")[0].lower() in folded.lower(), (
            f"{slug}: the page doesn't explain {option.label!r}"
        )


@pytest.mark.parametrize("slug", list(ENGINES))
def test_featured_cards_are_real_cards_of_the_game(slug):
    cards = featured_cards(slug)
    assert 1 <= len(cards) <= 3 and set(cards) <= _deck_ids(slug)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(ENGINES))
def test_rules_page_starts_with_play_now_that_starts_a_game_against_bots(client, slug):
    page = client.get(f"/games/{slug}/").content.decode()
    play_now = page.index(">Play now<")
    assert play_now < page.index('id="how-to-play"') < page.index('<details class="all-rules">')
    form = page[page.rindex("<form", 0, play_now) : play_now]
    action = re.search(r'action="([^"]+)"', form).group(1)
    assert action == f"/games/{slug}/play/"
    fields = dict(re.findall(r'name="(seats|bot_level)" value="([^"]*)"', form))
    response = client.post(action, fields)
    assert response.status_code == 302 and response["Location"].startswith("/play/")


@pytest.mark.django_db
def test_catalog_cards_show_pictures_and_play_now_for_every_game(client):
    page = client.get("/games/").content.decode()
    cards = page.split('<li class="game-card">')[1:]
    assert len(cards) == len(ENGINES)
    for slug, card in zip(ENGINES, cards, strict=True):
        assert f'href="/games/{slug}/"' in card
        assert re.search(rf'<img src="/cards/{ENGINES[slug].deck_slug}/\d+/[^"]+\.webp"', card), slug
        assert "Play now" in card and 'type="submit"' in card and " disabled" not in card


@pytest.mark.parametrize("slug", ["chomp", "underwater-war", "quick-chomp", "double-chomp"])
def test_the_chomp_pages_say_a_bad_chomper_loses_both_cards_to_the_winner(slug):
    """The printed Bad Chomp: the round's winner takes the face-down card and the one the Bad
    Chomper turned over; with no winner both wait in the middle for the next one."""
    page = " ".join(html.unescape(render_to_string(f"games/rules/{slug}.html")).split())
    assert "Bad Chomp" in page
    assert re.search(r"takes (both of your cards|it with (the card|both cards) you turned over)", page), slug
    assert re.search(
        r"(both cards stay in the middle|both wait (in the middle )?for the next|they all stay)", page
    ), slug
    assert "you lose a card to the next winner" not in page
