"""Grains, meat, fish, eggs, dairy and exercise pictures, centred on (cx, cy), about 2r x 2r."""

from django.utils.translation import pgettext

from foodcards.render.kit import INK, WHITE, fit_size


def bread(pen, cx, cy, r):
    pen.circle(cx - r * 0.45, cy - r * 0.35, r * 0.45, fill=(215, 155, 80))
    pen.circle(cx + r * 0.45, cy - r * 0.35, r * 0.45, fill=(215, 155, 80))
    pen.rect(
        (cx - r * 0.85, cy - r * 0.4, cx + r * 0.85, cy + r * 0.85), fill=(215, 155, 80), radius=int(r * 0.1)
    )
    pen.circle(cx - r * 0.45, cy - r * 0.3, r * 0.33, fill=(255, 236, 179))
    pen.circle(cx + r * 0.45, cy - r * 0.3, r * 0.33, fill=(255, 236, 179))
    pen.rect(
        (cx - r * 0.7, cy - r * 0.3, cx + r * 0.7, cy + r * 0.72), fill=(255, 236, 179), radius=int(r * 0.06)
    )


def bowl(pen, cx, cy, r, food=(255, 255, 255), dots=(230, 230, 230)):
    pen.chord((cx - r * 0.8, cy - r * 0.55, cx + r * 0.8, cy + r * 0.15), 180, 360, fill=food)
    for i in range(7):
        pen.circle(cx - r * 0.55 + i * r * 0.18, cy - r * 0.25 - (i % 2) * r * 0.12, r * 0.09, fill=dots)
    pen.chord(
        (cx - r, cy - r * 0.6, cx + r, cy + r), 0, 180, fill=(66, 165, 245), outline=(13, 71, 161), width=5
    )
    pen.rect((cx - r * 0.3, cy + r * 0.75, cx + r * 0.3, cy + r * 0.9), fill=(13, 71, 161), radius=6)


def drumstick(pen, cx, cy, r):
    pen.line(
        [(cx + r * 0.1, cy + r * 0.1), (cx + r * 0.75, cy + r * 0.75)],
        fill=(255, 248, 225),
        width=int(r * 0.22),
    )
    pen.circle(cx + r * 0.72, cy + r * 0.88, r * 0.14, fill=(255, 248, 225))
    pen.circle(cx + r * 0.88, cy + r * 0.72, r * 0.14, fill=(255, 248, 225))
    pen.ellipse(
        (cx - r * 0.9, cy - r * 0.9, cx + r * 0.35, cy + r * 0.3),
        fill=(191, 110, 45),
        outline=(141, 75, 25),
        width=5,
    )
    pen.ellipse((cx - r * 0.6, cy - r * 0.65, cx - r * 0.3, cy - r * 0.45), fill=(230, 160, 90))


def fish(pen, cx, cy, r, body=(255, 152, 0), fin=(230, 81, 0), facing=1):
    tail_x = cx - facing * r * 0.95
    pen.polygon([(cx - facing * r * 0.5, cy), (tail_x, cy - r * 0.45), (tail_x, cy + r * 0.45)], fill=fin)
    pen.ellipse((cx - r * 0.7, cy - r * 0.45, cx + r * 0.8, cy + r * 0.45), fill=body)
    pen.polygon(
        [
            (cx - facing * r * 0.1, cy - r * 0.4),
            (cx + facing * r * 0.25, cy - r * 0.7),
            (cx + facing * r * 0.35, cy - r * 0.38),
        ],
        fill=fin,
    )
    pen.circle(cx + facing * r * 0.45, cy - r * 0.1, r * 0.1, fill=WHITE)
    pen.circle(cx + facing * r * 0.47, cy - r * 0.1, r * 0.05, fill=INK)
    pen.arc(
        (cx + facing * r * 0.05 - r * 0.15, cy - r * 0.3, cx + facing * r * 0.05 + r * 0.15, cy + r * 0.3),
        -60 if facing > 0 else 120,
        60 if facing > 0 else 240,
        fill=fin,
        width=4,
    )


def egg(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.95, cy - r * 0.55, cx + r * 0.95, cy + r * 0.7),
        fill=WHITE,
        outline=(189, 189, 189),
        width=4,
    )
    pen.circle(cx, cy + r * 0.05, r * 0.36, fill=(255, 193, 7))


def milk(pen, cx, cy, r):
    pen.rect((cx - r * 0.5, cy - r * 0.35, cx + r * 0.5, cy + r), fill=WHITE, outline=(21, 101, 192), width=5)
    pen.polygon(
        [(cx - r * 0.5, cy - r * 0.35), (cx, cy - r * 0.85), (cx + r * 0.5, cy - r * 0.35)],
        fill=(66, 165, 245),
        outline=(21, 101, 192),
        width=5,
    )
    pen.rect((cx - r * 0.12, cy - r * 1.0, cx + r * 0.12, cy - r * 0.78), fill=(21, 101, 192))
    pen.rect((cx - r * 0.5, cy + r * 0.05, cx + r * 0.5, cy + r * 0.45), fill=(66, 165, 245))
    word = pgettext("word painted on a milk carton", "Milk").upper()
    pen.text(
        (cx, cy + r * 0.25), word, fit_size(pen, word, r * 0.9, max(16, int(r * 0.25))), fill=WHITE, bold=True
    )


