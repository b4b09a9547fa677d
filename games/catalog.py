"""The games' names as the catalog shows them (engines carry a one-line summary as `title`)."""

from django.utils.translation import gettext_lazy as _

GAME_NAMES = {
    "food-war": _("Food War"),
    "snack-attack": _("Snack Attack!"),
    "build-a-meal": _("Build-A-Meal"),
    "duel": _("Duel"),
    "chomp": _("CHOMP!"),
    "underwater-war": _("Underwater War"),
    "quick-chomp": _("Quick CHOMP!"),
    "double-chomp": _("Double CHOMP!"),
    "appetite": _("Appetite"),
    "snack-wars": _("SNACK WARS"),
}
CATALOG_ORDER = list(GAME_NAMES)


def game_name(slug: str) -> str:
    return str(GAME_NAMES.get(slug, slug.replace("-", " ").title()))
