"""The back every card of a deck shares (hidden cards in games show it)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from PIL import Image

from foodcards.render.kit import CARD_H, CARD_W, RADIUS, WHITE, finish, fit_size, new_card

DECK_BACKS = {
    # deck: (title, painted in capitals; dark; light)
    "eat-right": (gettext_noop("Eat Right"), (46, 125, 50), (129, 199, 132)),
    "chomp": (gettext_noop("CHOMP!"), (1, 87, 155), (79, 195, 247)),
    "appetite": (gettext_noop("Appetite"), (173, 20, 87), (244, 143, 177)),
    "snack-wars": (gettext_noop("SNACK WARS"), (123, 31, 162), (255, 214, 0)),
}


def card_back_image(deck_slug: str) -> Image.Image:
    """The back every card of a deck shares (hidden cards in games show this)."""
    title, dark, light = DECK_BACKS[deck_slug]
    title = _(title).upper()
    image, pen = new_card(WHITE, paper=dark, border=22)
    for row in range(-1, 16):
        for col in range(-1, 9):
            x, y = col * 100 + (50 if row % 2 else 0), row * 75
            pen.circle(x, y, 16, fill=light)
    pen.rect((22, 22, CARD_W - 23, CARD_H - 23), outline=WHITE, width=10, radius=RADIUS - 10)
    pen.circle(CARD_W / 2, CARD_H / 2, 230, fill=WHITE)
    pen.circle(CARD_W / 2, CARD_H / 2, 210, fill=dark)
    pen.text((CARD_W / 2, CARD_H / 2), title, fit_size(pen, title, 380, 74), fill=WHITE, bold=True)
    pen.text((CARD_W / 2, CARD_H / 2 + 80), "PLATEFUL", 30, fill=light, bold=True)  # the site's name
    return finish(image)
