"""Appetite cards: four meal suits, 1 to 9, with pips like a playing card."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from PIL import Image

from foodcards.render.kit import CARD_H, CARD_W, INK, RADIUS, SCALE, WHITE, Pen, finish, fit_size, new_card

APPETITE_SUITS = {
    # suit: (label, painted in capitals; colour; soft)
    "breakfast": (gettext_noop("Breakfasts"), (191, 54, 12), (255, 243, 224)),
    "lunch": (gettext_noop("Lunches"), (46, 125, 50), (241, 248, 233)),
    "dinner": (gettext_noop("Dinners"), (21, 101, 192), (227, 242, 253)),
    "dessert": (gettext_noop("Desserts"), (173, 20, 87), (252, 228, 236)),
}


def _coffee_cup(pen, cx, cy, r, color):
    pen.arc(
        (cx + r * 0.35, cy - r * 0.35, cx + r * 1.0, cy + r * 0.35),
        270,
        90,
        fill=color,
        width=max(4, int(r * 0.16)),
    )
    pen.polygon(
        [
            (cx - r * 0.75, cy - r * 0.5),
            (cx + r * 0.6, cy - r * 0.5),
            (cx + r * 0.45, cy + r * 0.6),
            (cx - r * 0.6, cy + r * 0.6),
        ],
        fill=color,
    )
    pen.rect(
        (cx - r * 0.95, cy + r * 0.62, cx + r * 0.8, cy + r * 0.78), fill=color, radius=max(2, int(r * 0.08))
    )
    for dx in (-0.3, 0.1):
        pen.arc(
            (cx + dx * r - r * 0.12, cy - r * 1.05, cx + dx * r + r * 0.12, cy - r * 0.6),
            100,
            260,
            fill=color,
            width=max(3, int(r * 0.08)),
        )


def _lunch_bag(pen, cx, cy, r, color):
    """A paper lunch bag: wider at the bottom, its top folded over with a zigzag edge."""
    pen.polygon(
        [
            (cx - r * 0.55, cy - r * 0.4),
            (cx + r * 0.55, cy - r * 0.4),
            (cx + r * 0.7, cy + r * 0.9),
            (cx - r * 0.7, cy + r * 0.9),
        ],
        fill=color,
    )
    top = [(cx - r * 0.55, cy - r * 0.4)]
    for i in range(11):
        top.append((cx - r * 0.55 + (i + 0.5) * r * 1.1 / 11, cy - r * (0.9 if i % 2 == 0 else 0.82)))
    top.append((cx + r * 0.55, cy - r * 0.4))
    pen.polygon(top, fill=color)
    stripe = max(2, int(r * 0.08))
    pen.line([(cx - r * 0.55, cy - r * 0.4), (cx + r * 0.55, cy - r * 0.4)], fill=WHITE, width=stripe)
    pen.circle(cx, cy + r * 0.3, r * 0.2, fill=WHITE)  # an apple sticker
    pen.ellipse((cx, cy - r * 0.02, cx + r * 0.22, cy + r * 0.1), fill=WHITE)


def _platter(pen, cx, cy, r, color):
    pen.chord((cx - r * 0.85, cy - r * 0.7, cx + r * 0.85, cy + r * 0.8), 180, 360, fill=color)
    pen.circle(cx, cy - r * 0.78, r * 0.13, fill=color)
    pen.rect((cx - r, cy + r * 0.05, cx + r, cy + r * 0.25), fill=color, radius=max(2, int(r * 0.08)))
    pen.arc(
        (cx - r * 0.55, cy - r * 0.45, cx + r * 0.45, cy + r * 0.5),
        200,
        250,
        fill=WHITE,
        width=max(2, int(r * 0.08)),
    )


def _cake_slice(pen, cx, cy, r, color):
    pen.polygon(
        [
            (cx - r * 0.85, cy - r * 0.15),
            (cx + r * 0.85, cy - r * 0.45),
            (cx + r * 0.85, cy + r * 0.75),
            (cx - r * 0.85, cy + r * 0.75),
        ],
        fill=color,
    )
    pen.line(
        [(cx - r * 0.85, cy + r * 0.25), (cx + r * 0.85, cy + r * 0.2)],
        fill=WHITE,
        width=max(2, int(r * 0.1)),
    )
    pen.line(
        [(cx + r * 0.05, cy - r * 0.3), (cx + r * 0.25, cy - r * 0.95)],
        fill=color,
        width=max(2, int(r * 0.07)),
    )
    pen.circle(cx, cy - r * 0.5, r * 0.25, fill=color)


SUIT_ICONS = {"breakfast": _coffee_cup, "lunch": _lunch_bag, "dinner": _platter, "dessert": _cake_slice}

# Pip positions (x, y on a 0..1 grid) for 1 to 9, like a playing card.
PIP_LAYOUTS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.15), (0.5, 0.85)],
    3: [(0.5, 0.15), (0.5, 0.5), (0.5, 0.85)],
    4: [(0.2, 0.15), (0.8, 0.15), (0.2, 0.85), (0.8, 0.85)],
    5: [(0.2, 0.15), (0.8, 0.15), (0.5, 0.5), (0.2, 0.85), (0.8, 0.85)],
    6: [(0.2, 0.15), (0.8, 0.15), (0.2, 0.5), (0.8, 0.5), (0.2, 0.85), (0.8, 0.85)],
    7: [(0.2, 0.15), (0.8, 0.15), (0.5, 0.33), (0.2, 0.5), (0.8, 0.5), (0.2, 0.85), (0.8, 0.85)],
    8: [(0.2, 0.15), (0.8, 0.15), (0.5, 0.33), (0.2, 0.5), (0.8, 0.5), (0.5, 0.67), (0.2, 0.85), (0.8, 0.85)],
    9: [
        (0.2, 0.12),
        (0.8, 0.12),
        (0.2, 0.37),
        (0.8, 0.37),
        (0.5, 0.5),
        (0.2, 0.63),
        (0.8, 0.63),
        (0.2, 0.88),
        (0.8, 0.88),
    ],
}


def _appetite_index(number, icon, color):
    """The corner index (number over the suit icon) on its own transparent layer."""
    layer = Image.new("RGBA", (170 * SCALE, 230 * SCALE), (0, 0, 0, 0))
    pen = Pen(layer)
    pen.text((85, 62), str(number), 110, fill=color, bold=True)
    icon(pen, 85, 170, 40, color)
    return layer


def front(record):
    suit = record.get("suit")
    label, color, soft = APPETITE_SUITS.get(suit, ("?", INK, WHITE))
    number = record.get("number") or 0
    icon = SUIT_ICONS.get(suit, _cake_slice)
    image, pen = new_card(color, paper=WHITE)
    pen.rect((40, 40, CARD_W - 41, CARD_H - 41), fill=soft, radius=RADIUS - 18)
    # Corner indices, the bottom one upside down, as on a real playing card.
    index = _appetite_index(number, icon, color)
    image.paste(index, (12 * SCALE, 40 * SCALE), index)
    rotated = index.rotate(180)
    image.paste(rotated, ((CARD_W - 182) * SCALE, (CARD_H - 270) * SCALE), rotated)
    pen.rect((210, 62, CARD_W - 210, 128), fill=color, radius=33)
    label = _(label).upper()
    pen.text((CARD_W / 2, 95), label, fit_size(pen, label, CARD_W - 460, 38), fill=WHITE, bold=True)
    # Pips in the middle.
    box = (175, 250, CARD_W - 175, CARD_H - 250)
    r = 80 if number <= 3 else 62 if number <= 6 else 50
    if number == 1:
        pen.circle(CARD_W / 2, (box[1] + box[3]) / 2, 190, fill=WHITE, outline=color, width=8)
        r = 130
    for px, py in PIP_LAYOUTS.get(number, []):
        x = box[0] + px * (box[2] - box[0])
        y = box[1] + py * (box[3] - box[1])
        icon(pen, x, y, r, color)
    return finish(image)
