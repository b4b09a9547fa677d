"""Game boards' own layouts: one presenter module per game (or family of games).

A presenter turns a seat's view (games.seat_view.SeatView) into the context of its board's
template, games/play/<slug>.html: `present(seat_view, names, words, cards=, deck=, feed=,
version=)`. games.boards.generic builds the board every game gets (card pictures with the seat's
moves on them, the players' numbers); a game's own presenter regroups that as `t`, with the
facts a child needs next to each card (whose card it is, which creature is lowest, the score
sheet). Everything comes from the SeatView and the names, so no hidden card can get in.
"""

from __future__ import annotations

from games.boards import appetite, build_a_meal, chomp, duel, food_war, generic, snack_attack

PRESENTERS = {
    "appetite": appetite.present,
    "build-a-meal": build_a_meal.present,
    "chomp": chomp.present,
    "quick-chomp": chomp.present,
    "double-chomp": chomp.present,
    "underwater-war": chomp.present,
    "duel": duel.present,
    "food-war": food_war.present,
    "snack-attack": snack_attack.present,
}


def present(seat_view, names: list[str], words, **context) -> dict:
    """The board context of this seat view's game (the generic board for a game without its own)."""
    return PRESENTERS.get(seat_view.game, generic.present)(seat_view, names, words, **context)
