"""Template tags for pages drawn once per audience (games.audiences): in the shared render
they leave marks for each reader; in a render for one reader they draw what they mark."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from games.audiences import VIEWER_MARK, me_mark, slot_mark

register = template.Library()


@register.simple_tag(takes_context=True)
def piece(context, name: str):
    """A part of the page only its reader sees (drawn per reader, from its own context)."""
    if context.get("shared_render"):
        return mark_safe(slot_mark(name))
    with context.push():
        return context.template.engine.get_template(name).render(context)


@register.simple_tag(takes_context=True)
def for_me(context, number, is_me, text: str):
    """`text` on the reader's own seat only (`is_me`: this render's own judgement of that)."""
    if context.get("shared_render"):
        return mark_safe(me_mark(number, text))
    return text if is_me else ""


@register.simple_tag(takes_context=True)
def viewer(context):
    """Who the page is drawn for: a seat number, or "watching"."""
    if context.get("shared_render"):
        return mark_safe(VIEWER_MARK)
    seat = context.get("seat")
    return "watching" if seat is None else str(seat)
