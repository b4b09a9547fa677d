"""The Snack Attack! table: the store as face-down cards to pick from, this seat's hand with Eat /
Return, and every player's eaten snacks split into good and junk with the score."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.boards import generic
from games.boards.common import CardView, cards_by_id, mini, move_of, name_of, picture, relabel
from games.messages import translated_card_names
from games.seat_view import SeatView


def snack_attack_table(view: dict, names: list[str], seat, board, buttons) -> dict:
    """Snack Attack! for one seat: the store as face-down cards to pick from, this seat's hand
    with Eat / Return, and every player's eaten snacks split into good and junk with the score."""
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
    return {
        **snack_attack_own(view, names, seat, cards_by_id(board), buttons),
        "players": players,
        "removed": [mini(c["id"], c["name"]) for c in view.get("removed") or []],
        "tie_breaks": view.get("tie_breaks", 0),
    }


def snack_attack_own(view: dict, names: list[str], seat, shown: dict, buttons: list) -> dict:
    """The part of the Snack Attack! table a seat's own pieces read (games/play/_snack_store.html,
    _snack_hand.html): the store with this seat's picks on it, its hand with Eat / Return, Snack
    Attack! and its other moves, whose turn, what is still hidden. `shown`: the hand's card
    pictures, by id; `buttons`: the moves not on a card."""
    picks = {}
    others = []
    for entry in buttons:
        move = move_of(entry)
        if move["type"] in ("shop", "pick") and isinstance(move.get("spot"), int):
            picks[move["spot"]] = {**entry, "label": _store_label(move["type"], move["spot"])}
        else:
            others.append(entry)
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
    attack = [e for e in others if e["type"] == "snack_attack"]
    moves = [
        {**e, "label": _("Eat the last card in the store")} if e["type"] == "eat_last" else e
        for e in others
        if e["type"] != "snack_attack"
    ]
    hand_words = {"eat": _("Eat %(name)s"), "return": _("Put back %(name)s")}
    hand = []
    for face in view.get("hand") or []:
        card = shown.get(face["id"]) or picture(face["id"], face["name"])
        card = relabel(card, lambda e, n=face["name"]: hand_words.get(e["type"], "%(name)s") % {"name": n})
        hand.append(
            {"card": card, "kind": face.get("kind"), "returning": face["id"] == view.get("returning")}
        )
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
        "turn_name": name_of(names, view.get("turn")),
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


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Snack Attack! table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = snack_attack_table(board["view"], names, seat_view.seat, board["board"], board["buttons"])
    return board


def present_own(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """What a seat's own Snack Attack! pieces read: the generic part and `snack_attack_own`,
    the hand's card pictures alone (everyone's eaten snacks are the shared render's)."""
    own = generic.present_own(seat_view, names, words, names_in_view=False, **context)
    # The hand's faces are the only card names read here: only they are translated.
    view = {**own["view"], "hand": translated_card_names(own["view"].get("hand"), context["cards"])}
    hand = [face["id"] for face in view.get("hand") or []]
    shown = generic.card_pictures_of(seat_view, view, names, words, context["deck"], hand)
    own["t"] = snack_attack_own(view, names, seat_view.seat, shown, own["buttons"])
    return own
