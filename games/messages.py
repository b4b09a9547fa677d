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
    """A card's name as a page shows it (the one place a later card-name catalogue plugs in)."""
    return (cards or {}).get(card_id, {}).get("name", card_id)


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
