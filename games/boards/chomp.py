"""The CHOMP! table (CHOMP! and its three 2-player games): the flipped cards with their owners,
the piles in the middle, each player's mat, the last round's result and this flip's Bad Chomps."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from django.utils.translation import gettext as _

from games.boards import generic, news
from games.boards.common import back, cards_by_id, name_of, picture, small
from games.engines.chomp_judge import slap_verdict
from games.engines.messages import Speaker
from games.messages import speaker
from games.seat_view import SeatView


def _chomp_tip(view: dict) -> str:
    """One sentence that tells a beginner what to do with this flip."""
    phase, kind, mode = view.get("phase"), view.get("round_kind"), view.get("mode")
    if phase == "over":
        return ""
    if phase == "flip":
        return {
            "underwater-war": _("Get ready! The creature higher on the food chain takes both cards."),
            "quick-chomp": _("Get ready to slap the lower creature, even if it is yours!"),
            "double-chomp": _("Get ready! Everyone flips two cards when the countdown ends."),
        }.get(mode, _("Get ready! Everyone flips a card when the countdown ends."))
    if phase == "aside":
        if kind == "ink":
            return _("Ink Out! Don't slap anything: these cards wait for the next winner.")
        if kind == "war":
            return _("War! Don't slap: the next flip decides who takes everything.")
        return _("Nobody may chomp these cards. Don't slap: wait for the next flip.")
    if kind == "frenzy":
        if mode in ("underwater-war", "quick-chomp"):
            return _("Feeding Frenzy! Slap the Electric Eel first to take every card.")
        return _("Feeding Frenzy! Slap any card that isn't yours, first one takes them all.")
    if mode == "quick-chomp":
        return _("Slap the lower creature first, even if it is yours!")
    return _("Slap the lowest creature, but only if your own card is higher on the food chain!")


def _chomp_advice(view: dict, seat, centre: list[dict], lowest) -> str:
    """For a race: whether this seat's own card can chomp the lowest creature, in words."""
    if seat is None or view.get("phase") != "react" or view.get("round_kind") != "race":
        return ""
    if any(p.get("slapped") for p in view.get("players") or [] if p.get("seat") == seat):
        return _("You slapped. Watch what happens!")
    mine = [e for e in centre if e["seat"] == seat]
    if not mine:
        return ""
    mode = view.get("mode", "chomp")
    good = [
        e for e in centre if e["seat"] != seat and slap_verdict(mode, "race", centre, seat, e["card"]) is None
    ]
    if mode == "quick-chomp":
        return ""  # anyone may slap the lower card: the tip says it all
    best = max(mine, key=lambda e: e.get("rank") or 0)
    if good:
        return _("Your %(mine)s is higher than the %(low)s: slap the %(low)s, quick!") % {
            "mine": best["name"],
            "low": good[0]["name"],
        }
    if any(e.get("rank") == lowest for e in mine):
        return _("Your %(mine)s is the lowest creature: don't slap, or it's a Bad Chomp!") % {
            "mine": best["name"]
        }
    return _("Your %(mine)s can't chomp the lowest creature: don't slap this time!") % {"mine": best["name"]}


def _flip_label(view: dict) -> str:
    done, most = view.get("round", 0), view.get("max_rounds", 0)
    if view.get("phase") == "flip":
        return _("%(done)s of %(most)s flips done") % {"done": done, "most": most}
    return _("Flip %(done)s of %(most)s") % {"done": done, "most": most}


def _flip_start(view: dict, version: int) -> int:
    """The first logged move of this flip. Every move since the flip is one seat's slap (one
    each), so this flip's Bad Chomps are the last `slapped` moves. Between flips, the last
    few moves (the slaps that ended the round, then the table's verdict) are shown instead."""
    slapped = sum(1 for p in view.get("players") or [] if p.get("slapped"))
    if view.get("phase") == "flip":
        return version - 3
    return version - slapped


def _countdown_label(view: dict) -> str:
    phase = view.get("phase")
    if phase == "react":
        return _("Time left to slap")
    if phase == "claimed":
        return _("Anyone else slapping at the same time?")
    return _("Next flip in")


def chomp_table(
    view: dict, names: list[str], seat, board, feed=None, version=0, words: Speaker | None = None
) -> dict:
    """The CHOMP! table for one seat: the flipped cards with their owners and this seat's moves
    on them, what to do, the piles in the middle, each player's mat, the last round's result
    and this flip's Bad Chomps. `board`: the generic board (its card pictures carry the seat's
    moves); `words`: the seat's Speaker (games.messages), for what the last round said."""
    words = words or speaker(viewer=seat, names=names)
    centre = view.get("center") or []
    lowest = None
    if view.get("round_kind") == "race":
        ranks = [e["rank"] for e in centre if e.get("rank") is not None]
        lowest = min(ranks) if ranks else None
    cards = _flipped_cards(view, names, seat, cards_by_id(board), lowest)
    # This flip's Bad Chomps (anyone's).
    bad_now = [
        item["text"]
        for item in feed or []
        if "event-bad" in item["css"] and item["index"] >= _flip_start(view, version)
    ]
    aside = [
        {"id": e["card"], "name": e["name"], "image": small("chomp", e["card"])}
        for e in view.get("aside") or []
    ]
    return {
        "cards": cards,
        "tip": _chomp_tip(view),
        "advice": _chomp_advice(view, seat, centre, lowest),
        "flip_label": _flip_label(view),
        "countdown_label": _countdown_label(view),
        "last": _last_round(view, names, seat, words),
        "bad_now": bad_now,
        "can_slap": any(c["card"].actions for c in cards),
        "aside": aside,
        "aside_face_down": view.get("aside_face_down", 0),
        "middle_face_down": view.get("middle_face_down", 0),
        "middle_total": len(aside) + view.get("aside_face_down", 0) + view.get("middle_face_down", 0),
        "players": _mats(view, names, seat),
        "round": view.get("round", 0),
        "max_rounds": view.get("max_rounds", 0),
        "back": back("chomp"),
    }


