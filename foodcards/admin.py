"""Admin of the foodcards app."""
