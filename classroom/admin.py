"""Admin of the classroom app."""
