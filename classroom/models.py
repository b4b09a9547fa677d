"""Models of the classroom app."""
