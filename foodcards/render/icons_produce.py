"""Fruit and vegetable pictures. Each draws centred on (cx, cy) in a box of about 2r x 2r."""

from foodcards.render.kit import CREAM, INK, star


def apple(pen, cx, cy, r, color=(211, 47, 47)):
    pen.ellipse((cx - r * 0.85, cy - r * 0.6, cx + r * 0.05, cy + r * 0.85), fill=color)
    pen.ellipse((cx - r * 0.05, cy - r * 0.6, cx + r * 0.85, cy + r * 0.85), fill=color)
    pen.ellipse((cx - r * 0.5, cy - r * 0.35, cx - r * 0.2, cy + r * 0.05), fill=(255, 255, 255, 90))
    pen.line([(cx, cy - r * 0.5), (cx + r * 0.1, cy - r * 0.95)], fill=(93, 64, 55), width=int(r * 0.12))
    pen.ellipse((cx + r * 0.12, cy - r * 0.95, cx + r * 0.6, cy - r * 0.65), fill=(56, 142, 60))


def orange(pen, cx, cy, r, color=(245, 124, 0)):
    pen.circle(cx, cy + r * 0.1, r * 0.82, fill=color)
    for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.1, 0.4), (0.35, -0.35)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.04, fill=(230, 100, 0))
    pen.ellipse((cx - r * 0.05, cy - r * 0.95, cx + r * 0.45, cy - r * 0.62), fill=(56, 142, 60))


def banana(pen, cx, cy, r):
    pen.chord(
        (cx - r, cy - r * 1.3, cx + r, cy + r * 0.7),
        20,
        160,
        fill=(253, 216, 53),
        outline=(191, 144, 0),
        width=6,
    )
    pen.chord((cx - r * 0.85, cy - r * 1.3, cx + r * 0.85, cy + r * 0.35), 25, 155, fill=CREAM)
    pen.circle(cx - r * 0.9, cy - r * 0.05, r * 0.08, fill=(93, 64, 55))


def grapes(pen, cx, cy, r):
    for row, count in enumerate((4, 3, 2, 1)):
        for i in range(count):
            x = cx + (i - (count - 1) / 2) * r * 0.42
            pen.circle(
                x,
                cy - r * 0.45 + row * r * 0.38,
                r * 0.24,
                fill=(106, 27, 154),
                outline=(74, 20, 140),
                width=3,
            )
    pen.line([(cx, cy - r * 0.7), (cx + r * 0.1, cy - r)], fill=(93, 64, 55), width=int(r * 0.1))
    pen.ellipse((cx + r * 0.1, cy - r * 1.0, cx + r * 0.6, cy - r * 0.7), fill=(56, 142, 60))


def strawberry(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.8, cy - r * 0.4), (cx + r * 0.8, cy - r * 0.4), (cx, cy + r * 0.95)], fill=(229, 57, 53)
    )
    pen.ellipse((cx - r * 0.82, cy - r * 0.75, cx + r * 0.82, cy + r * 0.1), fill=(229, 57, 53))
    for dx, dy in ((-0.4, -0.2), (0, -0.1), (0.4, -0.2), (-0.2, 0.2), (0.2, 0.2), (0, 0.5)):
        pen.ellipse((cx + dx * r - 6, cy + dy * r - 9, cx + dx * r + 6, cy + dy * r + 9), fill=(255, 235, 59))
    star(pen, cx, cy - r * 0.7, r * 0.45, (46, 125, 50), points=5, inner=0.4)


def carrot(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.35, cy - r * 0.55), (cx + r * 0.35, cy - r * 0.55), (cx, cy + r)], fill=(239, 108, 0)
    )
    for i in range(3):
        y = cy - r * 0.25 + i * r * 0.3
        pen.line([(cx - r * 0.2, y), (cx + r * 0.02, y)], fill=(191, 54, 12), width=5)
    for dx in (-0.25, 0, 0.25):
        pen.ellipse(
            (cx + dx * r - r * 0.12, cy - r * 1.05, cx + dx * r + r * 0.12, cy - r * 0.5), fill=(67, 160, 71)
        )


def broccoli(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.25, cy + r), (cx + r * 0.25, cy + r), (cx + r * 0.15, cy), (cx - r * 0.15, cy)],
        fill=(156, 204, 101),
    )
    for dx, dy, rr in (
        (-0.5, -0.1, 0.4),
        (0.5, -0.1, 0.4),
        (0, -0.45, 0.5),
        (-0.25, 0.05, 0.35),
        (0.25, 0.05, 0.35),
    ):
        pen.circle(cx + dx * r, cy + dy * r, rr * r, fill=(46, 125, 50), outline=(27, 94, 32), width=4)


