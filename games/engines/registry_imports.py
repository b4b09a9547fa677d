"""Imports every game module so each registers itself, in the catalogue's order."""

import importlib

GAME_MODULES = ("food_war", "snack_attack", "build_a_meal", "duel", "chomp", "appetite", "snack_wars")

for _module in GAME_MODULES:
    importlib.import_module(f"games.engines.{_module}")
