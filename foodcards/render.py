"""Card pictures, drawn with Pillow shapes (no image files, no emoji, no system fonts).

One renderer for every deck: `card_image(deck_slug, record)` returns a poker-size card
(63 x 88 mm at 300 dpi) and `card_back_image(deck_slug)` its back; `print_sheet_pages` lays
cards out on A4 or Letter pages with cut marks for print-and-play. Everything is designed on a
744 x 1039 grid, drawn at twice that size and shrunk, so edges come out smooth.
"""

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

# Bump when the artwork changes, so cached pictures are redrawn.
RENDER_VERSION = "9"

DPI = 300
CARD_MM = (63, 88)
CARD_W, CARD_H = round(CARD_MM[0] / 25.4 * DPI), round(CARD_MM[1] / 25.4 * DPI)  # 744 x 1039
SCALE = 2
RADIUS = 42

INK = (17, 24, 39)
WHITE = (255, 255, 255)
CREAM = (255, 251, 240)


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


class Pen:
    """Draws in design units (744 x 1039) on a canvas SCALE times bigger."""

    def __init__(self, image: Image.Image):
        self.image = image
        self._plain = ImageDraw.Draw(image)
        # On RGB canvases an RGBA colour blends (highlights, see-through panels); blending is
        # slower, so it is used only for colours that carry an alpha.
        self._blend = ImageDraw.Draw(image, "RGBA") if image.mode == "RGB" else self._plain
        self.draw = self._plain

    def _pick(self, *colors):
        self.draw = self._blend if any(isinstance(c, tuple) and len(c) == 4 for c in colors) else self._plain

    @staticmethod
    def _s(values):
        return [v * SCALE for v in values]

    def _pts(self, points):
        return [(x * SCALE, y * SCALE) for x, y in points]

    def rect(self, box, fill=None, outline=None, width=0, radius=0):
        self._pick(fill, outline)
        box = self._s(box)
        if radius:
            self.draw.rounded_rectangle(box, radius * SCALE, fill=fill, outline=outline, width=width * SCALE)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width * SCALE)

    def ellipse(self, box, fill=None, outline=None, width=0):
        self._pick(fill, outline)
        self.draw.ellipse(self._s(box), fill=fill, outline=outline, width=width * SCALE)

    def circle(self, cx, cy, r, fill=None, outline=None, width=0):
        self.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)

    def polygon(self, points, fill=None, outline=None, width=0):
        self._pick(fill, outline)
        self.draw.polygon(self._pts(points), fill=fill, outline=outline, width=width * SCALE)

    def line(self, points, fill=INK, width=4, joint="curve"):
        self._pick(fill)
        self.draw.line(self._pts(points), fill=fill, width=width * SCALE, joint=joint)

    def arc(self, box, start, end, fill=INK, width=4):
        self._pick(fill)
        self.draw.arc(self._s(box), start, end, fill=fill, width=width * SCALE)

    def pieslice(self, box, start, end, fill=None, outline=None, width=0):
        self._pick(fill, outline)
        self.draw.pieslice(self._s(box), start, end, fill=fill, outline=outline, width=width * SCALE)

    def chord(self, box, start, end, fill=None, outline=None, width=0):
        self._pick(fill, outline)
        self.draw.chord(self._s(box), start, end, fill=fill, outline=outline, width=width * SCALE)

    def text(self, xy, text, size, fill=INK, anchor="mm", bold=False, stroke=None):
        """Text anchored at xy; `bold` thickens the strokes; `stroke` outlines in that colour."""
        self._pick(fill, stroke)
        font = _font(size * SCALE)
        width = 0
        stroke_fill = None
        if stroke is not None:
            width, stroke_fill = max(2, size // 9), stroke
        elif bold:
            width, stroke_fill = max(1, size // 26), fill
        self.draw.text(
            self._pts([xy])[0],
            text,
            font=font,
            fill=fill,
            anchor=anchor,
            stroke_width=width * SCALE,
            stroke_fill=stroke_fill,
        )

    def text_width(self, text, size, bold=False):
        box = _font(size * SCALE).getbbox(text, stroke_width=(max(1, size // 26) if bold else 0) * SCALE)
        return (box[2] - box[0]) / SCALE


def fit_size(pen, text, max_width, size, min_size=24, bold=True):
    """The biggest font size (from `size` down) at which `text` fits in `max_width`."""
    while size > min_size and pen.text_width(text, size, bold) > max_width:
        size -= 2
    return size


def wrap_lines(pen, text, max_width, size, max_lines=2, bold=True):
    """Split text into at most `max_lines` lines that fit, shrinking the font if needed."""
    while True:
        lines, current = [], ""
        for word in text.split():
            candidate = f"{current} {word}".strip()
            if current and pen.text_width(candidate, size, bold) > max_width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
        widest = max(pen.text_width(line, size, bold) for line in lines)
        if (len(lines) <= max_lines and widest <= max_width) or size <= 22:
            return lines, size
        size -= 2


def _new_card(frame, paper=CREAM, border=26):
    """A card with a coloured frame (drawn on RGB so see-through fills blend)."""
    image = Image.new("RGB", (CARD_W * SCALE, CARD_H * SCALE), frame)
    pen = Pen(image)
    pen.rect((border, border, CARD_W - 1 - border, CARD_H - 1 - border), fill=paper, radius=RADIUS - 14)
    return image, pen


@lru_cache(maxsize=1)
def _corner_mask() -> Image.Image:
    mask = Image.new("L", (CARD_W * SCALE, CARD_H * SCALE), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, CARD_W * SCALE - 1, CARD_H * SCALE - 1), RADIUS * SCALE, fill=255
    )
    return mask.reduce(SCALE)


def _finish(image):
    """Shrink to card size and cut the round corners (transparent outside them)."""
    card = image.reduce(SCALE).convert("RGBA")
    card.putalpha(_corner_mask())
    return card


def _badge(pen, cx, cy, r, number, fill, label=None, text_fill=WHITE, ring=WHITE, size=None):
    """A round number badge with an optional small label under the number."""
    pen.circle(cx, cy, r + 6, fill=ring)
    pen.circle(cx, cy, r, fill=fill)
    text = str(number)
    size = size or fit_size(pen, text, r * 1.6, int(r * 1.05), bold=True)
    if label:
        pen.text((cx, cy - r * 0.12), text, size, fill=text_fill, bold=True)
        pen.text((cx, cy + r * 0.55), label, max(18, int(r * 0.3)), fill=text_fill, bold=True)
    else:
        pen.text((cx, cy + 2), text, size, fill=text_fill, bold=True)


def _star(pen, cx, cy, r, fill, points=5, inner=0.45, outline=None, width=0):
    pts = []
    for i in range(points * 2):
        angle = -math.pi / 2 + i * math.pi / points
        radius = r if i % 2 == 0 else r * inner
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pen.polygon(pts, fill=fill, outline=outline, width=width)


# ---------------------------------------------------------------------------------------------
# Food pictures (shared by Eat Right and SNACK WARS). Each draws centred on (cx, cy) in a box of
# about 2r x 2r.


def _apple(pen, cx, cy, r, color=(211, 47, 47)):
    pen.ellipse((cx - r * 0.85, cy - r * 0.6, cx + r * 0.05, cy + r * 0.85), fill=color)
    pen.ellipse((cx - r * 0.05, cy - r * 0.6, cx + r * 0.85, cy + r * 0.85), fill=color)
    pen.ellipse((cx - r * 0.5, cy - r * 0.35, cx - r * 0.2, cy + r * 0.05), fill=(255, 255, 255, 90))
    pen.line([(cx, cy - r * 0.5), (cx + r * 0.1, cy - r * 0.95)], fill=(93, 64, 55), width=int(r * 0.12))
    pen.ellipse((cx + r * 0.12, cy - r * 0.95, cx + r * 0.6, cy - r * 0.65), fill=(56, 142, 60))


def _orange(pen, cx, cy, r, color=(245, 124, 0)):
    pen.circle(cx, cy + r * 0.1, r * 0.82, fill=color)
    for dx, dy in ((-0.3, -0.2), (0.25, 0.1), (-0.1, 0.4), (0.35, -0.35)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.04, fill=(230, 100, 0))
    pen.ellipse((cx - r * 0.05, cy - r * 0.95, cx + r * 0.45, cy - r * 0.62), fill=(56, 142, 60))


def _banana(pen, cx, cy, r):
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


def _grapes(pen, cx, cy, r):
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


def _strawberry(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.8, cy - r * 0.4), (cx + r * 0.8, cy - r * 0.4), (cx, cy + r * 0.95)], fill=(229, 57, 53)
    )
    pen.ellipse((cx - r * 0.82, cy - r * 0.75, cx + r * 0.82, cy + r * 0.1), fill=(229, 57, 53))
    for dx, dy in ((-0.4, -0.2), (0, -0.1), (0.4, -0.2), (-0.2, 0.2), (0.2, 0.2), (0, 0.5)):
        pen.ellipse((cx + dx * r - 6, cy + dy * r - 9, cx + dx * r + 6, cy + dy * r + 9), fill=(255, 235, 59))
    _star(pen, cx, cy - r * 0.7, r * 0.45, (46, 125, 50), points=5, inner=0.4)


def _carrot(pen, cx, cy, r):
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


def _broccoli(pen, cx, cy, r):
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


def _leaf(pen, cx, cy, r, color=(56, 142, 60)):
    pen.ellipse((cx - r * 0.55, cy - r, cx + r * 0.55, cy + r * 0.8), fill=color)
    pen.line([(cx, cy - r * 0.8), (cx, cy + r)], fill=(27, 94, 32), width=6)
    for i in range(3):
        y = cy - r * 0.4 + i * r * 0.35
        pen.line([(cx, y + r * 0.15), (cx - r * 0.35, y - r * 0.1)], fill=(27, 94, 32), width=4)
        pen.line([(cx, y + r * 0.15), (cx + r * 0.35, y - r * 0.1)], fill=(27, 94, 32), width=4)


def _corn(pen, cx, cy, r):
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


def _potato(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.9, cy - r * 0.55, cx + r * 0.9, cy + r * 0.6),
        fill=(188, 143, 88),
        outline=(141, 103, 60),
        width=5,
    )
    for dx, dy in ((-0.4, -0.1), (0.3, 0.2), (0.1, -0.3)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.05, fill=(121, 85, 72))


def _peas(pen, cx, cy, r):
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


def _bread(pen, cx, cy, r):
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


def _bowl(pen, cx, cy, r, food=(255, 255, 255), dots=(230, 230, 230)):
    pen.chord((cx - r * 0.8, cy - r * 0.55, cx + r * 0.8, cy + r * 0.15), 180, 360, fill=food)
    for i in range(7):
        pen.circle(cx - r * 0.55 + i * r * 0.18, cy - r * 0.25 - (i % 2) * r * 0.12, r * 0.09, fill=dots)
    pen.chord(
        (cx - r, cy - r * 0.6, cx + r, cy + r), 0, 180, fill=(66, 165, 245), outline=(13, 71, 161), width=5
    )
    pen.rect((cx - r * 0.3, cy + r * 0.75, cx + r * 0.3, cy + r * 0.9), fill=(13, 71, 161), radius=6)


def _drumstick(pen, cx, cy, r):
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


def _fish(pen, cx, cy, r, body=(255, 152, 0), fin=(230, 81, 0), facing=1):
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


def _egg(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.95, cy - r * 0.55, cx + r * 0.95, cy + r * 0.7),
        fill=WHITE,
        outline=(189, 189, 189),
        width=4,
    )
    pen.circle(cx, cy + r * 0.05, r * 0.36, fill=(255, 193, 7))


