"""The accessible name of a move on a card: what the button says, and which card and whose it is
when the words alone don't say it (nine "Put on plate" buttons in one hand, two "Slap Shrimp" on
one table). It starts with the button's visible words, so speech control finds it by them."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def move_name(card, label: str) -> str:
    # A face-down card's name only says where it lies, which its move already says.
    face_up = card.picture != "back"
    extra = [card.name] if face_up and card.name and card.name not in label else []
    if card.owner_name:
        extra.append(card.owner_name)
    return ", ".join([label, *extra])
