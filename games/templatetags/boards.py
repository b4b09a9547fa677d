"""Game boards' own layouts: CHOMP! (and its 2-player games) and Appetite.

The generic renderer (games.rendering) already turned the seat's view into card pictures with
their move buttons; these tags only regroup that, with the facts a child needs next to each
card (whose card it is, which creature is lowest, the score sheet). Everything here comes from
the seat's own view, its legal moves and the names, so no hidden card can get in.
"""

from __future__ import annotations

from dataclasses import replace

from django import template
from django.utils.translation import gettext as _

from games.engines.chomp import slap_verdict
from games.rendering import CardView, say

register = template.Library()

CHOMP_BACK = "/cards/chomp/back.png?size=small"
SUITS = ("breakfast", "lunch", "dinner", "dessert")
ICONS_PER_DESSERT_BOX = 4


def _cards_by_id(board) -> dict[str, CardView]:
    """The card pictures the generic board built, first appearance of each id (the one that
    carries this seat's moves)."""
    found: dict[str, CardView] = {}
    for zone in board.zones:
        for card in zone.cards:
            found.setdefault(card.id, card)
    return found


def _name(names: list[str], seat) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _small(deck: str, card_id: str) -> str:
    return f"/cards/{deck}/{card_id}.png?size=small"


# ----- CHOMP! ----------------------------------------------------------------------------------


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


