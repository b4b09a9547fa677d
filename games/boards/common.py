"""What every game board's presenter shares (games/boards/<game>.py)."""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from django.urls import get_script_prefix, reverse

from foodcards.services import with_language
from games.engines.messages import Speaker


class Takeover(NamedTuple):
    """A seat that changed hands mid-game (games.models.Seat.taken_over_at and .before): the
    moves logged before `since` were made by its `earlier` occupant (named in the third person)."""

    seat: int
    since: int
    earlier: str


def names_then(index: int, names: list[str], seat, takeovers) -> tuple[list[str], int | None]:
    """The seats' names for what the move logged at `index` did, and whose "you" it is: a seat
    that changed hands after that move has its earlier occupant's name and is nobody's "you"."""
    then, viewer = list(names), seat
    for taken in takeovers:
        if index < taken.since:
            then[taken.seat] = taken.earlier
            viewer = None if taken.seat == seat else viewer
    return then, viewer


def card_image(deck: str, card_id: str, *, small: bool = False) -> str:
    """The address of a card's picture (foodcards' /cards/<deck>/<card>.png)."""
    url = _card_png(deck, card_id, get_script_prefix())
    return with_language(url + "?size=small" if small else url)


@functools.lru_cache(maxsize=2048)
def _card_png(deck: str, card_id: str, _prefix: str) -> str:
    return reverse("foodcards:card_png", kwargs={"deck": deck, "card": card_id})


@dataclass
class CardView:
    id: str
    name: str
    actions: list[dict] = field(default_factory=list)  # [{"label", "vals", "type", "move"}]
    reason: str = ""  # why this card can't be played now (own cards on your turn)
    owner_name: str = ""  # whose card it is, for cards laid out in the middle
    picture: str = ""  # the picture to show when it isn't the card's own ("back": face down)

    @property
    def pic(self) -> str:
        """The card id whose picture `{% card_img deck card.pic %}` shows."""
        return self.picture or self.id


@dataclass
class Zone:
    """A zone as the view declared it (games.engines.zones), in words and pictures."""

    key: str
    label: str
    owner: int | None
    cards: list[CardView]
    count: int = 0
    hidden: bool = False
    draw: str = "row"
    own: bool = False
    owner_name: str = ""
    back: str = ""  # the deck's card back, for face-down zones


@dataclass
class Board:
    """What the generic board and the status panel draw for one seat."""

    zones: list[Zone] = field(default_factory=list)
    columns: list[tuple[str, list]] = field(default_factory=list)  # (label, one value per seat)
    facts: list[tuple[str, str]] = field(default_factory=list)
    status: str = ""


def build_zone(declared: dict, deck: str, words: Speaker, names: list[str]) -> Zone:
    """One zone a view declares, its cards as pictures, in this viewer's words. `names` are the
    seats' names as the viewer reads them ("You" for itself), for the owners of zones and cards."""

    def picture(item) -> CardView:
        card_id, owner = (item["card"], item.get("seat")) if isinstance(item, dict) else (item, None)
        return CardView(
            id=card_id,
            name=words.card_name(card_id),
            owner_name=name_of(names, owner),
        )

    return Zone(
        key=declared["key"],
        label=words.say(declared["label"]),
        owner=declared.get("owner"),
        cards=[picture(item) for item in declared.get("cards") or []],
        count=declared.get("count", 0),
        hidden=declared.get("hidden", False),
        draw=declared.get("draw", "row"),
        own=declared.get("own", False),
        owner_name=name_of(names, declared.get("owner")),
        back=back(deck),
    )


def card_id_of(item) -> str:
    """The card of a zone's item (an id, or {"card": id, "seat": owner})."""
    return item["card"] if isinstance(item, dict) else item


def board_numbers(view: dict, words: Speaker) -> tuple[list[tuple[str, list]], list[tuple[str, str]]]:
    """The players' numbers (columns) and the game's facts a view declares, in words."""
    columns = [(words.say(n["label"]), list(n["values"])) for n in view.get("numbers") or []]
    facts = [
        (words.say(f["label"]), f["value"] if isinstance(f["value"], int | float) else words.say(f["value"]))
        for f in view.get("facts") or []
    ]
    return columns, facts


def cards_by_id(board) -> dict[str, CardView]:
    """The card pictures the generic board built, first appearance of each id (the one that
    carries this seat's moves)."""
    found: dict[str, CardView] = {}
    for zone in board.zones:
        for card in zone.cards:
            found.setdefault(card.id, card)
    return found


def name_of(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def small(deck: str, card_id: str) -> str:
    """A card's small picture."""
    return card_image(deck, card_id, small=True)


def back(deck: str) -> str:
    """The deck's card back, small."""
    return card_image(deck, "back", small=True)


def picture(card_id: str, name: str) -> CardView:
    """A card picture without moves, for a card the generic board didn't draw."""
    return CardView(id=card_id, name=name)


def relabel(picture: CardView, words) -> CardView:
    """The same card and moves, with button words a child reads at a glance (words(entry) -> str)."""
    return replace(picture, actions=[{**entry, "label": words(entry)} for entry in picture.actions])


def move_of(entry: dict) -> dict:
    """The engine's move behind a button (games.seat_view.Move's payload)."""
    if "move" in entry:
        return dict(entry["move"].payload)
    return json.loads(json.loads(entry["vals"])["action"])  # a button made by hand (tests)


def mini(card_id: str, name: str, deck: str = "eat-right", **extra) -> dict:
    """A small card picture for a list (a meal, a pile)."""
    return {"id": card_id, "name": name, "image": small(deck, card_id), **extra}
