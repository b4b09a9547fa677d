"""What the engines say: message ids with parameters, never finished English sentences.

Engines are pure Python (no Django), so they cannot translate. Everything they say to people
(events, statuses, results' reasons, refusals, zone labels, button words) is a message:

    msg(gettext_noop("%(who)s took the pile."), you=gettext_noop("You took the pile."), who=seat_ref(2))
    == {"id": "%(who)s took the pile.", "you": {"who": "You took the pile."},
        "params": {"who": {"seat": 2}}}

- `id` is the English source sentence and the gettext message id, with named %-placeholders.
  `gettext_noop` (a marker that does nothing) lets `makemessages` find it; `ngettext_noop`
  marks a [singular, plural] pair, chosen by the parameter `n`.
- `you` holds the variants for a viewer named in the sentence, keyed by the parameter that
  names them: "who" (the subject) is tried first, then the others in name order. The first
  parameter that is the viewer's seat (or a list of seats with the viewer in it) picks its
  variant; a list is then written without the viewer ("You and %(who)s tied." -> "You and Ana
  tied."). With no variant for the viewer, the viewer is named like anyone else.
- parameters are plain numbers or data, or references the renderer turns into words:
  `seat_ref(n)`, `seats_ref([..])` (two or more), `card_ref(id)`, `cards_ref([..])` (written
  "Seal and Big Fish ×2"), a list (its items joined the same way) or a nested message.

A "text" anywhere (an event's "text", a view's "status", a result's "reason") is a message, a
list of messages (sentences joined by a space) or, in logs written before messages existed, a
plain string with {s0}-style seat placeholders, which is shown as it is with names filled in.

`Speaker` turns a text into a sentence for one viewer; games.messages gives it Django's gettext
and the players' names, `english` gives it English and placeholder names (logs, tests).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Message = dict[str, Any]
Text = Message | list | str


def gettext_noop(message: str) -> str:
    """Marks an English source string for makemessages (Django passes this name to xgettext)."""
    return message


def ngettext_noop(singular: str, plural: str) -> list[str]:
    """Marks a singular/plural pair; the message's parameter `n` picks the form."""
    return [singular, plural]


def msg(message_id: str | list[str], /, *, you: dict | str | list | None = None, **params: Any) -> Message:
    """A message: its id (or [singular, plural]), the variants for the viewer, its parameters.
    `you` may be one variant for the subject "who", or {parameter: variant}."""
    message: Message = {"id": message_id}
    if you is not None:
        message["you"] = you if isinstance(you, dict) else {"who": you}
    if params:
        message["params"] = params
    return message


def seat_ref(number: int) -> dict:
    return {"seat": number}


def seats_ref(numbers: list[int]) -> dict:
    """Two or more seats, written "Kim, Ana and Bo". One seat is `seat_ref(n)`: the sentence then
    needs its own variant for the viewer ("You won." is not "You and ... won.")."""
    numbers = list(numbers)
    if len(numbers) < 2:
        raise ValueError("seats_ref() names two or more seats; use seat_ref() for one.")
    return {"seats": numbers}


def card_ref(card_id: str) -> dict:
    return {"card": card_id}


def cards_ref(card_ids: list[str]) -> dict:
    return {"cards": list(card_ids)}


def is_message(value: Any) -> bool:
    return isinstance(value, dict) and "id" in value


def message_ids(text: Text) -> list:
    """Every message id (and variant) in a text, nested ones included: what a catalogue needs."""
    found: list = []
    stack = [text]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif is_message(item):
            found.append(item["id"])
            found.extend((item.get("you") or {}).values())
            stack.extend(value for value in (item.get("params") or {}).values() if is_message(value))
    return found


_LEGACY_SEAT = re.compile(r"\{s(\d+)\}")


def placeholder(number: int) -> str:
    """How English logs and tests name a seat: {s0}, {s1}..."""
    return "{s" + str(number) + "}"


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