def _milk(pen, cx, cy, r):
    pen.rect((cx - r * 0.5, cy - r * 0.35, cx + r * 0.5, cy + r), fill=WHITE, outline=(21, 101, 192), width=5)
    pen.polygon(
        [(cx - r * 0.5, cy - r * 0.35), (cx, cy - r * 0.85), (cx + r * 0.5, cy - r * 0.35)],
        fill=(66, 165, 245),
        outline=(21, 101, 192),
        width=5,
    )
    pen.rect((cx - r * 0.12, cy - r * 1.0, cx + r * 0.12, cy - r * 0.78), fill=(21, 101, 192))
    pen.rect((cx - r * 0.5, cy + r * 0.05, cx + r * 0.5, cy + r * 0.45), fill=(66, 165, 245))
    pen.text((cx, cy + r * 0.25), "MILK", max(16, int(r * 0.25)), fill=WHITE, bold=True)


def _cheese(pen, cx, cy, r):
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


def _yogurt(pen, cx, cy, r):
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


def _burger(pen, cx, cy, r):
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


def _pizza(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.85, cy - r * 0.7), (cx + r * 0.85, cy - r * 0.7), (cx, cy + r)], fill=(255, 213, 79)
    )
    pen.rect(
        (cx - r * 0.95, cy - r * 0.9, cx + r * 0.95, cy - r * 0.62), fill=(215, 155, 80), radius=int(r * 0.12)
    )
    for dx, dy in ((-0.35, -0.4), (0.3, -0.35), (0, 0.05), (0.05, -0.45)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.13, fill=(198, 40, 40))


