"""Imports every game family's bots so each registers itself (one line per family)."""
from games.bots import build_a_meal, duel  # noqa: E402,F401
from games.bots import food_war, snack_attack  # noqa: E402,F401
from games.bots import chomp  # noqa: E402,F401
from games.bots import appetite, snack_wars  # noqa: E402,F401
