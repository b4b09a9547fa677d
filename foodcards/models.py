"""Models of the foodcards app."""