def _sandwich(pen, cx, cy, r):
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


def _donut(pen, cx, cy, r):
    pen.circle(cx, cy, r * 0.85, fill=(215, 155, 80))
    pen.circle(cx, cy - r * 0.05, r * 0.75, fill=(240, 98, 146))
    colors = ((255, 235, 59), (79, 195, 247), (255, 255, 255), (129, 199, 132))
    for i in range(12):
        a = i * math.pi / 6 + 0.3
        x, y = cx + math.cos(a) * r * 0.52, cy - r * 0.05 + math.sin(a) * r * 0.52
        pen.line([(x - 8, y - 4), (x + 8, y + 4)], fill=colors[i % 4], width=6)
    pen.circle(cx, cy, r * 0.25, fill=CREAM, outline=(215, 155, 80), width=5)


def _soda(pen, cx, cy, r):
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


def _candy(pen, cx, cy, r):
    pen.polygon([(cx - r * 0.45, cy), (cx - r, cy - r * 0.4), (cx - r, cy + r * 0.4)], fill=(255, 112, 67))
    pen.polygon([(cx + r * 0.45, cy), (cx + r, cy - r * 0.4), (cx + r, cy + r * 0.4)], fill=(255, 112, 67))
    pen.circle(cx, cy, r * 0.5, fill=(244, 81, 30))
    pen.arc((cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35), 200, 340, fill=WHITE, width=6)


def _cookie(pen, cx, cy, r):
    pen.circle(cx, cy, r * 0.85, fill=(205, 145, 80), outline=(160, 100, 50), width=5)
    for dx, dy in ((-0.4, -0.3), (0.3, -0.4), (0.1, 0.1), (-0.3, 0.35), (0.45, 0.3), (-0.05, -0.55)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.1, fill=(78, 52, 46))


def _fries(pen, cx, cy, r):
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


def _chips(pen, cx, cy, r):
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


def _icecream(pen, cx, cy, r):
    pen.polygon(
        [(cx - r * 0.45, cy - r * 0.1), (cx + r * 0.45, cy - r * 0.1), (cx, cy + r)], fill=(230, 170, 100)
    )
    pen.line([(cx - r * 0.25, cy + r * 0.05), (cx + r * 0.1, cy + r * 0.6)], fill=(190, 120, 60), width=4)
    pen.circle(cx, cy - r * 0.4, r * 0.5, fill=(248, 187, 208))
    pen.circle(cx, cy - r * 0.95, r * 0.12, fill=(211, 47, 47))


def _cake(pen, cx, cy, r):
    pen.rect((cx - r * 0.8, cy - r * 0.2, cx + r * 0.8, cy + r * 0.8), fill=(240, 98, 146), radius=12)
    pen.rect((cx - r * 0.8, cy - r * 0.35, cx + r * 0.8, cy), fill=WHITE, radius=14)
    for i in range(5):
        pen.circle(cx - r * 0.64 + i * r * 0.32, cy + r * 0.02, r * 0.12, fill=WHITE)
    pen.rect((cx - r * 0.8, cy + r * 0.35, cx + r * 0.8, cy + r * 0.45), fill=(255, 236, 179))
    pen.line([(cx, cy - r * 0.55), (cx + r * 0.12, cy - r * 0.95)], fill=(56, 142, 60), width=5)
    pen.circle(cx, cy - r * 0.5, r * 0.2, fill=(198, 40, 40))
    pen.circle(cx - r * 0.06, cy - r * 0.56, r * 0.05, fill=WHITE)


def _runner(pen, cx, cy, r, color=INK):
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


def _sushi(pen, cx, cy, r):
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


def _ramen(pen, cx, cy, r):
    _bowl(pen, cx, cy, r, food=(255, 224, 130), dots=(255, 204, 128))
    pen.circle(cx + r * 0.35, cy - r * 0.3, r * 0.17, fill=WHITE)
    pen.circle(cx + r * 0.35, cy - r * 0.3, r * 0.08, fill=(255, 179, 0))
    pen.line([(cx - r * 0.2, cy - r * 0.1), (cx + r * 0.6, cy - r * 1.0)], fill=(141, 110, 99), width=7)
    pen.line([(cx - r * 0.05, cy - r * 0.05), (cx + r * 0.8, cy - r * 0.9)], fill=(141, 110, 99), width=7)


def _croissant(pen, cx, cy, r):
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


def _milkshake(pen, cx, cy, r):
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


def _tempura(pen, cx, cy, r):
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


def _macaron(pen, cx, cy, r, color=(186, 104, 200)):
    pen.chord((cx - r * 0.85, cy - r * 0.75, cx + r * 0.85, cy + r * 0.05), 180, 360, fill=color)
    pen.rect((cx - r * 0.85, cy - r * 0.4, cx + r * 0.85, cy - r * 0.3), fill=color)
    pen.rect((cx - r * 0.75, cy - r * 0.3, cx + r * 0.75, cy - r * 0.05), fill=(255, 243, 224), radius=10)
    pen.rect((cx - r * 0.85, cy - r * 0.05, cx + r * 0.85, cy + r * 0.05), fill=color)
    pen.chord((cx - r * 0.85, cy - r * 0.3, cx + r * 0.85, cy + r * 0.5), 0, 180, fill=color)


def _nut(pen, cx, cy, r):
    pen.ellipse(
        (cx - r * 0.55, cy - r * 0.8, cx + r * 0.55, cy + r * 0.8),
        fill=(161, 110, 70),
        outline=(109, 76, 65),
        width=5,
    )
    pen.arc((cx - r * 0.3, cy - r * 0.6, cx + r * 0.3, cy + r * 0.6), 100, 260, fill=(109, 76, 65), width=5)


def _watermelon(pen, cx, cy, r):
    pen.pieslice((cx - r, cy - r * 1.2, cx + r, cy + r * 0.8), 20, 160, fill=(56, 142, 60))
    pen.pieslice((cx - r * 0.88, cy - r * 1.08, cx + r * 0.88, cy + r * 0.68), 20, 160, fill=(200, 230, 201))
    pen.pieslice((cx - r * 0.8, cy - r, cx + r * 0.8, cy + r * 0.6), 20, 160, fill=(239, 83, 80))
    for dx, dy in ((-0.3, 0.15), (0, 0.3), (0.3, 0.15), (-0.1, 0.05), (0.15, 0.45)):
        pen.ellipse((cx + dx * r - 6, cy + dy * r - 9, cx + dx * r + 6, cy + dy * r + 9), fill=INK)


