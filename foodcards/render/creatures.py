"""Animal pictures: the CHOMP! sea creatures and the SNACK WARS raccoon."""

import math

from foodcards.render.icons_staples import fish
from foodcards.render.kit import INK, WHITE


def shark(pen, cx, cy, r):
    body = (120, 144, 156)
    pen.polygon(
        [
            (cx - r * 0.6, cy),
            (cx - r * 1.05, cy - r * 0.5),
            (cx - r * 0.95, cy),
            (cx - r * 1.05, cy + r * 0.45),
        ],
        fill=body,
    )
    pen.ellipse((cx - r * 0.8, cy - r * 0.4, cx + r * 1.0, cy + r * 0.4), fill=body)
    pen.chord((cx - r * 0.7, cy - r * 0.2, cx + r * 0.95, cy + r * 0.4), 0, 180, fill=(236, 239, 241))
    pen.polygon(
        [(cx - r * 0.2, cy - r * 0.35), (cx + r * 0.05, cy - r * 0.9), (cx + r * 0.25, cy - r * 0.35)],
        fill=body,
    )
    pen.polygon(
        [(cx + r * 0.05, cy + r * 0.3), (cx - r * 0.15, cy + r * 0.7), (cx + r * 0.3, cy + r * 0.35)],
        fill=body,
    )
    pen.circle(cx + r * 0.62, cy - r * 0.12, r * 0.07, fill=INK)
    mouth = [(cx + r * 0.45, cy + r * 0.12)]
    for i in range(6):
        mouth.append((cx + r * (0.5 + i * 0.07), cy + r * (0.2 if i % 2 == 0 else 0.1)))
    pen.line(mouth, fill=WHITE, width=5)
    for i in range(3):
        pen.line(
            [(cx + r * (0.25 + i * 0.08), cy - r * 0.1), (cx + r * (0.22 + i * 0.08), cy + r * 0.1)],
            fill=(84, 110, 122),
            width=4,
        )


def seal(pen, cx, cy, r):
    body = (141, 110, 99)
    pen.ellipse((cx - r * 0.9, cy - r * 0.2, cx + r * 0.6, cy + r * 0.6), fill=body)
    pen.circle(cx + r * 0.55, cy - r * 0.2, r * 0.38, fill=body)
    pen.polygon(
        [(cx - r * 0.8, cy + r * 0.2), (cx - r * 1.1, cy - r * 0.1), (cx - r * 1.1, cy + r * 0.55)],
        fill=(109, 76, 65),
    )
    pen.polygon(
        [(cx + r * 0.1, cy + r * 0.45), (cx + r * 0.35, cy + r * 0.85), (cx - r * 0.1, cy + r * 0.6)],
        fill=(109, 76, 65),
    )
    pen.circle(cx + r * 0.62, cy - r * 0.3, r * 0.07, fill=INK)
    pen.circle(cx + r * 0.9, cy - r * 0.12, r * 0.07, fill=INK)
    for dy in (-0.08, 0.0, 0.08):
        pen.line(
            [(cx + r * 0.85, cy - r * 0.05), (cx + r * 1.1, cy - r * 0.05 + dy * r * 2)], fill=INK, width=3
        )
    pen.circle(cx + r * 0.75, cy - r * 0.95, r * 0.2, fill=(229, 57, 53))  # a ball on its nose


def shrimp(pen, cx, cy, r):
    color = (244, 143, 177)
    for i in range(6):
        a = math.radians(200 + i * 28)
        x, y = cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55
        pen.circle(x, y, r * (0.32 - i * 0.03), fill=color, outline=(216, 27, 96), width=4)
    pen.polygon(
        [(cx + r * 0.45, cy - r * 0.2), (cx + r * 0.95, cy - r * 0.5), (cx + r * 0.9, cy + r * 0.1)],
        fill=(216, 27, 96),
    )
    pen.circle(cx - r * 0.55, cy - r * 0.3, r * 0.06, fill=INK)
    pen.line([(cx - r * 0.7, cy - r * 0.35), (cx - r * 1.05, cy - r * 0.95)], fill=(216, 27, 96), width=4)
    pen.line([(cx - r * 0.65, cy - r * 0.4), (cx - r * 0.7, cy - r * 1.05)], fill=(216, 27, 96), width=4)


