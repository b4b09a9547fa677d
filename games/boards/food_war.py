"""The Food War table: the stat that wins, every player's stack, the cards turned up this round
with their numbers, the cards waiting after a tie, and the round count."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.boards import generic
from games.boards.common import back, mini, name_of, small
from games.seat_view import SeatView

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
                **mini(card["id"], card["name"]),
                "image": small("eat-right", card["id"]),
                "stat": card.get("stat", 0),
                "owner": play["seat"],
                "owner_name": name_of(names, play["seat"]),
                "mine": play["seat"] == seat,
                "wave": play.get("wave", 0),
                "waiting": play.get("wave", 0) < waves,  # an earlier wave of a tie
                "best": play.get("wave", 0) == waves and card.get("stat", 0) == best,
                "winner": winner is not None and play["seat"] == winner and play.get("wave", 0) == waves,
            }
        )
    return shown


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
        elif view.get("result"):
            state = ""  # the game is over: nobody waits, flips or sits out any more
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
                "name": name_of(names, number),
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
            "winner": name_of(names, last.get("winner")),
            "winner_seat": last.get("winner"),
            "won": len(last.get("plays") or []),
            "plays": _food_war_plays(last.get("plays") or [], names, seat, last.get("winner")),
            "waves": last.get("waves", 1),
        },
        "round": rounds_played + (0 if view.get("result") else 1),
        "limit": limit,
        "i_wait": seat in waiting,
        "back": back("eat-right"),
    }


def present(seat_view: SeatView, names: list[str], words, **context) -> dict:
    """The generic board's context plus `t`, the Food War table."""
    board = generic.present(seat_view, names, words, **context)
    board["t"] = food_war_table(board["view"], names, seat_view.seat)
    return board
