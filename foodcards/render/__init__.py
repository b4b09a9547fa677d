"""Card pictures, drawn with Pillow shapes (no image files, no emoji, no system fonts).

One renderer for every deck: `card_image(deck_slug, record)` returns a poker-size card
(63 x 88 mm at 300 dpi) and `card_back_image(deck_slug)` its back; `print_sheet_pages` lays
cards out on A4 or Letter pages with cut marks for print-and-play.

The package: `kit` (Pen, fonts, text fitting, frames, badges), the icons (`icons_produce`,
`icons_staples`, `icons_treats`, `creatures`) and `food_pictures` (which food a card shows),
one module per deck (`eat_right`, `chomp`, `appetite`, `snack_wars`), `backs` and `sheets`.
"""

from PIL import Image

from foodcards.render import appetite, chomp, eat_right, snack_wars
from foodcards.render.backs import DECK_BACKS, card_back_image
from foodcards.render.food_pictures import FOOD_PICTURES, picture_for
from foodcards.render.kit import CARD_H, CARD_MM, CARD_W, CREAM, DPI, INK, RENDER_VERSION, WHITE
from foodcards.render.sheets import PAPER_MM, print_sheet_pages

RENDERERS = {
    "eat-right": eat_right.front,
    "chomp": chomp.front,
    "appetite": appetite.front,
    "snack-wars": snack_wars.front,
}


def card_image(deck_slug: str, record: dict) -> Image.Image:
    """The front of one card (RGBA, CARD_W x CARD_H)."""
    return RENDERERS[deck_slug](record)


__all__ = [
    "CARD_H",
    "CARD_MM",
    "CARD_W",
    "CREAM",
    "DECK_BACKS",
    "DPI",
    "FOOD_PICTURES",
    "INK",
    "PAPER_MM",
    "RENDERERS",
    "RENDER_VERSION",
    "WHITE",
    "card_back_image",
    "card_image",
    "picture_for",
    "print_sheet_pages",
]