@register.simple_tag
def chomp_table(view: dict, names: list[str], seat, board, feed=None, version=0) -> dict:
    """The CHOMP! table for one seat: the flipped cards with their owners, the piles in the
    middle, each player's mat, the last round's result and this flip's Bad Chomps."""
    shown = _cards_by_id(board)
    centre = view.get("center") or []
    lowest = None
    if view.get("round_kind") == "race":
        ranks = [e["rank"] for e in centre if e.get("rank") is not None]
        lowest = min(ranks) if ranks else None
    claim_seat = (view.get("claim") or {}).get("seat")
    # CHOMP! and Double CHOMP! never let you slap your own card; in Quick CHOMP! and Underwater
    # War your own lower card or your own Electric Eel may be the right one.
    own_card_never_slapped = view.get("mode") in ("chomp", "double-chomp")
    cards = []
    for entry in centre:
        mine = seat is not None and entry["seat"] == seat
        never = mine and own_card_never_slapped
        picture = shown.get(entry["card"]) or CardView(
            id=entry["card"], name=entry["name"], image=f"/cards/chomp/{entry['card']}.png"
        )
        # No button on your own card where slapping it is always a Bad Chomp.
        picture = replace(picture, actions=[] if never else list(picture.actions), reason="", owner_name="")
        cards.append(
            {
                "card": picture,
                "name": entry["name"],
                "owner": entry["seat"],
                "owner_name": _("Yours") if mine else _name(names, entry["seat"]),
                "mine": mine,
                "never": never,
                "lowest": lowest is not None and entry.get("rank") == lowest,
                "claimed_by": claim_seat == entry["seat"] and claim_seat is not None,
            }
        )
    players = [
        {
            "seat": p["seat"],
            "name": _name(names, p["seat"]),
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
    last = view.get("last")
    last_round = None
    if last:
        last_round = {
            "text": say(last.get("text", ""), names),
            "winner": _name(names, last.get("winner")),
            "flips": [
                {
                    "name": e["name"],
                    "image": _small("chomp", e["card"]),
                    "owner_name": _("You") if e["seat"] == seat else _name(names, e["seat"]),
                    "winner": e["seat"] == last.get("winner"),
                }
                for e in last.get("flips", [])
            ],
        }
    # This flip's Bad Chomps (anyone's).
    bad_now = [
        item["text"]
        for item in feed or []
        if "event-bad" in item["css"] and item["index"] >= _flip_start(view, version)
    ]
    aside = [{"name": e["name"], "image": _small("chomp", e["card"])} for e in view.get("aside") or []]
    return {
        "cards": cards,
        "tip": _chomp_tip(view),
        "advice": _chomp_advice(view, seat, centre, lowest),
        "flip_label": _flip_label(view),
        "countdown_label": _countdown_label(view),
        "aside": aside,
        "aside_face_down": view.get("aside_face_down", 0),
        "middle_face_down": view.get("middle_face_down", 0),
        "middle_total": len(aside) + view.get("aside_face_down", 0) + view.get("middle_face_down", 0),
        "players": players,
        "last": last_round,
        "bad_now": bad_now,
        "round": view.get("round", 0),
        "max_rounds": view.get("max_rounds", 0),
        "back": CHOMP_BACK,
        "can_slap": any(c["card"].actions for c in cards),
    }


# ----- Appetite ---------------------------------------------------------------------------------

MOVE_WORDS = {
    "pass": lambda: _("Pass"),
    "cant_play": lambda: _("I can't play"),
    "redeal": lambda: _("Show my hand and get a new one"),
    "keep": lambda: _("Keep my hand"),
}


def suit_names() -> dict[str, str]:
    return {"breakfast": _("Breakfast"), "lunch": _("Lunch"), "dinner": _("Dinner"), "dessert": _("Dessert")}


def _score_sheet(sheet: dict, boxes: int, seat: int, names: list[str], me: bool) -> dict:
    titles = suit_names()
    full = set(sheet.get("full_columns") or [])
    rows = []
    for box in range(boxes):
        rows.append(
            [
                {"suit": suit, "value": sheet[suit][box] if box < len(sheet.get(suit, [])) else None}
                for suit in SUITS
            ]
        )
    icons = sheet.get("icons", 0)
    return {
        "seat": seat,
        "name": names[seat] if seat < len(names) else "",
        "me": me,
        "columns": [
            {"suit": suit, "title": titles[suit], "full": suit in full, "sum": sum(sheet.get(suit, []))}
            for suit in SUITS
        ],
        "rows": rows,
        "icons": icons,
        "icon_marks": [i < icons for i in range(ICONS_PER_DESSERT_BOX)],
        "points": sheet.get("points", 0),
        "full_count": len(full),
    }


def _with_reason(picture: CardView, card: dict, view: dict, seat, titles: dict) -> CardView:
    """The generic board explains a card only when some other card can be played; when none
    fits (only "Pass" or "I can't play" left) say why here, from the same two rules."""
    if (
        picture.actions
        or picture.reason
        or seat not in (view.get("to_move") or [])
        or view.get("phase") != "play"
    ):
        return picture
    last = view.get("last_card")
    if last and last["suit"] == card["suit"]:
        suit = titles[card["suit"]]
        return replace(
            picture, reason=_("You can't play a %(suit)s right after a %(suit)s.") % {"suit": suit}
        )
    total = view.get("total", 0) + card["number"]
    if total > view.get("appetite", 0):
        return replace(
            picture,
            reason=_("That card would make the Total %(total)s, more than the Appetite of %(appetite)s.")
            % {"total": total, "appetite": view.get("appetite", 0)},
        )
    return picture


@register.simple_tag
def appetite_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """The Appetite table for one seat: Total against Appetite, the cards played in order and
    who played them, this seat's hand with its moves, and everyone's score sheet."""
    shown = _cards_by_id(board)
    titles = suit_names()
    appetite = view.get("appetite") or 10
    total = view.get("total", 0)
    played = []
    for position, entry in enumerate(view.get("table") or []):
        card = entry["card"]
        played.append(
            {
                "image": _small("appetite", card["id"]),
                "label": card["label"],
                "suit": card["suit"],
                "number": card["number"],
                "owner_name": _name(names, entry["seat"]),
                "mine": entry["seat"] == seat,
                "last": position == len(view["table"]) - 1,
            }
        )
    hand = [
        _with_reason(shown[c["id"]], c, view, seat, titles)
        for c in view.get("hand") or []
        if c["id"] in shown
    ]
    moves = [
        {**entry, "label": MOVE_WORDS[entry["type"]]()} for entry in buttons if entry["type"] in MOVE_WORDS
    ]
    moves += [entry for entry in buttons if entry["type"] not in MOVE_WORDS]
    boxes = view.get("boxes", 4)
    sheets = [
        _score_sheet(sheet, boxes, number, names, number == seat)
        for number, sheet in enumerate(view.get("sheets") or [])
    ]
    if seat is not None and seat < len(sheets):  # your own sheet first
        sheets.insert(0, sheets.pop(seat))
    last_card = view.get("last_card")
    last_score = view.get("last_score")
    scored = ""
    if last_score:
        who = _name(names, last_score["seat"])
        if last_score["suit"] == "dessert":
            scored = _("Last score: %(who)s scored with a Dessert at %(total)s and marked Dessert icons.") % {
                "who": who,
                "total": last_score["total"],
            }
        else:
            scored = _("Last score: %(who)s wrote %(total)s in the %(suit)s column.") % {
                "who": who,
                "total": last_score["total"],
                "suit": titles[last_score["suit"]],
            }
    hand_sizes = view.get("hand_sizes") or []
    return {
        "appetite": appetite,
        "total": total,
        "left": max(0, appetite - total),
        "percent": min(100, round(100 * total / appetite)) if appetite else 0,
        "round": view.get("round", 1),
        "hand_number": view.get("hand_number", 1),
        "dealer": _name(names, view.get("dealer")),
        "played": played,
        "passes": view.get("passes", 0),
        "players": len(hand_sizes),
        "blocked_suit": titles.get(last_card["suit"], "") if last_card else "",
        "hand": hand,
        "moves": moves,
        "must_play": view.get("must_play", False),
        "redeal": view.get("phase") == "redeal",
        "sheets": sheets,
        "boxes": boxes,
        "scored": scored,
        "others": [
            {"name": _name(names, number), "cards": size}
            for number, size in enumerate(hand_sizes)
            if number != seat
        ],
        "deck_size": view.get("deck_size", 0),
        "revealed": [
            {"name": _name(names, r["seat"]), "cards": [c["label"] for c in r["cards"]]}
            for r in view.get("revealed") or []
        ],
    }
