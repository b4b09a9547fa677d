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
