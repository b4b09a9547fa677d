"""Game boards' own layouts: CHOMP! (and its 2-player games) and Appetite.

The generic renderer (games.rendering) already turned the seat's view into card pictures with
their move buttons; these tags only regroup that, with the facts a child needs next to each
card (whose card it is, which creature is lowest, the score sheet). Everything here comes from
the seat's own view, its legal moves and the names, so no hidden card can get in.
"""

from __future__ import annotations

import json
from dataclasses import replace

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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


# ----- Eat Right games: Snack Attack!, Build-A-Meal, Duel, Food War -----------------------------

EAT_RIGHT_BACK = "/cards/eat-right/back.png?size=small"


def _relabel(picture: CardView, words) -> CardView:
    """The same card and moves, with button words a child reads at a glance (words(entry) -> str)."""
    return replace(picture, actions=[{**entry, "label": words(entry)} for entry in picture.actions])


def _move_of(entry: dict) -> dict:
    """The engine's move behind a button (its hx-vals carry it as JSON)."""
    return json.loads(json.loads(entry["vals"])["action"])


def _mini(card_id: str, name: str, **extra) -> dict:
    return {"id": card_id, "name": name, "image": _small("eat-right", card_id), **extra}


@register.simple_tag
def snack_attack_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """Snack Attack! for one seat: the store as face-down cards to pick from, this seat's hand
    with Eat / Return, and every player's eaten snacks split into good and junk with the score."""
    shown = _cards_by_id(board)
    picks = {}
    others = []
    for entry in buttons:
        move = _move_of(entry)
        if move["type"] in ("shop", "pick") and isinstance(move.get("spot"), int):
            picks[move["spot"]] = {**entry, "label": _store_label(move["type"], move["spot"])}
        else:
            others.append(entry)
    store = []
    for spot in range(view.get("store_size", 0)):
        entry = picks.get(spot)
        store.append(
            CardView(
                id=f"store-{spot + 1}",
                name=_("Face-down store card %(n)s") % {"n": spot + 1},
                image=EAT_RIGHT_BACK,
                actions=[entry] if entry else [],
            )
        )
    attack = [e for e in others if e["type"] == "snack_attack"]
    moves = [
        {**e, "label": _("Eat the last card in the store")} if e["type"] == "eat_last" else e
        for e in others
        if e["type"] != "snack_attack"
    ]
    hand_words = {"eat": _("Eat %(name)s"), "return": _("Put back %(name)s")}
    hand = []
    for face in view.get("hand") or []:
        picture = shown.get(face["id"]) or CardView(
            id=face["id"], name=face["name"], image=f"/cards/eat-right/{face['id']}.png"
        )
        picture = _relabel(
            picture, lambda e, n=face["name"]: hand_words.get(e["type"], "%(name)s") % {"name": n}
        )
        hand.append(
            {"card": picture, "kind": face.get("kind"), "returning": face["id"] == view.get("returning")}
        )
    playing = view.get("playing") or []
    players = []
    for number, eaten in enumerate(view.get("eaten") or []):
        good = [_mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "good"]
        junk = [_mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "junk"]
        shields = [_mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "exercise"]
        players.append(
            {
                "seat": number,
                "name": _name(names, number),
                "me": number == seat,
                "turn": number == view.get("turn") and not view.get("result"),
                "playing": number in playing,
                "hand": (view.get("hand_sizes") or [0] * (number + 1))[number],
                "good": good,
                "junk": junk,
                "shields": shields,
                "points": (view.get("points") or [0] * (number + 1))[number],
            }
        )
    if seat is not None and seat < len(players):  # your own snacks first
        players.insert(0, players.pop(seat))
    returning = next((h["card"].name for h in hand if h["returning"]), "")
    unseen = view.get("unseen") or {}
    return {
        "store": store,
        "store_size": view.get("store_size", 0),
        "can_pick": bool(picks),
        "picking_second": bool(view.get("picks_left")) and seat == view.get("turn"),
        "returning": returning,
        "hand": hand,
        "attack": attack,
        "moves": moves,
        "players": players,
        "removed": [_mini(c["id"], c["name"]) for c in view.get("removed") or []],
        "tie_breaks": view.get("tie_breaks", 0),
        "turn_name": _name(names, view.get("turn")),
        "unseen": [
            (_("good snacks"), unseen.get("good", 0)),
            (_("junk"), unseen.get("junk", 0)),
            (_("Sugar Shock"), unseen.get("sugar_shock", 0)),
            (_("Exercise"), unseen.get("exercise", 0)),
        ],
    }


