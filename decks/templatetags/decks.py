"""`{% load decks %}`: a teacher's own cards on their pages, and "Add to my deck" on a food's page.

{% deck_card_img deck card width=160 sizes="..." %}   the card's picture (owner addresses)
{% add_to_deck food measure %}                        the food page's "Add to my deck" form
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html

from decks import services
from foodcards.pictures import VARIANT_WIDTHS, variant_height

register = template.Library()


@register.simple_tag
def deck_card_img(deck, card, *, width=160, sizes="", alt=None, loading="lazy"):
    """An <img> of a card of a teacher's deck, right-sized like {% card_img %}."""
    width = int(width)
    args = {"deck_id": deck.pk, "card_id": card.card_id}
    variants = {w: reverse("decks:card_webp", kwargs={**args, "width": w}) for w in VARIANT_WIDTHS}
    srcset = ", ".join(f"{url} {w}w" for w, url in variants.items())
    return format_html(
        '<img src="{}" srcset="{}" sizes="{}" width="{}" height="{}" alt="{}" loading="{}" decoding="async">',
        variants[VARIANT_WIDTHS[1]],
        srcset,
        sizes or f"{width}px",
        width,
        variant_height(width),
        card.name if alt is None else alt,
        loading,
    )


@register.inclusion_tag("decks/_add_to_deck.html", takes_context=True)
def add_to_deck(context, food, measure=None):
    """For a logged-in teacher: pick one of their decks and add this food (this serving) to it."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"show": False}
    return {
        "show": True,
        "food": food,
        "measure": measure,
        "decks": services.decks_of(owner=user),
        "csrf_token": context.get("csrf_token"),
    }