@dataclass
class Speaker:
    """Turns texts into sentences for one viewer (None: a spectator, or nobody in particular).

    `seat_name(n)` names a seat as others see it (never "You": the variants do that), and
    `card_name(id)` names a card; `gettext`/`ngettext` translate (identity = English)."""

    viewer: int | None = None
    seat_name: Callable[[int], str] = lambda number: placeholder(number)
    card_name: Callable[[str], str] = str
    gettext: Callable[[str], str] = str
    ngettext: Callable[[str, str, int], str] = _english_plural

    def say(self, text: Text | None) -> str:
        if text is None or text == "":
            return ""
        if isinstance(text, str):
            # A message id without parameters, or an old log's sentence: names filled in.
            return _LEGACY_SEAT.sub(lambda found: self._seat(int(found.group(1))), self.gettext(text))
        if isinstance(text, list):
            return " ".join(said for said in (self.say(item) for item in text) if said)
        if is_message(text):
            return self._message(text)
        return str(text)

    def join(self, words: list[str]) -> str:
        """ "Kim", "Kim and Ana", "Kim, Ana and Bo"."""
        if len(words) <= 1:
            return "".join(words)
        return self.gettext(gettext_noop("%(items)s and %(last)s")) % {
            "items": ", ".join(words[:-1]),
            "last": words[-1],
        }

    def _counted(self, names: list[str]) -> list[str]:
        """Card names with repeats counted: ["Seal", "Big Fish", "Big Fish"] -> Seal, Big Fish ×2."""
        counts: dict[str, int] = {}
        for name in names:
            counts[name] = counts.get(name, 0) + 1
        return [
            name if count == 1 else self.gettext(gettext_noop("%(card)s ×%(n)s")) % {"card": name, "n": count}
            for name, count in counts.items()
        ]

    def _seat(self, number: Any) -> str:
        return self.seat_name(number) if isinstance(number, int) else str(number)

    def _names_viewer(self, value: Any) -> bool:
        if self.viewer is None or not isinstance(value, dict):
            return False
        return value.get("seat") == self.viewer or self.viewer in (value.get("seats") or [])

    def _translate(self, source: str | list, params: dict) -> str:
        if isinstance(source, list):
            number = params.get("n", 0)
            return self.ngettext(source[0], source[1], number if isinstance(number, int) else 0)
        return self.gettext(source)

    def _message(self, message: Message) -> str:
        params = message.get("params") or {}
        source, about_viewer = message["id"], None
        variants = message.get("you") or {}
        for key in sorted(variants, key=lambda name: (name != "who", name)):
            if self._names_viewer(params.get(key)):
                source, about_viewer = variants[key], key
                break
        values = {
            key: self._value(value, leave_out_viewer=key == about_viewer) for key, value in params.items()
        }
        try:
            return self._translate(source, params) % values
        except (KeyError, ValueError, TypeError):
            # A translation with a broken placeholder must not break the page: say it in English.
            return (source if isinstance(source, str) else source[-1]) % values

    def _value(self, value: Any, *, leave_out_viewer: bool = False) -> Any:
        if isinstance(value, dict):
            if "seat" in value:
                return self._seat(value["seat"])
            if "seats" in value:
                numbers = [n for n in value["seats"] if not (leave_out_viewer and n == self.viewer)]
                return self.join([self._seat(n) for n in numbers])
            if "card" in value:
                return self.card_name(value["card"])
            if "cards" in value:
                return self.join(self._counted([self.card_name(c) for c in value["cards"]]))
            if is_message(value):
                return self._message(value)
        if isinstance(value, list):
            return self.join([str(self._value(v)) for v in value])
        return value


def english(
    text: Text | None,
    *,
    names: list[str] | None = None,
    cards: dict | None = None,
    viewer: int | None = None,
) -> str:
    """A text in English: for logs, error messages and tests. Seats are written {s0}, {s1}...
    unless `names` are given; cards by id unless their records (`cards`) are given."""

    def seat_name(number: int) -> str:
        return names[number] if names is not None and 0 <= number < len(names) else placeholder(number)

    def card_name(card_id: str) -> str:
        return (cards or {}).get(card_id, {}).get("name", card_id)

    return Speaker(viewer=viewer, seat_name=seat_name, card_name=card_name).say(text)
