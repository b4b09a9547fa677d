"""What the engines say, as sentences for one viewer in the active language.

Engines speak in messages (games.engines.messages: an id with parameters, and variants for the
viewer); this module gives them Django's gettext and the people's names. Every sentence a page
shows from an engine (the feed, the status line, a result, a refusal, a button, a zone's label)
goes through `say` or a `Speaker` made by `speaker`.

Names: `names` are the seats' names as anyone else would say them (a nickname, "Beginner bot
2", "Player 3"), never "You": the messages' own variants say "You" where the viewer is meant,
so "You take the pile." and "Sam takes the pile." are two catalogue entries, not a verb table.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_lazy, ngettext

from games.engines.messages import Speaker, Text

BOT_LEVELS = {
    "beginner": gettext_lazy("Beginner"),
    "easy": gettext_lazy("Easy"),
    "medium": gettext_lazy("Medium"),
    "strong": gettext_lazy("Strong"),
}


def level_name(level: str) -> str:
    """A bot level as people read it ("beginner" -> "Beginner")."""
    return str(BOT_LEVELS.get(level, level.title()))


def card_name(cards: dict | None, card_id: str) -> str:
    """A card's name as a page shows it, in the active language (the decks' names are in the
    catalogue through foodcards.card_names; a teacher's own name stays as it was typed)."""
    name = (cards or {}).get(card_id, {}).get("name", card_id)
    return gettext(name) if name else name


def translated_card_names(view: Any, cards: dict | None) -> Any:
    """A copy of an engine's view with every card's "name" in the active language.

    Views carry cards' names next to their ids ({"id": .., "name": ..} or {"card": .., "name":
    ..}), copied from the deck's English records; the presenters read them from there. Only a
    dict naming one of this match's cards is touched: a seat's or a zone's "name" is not."""
    known = cards or {}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            copied = {key: walk(item) for key, item in value.items()}
            name = copied.get("name")
            card_id = copied.get("id", copied.get("card"))
            if isinstance(name, str) and name and isinstance(card_id, str) and card_id in known:
                copied["name"] = gettext(name)
            return copied
        if isinstance(value, list):
            return [walk(item) for item in value]
        return value

    return walk(view)


def speaker(
    *, viewer: int | None = None, names: list[str] | None = None, cards: dict | None = None
) -> Speaker:
    """A Speaker for one viewer (None: a spectator, or nobody in particular)."""
    names = list(names or [])

    def seat_name(number: int) -> str:
        if 0 <= number < len(names):
            return names[number]
        return gettext("Player %(number)s") % {"number": number + 1}

    return Speaker(
        viewer=viewer,
        seat_name=seat_name,
        card_name=lambda card_id: card_name(cards, card_id),
        gettext=gettext,
        ngettext=ngettext,
    )


def say(text: Text | None, *, viewer: int | None = None, names: list[str] | None = None, cards=None) -> str:
    """One text as a sentence for this viewer."""
    return speaker(viewer=viewer, names=names, cards=cards).say(text)