def _pineapple(pen, cx, cy, r):
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


def _popcorn(pen, cx, cy, r):
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


def _tortilla(pen, cx, cy, r):
    for dy in (0.15, -0.1):
        pen.ellipse(
            (cx - r * 0.95, cy + dy * r - r * 0.45, cx + r * 0.95, cy + dy * r + r * 0.45),
            fill=(240, 200, 120),
            outline=(200, 150, 70),
            width=4,
        )
    for dx, dy in ((-0.4, -0.15), (0.3, -0.2), (0.05, 0.05), (0.5, 0.0)):
        pen.circle(cx + dx * r, cy + dy * r, r * 0.05, fill=(190, 130, 60))


def _jar(pen, cx, cy, r, fill=(161, 110, 70), lid=(211, 47, 47), label="PB"):
    pen.rect((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.95), fill=fill, radius=int(r * 0.15))
    pen.rect((cx - r * 0.6, cy - r * 0.85, cx + r * 0.6, cy - r * 0.5), fill=lid, radius=int(r * 0.08))
    pen.rect((cx - r * 0.45, cy - r * 0.15, cx + r * 0.45, cy + r * 0.55), fill=WHITE, radius=8)
    pen.text((cx, cy + r * 0.2), label, max(16, int(r * 0.35)), fill=INK, bold=True)


def _chocolate_milk(pen, cx, cy, r):
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


def _chocolate_bar(pen, cx, cy, r):
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
    pen.text((cx, cy + r * 0.45), "CHOCO", max(16, int(r * 0.26)), fill=WHITE, bold=True)


def _burrito(pen, cx, cy, r):
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


def _glass_of_milk(pen, cx, cy, r):
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


FOOD_PICTURES = {
    "apple": _apple,
    "orange": _orange,
    "banana": _banana,
    "grapes": _grapes,
    "strawberry": _strawberry,
    "carrot": _carrot,
    "broccoli": _broccoli,
    "leaf": _leaf,
    "corn": _corn,
    "potato": _potato,
    "peas": _peas,
    "bread": _bread,
    "bowl": _bowl,
    "drumstick": _drumstick,
    "fish": _fish,
    "egg": _egg,
    "milk": _milk,
    "cheese": _cheese,
    "yogurt": _yogurt,
    "burger": _burger,
    "pizza": _pizza,
    "sandwich": _sandwich,
    "donut": _donut,
    "soda": _soda,
    "candy": _candy,
    "cookie": _cookie,
    "fries": _fries,
    "chips": _chips,
    "icecream": _icecream,
    "cake": _cake,
    "runner": _runner,
    "sushi": _sushi,
    "ramen": _ramen,
    "croissant": _croissant,
    "milkshake": _milkshake,
    "shrimp-tempura": _tempura,
    "macaron": _macaron,
    "nut": _nut,
    "watermelon": _watermelon,
    "pineapple": _pineapple,
    "popcorn": _popcorn,
    "tortilla": _tortilla,
    "peanut-butter": _jar,
    "chocolate-milk": _chocolate_milk,
    "glass-of-milk": _glass_of_milk,
    "chocolate-bar": _chocolate_bar,
    "burrito": _burrito,
    "cheese-puffs": lambda pen, cx, cy, r: _chips(pen, cx, cy, r),
    "pepper": lambda pen, cx, cy, r: _apple(pen, cx, cy, r, (229, 57, 53)),
    "tomatoes": lambda pen, cx, cy, r: [
        _apple(pen, cx + dx * r, cy + dy * r, r * 0.5, (229, 57, 53))
        for dx, dy in ((-0.45, 0.2), (0.45, 0.2), (0, -0.35))
    ],
    "blueberries": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(57, 73, 171), dots=(92, 107, 192)),
    "oatmeal": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(239, 222, 190), dots=(215, 190, 150)),
    "rice": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(230, 210, 170), dots=(200, 170, 120)),
    "pasta": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(240, 200, 110), dots=(210, 160, 70)),
    "spaghetti": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(240, 200, 110), dots=(198, 40, 40)),
    "beans": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(66, 66, 66), dots=(33, 33, 33)),
    "mac-and-cheese": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(255, 202, 40), dots=(255, 160, 0)),
    "spinach": lambda pen, cx, cy, r: _bowl(pen, cx, cy, r, food=(46, 125, 50), dots=(27, 94, 32)),
}

# The Eat Right cards we know by id (new cards fall back to words in their id, name and hint).
PICTURE_BY_ID = {
    "watermelon": "watermelon",
    "pineapple": "pineapple",
    "blueberries": "blueberries",
    "spinach": "spinach",
    "cherry-tomatoes": "tomatoes",
    "red-pepper": "pepper",
    "sugar-shock": "soda",
    "cookies": "cookie",
    "cheese-puffs": "cheese-puffs",
    "popcorn": "popcorn",
    "corn-tortillas": "tortilla",
    "brown-rice": "rice",
    "oatmeal": "oatmeal",
    "whole-wheat-pasta": "pasta",
    "spaghetti-meat-sauce": "spaghetti",
    "roast-beef-sub": "sandwich",
    "chocolate-bar": "chocolate-bar",
    "black-beans": "beans",
    "peanut-butter": "peanut-butter",
    "milk": "glass-of-milk",
    "chocolate-milk": "chocolate-milk",
    "mac-and-cheese": "mac-and-cheese",
}

