"""Junk food, sweets and dishes from around the world, centred on (cx, cy), about 2r x 2r."""

import math

from django.utils.translation import pgettext

from foodcards.render.icons_staples import bowl
from foodcards.render.kit import CREAM, WHITE, fit_size


def burger(pen, cx, cy, r):
    pen.chord((cx - r * 0.9, cy - r * 0.85, cx + r * 0.9, cy + r * 0.2), 180, 360, fill=(230, 145, 56))
    for dx in (-0.4, -0.1, 0.25, 0.5):
        pen.ellipse(
            (cx + dx * r - 5, cy - r * 0.55 - 3, cx + dx * r + 5, cy - r * 0.55 + 3), fill=(255, 243, 224)
        )
    pen.polygon(
        [
            (cx - r * 0.95, cy - r * 0.3),
            (cx + r * 0.95, cy - r * 0.3),
            (cx + r * 0.8, cy - r * 0.12),
            (cx - r * 0.8, cy - r * 0.12),
        ],
        fill=(124, 179, 66),
    )
    pen.rect((cx - r * 0.85, cy - r * 0.15, cx + r * 0.85, cy + r * 0.05), fill=(255, 202, 40))
    pen.rect(
        (cx - r * 0.9, cy + r * 0.02, cx + r * 0.9, cy + r * 0.35), fill=(109, 76, 65), radius=int(r * 0.12)
    )
    pen.rect(
        (cx - r * 0.85, cy + r * 0.38, cx + r * 0.85, cy + r * 0.65),
        fill=(230, 145, 56),
        radius=int(r * 0.12),
    )


def pizza(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.85, cy - r * 0.7), (cx + r * 0.85, cy - r * 0.7), (cx, cy + r)], fill=(255, 213, 79)
    )
    pen.rect(
        (cx - r * 0.95, cy - r * 0.9, cx + r * 0.95, cy - r * 0.62), fill=(215, 155, 80), radius=int(r * 0.12)
    )
    for dx, dy in ((-0.35, -0.4), (0.3, -0.35), (0, 0.05), (0.05, -0.45)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.13, fill=(198, 40, 40))


def sandwich(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.9, cy + r * 0.6), (cx + r * 0.9, cy + r * 0.6), (cx, cy - r * 0.8)], fill=(215, 155, 80)
    )
    pen.polygon(
        [(cx - r * 0.72, cy + r * 0.5), (cx + r * 0.72, cy + r * 0.5), (cx, cy - r * 0.6)],
        fill=(255, 236, 179),
    )
    pen.rect((cx - r * 0.95, cy + r * 0.55, cx + r * 0.95, cy + r * 0.68), fill=(124, 179, 66))
    pen.rect((cx - r * 0.9, cy + r * 0.68, cx + r * 0.9, cy + r * 0.8), fill=(239, 154, 154))
    pen.rect((cx - r * 0.92, cy + r * 0.8, cx + r * 0.92, cy + r * 0.95), fill=(215, 155, 80), radius=6)


def donut(pen, cx, cy, r):
    pen.circle(cx, cy, r * 0.85, fill=(215, 155, 80))
    pen.circle(cx, cy - r * 0.05, r * 0.75, fill=(240, 98, 146))
    colors = ((255, 235, 59), (79, 195, 247), (255, 255, 255), (129, 199, 132))
    for i in range(12):
        a = i * math.pi / 6 + 0.3
        x, y = cx + math.cos(a) * r * 0.52, cy - r * 0.05 + math.sin(a) * r * 0.52
        pen.line([(x - 8, y - 4), (x + 8, y + 4)], fill=colors[i % 4], width=6)
    pen.circle(cx, cy, r * 0.25, fill=CREAM, outline=(215, 155, 80), width=5)


def soda(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.55, cy - r * 0.6),
            (cx + r * 0.55, cy - r * 0.6),
            (cx + r * 0.42, cy + r),
            (cx - r * 0.42, cy + r),
        ],
        fill=(229, 57, 53),
    )
    pen.rect((cx - r * 0.62, cy - r * 0.75, cx + r * 0.62, cy - r * 0.58), fill=WHITE, radius=6)
    pen.line([(cx + r * 0.1, cy - r * 0.7), (cx + r * 0.35, cy - r * 1.05)], fill=(255, 255, 255), width=10)
    pen.line([(cx - r * 0.3, cy), (cx + r * 0.3, cy + r * 0.3)], fill=WHITE, width=8)


