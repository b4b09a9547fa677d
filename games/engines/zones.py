"""How a seat's view declares its board: zones of cards, the players' numbers and a few facts.

An engine's view(state, seat) returns, besides its own keys (bots read those), three lists the
web layer draws exactly as declared (games.rendering; docs/engines.md has the full picture):

    "zones":   [zone(...)]     card zones, in the order to draw them
    "numbers": [number(...)]   columns of the players' table: a label and one value per seat
    "facts":   [fact(...)]     a few labelled values about the table ("Cards in the stock: 12")

Labels are messages (games.engines.messages). A zone never lists a card the seat may not see:
a face-down zone (`hidden=True`) carries only its count.
"""

from __future__ import annotations

from typing import Any

from games.engines.messages import Text

# How a zone is drawn: every card side by side (row), overlapping like a hand held (fan), a
# face-down pile with its count (stack), or only the top card of a face-up pile with its count
# (pile).
DRAW_STYLES = ("row", "fan", "stack", "pile")


def zone(
    key: str,
    label: Text,
    *,
    cards: list | None = None,
    count: int | None = None,
    owner: int | None = None,
    hidden: bool = False,
    draw: str = "row",
    own: bool = False,
) -> dict:
    """One zone of cards.

    key     a stable name for the zone (the page's data-zone, tests, CSS)
    label   what the zone is called, a message ("Hand", "Cards in the middle")
    cards   the cards face up, top or first first: card ids, or {"card": id, "seat": n} when
            each card shows who played it. None for a face-down zone.
    count   how many cards (a face-down zone's only content; defaults to len(cards))
    owner   the seat the zone belongs to (None: the table's)
    hidden  face down: only the count is shown
    draw    one of DRAW_STYLES
    own     the viewer's own cards (a hand, a plate): on the viewer's turn each card it can't
            play says why
    """
    if draw not in DRAW_STYLES:
        raise ValueError(f"A zone is drawn as one of {DRAW_STYLES}, not {draw!r}.")
    if hidden and cards:
        raise ValueError("A face-down zone shows only its count, never its cards.")
    shown = [] if hidden else list(cards or [])
    return {
        "key": key,
        "label": label,
        "owner": owner,
        "cards": shown,
        "count": len(shown) if count is None else count,
        "hidden": hidden,
        "draw": "stack" if hidden else draw,
        "own": own,
    }


def number(label: Text, values: list[Any]) -> dict:
    """A column of the players' table: one value per seat (a number, or "" for none)."""
    return {"label": label, "values": list(values)}


def fact(label: Text, value: Any) -> dict:
    """A labelled value about the whole table (a number, or a message)."""
    return {"label": label, "value": value}
