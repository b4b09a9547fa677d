"""Imports every game family's bots so each registers itself (one line per family)."""
