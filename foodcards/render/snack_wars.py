"""SNACK WARS cards: foods of three cuisines, raccoons and bonus cards."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from foodcards.render.creatures import raccoon
from foodcards.render.food_pictures import FOOD_PICTURES
from foodcards.render.icons_treats import donut
from foodcards.render.kit import (
    CARD_H,
    CARD_W,
    INK,
    RADIUS,
    WHITE,
    badge,
    data_text,
    finish,
    fit_size,
    new_card,
    star,
    wrap_lines,
)

# cuisine: (the food card's footer, the cuisine bonus card's words), painted in the active language
CUISINES = {
    "french": (gettext_noop("French food"), gettext_noop("point for each French food card")),
    "japan": (gettext_noop("Japanese food"), gettext_noop("point for each Japanese food card")),
    "american": (gettext_noop("American food"), gettext_noop("point for each American food card")),
}


def _flag(pen, cuisine, box):
    """Flag-like colours for a cuisine, drawn in box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if cuisine == "french":
        for i, color in enumerate(((0, 85, 164), WHITE, (239, 65, 53))):
            pen.rect((x0 + i * w / 3, y0, x0 + (i + 1) * w / 3, y1), fill=color)
    elif cuisine == "japan":
        pen.rect(box, fill=WHITE)
        pen.circle(x0 + w / 2, y0 + h / 2, h * 0.3, fill=(188, 0, 45))
    elif cuisine == "american":
        for i in range(7):
            pen.rect(
                (x0, y0 + i * h / 7, x1, y0 + (i + 1) * h / 7), fill=(178, 34, 52) if i % 2 == 0 else WHITE
            )
        pen.rect((x0, y0, x0 + w * 0.42, y0 + h * 4 / 7), fill=(60, 59, 110))
        for row in range(3):
            for col in range(4):
                pen.circle(
                    x0 + w * (0.06 + col * 0.1), y0 + h * (0.09 + row * 0.18), max(2, h * 0.035), fill=WHITE
                )
    pen.rect(box, outline=INK, width=3)


def front(record):
    kind = record.get("kind")
    if kind == "raccoon":
        image, pen = new_card((66, 66, 66), paper=(236, 239, 241))
        title = _("Raccoon").upper()
        pen.text(
            (CARD_W / 2, 120), title, fit_size(pen, title, CARD_W - 100, 80), fill=(66, 66, 66), bold=True
        )
        pen.circle(CARD_W / 2, 480, 230, fill=(207, 216, 220))
        raccoon(pen, CARD_W / 2, 490, 190)
        text = _("Steal one card from any player's collection!")
        lines, size = wrap_lines(pen, text, CARD_W - 140, 40, max_lines=3)
        for i, line in enumerate(lines):
            pen.text((CARD_W / 2, 790 + i * (size + 12)), line, size, fill=INK, bold=True)
        hint = _("Keep face down, beside your collection")
        pen.text(
            (CARD_W / 2, CARD_H - 90),
            hint,
            fit_size(pen, hint, CARD_W - 90, 24, bold=False),
            fill=(75, 85, 99),
        )
        return finish(image)
    if kind == "bonus":
        return _snack_wars_bonus_card(record)
    cuisine = record.get("cuisine")
    image, pen = new_card((255, 179, 0), paper=WHITE)
    _flag(pen, cuisine, (26, 190, CARD_W - 27, 300))
    pen.rect((26, 300, CARD_W - 27, CARD_H - 27), fill=(255, 248, 225))
    pen.rect((26, CARD_H - 120, CARD_W - 27, CARD_H - 27), fill=(255, 179, 0), radius=RADIUS - 14)
    value = record.get("value")
    badge(pen, 115, 110, 68, value if value is not None else "?", (230, 81, 0), size=88)
    name = data_text(record.get("name")).upper()
    pen.text((CARD_W / 2 + 70, 110), name, fit_size(pen, name, CARD_W - 260, 60), fill=INK, bold=True)
    pen.circle(CARD_W / 2, 590, 240, fill=WHITE, outline=(255, 179, 0), width=8)
    FOOD_PICTURES.get(record.get("food"), donut)(pen, CARD_W / 2, 600, 185)
    footer = _(CUISINES[cuisine][0] if cuisine in CUISINES else gettext_noop("Food")).upper()
    pen.text((CARD_W / 2, CARD_H - 73), footer, fit_size(pen, footer, CARD_W - 100, 40), fill=INK, bold=True)
    return finish(image)


def _snack_wars_bonus_card(record):
    bonus = record.get("bonus")
    image, pen = new_card((123, 31, 162), paper=(255, 253, 231))
    pen.rect((26, 26, CARD_W - 27, 200), fill=(123, 31, 162), radius=RADIUS - 14)
    title = _("Bonus").upper()
    # Between the two stars.
    pen.text((CARD_W / 2, 110), title, fit_size(pen, title, CARD_W - 300, 90), fill=(255, 214, 0), bold=True)
    star(pen, 95, 110, 45, (255, 214, 0))
    star(pen, CARD_W - 95, 110, 45, (255, 214, 0))
    if bonus in CUISINES:
        _flag(pen, bonus, (CARD_W / 2 - 200, 330, CARD_W / 2 + 200, 600))
        big, small = "+1", _(CUISINES[bonus][1])
    elif bonus == "all-cuisines":
        for i, cuisine in enumerate(CUISINES):
            _flag(pen, cuisine, (90 + i * 195, 380, 90 + i * 195 + 175, 500))
        big, small = "+5", _("if you have at least one food card of each cuisine")
    else:
        pen.circle(CARD_W / 2, 460, 160, fill=(207, 216, 220))
        raccoon(pen, CARD_W / 2, 470, 130)
        big, small = "+1", _("point for each Raccoon card you collected")
    pen.text((CARD_W / 2, 730), big, 150, fill=(123, 31, 162), bold=True)
    lines, size = wrap_lines(pen, small, CARD_W - 140, 40, max_lines=3)
    for i, line in enumerate(lines):
        pen.text((CARD_W / 2, 850 + i * (size + 12)), line, size, fill=INK, bold=True)
    return finish(image)