# Words in a card's id, name or picture hint -> the picture to draw (first match wins).
PICTURE_WORDS = (
    ("broccoli", "broccoli"),
    ("spinach", "leaf"),
    ("lettuce", "leaf"),
    ("kale", "leaf"),
    ("salad", "leaf"),
    ("cabbage", "leaf"),
    ("celery", "leaf"),
    ("exercise", "runner"),
    ("run", "runner"),
    ("pizza", "pizza"),
    ("sandwich", "sandwich"),
    ("burrito", "burrito"),
    ("taco", "sandwich"),
    ("wrap", "sandwich"),
    ("burger", "burger"),
    ("hamburger", "burger"),
    ("donut", "donut"),
    ("doughnut", "donut"),
    ("soda", "soda"),
    ("cola", "soda"),
    ("juice", "soda"),
    ("drink", "soda"),
    ("milkshake", "milkshake"),
    ("milk", "milk"),
    ("candy", "candy"),
    ("sugar", "candy"),
    ("gum", "candy"),
    ("chocolate", "candy"),
    ("cookie", "cookie"),
    ("cheddar", "cheese"),
    ("fries", "fries"),
    ("fry", "fries"),
    ("chips", "chips"),
    ("chip", "chips"),
    ("pretzel", "chips"),
    ("ice", "icecream"),
    ("cake", "cake"),
    ("cupcake", "cake"),
    ("pie", "cake"),
    ("brownie", "cake"),
    ("milkshake", "milkshake"),
    ("shake", "milkshake"),
    ("apple", "apple"),
    ("cherr", "apple"),
    ("tomato", "apple"),
    ("peach", "orange"),
    ("orange", "orange"),
    ("tangerine", "orange"),
    ("mango", "orange"),
    ("apricot", "orange"),
    ("melon", "orange"),
    ("banana", "banana"),
    ("grape", "grapes"),
    ("raisin", "grapes"),
    ("blueberr", "grapes"),
    ("plum", "grapes"),
    ("strawberr", "strawberry"),
    ("raspberr", "strawberry"),
    ("berry", "strawberry"),
    ("carrot", "carrot"),
    ("pepper", "carrot"),
    ("corn", "corn"),
    ("potato", "potato"),
    ("yam", "potato"),
    ("peanut", "nut"),
    ("pea", "peas"),
    ("bean", "peas"),
    ("bread", "bread"),
    ("toast", "bread"),
    ("bagel", "bread"),
    ("muffin", "bread"),
    ("tortilla", "bread"),
    ("bun", "bread"),
    ("cracker", "bread"),
    ("waffle", "bread"),
    ("pancake", "bread"),
    ("rice", "bowl"),
    ("pasta", "bowl"),
    ("spaghetti", "bowl"),
    ("noodle", "ramen"),
    ("oat", "bowl"),
    ("cereal", "bowl"),
    ("soup", "bowl"),
    ("chili", "bowl"),
    ("chicken", "drumstick"),
    ("turkey", "drumstick"),
    ("beef", "burger"),
    ("steak", "drumstick"),
    ("pork", "drumstick"),
    ("ham", "drumstick"),
    ("fish", "fish"),
    ("salmon", "fish"),
    ("tuna", "fish"),
    ("cod", "fish"),
    ("shrimp", "shrimp-tempura"),
    ("egg", "egg"),
    ("milk", "milk"),
    ("cheese", "cheese"),
    ("yogurt", "yogurt"),
    ("almond", "nut"),
    ("nut", "nut"),
)
CATEGORY_PICTURES = {
    "fruit": "apple",
    "veggie": "carrot",
    "grains": "bread",
    "meat": "drumstick",
    "dairy": "milk",
    "junk": "donut",
    "exercise": "runner",
}


def picture_for(record: dict) -> str:
    """Which picture a food card shows: its hint if we can draw it, else a word match."""
    hint = (record.get("picture") or record.get("icon") or "").lower()
    if hint in FOOD_PICTURES:
        return hint
    if record.get("id") in PICTURE_BY_ID:
        return PICTURE_BY_ID[record["id"]]
    # The card's own id and name first; the free-text hint only when they say nothing.
    for keys in (("id", "name"), ("picture_hint",)):
        words = " ".join(str(record.get(k) or "") for k in keys).lower()
        tokens = words.replace("-", " ").replace(",", " ").split()
        for word, picture in PICTURE_WORDS:
            if any(token.startswith(word) for token in tokens):
                return picture
    return CATEGORY_PICTURES.get(record.get("category"), "apple")


# ---------------------------------------------------------------------------------------------
# Eat Right

EAT_RIGHT_CATEGORIES = {
    # category: (label, frame colour, soft background)
    "fruit": ("FRUIT", (198, 40, 40), (255, 235, 238)),
    "veggie": ("VEGGIE", (46, 125, 50), (232, 245, 233)),
    "grains": ("GRAINS", (230, 81, 0), (255, 243, 224)),
    "meat": ("MEAT", (106, 27, 154), (243, 229, 245)),
    "dairy": ("DAIRY", (21, 101, 192), (227, 242, 253)),
    "junk": ("JUNK FOOD", (97, 97, 97), (245, 245, 245)),
    "exercise": ("EXERCISE", (0, 131, 143), (224, 247, 250)),
}
FOOD_GROUP_STYLE = {
    # food group key in `groups`: (label, colour); "Grain" takes an s for 2 or more servings
    "fruit": ("Fruit", (198, 40, 40)),
    "fruits": ("Fruit", (198, 40, 40)),
    "veggie": ("Veggie", (46, 125, 50)),
    "veggies": ("Veggie", (46, 125, 50)),
    "vegetables": ("Veggie", (46, 125, 50)),
    "grains": ("Grain", (230, 81, 0)),
    "grain": ("Grain", (230, 81, 0)),
    "meat": ("Meat", (106, 27, 154)),
    "protein": ("Meat", (106, 27, 154)),
    "dairy": ("Dairy", (21, 101, 192)),
}
SPECIAL_TEXT = {
    "sugar-shock": "SUGAR SHOCK! Eat me and your eaten snacks are lost, unless you exercised first.",
    "exercise": "Takes 200 calories off a meal and wipes out your eaten junk food.",
    "broccoli": "Super snack: eat me and throw away one junk food you ate.",
    "spinach": "Super snack: eat me and throw away one junk food you ate.",
}


