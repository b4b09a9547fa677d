"""The games' names and summaries as pages show them: the engines' own message ids, translated.
The catalogue lists the games in the registry's order (games.engines.registry.GAME_MODULES)."""

from __future__ import annotations

from django.utils.translation import gettext

from games.engines import ENGINES


def game_name(slug: str) -> str:
    engine = ENGINES.get(slug)
    if engine is None or not engine.name:
        return slug.replace("-", " ").title()
    return gettext(engine.name)


def game_summary(slug: str) -> str:
    engine = ENGINES.get(slug)
    return gettext(engine.title) if engine is not None and engine.title else ""


def catalog_slugs() -> list[str]:
    """Every registered game, in the catalogue's order."""
    return list(ENGINES)


# The cards a game's catalogue card and rules page show first (ids in the game's deck).
FEATURED_CARDS = {
    "food-war": ("red-pepper", "roast-beef-sub", "chocolate-bar"),
    "snack-attack": ("strawberries", "potato-chips", "sugar-shock"),
    "build-a-meal": ("cheese-pizza", "apple", "broccoli"),
    "duel": ("red-pepper", "doughnut", "exhilarating-exercise"),
    "chomp": ("shark-1", "big-fish-1", "electric-eel-1"),
    "underwater-war": ("shark-1", "seal-1", "octopus-1"),
    "quick-chomp": ("big-fish-1", "little-fish-1", "plankton-1"),
    "double-chomp": ("seal-1", "shrimp-1", "electric-eel-1"),
    "appetite": ("breakfast-3", "lunch-6", "dessert-9"),
    "snack-wars": ("donut-1", "sushi-1", "raccoon-1"),
}


def featured_cards(slug: str) -> tuple[str, ...]:
    """Up to three card ids that show what `slug` is played with (none for an unknown game)."""
    return FEATURED_CARDS.get(slug, ())
