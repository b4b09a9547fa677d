"""Models of the nutrition app."""
