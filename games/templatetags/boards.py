"""Template tags for the games' own boards: each one calls a presenter in games/boards/.

    {% chomp_table view names seat board feed match.version words as t %}

The presenters regroup what the generic renderer built (games.rendering) for a game's own
template (games/play/<slug>.html); see games/boards/__init__.py.
"""

from __future__ import annotations

from django import template

from games.boards.appetite import appetite_table
from games.boards.build_a_meal import build_a_meal_table
from games.boards.chomp import chomp_table
from games.boards.duel import duel_table
from games.boards.food_war import food_war_table
from games.boards.snack_attack import snack_attack_table

register = template.Library()

for _presenter in (
    appetite_table,
    build_a_meal_table,
    chomp_table,
    duel_table,
    food_war_table,
    snack_attack_table,
):
    register.simple_tag(_presenter)

__all__ = [
    "appetite_table",
    "build_a_meal_table",
    "chomp_table",
    "duel_table",
    "food_war_table",
    "snack_attack_table",
]