def leaf(pen, cx, cy, r, color=(56, 142, 60)):
    pen.ellipse((cx - r * 0.55, cy - r, cx + r * 0.55, cy + r * 0.8), fill=color)
    pen.line([(cx, cy - r * 0.8), (cx, cy + r)], fill=(27, 94, 32), width=6)
    for i in range(3):
        y = cy - r * 0.4 + i * r * 0.35
        pen.line([(cx, y + r * 0.15), (cx - r * 0.35, y - r * 0.1)], fill=(27, 94, 32), width=4)
        pen.line([(cx, y + r * 0.15), (cx + r * 0.35, y - r * 0.1)], fill=(27, 94, 32), width=4)


def corn(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.4, cy - r, cx + r * 0.4, cy + r * 0.9),
        fill=(253, 216, 53),
        outline=(245, 127, 23),
        width=4,
    )
    for i in range(1, 6):
        y = cy - r + i * r * 0.32
        pen.line([(cx - r * 0.35, y), (cx + r * 0.35, y)], fill=(245, 127, 23), width=3)
    pen.polygon(
        [(cx - r * 0.1, cy + r), (cx - r * 0.7, cy - r * 0.2), (cx - r * 0.3, cy + r * 0.5)],
        fill=(104, 159, 56),
    )
    pen.polygon(
        [(cx + r * 0.1, cy + r), (cx + r * 0.7, cy - r * 0.2), (cx + r * 0.3, cy + r * 0.5)],
        fill=(104, 159, 56),
    )


def potato(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.9, cy - r * 0.55, cx + r * 0.9, cy + r * 0.6),
        fill=(188, 143, 88),
        outline=(141, 103, 60),
        width=5,
    )
    for dx, dy in ((-0.4, -0.1), (0.3, 0.2), (0.1, -0.3)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.05, fill=(121, 85, 72))


def peas(pen, cx, cy, r):
    pen.chord((cx - r, cy - r * 0.6, cx + r, cy + r * 0.6), 0, 180, fill=(104, 159, 56))
    for i in range(4):
        pen.circle(
            cx - r * 0.6 + i * r * 0.4,
            cy + r * 0.05,
            r * 0.18,
            fill=(139, 195, 74),
            outline=(51, 105, 30),
            width=3,
        )


def watermelon(pen, cx, cy, r):
    pen.pieslice((cx - r, cy - r * 1.2, cx + r, cy + r * 0.8), 20, 160, fill=(56, 142, 60))
    pen.pieslice((cx - r * 0.88, cy - r * 1.08, cx + r * 0.88, cy + r * 0.68), 20, 160, fill=(200, 230, 201))
    pen.pieslice((cx - r * 0.8, cy - r, cx + r * 0.8, cy + r * 0.6), 20, 160, fill=(239, 83, 80))
    for dx, dy in ((-0.3, 0.15), (0, 0.3), (0.3, 0.15), (-0.1, 0.05), (0.15, 0.45)):
        pen.ellipse((cx + dx * r - 6, cy + dy * r - 9, cx + dx * r + 6, cy + dy * r + 9), fill=INK)


def pineapple(pen, cx, cy, r):
    for dx, h in ((-0.25, 0.9), (0, 1.05), (0.25, 0.9)):
        pen.polygon(
            [
                (cx + dx * r - r * 0.12, cy - r * 0.4),
                (cx + dx * r, cy - r * h),
                (cx + dx * r + r * 0.12, cy - r * 0.4),
            ],
            fill=(67, 160, 71),
        )
    pen.ellipse(
        (cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.95),
        fill=(255, 193, 7),
        outline=(191, 120, 0),
        width=4,
    )
    for i in range(-2, 3):
        pen.line(
            [(cx + i * r * 0.22 - r * 0.3, cy - r * 0.4), (cx + i * r * 0.22 + r * 0.3, cy + r * 0.85)],
            fill=(191, 120, 0),
            width=3,
        )
        pen.line(
            [(cx + i * r * 0.22 + r * 0.3, cy - r * 0.4), (cx + i * r * 0.22 - r * 0.3, cy + r * 0.85)],
            fill=(191, 120, 0),
            width=3,
        )
