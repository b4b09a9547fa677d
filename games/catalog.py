"""The games' names and summaries as pages show them: the engines' own message ids, translated.
The catalogue lists the games in the registry's order (games.engines.registry.GAME_MODULES)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.engines import ENGINES
from games.engines.ranking import standings


def game_name(slug: str) -> str:
    engine = ENGINES.get(slug)
    if engine is None or not engine.name:
        return slug.replace("-", " ").title()
    return gettext(engine.name)


def game_summary(slug: str) -> str:
    engine = ENGINES.get(slug)
    return gettext(engine.title) if engine is not None and engine.title else ""


def score_unit(slug: str) -> str:
    """What a game's result scores count (the engine's `score_unit`): points, cards, rounds, meals."""
    engine = ENGINES.get(slug)
    return engine.score_unit if engine is not None else "points"


def unit_words(unit: str, n: int) -> str:
    """A number with its unit and the plural rule of the reader's language: "1 card", "3 rounds
    won", "0 points"."""
    if unit == "cards":
        text = ngettext("%(n)s card", "%(n)s cards", n)
    elif unit == "rounds":
        text = ngettext("%(n)s round won", "%(n)s rounds won", n)
    elif unit == "meals":
        text = ngettext("%(n)s balanced meal", "%(n)s balanced meals", n)
    elif unit == "wins":
        text = ngettext("%(n)s win", "%(n)s wins", n)
    else:
        text = ngettext("%(n)s point", "%(n)s points", n)
    return text % {"n": n}


def score_words(slug: str, n: int) -> str:
    """A final score in a game's own words ("17 cards" in Food War, "2 rounds won" in Duel)."""
    return unit_words(score_unit(slug), n)


def final_standings(slug: str, names: list[str], result: dict, seat: int | None = None) -> list[dict]:
    """A finished table's players best first (games.engines.ranking.standings: the winners, then
    by score; ties share a rank), each with rank, name, score, its words, won, is_me."""
    scores = list(result.get("scores") or [])
    if len(scores) != len(names):
        return []
    winners = set(result.get("winners") or [])
    return [
        {
            "rank": rank,
            "seat": number,
            "name": names[number],
            "score": scores[number],
            "words": score_words(slug, scores[number]) if isinstance(scores[number], int) else "",
            "won": number in winners,
            "is_me": number == seat,
        }
        for rank, number in standings(scores, winners)
    ]


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