def _store_label(kind: str, spot: int) -> str:
    if kind == "pick":
        return _("Swap for card %(n)s") % {"n": spot + 1}
    return _("Pick card %(n)s") % {"n": spot + 1}


# Build-A-Meal


def _plate_checklist(check: dict, limit: int) -> list[dict]:
    """The four balanced-meal rules, each with its number, a tick or a cross, and what is missing."""
    rows = []
    for have, need, label, what in (
        (check.get("grains", 0), 2, _("Grains"), _("grain")),
        (check.get("fruit_or_veggie", 0), 2, _("Fruit or veggie"), _("fruit or veggie")),
        (check.get("meat_or_dairy", 0), 1, _("Meat or dairy"), _("meat or dairy")),
    ):
        short = max(0, need - have)
        rows.append(
            {
                "label": label,
                "ok": short == 0,
                "numbers": _("%(have)s of %(need)s servings") % {"have": have, "need": need},
                "why": ngettext(
                    "Needs %(n)s more %(what)s serving.", "Needs %(n)s more %(what)s servings.", short
                )
                % {"n": short, "what": what}
                if short
                else "",
            }
        )
    calories = check.get("calories", 0)
    over = calories - limit
    rows.append(
        {
            "label": _("Calories"),
            "ok": over <= 0,
            "numbers": _("%(have)s of at most %(limit)s") % {"have": calories, "limit": limit},
            "why": _("%(n)s calories too many.") % {"n": over} if over > 0 else "",
        }
    )
    return rows


@register.simple_tag
def build_a_meal_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """Build-A-Meal for one seat: hand, plate with the balanced-meal checklist, everyone's served
    meals with their calories, the stock and the discard pile, and Sugar Shock next to the meals
    it can ruin."""
    shown = _cards_by_id(board)
    cards = view.get("cards") or {}
    limit = view.get("calorie_limit", 600)

    def card_name(card_id):
        return (cards.get(card_id) or {}).get("name", card_id)

    shocks: dict[tuple[int, int], list[dict]] = {}
    words = {
        "plate": lambda m: _("Put on plate"),
        "unplate": lambda m: _("Take back %(name)s") % {"name": card_name(m["card"])},
        "discard": lambda m: _("Discard"),
        "add": lambda m: _("Add to meal %(n)s") % {"n": m["meal"] + 1},
    }

    def picture(card_id):
        found = shown.get(card_id) or CardView(
            id=card_id, name=card_name(card_id), image=f"/cards/eat-right/{card_id}.png"
        )
        kept = []
        for entry in found.actions:
            move = _move_of(entry)
            if move["type"] == "sugar_shock":
                label = _("Ruin %(who)s's meal %(n)s with Sugar Shock") % {
                    "who": _name(names, move["target"]),
                    "n": move["meal"] + 1,
                }
                shocks.setdefault((move["target"], move["meal"]), []).append({**entry, "label": label})
            else:
                word = words.get(move["type"])
                kept.append({**entry, "label": word(move) if word else entry["label"]})
        return replace(found, actions=kept)

    hand = [picture(c) for c in view.get("hand") or []]
    plate = [picture(c) for c in view.get("plate") or []]
    check = view.get("plate_check") or {}
    moves, serve = [], []
    top = view.get("discard_top")
    for entry in buttons:
        move = _move_of(entry)
        if move["type"] == "serve":
            serve.append({**entry, "label": _("Serve this meal")})
        elif move["type"] == "draw" and move.get("from") == "stock":
            moves.append({**entry, "label": _("Draw from the stock")})
        elif move["type"] == "draw":
            moves.append(
                {**entry, "label": _("Take %(name)s from the discard pile") % {"name": card_name(top)}}
            )
        elif move["type"] == "turn_over":
            moves.append({**entry, "label": _("Turn the discard pile over")})
        else:
            moves.append(entry)
    players = []
    for number, meals in enumerate(view.get("meals") or []):
        players.append(
            {
                "seat": number,
                "name": _name(names, number),
                "me": number == seat,
                "turn": number == view.get("turn"),
                "hand": (view.get("hand_counts") or [0] * (number + 1))[number],
                "meals": [
                    {
                        "number": index + 1,
                        "calories": meal.get("calories", 0),
                        "cards": [_mini(c, card_name(c)) for c in meal.get("cards", [])],
                        "shock": shocks.get((number, index), []),
                    }
                    for index, meal in enumerate(meals)
                ],
            }
        )
    if seat is not None and seat < len(players):
        players.insert(0, players.pop(seat))
    my_turn = seat is not None and seat == view.get("turn")
    return {
        "hand": hand,
        "plate": plate,
        "checklist": _plate_checklist(check, limit) if seat is not None else [],
        "balanced": bool(check.get("balanced")),
        "serve": serve,
        "moves": moves,
        "players": players,
        "shock_now": bool(shocks),
        "shock_out_of_turn": bool(shocks) and not my_turn,
        "my_turn": my_turn,
        "phase": view.get("phase"),
        "extra_turn": view.get("extra_turn", False),
        "turn_name": _name(names, view.get("turn")),
        "stock": view.get("stock_count", 0),
        "discard_top": _mini(top, card_name(top)) if top else None,
        "discard_count": view.get("discard_count", 0),
        "turnovers_left": view.get("turnovers_left", 0),
        "limit": limit,
        "back": EAT_RIGHT_BACK,
    }


