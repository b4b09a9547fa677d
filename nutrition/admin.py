"""Admin of the nutrition app."""
