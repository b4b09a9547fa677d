"""Imports every game module so each registers itself (one line per game family)."""
