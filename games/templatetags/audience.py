"""Template tags for pages drawn once per audience (games.audiences): in the shared render
they leave marks for each reader; in a render for one reader they draw what they mark."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from games.audiences import VIEWER_MARK, choice_mark, slot_mark

register = template.Library()


@register.simple_tag(takes_context=True)
def piece(context, name: str, key: str = ""):
    """A part of the page only its reader sees (drawn per reader, from its own context).
    `key`: for a piece drawn once per item of a loop (each meal's Sugar Shock buttons), which
    item; the piece reads it as `piece_key` (its slot is "<name>#<key>": games.audiences)."""
    if context.get("shared_render"):
        return mark_safe(slot_mark(f"{name}#{key}" if key else name))
    with context.push(piece_key=key):
        return context.template.engine.get_template(name).render(context)


@register.simple_tag(takes_context=True)
def for_me(context, number, is_me, text: str):
    """`text` on the reader's own seat only (`is_me`: this render's own judgement of that)."""
    if context.get("shared_render"):
        return mark_safe(choice_mark(number, text, ""))
    return text if is_me else ""


@register.simple_tag(takes_context=True)
def viewer(context):
    """Who the page is drawn for: a seat number, or "watching"."""
    if context.get("shared_render"):
        return mark_safe(VIEWER_MARK)
    seat = context.get("seat")
    return "watching" if seat is None else str(seat)


class IfMeNode(template.Node):
    def __init__(self, number, is_me, mine, others):
        self.number, self.is_me, self.mine, self.others = number, is_me, mine, others

    def render(self, context):
        if context.get("shared_render"):
            mine, others = self.mine.render(context), self.others.render(context)
            return choice_mark(self.number.resolve(context), mine, others)
        return (self.mine if self.is_me.resolve(context) else self.others).render(context)


@register.tag
def ifme(parser, token):
    """`{% ifme number is_me %}for that seat{% else %}for everyone else{% endifme %}`: in a
    render for one reader, `is_me` decides; in the shared render both are kept, as a choice
    each reader's page makes (games.audiences)."""
    bits = token.split_contents()
    if len(bits) != 3:
        raise template.TemplateSyntaxError("ifme takes a seat number and whether it is the reader's")
    mine = parser.parse(("else", "endifme"))
    others = template.NodeList()
    if parser.next_token().contents == "else":
        others = parser.parse(("endifme",))
        parser.delete_first_token()
    return IfMeNode(parser.compile_filter(bits[1]), parser.compile_filter(bits[2]), mine, others)