def candy(pen, cx, cy, r):
    pen.polygon([(cx - r * 0.45, cy), (cx - r, cy - r * 0.4), (cx - r, cy + r * 0.4)], fill=(255, 112, 67))
    pen.polygon([(cx + r * 0.45, cy), (cx + r, cy - r * 0.4), (cx + r, cy + r * 0.4)], fill=(255, 112, 67))
    pen.circle(cx, cy, r * 0.5, fill=(244, 81, 30))
    pen.arc((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), 200, 340, fill=WHITE, width=6)


def cookie(pen, cx, cy, r):
    pen.circle(cx, cy, r * 0.85, fill=(205, 145, 80), outline=(160, 100, 50), width=5)
    for dx, dy in ((-0.4, -0.3), (0.3, -0.4), (0.1, 0.1), (-0.3, 0.35), (0.45, 0.3), (-0.05, -0.55)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.1, fill=(78, 52, 46))


def fries(pen, cx, cy, r):
    for i in range(6):
        x = cx - r * 0.5 + i * r * 0.2
        pen.rect(
            (x - 8, cy - r * 0.9 + (i % 2) * r * 0.15, x + 8, cy),
            fill=(255, 213, 79),
            outline=(245, 127, 23),
            width=2,
        )
    pen.polygon(
        [
            (cx - r * 0.7, cy - r * 0.3),
            (cx + r * 0.7, cy - r * 0.3),
            (cx + r * 0.55, cy + r),
            (cx - r * 0.55, cy + r),
        ],
        fill=(211, 47, 47),
    )
    pen.chord((cx - r * 0.4, cy - r * 0.5, cx + r * 0.4, cy + r * 0.1), 0, 180, fill=(255, 213, 79))


def chips(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.7, cy - r * 0.85),
            (cx + r * 0.7, cy - r * 0.85),
            (cx + r * 0.8, cy + r * 0.9),
            (cx - r * 0.8, cy + r * 0.9),
        ],
        fill=(30, 136, 229),
    )
    pen.circle(cx, cy, r * 0.4, fill=(255, 213, 79), outline=(245, 127, 23), width=4)
    pen.rect((cx - r * 0.72, cy - r * 0.9, cx + r * 0.72, cy - r * 0.75), fill=(13, 71, 161))


def icecream(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.45, cy - r * 0.1), (cx + r * 0.45, cy - r * 0.1), (cx, cy + r)], fill=(230, 170, 100)
    )
    pen.line([(cx - r * 0.25, cy + r * 0.05), (cx + r * 0.1, cy + r * 0.6)], fill=(190, 120, 60), width=4)
    pen.circle(cx, cy - r * 0.4, r * 0.5, fill=(248, 187, 208))
    pen.circle(cx, cy - r * 0.95, r * 0.12, fill=(211, 47, 47))


def cake(pen, cx, cy, r):
    pen.rect((cx - r * 0.8, cy - r * 0.2, cx + r * 0.8, cy + r * 0.8), fill=(240, 98, 146), radius=12)
    pen.rect((cx - r * 0.8, cy - r * 0.35, cx + r * 0.8, cy), fill=WHITE, radius=14)
    for i in range(5):
        pen.circle(cx - r * 0.64 + i * r * 0.32, cy + r * 0.02, r * 0.12, fill=WHITE)
    pen.rect((cx - r * 0.8, cy + r * 0.35, cx + r * 0.8, cy + r * 0.45), fill=(255, 236, 179))
    pen.line([(cx, cy - r * 0.55), (cx + r * 0.12, cy - r * 0.95)], fill=(56, 142, 60), width=5)
    pen.circle(cx, cy - r * 0.5, r * 0.2, fill=(198, 40, 40))
    pen.circle(cx - r * 0.06, cy - r * 0.56, r * 0.05, fill=WHITE)


