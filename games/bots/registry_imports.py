"""Imports every game family's bots so each registers itself."""

import importlib

from games.engines.registry_imports import GAME_MODULES

for _module in GAME_MODULES:
    importlib.import_module(f"games.bots.{_module}")