# Duel


def _duel_card_numbers(record: dict) -> tuple[int, int]:
    """What a card adds to a meal: (value, calories). Exercise: no value, -200 calories."""
    from games.engines.duel import meal_calories, meal_value

    return meal_value([record]), meal_calories([record])


ROUND_REASONS = {
    "eat-calories": lambda loser: _("%(who)s ate 1000 calories or more.") % {"who": loser},
    "eat-both": lambda loser: _("%(who)s ate 1000 calories or more.") % {"who": loser},
    "eat-value": lambda winner: _("%(who)s built a meal worth 100 value.") % {"who": winner},
    "attack-value": lambda winner: _("An attack pushed %(who)s's meal to 100 value.") % {"who": winner},
    "attack-both": lambda winner: _("An attack pushed %(who)s's meal to 100 value.") % {"who": winner},
    "attack-calories": lambda winner: _("%(who)s stuffed the other meal to 1000 calories.") % {"who": winner},
    "out-of-cards": lambda winner: _("Nobody could move, so the meals were compared."),
}


def _meter(now: int, goal: int) -> int:
    return max(0, min(100, round(100 * now / goal))) if goal else 0


@register.simple_tag
def duel_table(view: dict, names: list[str], seat, board) -> dict:
    """Duel for one seat: both meals with their value and calorie meters, the round score, the
    hand with Eat / Attack (each showing what the card adds), Draw and the show-a-card step."""
    shown = _cards_by_id(board)
    cards = view.get("cards") or {}
    to_win, to_lose = view.get("value_to_win", 100), view.get("calories_to_lose", 1000)
    me = seat if seat in (0, 1) else 0
    opponent = 1 - me
    meals = []
    for number in (me, opponent):
        meal = (view.get("meals") or [{}, {}])[number]
        value, calories = meal.get("value", 0), meal.get("calories", 0)
        meals.append(
            {
                "seat": number,
                "name": _name(names, number),
                "me": number == seat,
                "value": value,
                "calories": calories,
                "value_percent": _meter(value, to_win),
                "calorie_percent": _meter(calories, to_lose),
                "value_left": max(0, to_win - value),
                "calories_left": max(0, to_lose - calories),
                "cards": [_mini(c, (cards.get(c) or {}).get("name", c)) for c in meal.get("cards", [])],
                "turn": number == view.get("turn"),
                "hand": (view.get("hand_counts") or [0, 0])[number],
                "picked": (view.get("has_picked") or [False, False])[number],
                "wins": (view.get("round_wins") or [0, 0])[number],
            }
        )
    my_meal, their_meal = meals
    hand = []
    for card_id in view.get("hand") or []:
        record = cards.get(card_id) or {}
        value, calories = _duel_card_numbers(record)
        picture = shown.get(card_id) or CardView(
            id=card_id, name=record.get("name", card_id), image=f"/cards/eat-right/{card_id}.png"
        )
        numbers = _("%(value)s value, %(calories)s cal") % {"value": value, "calories": calories}

        def words(entry, numbers=numbers, value=value, calories=calories, name=picture.name):
            if entry["type"] == "eat":
                label = _("Eat (%(numbers)s)") % {"numbers": numbers}
                if my_meal["calories"] + calories >= to_lose:
                    return label + " " + _("- you lose the round!")
                if my_meal["value"] + value >= to_win:
                    return label + " " + _("- you win the round!")
                return label
            if entry["type"] == "attack":
                label = _("Attack (%(numbers)s)") % {"numbers": numbers}
                if their_meal["value"] + value >= to_win:
                    return label + " " + _("- they win the round!")
                if their_meal["calories"] + calories >= to_lose:
                    return label + " " + _("- you win the round!")
                return label
            if entry["type"] == "reveal":
                return _("Show %(name)s (%(numbers)s)") % {"name": name, "numbers": numbers}
            return entry["label"]

        hand.append({"card": _relabel(picture, words), "value": value, "calories": calories})
    picked = view.get("picked")
    history = []
    for entry in view.get("round_history") or []:
        winner = entry.get("winner")
        who = _name(names, winner) if winner is not None else ""
        reason = entry.get("reason", "")
        if reason.startswith("eat-") and reason != "eat-value" and winner is not None:
            text = ROUND_REASONS[reason](_name(names, 1 - winner))
        else:
            text = ROUND_REASONS.get(reason, lambda w: "")(who)
        history.append({"round": entry.get("round"), "winner": who, "text": text, "tie": winner is None})
    return {
        "meals": meals,
        "hand": hand,
        "phase": view.get("phase"),
        "round": view.get("round", 1),
        "rounds_to_win": view.get("rounds_to_win", 3),
        "to_win": to_win,
        "to_lose": to_lose,
        "stock": view.get("stock_count", 0),
        "picked": _mini(picked, (cards.get(picked) or {}).get("name", picked)) if picked else None,
        "history": history,
        "last": history[-1] if history else None,
        "turn_name": _name(names, view.get("turn")),
        "starter": _name(names, view.get("starter")),
        "back": EAT_RIGHT_BACK,
    }


