"""The live page's feed ("What happened"): its lines as list items."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def feed_items(feed) -> str:
    """The feed's list items, newest first, the newest marked "latest". Each line's item was made
    with its words, once per move and reader (games.rendering._feed_lines): a feed is drawn for
    every seat at every change."""
    return mark_safe(
        "".join(line["latest_html"] if number == 0 else line["html"] for number, line in enumerate(feed))
    )
