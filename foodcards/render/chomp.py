"""CHOMP! cards: sea creatures ranked in a food chain, two action cards and the chain reminder."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from foodcards.render.creatures import CREATURE_PICTURES
from foodcards.render.kit import (
    CARD_H,
    CARD_W,
    INK,
    LABEL_PADDING,
    NO_BREAK,
    RADIUS,
    WHITE,
    badge,
    data_text,
    finish,
    fit_size,
    label_in_box,
    new_card,
    text_panel,
    wrap_lines,
)

CHOMP_CREATURES = {
    # kind: (name, painted in capitals as the title; colour of the card)
    "shark": (gettext_noop("Shark"), (69, 90, 100)),
    "seal": (gettext_noop("Seal"), (121, 85, 72)),
    "big-fish": (gettext_noop("Big Fish"), (230, 81, 0)),
    "little-fish": (gettext_noop("Little Fish"), (249, 168, 37)),
    "shrimp": (gettext_noop("Shrimp"), (233, 30, 99)),
    "plankton": (gettext_noop("Plankton"), (56, 142, 60)),
}
CHOMP_CHAIN = ("shark", "seal", "big-fish", "little-fish", "shrimp", "plankton")


def _water(pen, top=(2, 136, 209), bottom=(1, 87, 155)):
    """Sea-water stripes inside the frame."""
    steps = 12
    for i in range(steps):
        t = i / (steps - 1)
        color = tuple(int(top[c] + (bottom[c] - top[c]) * t) for c in range(3))
        y0 = 30 + i * (CARD_H - 60) / steps
        pen.rect((30, y0, CARD_W - 31, y0 + (CARD_H - 60) / steps + 1), fill=color)
    for x, y, rr in ((120, 250, 14), (150, 200, 9), (620, 700, 16), (600, 650, 10), (110, 760, 12)):
        pen.circle(x, y, rr, outline=(179, 229, 252), width=3)


def front(record):
    kind = record.get("kind")
    if kind == "sequence":
        return _chomp_sequence_card()
    if record.get("action") or kind in ("electric-eel", "octopus"):
        return _chomp_action_card(record)
    name, color = CHOMP_CREATURES.get(kind, ("?", INK))
    label = _(name).upper()
    rank = record.get("rank")
    image, pen = new_card(color)
    pen.rect((30, 30, CARD_W - 31, CARD_H - 31), fill=(2, 119, 189), radius=RADIUS - 16)
    _water(pen)
    pen.rect((30, 30, CARD_W - 31, CARD_H - 31), outline=color, width=8, radius=RADIUS - 16)
    # Rank in two corners, like a playing card.
    for x, y in ((95, 95), (CARD_W - 95, CARD_H - 95)):
        badge(pen, x, y, 52, rank if rank is not None else "", color, size=64)
    pen.text(
        (CARD_W / 2, 110), label, fit_size(pen, label, CARD_W - 280, 68), fill=WHITE, bold=True, stroke=INK
    )
    pen.circle(CARD_W / 2 - 30, 470, 230, fill=(79, 195, 247))
    CREATURE_PICTURES[kind](pen, CARD_W / 2 - 30, 470, 200)
    # The food chain ladder: where this creature sits (6 = top).
    x0, y0, step = CARD_W - 100, 240, 76
    pen.rect((x0 - 42, y0 - 50, x0 + 42, y0 + step * 5 + 50), fill=(255, 255, 255, 230), radius=30)
    for i, creature in enumerate(CHOMP_CHAIN):
        level = 6 - i
        here = creature == kind
        pen.circle(
            x0,
            y0 + i * step,
            32 if here else 22,
            fill=CHOMP_CREATURES[creature][1] if here else (207, 216, 220),
            outline=INK if here else None,
            width=4 if here else 0,
        )
        pen.text((x0, y0 + i * step), str(level), 30 if here else 22, fill=WHITE if here else INK, bold=True)
    # What it can chomp.
    lower = (
        [_(CHOMP_CREATURES[c][0]) for c in CHOMP_CHAIN[CHOMP_CHAIN.index(kind) + 1 :]]
        if kind in CHOMP_CHAIN
        else []
    )
    if lower:
        # A creature's name is never split between two lines ("Little / Fish").
        text = _("Chomps: %(creatures)s") % {
            "creatures": ", ".join(name.replace(" ", NO_BREAK) for name in lower)
        }
    else:
        text = _("Chomps: nothing (sorry!)")
    # Beside the food chain ladder; the text wraps inside the panel, never against its edge.
    text_panel(pen, (60, 760, CARD_W - 170), text, 34, max_lines=3, radius=20)
    return finish(image)


def _chomp_action_card(record):
    kind = record.get("action") or record.get("kind")
    if kind == "electric-eel":
        frame = (33, 33, 33)
        title, subtitle = _("Feeding frenzy!"), _("Anyone may chomp any card but their own.")
        top, bottom = (255, 235, 59), (255, 160, 0)
    else:
        frame = (49, 27, 146)
        title, subtitle = _("Ink out!"), _("Nobody may chomp. Play another card.")
        top, bottom = (94, 53, 177), (26, 35, 126)
    image, pen = new_card(frame)
    _water(pen, top, bottom)
    if kind == "electric-eel":
        # Warning stripes: action cards look different from creature cards at a glance.
        for i in range(-2, 16):
            x = i * 60
            pen.polygon([(x, 30), (x + 30, 30), (x - 10, 90), (x - 40, 90)], fill=INK)
            pen.polygon(
                [(x, CARD_H - 90), (x + 30, CARD_H - 90), (x - 10, CARD_H - 30), (x - 40, CARD_H - 30)],
                fill=INK,
            )
        pen.rect((0, 0, 30, CARD_H), fill=frame)
        pen.rect((CARD_W - 30, 0, CARD_W, CARD_H), fill=frame)
    else:
        for x, y, rr in ((180, 780, 90), (300, 820, 110), (470, 790, 100), (580, 840, 70)):
            pen.circle(x, y, rr, fill=(17, 17, 40))
    pen.rect((30, 30, CARD_W - 31, CARD_H - 31), outline=frame, width=8, radius=RADIUS - 16)
    title = title.upper()
    name = data_text(record.get("name")).upper()
    action = _("Action").upper()
    pen.text(
        (CARD_W / 2, 150), action, fit_size(pen, action, CARD_W - 120, 40), fill=WHITE, bold=True, stroke=INK
    )
    pen.text(
        (CARD_W / 2, 215), name, fit_size(pen, name, CARD_W - 120, 72), fill=WHITE, bold=True, stroke=INK
    )
    pen.circle(CARD_W / 2, 500, 210, fill=(255, 255, 255, 200))
    CREATURE_PICTURES[kind](pen, CARD_W / 2, 500, 180)
    pen.text(
        (CARD_W / 2, 790 if kind == "electric-eel" else 720),
        title,
        fit_size(pen, title, CARD_W - 100, 62),
        fill=WHITE,
        bold=True,
        stroke=INK,
    )
    lines, size = wrap_lines(pen, subtitle, CARD_W - 140, 34, max_lines=2)
    for i, line in enumerate(lines):
        pen.text(
            (CARD_W / 2, (860 if kind == "electric-eel" else 890) + i * (size + 10)),
            line,
            size,
            fill=WHITE,
            bold=True,
            stroke=INK,
        )
    return finish(image)


def _chomp_sequence_card():
    image, pen = new_card((1, 87, 155), paper=(225, 245, 254))
    heading = _("Who chomps whom").upper()
    pen.text(
        (CARD_W / 2, 90), heading, fit_size(pen, heading, CARD_W - 100, 52), fill=(1, 87, 155), bold=True
    )
    step = 132
    for i, kind in enumerate(CHOMP_CHAIN):
        y = 190 + i * step
        name, color = CHOMP_CREATURES[kind]
        label = _(name).upper()
        row = (60, y - 58, CARD_W - 60, y + 58)
        pen.rect(row, fill=WHITE, outline=color, width=5, radius=24)
        CREATURE_PICTURES[kind](pen, 150, y, 48)
        # From the picture to the rank badge: the label's own box is the row between them.
        label_box = (210, y - 58, CARD_W - 120 - 34 - 6, y + 58)
        size = fit_size(pen, label, label_box[2] - 240 - LABEL_PADDING, 44)
        label_in_box(pen, label_box, (240, y), label, size, fill=color, anchor="lm", bold=True)
        badge(pen, CARD_W - 120, y, 34, 6 - i, color, size=40)
        if i < len(CHOMP_CHAIN) - 1:
            pen.polygon(
                [(CARD_W / 2 - 18, y + 60), (CARD_W / 2 + 18, y + 60), (CARD_W / 2, y + 80)],
                fill=(1, 87, 155),
            )
    footnote = _("Eel and Octopus can't be chomped")
    pen.text(
        (CARD_W / 2, CARD_H - 80),
        footnote,
        fit_size(pen, footnote, CARD_W - 100, 28),
        fill=(1, 87, 155),
        bold=True,
    )
    return finish(image)
