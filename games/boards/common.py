"""What every game board's presenter shares (games/boards/<game>.py)."""

from __future__ import annotations

import json
from dataclasses import replace

from games.rendering import CardView, card_image


def cards_by_id(board) -> dict[str, CardView]:
    """The card pictures the generic board built, first appearance of each id (the one that
    carries this seat's moves)."""
    found: dict[str, CardView] = {}
    for zone in board.zones:
        for card in zone.cards:
            found.setdefault(card.id, card)
    return found


def name_of(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def small(deck: str, card_id: str) -> str:
    """A card's small picture."""
    return card_image(deck, card_id, small=True)


def back(deck: str) -> str:
    """The deck's card back, small."""
    return card_image(deck, "back", small=True)


def picture(deck: str, card_id: str, name: str) -> CardView:
    """A card picture without moves, for a card the generic board didn't draw."""
    return CardView(id=card_id, name=name, image=card_image(deck, card_id))


def relabel(picture: CardView, words) -> CardView:
    """The same card and moves, with button words a child reads at a glance (words(entry) -> str)."""
    return replace(picture, actions=[{**entry, "label": words(entry)} for entry in picture.actions])


def move_of(entry: dict) -> dict:
    """The engine's move behind a button (its hx-vals carry it as JSON)."""
    return json.loads(json.loads(entry["vals"])["action"])


def mini(card_id: str, name: str, deck: str = "eat-right", **extra) -> dict:
    """A small card picture for a list (a meal, a pile)."""
    return {"id": card_id, "name": name, "image": small(deck, card_id), **extra}