def _eat_right_card(record):
    category = record.get("category") or "junk"
    label, frame, soft = EAT_RIGHT_CATEGORIES.get(category, EAT_RIGHT_CATEGORIES["junk"])
    special = record.get("special")
    if special == "sugar-shock":
        frame = (194, 24, 91)
    image, pen = _new_card(frame, paper=WHITE)

    # Category band with calories in the top right corner.
    pen.rect((26, 26, CARD_W - 27, 190), fill=frame, radius=RADIUS - 14)
    pen.rect((26, 120, CARD_W - 27, 190), fill=frame)
    pen.text((70, 108), label, 58, fill=WHITE, anchor="lm", bold=True)
    calories = record.get("calories")
    pen.circle(CARD_W - 130, 118, 94, fill=WHITE)
    pen.circle(CARD_W - 130, 118, 84, fill=(255, 241, 118) if (calories or 0) >= 0 else (178, 235, 242))
    cal_text = str(calories if calories is not None else "?")
    pen.text((CARD_W - 130, 100), cal_text, fit_size(pen, cal_text, 140, 76), fill=INK, bold=True)
    pen.text((CARD_W - 130, 160), "calories", 26, fill=INK, bold=True)

    # Name and serving (two-line names get a smaller font so the serving still fits).
    name = record.get("name", "")
    name_lines, size = wrap_lines(pen, name, CARD_W - 110, 68, max_lines=2)
    if len(name_lines) == 2:
        name_lines, size = wrap_lines(pen, name, CARD_W - 110, min(size, 54), max_lines=2)
    y = 250 if len(name_lines) == 1 else 226
    for line in name_lines:
        pen.text((CARD_W / 2, y), line, size, fill=INK, bold=True)
        y += size + 6
    serving = record.get("serving_label")
    if serving:
        serving_text = serving if len(serving) < 40 else serving[:38] + "..."
        serving_size = fit_size(pen, serving_text, CARD_W - 120, 32, bold=False)
        pen.text((CARD_W / 2, y - size / 2 + 22), serving_text, serving_size, fill=(55, 65, 81))

    # The picture in a soft circle.
    cx, cy, r = CARD_W / 2, 528, 150
    pen.circle(cx, cy, r + 10, fill=frame)
    pen.circle(cx, cy, r, fill=soft)
    FOOD_PICTURES[picture_for(record)](pen, cx, cy, r * 0.72)
    if special == "sugar-shock":
        for angle in (0, 45, 90, 135, 180, 225, 315):  # no ray over the serving line
            a = math.radians(angle)
            pen.line(
                [
                    (cx + math.cos(a) * (r + 18), cy + math.sin(a) * (r + 18)),
                    (cx + math.cos(a) * (r + 36), cy + math.sin(a) * (r + 36)),
                ],
                fill=(194, 24, 91),
                width=10,
            )

    # Food groups with servings (or the special card's power).
    groups = record.get("groups") or {}
    y = 725
    if special in SPECIAL_TEXT:
        lines, size = wrap_lines(pen, SPECIAL_TEXT[special], CARD_W - 130, 30, max_lines=2, bold=False)
        box_h = len(lines) * (size + 8) + 24
        pen.rect(
            (55, y - 12, CARD_W - 55, y - 12 + box_h), fill=(255, 248, 225), outline=frame, width=4, radius=18
        )
        for i, line in enumerate(lines):
            pen.text((CARD_W / 2, y + 8 + i * (size + 8) + size / 2 - 4), line, size, fill=INK)
    elif groups:
        pills = []
        for key, servings in groups.items():
            group_label, color = FOOD_GROUP_STYLE.get(key, (key.title(), (55, 65, 81)))
            if group_label == "Grain" and servings != 1:
                group_label = "Grains"
            pills.append((f"{_servings(servings)} {group_label}", color))
        widths = [pen.text_width(text, 32, bold=True) + 44 for text, _ in pills]
        total = sum(widths) + 14 * (len(pills) - 1)
        scale = min(1.0, (CARD_W - 90) / total)
        x = (CARD_W - total * scale) / 2
        for (text, color), width in zip(pills, widths, strict=True):
            width *= scale
            pen.rect((x, y, x + width, y + 58), fill=color, radius=29)
            pen.text((x + width / 2, y + 29), text, int(32 * scale), fill=WHITE, bold=True)
            x += width + 14 * scale

    # Vitamin power bottom left, overall value bottom centre (as the rule book says).
    vitamins = record.get("vitamin_power")
    _star(pen, 130, CARD_H - 128, 80, (255, 179, 0), outline=(230, 81, 0), width=4)
    vit_text = str(vitamins if vitamins is not None else "?")
    pen.text((130, CARD_H - 121), vit_text, fit_size(pen, vit_text, 70, 48), fill=INK, bold=True)
    pen.text((130, CARD_H - 44), "vitamin power", 22, fill=(55, 65, 81), bold=True)
    value = record.get("value")
    _badge(
        pen, CARD_W / 2, CARD_H - 120, 80, value if value is not None else "?", frame, label="VALUE", size=74
    )
    if record.get("snack_attack"):
        pen.rect(
            (CARD_W - 200, CARD_H - 170, CARD_W - 60, CARD_H - 90),
            fill=(255, 241, 118),
            outline=INK,
            width=3,
            radius=16,
        )
        pen.text((CARD_W - 130, CARD_H - 142), "SNACK", 26, fill=INK, bold=True)
        pen.text((CARD_W - 130, CARD_H - 112), "ATTACK!", 24, fill=INK, bold=True)
    if record.get("ndb"):
        pen.text((CARD_W - 130, CARD_H - 52), f"USDA {record['ndb']}", 20, fill=(75, 85, 99))
    return _finish(image)


def _servings(amount) -> str:
    if isinstance(amount, float):
        if amount.is_integer():
            return str(int(amount))
        if amount == 0.5:
            return "1/2"
        return f"{amount:g}"
    return str(amount)


# ---------------------------------------------------------------------------------------------
# CHOMP!

CHOMP_CREATURES = {
    # kind: (label, colour of the card)
    "shark": ("SHARK", (69, 90, 100)),
    "seal": ("SEAL", (121, 85, 72)),
    "big-fish": ("BIG FISH", (230, 81, 0)),
    "little-fish": ("LITTLE FISH", (249, 168, 37)),
    "shrimp": ("SHRIMP", (233, 30, 99)),
    "plankton": ("PLANKTON", (56, 142, 60)),
}
CHOMP_CHAIN = ("shark", "seal", "big-fish", "little-fish", "shrimp", "plankton")


def _shark(pen, cx, cy, r):
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


def _seal(pen, cx, cy, r):
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


def _shrimp(pen, cx, cy, r):
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


def _plankton(pen, cx, cy, r):
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


def _eel(pen, cx, cy, r):
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


def _octopus(pen, cx, cy, r):
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
    "shark": _shark,
    "seal": _seal,
    "big-fish": lambda pen, cx, cy, r: _fish(pen, cx, cy, r, (255, 112, 67), (216, 67, 21)),
    "little-fish": lambda pen, cx, cy, r: _fish(pen, cx, cy, r * 0.7, (255, 213, 79), (249, 168, 37)),
    "shrimp": _shrimp,
    "plankton": _plankton,
    "electric-eel": _eel,
    "octopus": _octopus,
}


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


