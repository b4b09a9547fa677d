"""The Snack Attack! table: the store as face-down cards to pick from, this seat's hand with Eat /
Return, and every player's eaten snacks split into good and junk with the score."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.boards import generic
from games.boards.common import CardView, cards_by_id, mini, move_of, name_of, picture, relabel
from games.seat_view import SeatView


def snack_attack_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """Snack Attack! for one seat: the store as face-down cards to pick from, this seat's hand
    with Eat / Return, Snack Attack! and its other moves, and every player's eaten snacks split
    into good and junk with the score. `board`: the generic board (its card pictures carry the
    seat's moves); `buttons`: the moves not on a card."""
    picks = {}
    others = []
    for entry in buttons:
        move = move_of(entry)
        if move["type"] in ("shop", "pick") and isinstance(move.get("spot"), int):
            picks[move["spot"]] = {**entry, "label": _store_label(move["type"], move["spot"])}
        else:
            others.append(entry)
    hand = _hand(view, cards_by_id(board))
    unseen = view.get("unseen") or {}
    return {
        "store": _store(view, picks),
        "store_size": view.get("store_size", 0),
        "can_pick": bool(picks),
        "picking_second": bool(view.get("picks_left")) and seat == view.get("turn"),
        "returning": next((h["card"].name for h in hand if h["returning"]), ""),
        "hand": hand,
        "attack": [e for e in others if e["type"] == "snack_attack"],
        "moves": [
            {**e, "label": _("Eat the last card in the store")} if e["type"] == "eat_last" else e
            for e in others
            if e["type"] != "snack_attack"
        ],
        "turn_name": name_of(names, view.get("turn")),
        "unseen": [
            (_("good snacks"), unseen.get("good", 0)),
            (_("junk"), unseen.get("junk", 0)),
            (_("Sugar Shock"), unseen.get("sugar_shock", 0)),
            (_("Exercise"), unseen.get("exercise", 0)),
        ],
        "players": _eaten_snacks(view, names, seat),
        "removed": [mini(c["id"], c["name"]) for c in view.get("removed") or []],
        "tie_breaks": view.get("tie_breaks", 0),
    }


def _store(view: dict, picks: dict) -> list[CardView]:
    """The store as face-down cards, each with this seat's pick on it (`picks`: by spot)."""
    store = []
    face_down = _("Face-down store card %(n)s")
    for spot in range(view.get("store_size", 0)):
        entry = picks.get(spot)
        store.append(
            CardView(
                id=f"store-{spot + 1}",
                name=face_down % {"n": spot + 1},
                picture="back",
                actions=[entry] if entry else [],
            )
        )
    return store


def _hand(view: dict, shown: dict) -> list[dict]:
    """The seat's hand with Eat / Put back, and the card it must return, if any. `shown`: the
    generic board's card pictures, by id."""
    hand_words = {"eat": _("Eat %(name)s"), "return": _("Put back %(name)s")}
    hand = []
    for face in view.get("hand") or []:
        card = shown.get(face["id"]) or picture(face["id"], face["name"])
        card = relabel(card, lambda e, n=face["name"]: hand_words.get(e["type"], "%(name)s") % {"name": n})
        hand.append(
            {"card": card, "kind": face.get("kind"), "returning": face["id"] == view.get("returning")}
        )
    return hand


def _eaten_snacks(view: dict, names: list[str], seat) -> list[dict]:
    """Every player's eaten snacks split into good, junk and Exercise, with the score (the
    reader's first)."""
    playing = view.get("playing") or []
    players = []
    for number, eaten in enumerate(view.get("eaten") or []):
        good = [mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "good"]
        junk = [mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "junk"]
        shields = [mini(c["id"], c["name"]) for c in eaten if c.get("kind") == "exercise"]
        players.append(
            {
                "seat": number,
                "name": name_of(names, number),
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
    return players


def _store_label(kind: str, spot: int) -> str:
    if kind == "pick":
        return _("Swap for card %(n)s") % {"n": spot + 1}
    return _("Pick card %(n)s") % {"n": spot + 1}


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Snack Attack! table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = snack_attack_table(board["view"], names, seat_view.seat, board["board"], board["buttons"])
    return board