def _flipped_cards(view: dict, names: list[str], seat, shown: dict, lowest) -> list[dict]:
    """The cards flipped into the water, with their owners and this seat's moves on them.
    `shown`: the generic board's card pictures, by id; `lowest`: the lowest rank in a race."""
    claim_seat = (view.get("claim") or {}).get("seat")
    # CHOMP! and Double CHOMP! never let you slap your own card; in Quick CHOMP! and Underwater
    # War your own lower card or your own Electric Eel may be the right one.
    own_card_never_slapped = view.get("mode") in ("chomp", "double-chomp")
    cards = []
    center = view.get("center") or []
    per_owner = Counter(entry["seat"] for entry in center)
    counted: Counter = Counter()
    for entry in center:
        mine = seat is not None and entry["seat"] == seat
        never = mine and own_card_never_slapped
        shown_card = shown.get(entry["card"]) or picture(entry["card"], entry["name"])
        owner_name = _("Yours") if mine else name_of(names, entry["seat"])
        # No button on your own card where slapping it is always a Bad Chomp. A slap's button
        # names the card's owner (two Shrimps may be face up); the slot says it for the eye. A
        # card without a button says its creature under the picture (readable before it loads).
        actions = [] if never else list(shown_card.actions)
        counted[entry["seat"]] += 1
        slap_owner = owner_name
        if per_owner[entry["seat"]] > 1:  # Double CHOMP!: two cards of one player, maybe alike
            slap_owner = _("%(owner)s, card %(n)s") % {"owner": owner_name, "n": counted[entry["seat"]]}
        shown_card = replace(
            shown_card, actions=actions, reason="", owner_name=slap_owner if actions else entry["name"]
        )
        cards.append(
            {
                "card": shown_card,
                "name": entry["name"],
                "owner": entry["seat"],
                "owner_name": owner_name,
                "mine": mine,
                "never": never,
                "lowest": lowest is not None and entry.get("rank") == lowest,
                "rank": entry.get("rank") or 0,  # action cards (Eel, Octopus): 0, play.js slaps them first
                "claimed_by": claim_seat == entry["seat"] and claim_seat is not None,
            }
        )
    return cards


def _last_round(view: dict, names: list[str], seat, words: Speaker) -> dict | None:
    """The last round: what the table said, who won it and the cards flipped in it."""
    last = view.get("last")
    if not last:
        return None
    return {
        "text": words.say(last.get("text")),
        "winner": name_of(names, last.get("winner")),
        "flips": [
            {
                "name": e["name"],
                "id": e["card"],
                "image": small("chomp", e["card"]),
                "owner_name": _("You") if e["seat"] == seat else name_of(names, e["seat"]),
                "winner": e["seat"] == last.get("winner"),
            }
            for e in last.get("flips", [])
        ],
    }


def _mats(view: dict, names: list[str], seat) -> list[dict]:
    """Each player's mat: its pile, its discards, whether it slapped or is out."""
    return [
        {
            "seat": p["seat"],
            "name": name_of(names, p["seat"]),
            "me": p["seat"] == seat,
            "pile": p.get("pile", 0),
            "discards": p.get("discards", 0),
            "cards": p.get("cards", 0),
            "in_game": p.get("in_game", True),
            "slapped": p.get("slapped", False),
            "bad_chomp_cards": p.get("bad_chomp_cards", 0),
        }
        for p in view.get("players") or []
    ]


def present(seat_view: SeatView, names: list[str], words: Speaker, *, feed=(), version=0, **context) -> dict:
    """The generic board's context plus `t`, the CHOMP! table. `feed`: the seat's feed, for this
    flip's Bad Chomps; `version`: the match's."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = chomp_table(board["view"], names, seat_view.seat, board["board"], feed, version, words)
    return _with_news(board, seat_view)


def _with_news(board: dict, seat_view: SeatView) -> dict:
    """While a flip may be slapped, the turn is everyone's: say so, with the seat's advice."""
    if not board["result"] and not seat_view.replay:
        board["news_turn"] = news.slap_sentence(
            board["view"].get("phase"),
            board["t"]["advice"],
            done=seat_view.seat is not None and not board["t"]["can_slap"],
        )
    return board
