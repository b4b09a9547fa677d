"""The live page's feed ("What happened"): its lines as list items."""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def feed_items(feed) -> str:
    """The feed's list items, newest first, the newest marked "latest" (a template loop over a
    feed's lines, drawn for every seat at every change, cost more than the rest of its pieces)."""
    return format_html_join(
        "",
        '<li class="{}{}" data-index="{}"{}>{}</li>',
        (
            (
                "latest " if number == 0 else "",
                line["css"],
                line["index"],
                mark_safe(" data-game-over") if line["game_over"] else "",
                line["text"],
            )
            for number, line in enumerate(feed)
        ),
    )