def cheese(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.9, cy + r * 0.55),
            (cx + r * 0.9, cy + r * 0.55),
            (cx + r * 0.9, cy - r * 0.2),
            (cx - r * 0.9, cy + r * 0.05),
        ],
        fill=(255, 202, 40),
    )
    pen.polygon(
        [(cx - r * 0.9, cy + r * 0.05), (cx + r * 0.9, cy - r * 0.2), (cx + r * 0.5, cy - r * 0.6)],
        fill=(255, 224, 130),
    )
    for dx, dy, rr in ((-0.4, 0.3, 0.12), (0.2, 0.15, 0.16), (0.6, 0.35, 0.09), (-0.05, 0.4, 0.07)):
        pen.circle(cx + dx * r, cy + dy * r, rr * r, fill=(255, 160, 0))


def yogurt(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.65, cy - r * 0.45),
            (cx + r * 0.65, cy - r * 0.45),
            (cx + r * 0.5, cy + r * 0.9),
            (cx - r * 0.5, cy + r * 0.9),
        ],
        fill=(236, 239, 241),
        outline=(120, 144, 156),
        width=4,
    )
    pen.rect((cx - r * 0.75, cy - r * 0.65, cx + r * 0.75, cy - r * 0.42), fill=(236, 64, 122), radius=8)
    pen.circle(cx, cy + r * 0.25, r * 0.25, fill=(240, 98, 146))


def runner(pen, cx, cy, r, color=INK):
    w = max(10, int(r * 0.16))
    pen.circle(cx + r * 0.2, cy - r * 0.75, r * 0.2, fill=color)
    pen.line([(cx + r * 0.1, cy - r * 0.45), (cx - r * 0.1, cy + r * 0.15)], fill=color, width=w)
    pen.line(
        [
            (cx - r * 0.6, cy - r * 0.2),
            (cx - r * 0.2, cy - r * 0.35),
            (cx + r * 0.05, cy - r * 0.4),
            (cx + r * 0.35, cy - r * 0.1),
            (cx + r * 0.7, cy - r * 0.25),
        ],
        fill=color,
        width=w,
    )
    pen.line(
        [(cx - r * 0.1, cy + r * 0.15), (cx + r * 0.35, cy + r * 0.45), (cx + r * 0.2, cy + r * 0.95)],
        fill=color,
        width=w,
    )
    pen.line(
        [(cx - r * 0.1, cy + r * 0.15), (cx - r * 0.4, cy + r * 0.55), (cx - r * 0.85, cy + r * 0.5)],
        fill=color,
        width=w,
    )
    for i in range(3):
        y = cy - r * 0.3 + i * r * 0.3
        pen.line([(cx - r * 1.0, y), (cx - r * 0.75, y)], fill=(0, 131, 143), width=6)


def nut(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.55, cy - r * 0.8, cx + r * 0.55, cy + r * 0.8),
        fill=(161, 110, 70),
        outline=(109, 76, 65),
        width=5,
    )
    pen.arc((cx - r * 0.3, cy - r * 0.6, cx + r * 0.3, cy + r * 0.6), 100, 260, fill=(109, 76, 65), width=5)


def tortilla(pen, cx, cy, r):
    for dy in (0.15, -0.1):
        pen.ellipse(
            (cx - r * 0.95, cy + dy * r - r * 0.45, cx + r * 0.95, cy + dy * r + r * 0.45),
            fill=(240, 200, 120),
            outline=(200, 150, 70),
            width=4,
        )
    for dx, dy in ((-0.4, -0.15), (0.3, -0.2), (0.05, 0.05), (0.5, 0.0)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.05, fill=(190, 130, 60))


def jar(pen, cx, cy, r, fill=(161, 110, 70), lid=(211, 47, 47), label=None):
    pen.rect((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.95), fill=fill, radius=int(r * 0.15))
    pen.rect((cx - r * 0.6, cy - r * 0.85, cx + r * 0.6, cy - r * 0.5), fill=lid, radius=int(r * 0.08))
    pen.rect((cx - r * 0.45, cy - r * 0.15, cx + r * 0.45, cy + r * 0.55), fill=WHITE, radius=8)
    if label is None:
        label = pgettext("short label on a peanut butter jar", "PB").upper()
    pen.text(
        (cx, cy + r * 0.2), label, fit_size(pen, label, r * 0.85, max(16, int(r * 0.35))), fill=INK, bold=True
    )


def chocolate_milk(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.5, cy - r * 0.8),
            (cx + r * 0.5, cy - r * 0.8),
            (cx + r * 0.4, cy + r * 0.95),
            (cx - r * 0.4, cy + r * 0.95),
        ],
        fill=(141, 110, 99),
        outline=(93, 64, 55),
        width=5,
    )
    pen.rect((cx - r * 0.47, cy - r * 0.8, cx + r * 0.47, cy - r * 0.6), fill=(215, 204, 200))
    pen.line([(cx + r * 0.1, cy - r * 0.7), (cx + r * 0.35, cy - r * 1.05)], fill=(79, 195, 247), width=10)


def glass_of_milk(pen, cx, cy, r):
    pen.polygon(
        [
            (cx - r * 0.5, cy - r * 0.8),
            (cx + r * 0.5, cy - r * 0.8),
            (cx + r * 0.4, cy + r * 0.95),
            (cx - r * 0.4, cy + r * 0.95),
        ],
        fill=WHITE,
        outline=(100, 150, 200),
        width=5,
    )
    pen.rect((cx - r * 0.47, cy - r * 0.8, cx + r * 0.47, cy - r * 0.6), fill=(227, 242, 253))
