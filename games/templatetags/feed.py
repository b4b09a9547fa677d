"""The live page's feed ("What happened"): its lines as list items."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def feed_items(feed) -> str:
    """The feed's list items, newest first and marked "latest". Each line's HTML was made once,
    with its words (games.rendering._feed_lines): a feed is redrawn for every reader at every
    change, and a template loop over its lines was most of a seat's own pieces' time."""
    return mark_safe(
        "".join(line["latest_html"] if number == 0 else line["html"] for number, line in enumerate(feed))
    )
