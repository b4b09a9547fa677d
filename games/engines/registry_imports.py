"""Imports every game module so each registers itself (one line per game family)."""
from games.engines import build_a_meal, duel  # noqa: E402,F401
from games.engines import chomp  # noqa: E402,F401
from games.engines import food_war, snack_attack  # noqa: E402,F401
from games.engines import appetite  # noqa: F401
from games.engines import snack_wars  # noqa: F401