# Food War

STAT_WORDS = {
    "value": lambda: _("Overall Value"),
    "vitamin_power": lambda: _("Vitamin Power"),
    "calories": lambda: _("Calories"),
}
GAME_WORDS = {
    "value": lambda: _("Food War"),
    "vitamin_power": lambda: _("Vitamin War"),
    "calories": lambda: _("Calorie War"),
}


def _food_war_plays(plays: list[dict], names: list[str], seat, winner=None) -> list[dict]:
    best = max((p["card"].get("stat", 0) for p in plays), default=None)
    waves = max((p.get("wave", 0) for p in plays), default=0)
    shown = []
    for play in plays:
        card = play["card"]
        shown.append(
            {
                **_mini(card["id"], card["name"]),
                "image": f"/cards/eat-right/{card['id']}.png?size=small",
                "stat": card.get("stat", 0),
                "owner": play["seat"],
                "owner_name": _name(names, play["seat"]),
                "mine": play["seat"] == seat,
                "wave": play.get("wave", 0),
                "waiting": play.get("wave", 0) < waves,  # an earlier wave of a tie
                "best": play.get("wave", 0) == waves and card.get("stat", 0) == best,
                "winner": winner is not None and play["seat"] == winner and play.get("wave", 0) == waves,
            }
        )
    return shown


@register.simple_tag
def food_war_table(view: dict, names: list[str], seat) -> dict:
    """Food War for one seat: the stat that wins, every player's stack, the cards turned up
    this round with their numbers, the cards waiting after a tie, and the round count."""
    stat = view.get("stat", "value")
    battle, waiting = view.get("battle") or [], view.get("waiting") or []
    out = view.get("out") or []
    players = []
    for number, size in enumerate(view.get("stack_sizes") or []):
        if number in out:
            state = _("Out of cards")
        elif number in waiting:
            state = _("Still to flip")
        elif number in (view.get("flipped") or []):
            state = _("Flipped, face down")
        elif number in battle:
            state = ""
        else:
            state = _("Sitting out this tie")
        players.append(
            {
                "seat": number,
                "name": _name(names, number),
                "me": number == seat,
                "cards": size,
                "state": state,
                "out": number in out,
                "waiting": number in waiting,
            }
        )
    pile = view.get("pile") or []
    last = view.get("last_round") or None
    rounds_played, limit = view.get("rounds_played", 0), view.get("round_limit", 0)
    return {
        "stat": stat,
        "stat_label": STAT_WORDS.get(stat, STAT_WORDS["value"])(),
        "game_label": GAME_WORDS.get(stat, GAME_WORDS["value"])(),
        "players": players,
        "pile": _food_war_plays(pile, names, seat),
        "tie": bool(view.get("tie")),
        # Cards stay in the middle only while a tie is being settled: all of them wait.
        "waiting_cards": len(pile),
        "last": last
        and {
            "winner": _name(names, last.get("winner")),
            "won": len(last.get("plays") or []),
            "plays": _food_war_plays(last.get("plays") or [], names, seat, last.get("winner")),
            "waves": last.get("waves", 1),
        },
        "round": rounds_played + (0 if view.get("result") else 1),
        "limit": limit,
        "i_wait": seat in waiting,
        "back": EAT_RIGHT_BACK,
    }