def _chomp_card(record):
    kind = record.get("kind")
    if kind == "sequence":
        return _chomp_sequence_card()
    if record.get("action") or kind in ("electric-eel", "octopus"):
        return _chomp_action_card(record)
    label, color = CHOMP_CREATURES.get(kind, ("?", INK))
    rank = record.get("rank")
    image, pen = _new_card(color)
    pen.rect((30, 30, CARD_W - 31, CARD_H - 31), fill=(2, 119, 189), radius=RADIUS - 16)
    _water(pen)
    pen.rect((30, 30, CARD_W - 31, CARD_H - 31), outline=color, width=8, radius=RADIUS - 16)
    # Rank in two corners, like a playing card.
    for x, y in ((95, 95), (CARD_W - 95, CARD_H - 95)):
        _badge(pen, x, y, 52, rank if rank is not None else "", color, size=64)
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
        [CHOMP_CREATURES[c][0].title() for c in CHOMP_CHAIN[CHOMP_CHAIN.index(kind) + 1 :]]
        if kind in CHOMP_CHAIN
        else []
    )
    text = "Chomps: " + (", ".join(lower) if lower else "nothing (sorry!)")
    lines, size = wrap_lines(pen, text, CARD_W - 220, 34, max_lines=3, bold=True)
    box_top = 760
    pen.rect((60, box_top, CARD_W - 170, box_top + len(lines) * (size + 10) + 26), fill=WHITE, radius=20)
    for i, line in enumerate(lines):
        pen.text(
            (80, box_top + 18 + i * (size + 10) + size / 2), line, size, fill=INK, anchor="lm", bold=True
        )
    return _finish(image)


def _chomp_action_card(record):
    kind = record.get("action") or record.get("kind")
    if kind == "electric-eel":
        frame, title, subtitle = (33, 33, 33), "FEEDING FRENZY!", "Anyone may chomp any card but their own."
        top, bottom = (255, 235, 59), (255, 160, 0)
    else:
        frame, title, subtitle = (49, 27, 146), "INK OUT!", "Nobody may chomp. Play another card."
        top, bottom = (94, 53, 177), (26, 35, 126)
    image, pen = _new_card(frame)
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
    name = record.get("name", "").upper()
    pen.text((CARD_W / 2, 150), "ACTION", 40, fill=WHITE, bold=True, stroke=INK)
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
    return _finish(image)


def _chomp_sequence_card():
    image, pen = _new_card((1, 87, 155), paper=(225, 245, 254))
    pen.text(
        (CARD_W / 2, 90),
        "WHO CHOMPS WHOM",
        fit_size(pen, "WHO CHOMPS WHOM", CARD_W - 100, 52),
        fill=(1, 87, 155),
        bold=True,
    )
    step = 132
    for i, kind in enumerate(CHOMP_CHAIN):
        y = 190 + i * step
        label, color = CHOMP_CREATURES[kind]
        pen.rect((60, y - 58, CARD_W - 60, y + 58), fill=WHITE, outline=color, width=5, radius=24)
        CREATURE_PICTURES[kind](pen, 150, y, 48)
        pen.text((240, y), label, 44, fill=color, anchor="lm", bold=True)
        _badge(pen, CARD_W - 120, y, 34, 6 - i, color, size=40)
        if i < len(CHOMP_CHAIN) - 1:
            pen.polygon(
                [(CARD_W / 2 - 18, y + 60), (CARD_W / 2 + 18, y + 60), (CARD_W / 2, y + 80)],
                fill=(1, 87, 155),
            )
    pen.text((CARD_W / 2, CARD_H - 80), "Eel and Octopus can't be chomped", 28, fill=(1, 87, 155), bold=True)
    return _finish(image)


# ---------------------------------------------------------------------------------------------
# The appetite game: four meal suits, 1 to 9, with pips like a playing card.