def plankton(pen, cx, cy, r):
    spots = (
        (-0.5, -0.4, 0.22),
        (0.3, -0.55, 0.17),
        (0.55, 0.1, 0.25),
        (-0.2, 0.3, 0.28),
        (0.1, -0.05, 0.12),
        (-0.65, 0.35, 0.12),
        (0.3, 0.6, 0.14),
    )
    for dx, dy, rr in spots:
        pen.circle(cx + dx * r, cy + dy * r, rr * r, fill=(129, 199, 132), outline=(46, 125, 50), width=4)
        pen.circle(cx + dx * r, cy + dy * r, rr * r * 0.35, fill=(46, 125, 50))


def eel(pen, cx, cy, r):
    points = [(cx - r + i * r * 0.2, cy + math.sin(i * 0.9) * r * 0.35) for i in range(11)]
    pen.line(points, fill=(255, 214, 0), width=int(r * 0.28))
    pen.line(points, fill=(255, 241, 118), width=int(r * 0.12))
    head = points[-1]
    pen.circle(head[0], head[1], r * 0.18, fill=(255, 214, 0))
    pen.circle(head[0] + r * 0.05, head[1] - r * 0.05, r * 0.05, fill=INK)
    bolt = [
        (cx - r * 0.1, cy - r * 1.0),
        (cx - r * 0.35, cy - r * 0.45),
        (cx - r * 0.1, cy - r * 0.45),
        (cx - r * 0.3, cy + r * 0.05),
        (cx + r * 0.25, cy - r * 0.6),
        (cx, cy - r * 0.6),
        (cx + r * 0.2, cy - r * 1.0),
    ]
    pen.polygon(bolt, fill=(255, 255, 255), outline=INK, width=4)


def octopus(pen, cx, cy, r):
    body = (171, 71, 188)
    for i in range(8):
        x = cx - r * 0.7 + i * r * 0.2
        pen.line(
            [(x, cy), (x + math.sin(i) * r * 0.2, cy + r * 0.5), (x - math.sin(i) * r * 0.15, cy + r * 0.95)],
            fill=body,
            width=int(r * 0.14),
        )
    pen.ellipse((cx - r * 0.7, cy - r * 0.95, cx + r * 0.7, cy + r * 0.3), fill=body)
    pen.circle(cx - r * 0.25, cy - r * 0.35, r * 0.15, fill=WHITE)
    pen.circle(cx + r * 0.25, cy - r * 0.35, r * 0.15, fill=WHITE)
    pen.circle(cx - r * 0.22, cy - r * 0.33, r * 0.07, fill=INK)
    pen.circle(cx + r * 0.28, cy - r * 0.33, r * 0.07, fill=INK)
    pen.arc((cx - r * 0.2, cy - r * 0.25, cx + r * 0.2, cy + r * 0.05), 20, 160, fill=INK, width=5)


CREATURE_PICTURES = {
    "shark": shark,
    "seal": seal,
    "big-fish": lambda pen, cx, cy, r: fish(pen, cx, cy, r, (255, 112, 67), (216, 67, 21)),
    "little-fish": lambda pen, cx, cy, r: fish(pen, cx, cy, r * 0.7, (255, 213, 79), (249, 168, 37)),
    "shrimp": shrimp,
    "plankton": plankton,
    "electric-eel": eel,
    "octopus": octopus,
}


def raccoon(pen, cx, cy, r):
    grey, dark = (158, 158, 158), (66, 66, 66)
    for side in (-1, 1):
        pen.polygon(
            [
                (cx + side * r * 0.45, cy - r * 0.5),
                (cx + side * r * 0.85, cy - r * 1.0),
                (cx + side * r * 0.95, cy - r * 0.35),
            ],
            fill=grey,
            outline=dark,
            width=4,
        )
    pen.ellipse((cx - r, cy - r * 0.75, cx + r, cy + r * 0.75), fill=grey)
    pen.chord((cx - r * 0.5, cy - r * 0.1, cx + r * 0.5, cy + r * 0.78), 0, 180, fill=(238, 238, 238))
    pen.ellipse((cx - r * 0.9, cy - r * 0.35, cx + r * 0.9, cy + r * 0.15), fill=dark)  # the mask
    for side in (-1, 1):
        pen.circle(cx + side * r * 0.38, cy - r * 0.12, r * 0.16, fill=WHITE)
        pen.circle(cx + side * r * 0.36, cy - r * 0.1, r * 0.08, fill=INK)
    pen.circle(cx, cy + r * 0.3, r * 0.12, fill=INK)
    pen.arc((cx - r * 0.2, cy + r * 0.25, cx + r * 0.2, cy + r * 0.58), 20, 160, fill=INK, width=5)
