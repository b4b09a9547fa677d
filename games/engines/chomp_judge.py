"""The CHOMP! slap judge: which slaps are right, and the words for a Bad Chomp.

Pure functions of what everyone at the table can see (the face-up cards, "entries"), so the
engine, the bots and the board's advice all judge a slap the same way (games.engines.chomp has
the rules in full).
"""

from __future__ import annotations

from games.engines.base import State
from games.engines.messages import Message, gettext_noop, msg, seat_ref


def kind_of(state: State, card_id: str) -> str:
    return state["cards"][card_id]["kind"]


def name_of(state: State, card_id: str) -> str:
    return state["cards"][card_id]["name"]


def rank_of(state: State, card_id: str) -> int | None:
    return state["cards"][card_id]["rank"]


def entries_of(state: State, center: list[dict]) -> list[dict]:
    """Face-up cards with what anyone can read on them (the same shape the view shows)."""
    return [
        {
            "seat": item["seat"],
            "card": item["card"],
            "name": name_of(state, item["card"]),
            "kind": kind_of(state, item["card"]),
            "rank": rank_of(state, item["card"]),
        }
        for item in center
    ]


def lowest_rank(entries: list[dict]) -> int | None:
    ranks = [e["rank"] for e in entries if e["rank"] is not None]
    return min(ranks) if ranks else None


# ----- verdicts: None for a good slap, else why it is a Bad Chomp (a key of BAD_CHOMP) ---------


def _race_verdict(entries: list[dict], seat: int, card: str) -> str | None:
    """CHOMP! and Double CHOMP!: slap a lowest creature that isn't yours, with a higher card."""
    target = next(e for e in entries if e["card"] == card)
    mine = [e for e in entries if e["seat"] == seat]
    if target["seat"] == seat:
        return "own-card"
    if any(e["kind"] == target["kind"] for e in mine):
        return "same-kind"
    my_best = max((e["rank"] or 0) for e in mine) if mine else 0
    if (target["rank"] or 0) > my_best:
        return "higher"
    if target["rank"] != lowest_rank(entries):
        return "not-lowest"
    if any(e["rank"] == lowest_rank(entries) for e in mine):
        return "holding-lowest"
    return None


def _quick_verdict(entries: list[dict], seat: int, card: str) -> str | None:
    """Quick CHOMP!: slap the lower card, whoever flipped it."""
    target = next(e for e in entries if e["card"] == card)
    if target["rank"] != lowest_rank(entries):
        return "higher-card"
    return None


def _frenzy_verdict(mode: str, entries: list[dict], seat: int, card: str) -> str | None:
    """Feeding Frenzy: in CHOMP!/Double CHOMP! any card but your own; in the 2-player war games
    the Electric Eel itself."""
    target = next(e for e in entries if e["card"] == card)
    if mode in ("underwater-war", "quick-chomp"):
        return None if target["kind"] == "electric-eel" else "not-the-eel"
    return "own-card" if target["seat"] == seat else None


def slap_verdict(mode: str, round_kind: str, entries: list[dict], seat: int, card: str) -> str | None:
    """None when this slap is a good one; otherwise why it is a Bad Chomp (see BAD_CHOMP)."""
    if round_kind == "frenzy":
        return _frenzy_verdict(mode, entries, seat, card)
    if round_kind == "race":
        return (
            _quick_verdict(entries, seat, card)
            if mode == "quick-chomp"
            else _race_verdict(entries, seat, card)
        )
    if round_kind == "ink":
        return "ink-out"
    return "nobody-may-chomp"


# Each Bad Chomp, as told about someone else and to the player who made it.
BAD_CHOMP = {
    "own-card": (
        gettext_noop("Bad Chomp! %(who)s slapped their own card."),
        gettext_noop("Bad Chomp! You slapped your own card."),
    ),
    "same-kind": (
        gettext_noop("Bad Chomp! %(who)s slapped a card the same as theirs."),
        gettext_noop("Bad Chomp! You slapped a card the same as yours."),
    ),
    "higher": (
        gettext_noop("Bad Chomp! %(who)s slapped a card higher on the food chain than theirs."),
        gettext_noop("Bad Chomp! You slapped a card higher on the food chain than yours."),
    ),
    "not-lowest": (
        gettext_noop("Bad Chomp! %(who)s slapped a card that isn't the lowest creature."),
        gettext_noop("Bad Chomp! You slapped a card that isn't the lowest creature."),
    ),
    "holding-lowest": (
        gettext_noop("Bad Chomp! %(who)s slapped while holding the lowest creature."),
        gettext_noop("Bad Chomp! You slapped while holding the lowest creature."),
    ),
    "higher-card": (
        gettext_noop("Bad Chomp! %(who)s slapped the higher card."),
        gettext_noop("Bad Chomp! You slapped the higher card."),
    ),
    "not-the-eel": (
        gettext_noop("Bad Chomp! %(who)s slapped a card that isn't the Electric Eel."),
        gettext_noop("Bad Chomp! You slapped a card that isn't the Electric Eel."),
    ),
    "ink-out": (
        gettext_noop("Bad Chomp! %(who)s slapped a card in an Ink Out."),
        gettext_noop("Bad Chomp! You slapped a card in an Ink Out."),
    ),
    "nobody-may-chomp": (
        gettext_noop("Bad Chomp! %(who)s slapped when nobody could chomp."),
        gettext_noop("Bad Chomp! You slapped when nobody could chomp."),
    ),
}


def bad_chomp_message(seat: int, reason: str) -> Message:
    about_them, to_you = BAD_CHOMP[reason]
    return msg(about_them, you=to_you, who=seat_ref(seat))