APPETITE_SUITS = {
    # suit: (label, colour, soft)
    "breakfast": ("Breakfasts", (191, 54, 12), (255, 243, 224)),
    "lunch": ("Lunches", (46, 125, 50), (241, 248, 233)),
    "dinner": ("Dinners", (21, 101, 192), (227, 242, 253)),
    "dessert": ("Desserts", (173, 20, 87), (252, 228, 236)),
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


def _appetite_card(record):
    suit = record.get("suit")
    label, color, soft = APPETITE_SUITS.get(suit, ("?", INK, WHITE))
    number = record.get("number") or 0
    icon = SUIT_ICONS.get(suit, _cake_slice)
    image, pen = _new_card(color, paper=WHITE)
    pen.rect((40, 40, CARD_W - 41, CARD_H - 41), fill=soft, radius=RADIUS - 18)
    # Corner indices, the bottom one upside down, as on a real playing card.
    index = _appetite_index(number, icon, color)
    image.paste(index, (12 * SCALE, 40 * SCALE), index)
    rotated = index.rotate(180)
    image.paste(rotated, ((CARD_W - 182) * SCALE, (CARD_H - 270) * SCALE), rotated)
    pen.rect((210, 62, CARD_W - 210, 128), fill=color, radius=33)
    pen.text(
        (CARD_W / 2, 95), label.upper(), fit_size(pen, label.upper(), CARD_W - 460, 38), fill=WHITE, bold=True
    )
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
    return _finish(image)


# ---------------------------------------------------------------------------------------------
# SNACK WARS

CUISINES = {"french": "French", "japan": "Japanese", "american": "American"}


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


def _raccoon(pen, cx, cy, r):
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


def _snack_wars_card(record):
    kind = record.get("kind")
    if kind == "raccoon":
        image, pen = _new_card((66, 66, 66), paper=(236, 239, 241))
        pen.text((CARD_W / 2, 120), "RACCOON", 80, fill=(66, 66, 66), bold=True)
        pen.circle(CARD_W / 2, 480, 230, fill=(207, 216, 220))
        _raccoon(pen, CARD_W / 2, 490, 190)
        text = "Steal one card from any player's collection!"
        lines, size = wrap_lines(pen, text, CARD_W - 140, 40, max_lines=3)
        for i, line in enumerate(lines):
            pen.text((CARD_W / 2, 790 + i * (size + 12)), line, size, fill=INK, bold=True)
        pen.text((CARD_W / 2, CARD_H - 90), "Keep face down, beside your collection", 24, fill=(75, 85, 99))
        return _finish(image)
    if kind == "bonus":
        return _snack_wars_bonus_card(record)
    cuisine = record.get("cuisine")
    image, pen = _new_card((255, 179, 0), paper=WHITE)
    _flag(pen, cuisine, (26, 190, CARD_W - 27, 300))
    pen.rect((26, 300, CARD_W - 27, CARD_H - 27), fill=(255, 248, 225))
    pen.rect((26, CARD_H - 120, CARD_W - 27, CARD_H - 27), fill=(255, 179, 0), radius=RADIUS - 14)
    value = record.get("value")
    _badge(pen, 115, 110, 68, value if value is not None else "?", (230, 81, 0), size=88)
    name = record.get("name", "").upper()
    pen.text((CARD_W / 2 + 70, 110), name, fit_size(pen, name, CARD_W - 260, 60), fill=INK, bold=True)
    pen.circle(CARD_W / 2, 590, 240, fill=WHITE, outline=(255, 179, 0), width=8)
    FOOD_PICTURES.get(record.get("food"), _donut)(pen, CARD_W / 2, 600, 185)
    pen.text((CARD_W / 2, CARD_H - 73), CUISINES.get(cuisine, "").upper() + " FOOD", 40, fill=INK, bold=True)
    return _finish(image)


def _snack_wars_bonus_card(record):
    bonus = record.get("bonus")
    image, pen = _new_card((123, 31, 162), paper=(255, 253, 231))
    pen.rect((26, 26, CARD_W - 27, 200), fill=(123, 31, 162), radius=RADIUS - 14)
    pen.text((CARD_W / 2, 110), "BONUS", 90, fill=(255, 214, 0), bold=True)
    _star(pen, 95, 110, 45, (255, 214, 0))
    _star(pen, CARD_W - 95, 110, 45, (255, 214, 0))
    if bonus in CUISINES:
        _flag(pen, bonus, (CARD_W / 2 - 200, 330, CARD_W / 2 + 200, 600))
        big, small = "+1", f"point for each {CUISINES[bonus]} food card"
    elif bonus == "all-cuisines":
        for i, cuisine in enumerate(CUISINES):
            _flag(pen, cuisine, (90 + i * 195, 380, 90 + i * 195 + 175, 500))
        big, small = "+5", "if you have at least one food card of each cuisine"
    else:
        pen.circle(CARD_W / 2, 460, 160, fill=(207, 216, 220))
        _raccoon(pen, CARD_W / 2, 470, 130)
        big, small = "+1", "point for each Raccoon card you collected"
    pen.text((CARD_W / 2, 730), big, 150, fill=(123, 31, 162), bold=True)
    lines, size = wrap_lines(pen, small, CARD_W - 140, 40, max_lines=3)
    for i, line in enumerate(lines):
        pen.text((CARD_W / 2, 850 + i * (size + 12)), line, size, fill=INK, bold=True)
    return _finish(image)


# ---------------------------------------------------------------------------------------------
# Backs and the public entry points

DECK_BACKS = {
    "eat-right": ("EAT RIGHT", (46, 125, 50), (129, 199, 132)),
    "chomp": ("CHOMP!", (1, 87, 155), (79, 195, 247)),
    "appetite": ("APPETITE", (173, 20, 87), (244, 143, 177)),
    "snack-wars": ("SNACK WARS", (123, 31, 162), (255, 214, 0)),
}

RENDERERS = {
    "eat-right": _eat_right_card,
    "chomp": _chomp_card,
    "appetite": _appetite_card,
    "snack-wars": _snack_wars_card,
}


def card_image(deck_slug: str, record: dict) -> Image.Image:
    """The front of one card (RGBA, CARD_W x CARD_H)."""
    return RENDERERS[deck_slug](record)


def card_back_image(deck_slug: str) -> Image.Image:
    """The back every card of a deck shares (hidden cards in games show this)."""
    title, dark, light = DECK_BACKS[deck_slug]
    image, pen = _new_card(WHITE, paper=dark, border=22)
    for row in range(-1, 16):
        for col in range(-1, 9):
            x, y = col * 100 + (50 if row % 2 else 0), row * 75
            pen.circle(x, y, 16, fill=light)
    pen.rect((22, 22, CARD_W - 23, CARD_H - 23), outline=WHITE, width=10, radius=RADIUS - 10)
    pen.circle(CARD_W / 2, CARD_H / 2, 230, fill=WHITE)
    pen.circle(CARD_W / 2, CARD_H / 2, 210, fill=dark)
    pen.text((CARD_W / 2, CARD_H / 2), title, fit_size(pen, title, 380, 74), fill=WHITE, bold=True)
    pen.text((CARD_W / 2, CARD_H / 2 + 80), "PLATEFUL", 30, fill=light, bold=True)
    return _finish(image)


PAPER_MM = {"a4": (210, 297), "letter": (215.9, 279.4)}
CUT_GAP_MM = 0  # cards touch, so one cut between two cards serves both


def print_sheet_pages(images: list[Image.Image], paper: str = "a4") -> list[Image.Image]:
    """Cards at real size, 3 x 3 per page at 300 dpi, with cut marks in the margins."""
    page_w, page_h = (round(mm / 25.4 * DPI) for mm in PAPER_MM[paper])
    cols, rows = 3, 3
    left = (page_w - cols * CARD_W) // 2
    top = (page_h - rows * CARD_H) // 2
    pages = []
    for start in range(0, len(images), cols * rows):
        page = Image.new("RGB", (page_w, page_h), WHITE)
        draw = ImageDraw.Draw(page)
        for i, card in enumerate(images[start : start + cols * rows]):
            x = left + (i % cols) * CARD_W
            y = top + (i // cols) * CARD_H
            page.paste(card, (x, y), card if card.mode == "RGBA" else None)
            # A light outline: the cut line, visible even where two cards touch.
            draw.rectangle((x, y, x + CARD_W - 1, y + CARD_H - 1), outline=(160, 160, 160), width=1)
        # Cut marks in the margins, along every card edge.
        mark = min(left, top) - 12
        for c in range(cols + 1):
            x = left + c * CARD_W
            draw.line((x, 8, x, 8 + mark), fill=INK, width=2)
            draw.line((x, page_h - 8 - mark, x, page_h - 8), fill=INK, width=2)
        for r in range(rows + 1):
            y = top + r * CARD_H
            draw.line((8, y, 8 + mark, y), fill=INK, width=2)
            draw.line((page_w - 8 - mark, y, page_w - 8, y), fill=INK, width=2)
        draw.text(
            (page_w / 2, page_h - 20),
            "Plateful print-and-play: cut along the lines",
            fill=(90, 90, 90),
            font=_font(28),
            anchor="ms",
        )
        pages.append(page)
    return pages