def sushi(pen, cx, cy, r):
    pen.rect(
        (cx - r * 0.85, cy - r * 0.05, cx + r * 0.85, cy + r * 0.55),
        fill=WHITE,
        outline=(200, 200, 200),
        width=3,
        radius=int(r * 0.25),
    )
    pen.rect(
        (cx - r * 0.95, cy - r * 0.45, cx + r * 0.95, cy + r * 0.1),
        fill=(255, 138, 101),
        radius=int(r * 0.25),
    )
    for i in range(4):
        x = cx - r * 0.6 + i * r * 0.4
        pen.line([(x, cy - r * 0.4), (x + r * 0.15, cy + r * 0.05)], fill=(255, 204, 188), width=6)
    pen.rect((cx - r * 0.15, cy - r * 0.47, cx + r * 0.15, cy + r * 0.57), fill=(38, 50, 56))


def ramen(pen, cx, cy, r):
    bowl(pen, cx, cy, r, food=(255, 224, 130), dots=(255, 204, 128))
    pen.circle(cx + r * 0.35, cy - r * 0.3, r * 0.17, fill=WHITE)
    pen.circle(cx + r * 0.35, cy - r * 0.3, r * 0.08, fill=(255, 179, 0))
    pen.line([(cx - r * 0.2, cy - r * 0.1), (cx + r * 0.6, cy - r * 1.0)], fill=(141, 110, 99), width=7)
    pen.line([(cx - r * 0.05, cy - r * 0.05), (cx + r * 0.8, cy - r * 0.9)], fill=(141, 110, 99), width=7)


def croissant(pen, cx, cy, r):
    color, edge = (230, 160, 70), (170, 100, 30)
    for dx, w, h in (
        (0, 0.38, 0.55),
        (-0.42, 0.3, 0.42),
        (0.42, 0.3, 0.42),
        (-0.75, 0.2, 0.28),
        (0.75, 0.2, 0.28),
    ):
        pen.ellipse(
            (
                cx + dx * r - w * r,
                cy - h * r + abs(dx) * r * 0.3,
                cx + dx * r + w * r,
                cy + h * r + abs(dx) * r * 0.3,
            ),
            fill=color,
            outline=edge,
            width=4,
        )


def milkshake(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.5, cy - r * 0.35),
            (cx + r * 0.5, cy - r * 0.35),
            (cx + r * 0.3, cy + r * 0.95),
            (cx - r * 0.3, cy + r * 0.95),
        ],
        fill=(248, 187, 208),
        outline=(194, 24, 91),
        width=4,
    )
    pen.circle(cx - r * 0.25, cy - r * 0.4, r * 0.28, fill=WHITE)
    pen.circle(cx + r * 0.2, cy - r * 0.45, r * 0.3, fill=WHITE)
    pen.circle(cx, cy - r * 0.65, r * 0.25, fill=WHITE)
    pen.line([(cx + r * 0.1, cy - r * 0.6), (cx + r * 0.45, cy - r * 1.05)], fill=(79, 195, 247), width=10)
    pen.circle(cx, cy - r * 0.92, r * 0.1, fill=(198, 40, 40))


def tempura(pen, cx, cy, r):
    # Two battered shrimp on a leaf, red tails up.
    pen.ellipse((cx - r, cy + r * 0.2, cx + r, cy + r * 0.75), fill=(129, 199, 132))
    for dx in (-0.3, 0.3):
        x = cx + dx * r
        pen.polygon(
            [
                (x - r * 0.12, cy - r * 0.55),
                (x - r * 0.3, cy - r * 0.95),
                (x, cy - r * 0.8),
                (x + r * 0.3, cy - r * 0.95),
                (x + r * 0.12, cy - r * 0.55),
            ],
            fill=(229, 57, 53),
        )
        pen.ellipse(
            (x - r * 0.25, cy - r * 0.6, x + r * 0.25, cy + r * 0.55),
            fill=(255, 193, 7),
            outline=(230, 140, 20),
            width=4,
        )
        for i in range(5):
            pen.circle(
                x + (-0.12 if i % 2 else 0.12) * r, cy - r * 0.4 + i * r * 0.2, r * 0.07, fill=(255, 236, 150)
            )


