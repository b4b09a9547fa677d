"""`{% load cards %}`: the one way pages show a card picture.

    {% card_img "chomp" "shark-1" alt=_("Shark") width=120 %}
    {% card_img deck.slug "back" alt="" width=104 sizes="6.5rem" css_class="deck-back" %}

emits an <img> whose srcset offers the right-sized WebP copies (foodcards.pictures), so a phone
loads a few KB per card instead of the full PNG. Python code that needs the addresses themselves
calls foodcards.services.card_image_urls(deck=..., card=...).
"""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from foodcards.pictures import VARIANT_WIDTHS, card_image_urls, variant_height

register = template.Library()


@register.filter
def data_text(value) -> str:
    """A word or note from the deck data in the reader's language (foodcards/card_names.py lists
    them for the catalogue). Unlike `{% translate value %}`, a "%" in it stays a plain "%"."""
    return gettext(str(value)) if value else ""


LOADING = ("lazy", "eager")


@register.simple_tag
def card_img(deck, card, *, alt="", width=160, sizes="", css_class="", loading="lazy"):
    """An <img> of one card (`card="back"` for the deck's back), right-sized for the screen.

    width: how wide the card is shown, in CSS px (its width/height attributes; `sizes` if none).
    sizes: the `sizes` attribute, for a card whose shown width depends on the screen.
    A card shown wider than half the largest WebP copy also offers the full 744 px PNG.
    """
    width = int(width)
    if loading not in LOADING:
        raise template.TemplateSyntaxError(f"card_img: loading must be one of {LOADING}, not {loading!r}.")
    urls = card_image_urls(deck=str(deck), card=str(card))
    return format_html(
        '<img src="{}" srcset="{}" sizes="{}" width="{}" height="{}" alt="{}" loading="{}"'
        ' decoding="async"{}>',
        urls.src,
        urls.srcset(with_full=width * 2 > VARIANT_WIDTHS[-1]),
        sizes or f"{width}px",
        width,
        variant_height(width),
        alt,
        loading,
        format_html(' class="{}"', css_class) if css_class else "",
    )