def macaron(pen, cx, cy, r, color=(186, 104, 200)):
    pen.chord((cx - r * 0.85, cy - r * 0.75, cx + r * 0.85, cy + r * 0.05), 180, 360, fill=color)
    pen.rect((cx - r * 0.85, cy - r * 0.4, cx + r * 0.85, cy - r * 0.3), fill=color)
    pen.rect((cx - r * 0.75, cy - r * 0.3, cx + r * 0.75, cy - r * 0.05), fill=(255, 243, 224), radius=10)
    pen.rect((cx - r * 0.85, cy - r * 0.05, cx + r * 0.85, cy + r * 0.05), fill=color)
    pen.chord((cx - r * 0.85, cy - r * 0.3, cx + r * 0.85, cy + r * 0.5), 0, 180, fill=color)


def popcorn(pen, cx, cy, r):
    for dx, dy in (
        (-0.45, -0.45),
        (-0.15, -0.65),
        (0.2, -0.6),
        (0.45, -0.4),
        (-0.3, -0.25),
        (0.05, -0.3),
        (0.35, -0.2),
    ):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.22, fill=(255, 253, 231), outline=(255, 213, 79), width=3)
    pen.polygon(
        [
            (cx - r * 0.65, cy - r * 0.2),
            (cx + r * 0.65, cy - r * 0.2),
            (cx + r * 0.5, cy + r),
            (cx - r * 0.5, cy + r),
        ],
        fill=WHITE,
    )
    for i in range(3):
        x = cx - r * 0.45 + i * r * 0.4
        pen.polygon(
            [(x, cy - r * 0.2), (x + r * 0.2, cy - r * 0.2), (x + r * 0.15, cy + r), (x + r * 0.02, cy + r)],
            fill=(229, 57, 53),
        )


def chocolate_bar(pen, cx, cy, r):
    pen.rect(
        (cx - r * 0.55, cy - r * 0.9, cx + r * 0.55, cy + r * 0.9), fill=(93, 64, 55), radius=int(r * 0.08)
    )
    for row in range(4):
        for col in range(2):
            x0, y0 = cx - r * 0.47 + col * r * 0.49, cy - r * 0.82 + row * r * 0.42
            pen.rect((x0, y0, x0 + r * 0.43, y0 + r * 0.36), fill=(121, 85, 72), radius=6)
    pen.polygon(
        [
            (cx - r * 0.6, cy - r * 0.05),
            (cx + r * 0.6, cy - r * 0.3),
            (cx + r * 0.6, cy + r * 0.95),
            (cx - r * 0.6, cy + r * 0.95),
        ],
        fill=(198, 40, 40),
    )
    word = pgettext("word painted on a chocolate bar wrapper", "Choco").upper()
    pen.text(
        (cx, cy + r * 0.45), word, fit_size(pen, word, r * 1.1, max(16, int(r * 0.26))), fill=WHITE, bold=True
    )


def burrito(pen, cx, cy, r):
    """A wrapped burrito, cut open to show beans, rice and cheese."""
    pen.rect(
        (cx - r * 0.95, cy - r * 0.4, cx + r * 0.6, cy + r * 0.4), fill=(240, 200, 120), radius=int(r * 0.4)
    )
    for i in range(3):
        x = cx - r * 0.6 + i * r * 0.35
        pen.arc((x - r * 0.2, cy - r * 0.4, x + r * 0.2, cy + r * 0.4), 300, 60, fill=(200, 150, 70), width=4)
    pen.ellipse((cx + r * 0.3, cy - r * 0.45, cx + r * 0.95, cy + r * 0.45), fill=(240, 200, 120))
    pen.ellipse((cx + r * 0.38, cy - r * 0.35, cx + r * 0.87, cy + r * 0.35), fill=(255, 248, 225))
    for dx, dy, color in (
        (0.5, -0.1, (93, 64, 55)),
        (0.7, 0.12, (93, 64, 55)),
        (0.62, -0.18, (255, 193, 7)),
        (0.55, 0.15, (124, 179, 66)),
    ):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.08, fill=color)
