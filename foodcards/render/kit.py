"""The drawing kit every card shares: sizes, colours, the Pen, text fitting, frames and badges.

Everything is designed on a 744 x 1039 grid (63 x 88 mm at 300 dpi), drawn at SCALE times that
size and shrunk, so edges come out smooth.
"""

import math
from functools import lru_cache
from pathlib import Path

from django.utils.translation import gettext
from PIL import Image, ImageDraw, ImageFont

# Bump when the artwork changes, so cached pictures are redrawn.
RENDER_VERSION = "11"

DPI = 300
CARD_MM = (63, 88)
CARD_W, CARD_H = round(CARD_MM[0] / 25.4 * DPI), round(CARD_MM[1] / 25.4 * DPI)  # 744 x 1039
SCALE = 2
RADIUS = 42

INK = (17, 24, 39)
WHITE = (255, 255, 255)
CREAM = (255, 251, 240)


# Pillow's own font (Aileron) draws the cards; it has no accented letters, so a text with a
# letter it lacks ("calorías", "Piña", "¡") is drawn whole in Liberation Sans (a look-alike with
# every Latin letter, shipped in fonts/ with its licence). English pictures stay as they were.
LATIN_FONT = Path(__file__).resolve().parent / "fonts" / "LiberationSans-Regular.ttf"


@lru_cache(maxsize=64)
def _default_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=64)
def _latin_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(LATIN_FONT), size=size)


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return bytes(_default_font(40).getmask("\ue000"))


@lru_cache(maxsize=4096)
def _default_font_has(character: str) -> bool:
    if character.isascii():
        return True
    if character.isspace():
        return True
    return bytes(_default_font(40).getmask(character)) != _missing_glyph()


def font(size: int, text: str = "") -> ImageFont.FreeTypeFont:
    """The font that draws `text` at `size`: Pillow's own, or Liberation Sans when the text has
    a letter Pillow's font lacks."""
    if all(_default_font_has(character) for character in text):
        return _default_font(size)
    return _latin_font(size)


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
        width = _stroke_width(size, bold, stroke)
        self.draw.text(
            self._pts([xy])[0],
            text,
            font=font(size * SCALE, text),
            fill=fill,
            anchor=anchor,
            stroke_width=width * SCALE,
            stroke_fill=stroke if stroke is not None else (fill if width else None),
        )

    def text_box(self, xy, text, size, anchor="mm", bold=False, stroke=None):
        """The (left, top, right, bottom) that `text(xy, text, size, ...)` covers, in design units."""
        box = self.draw.textbbox(
            self._pts([xy])[0],
            text,
            font=font(size * SCALE, text),
            anchor=anchor,
            stroke_width=_stroke_width(size, bold, stroke) * SCALE,
        )
        return tuple(v / SCALE for v in box)

    def text_width(self, text, size, bold=False):
        box = font(size * SCALE, text).getbbox(text, stroke_width=(max(1, size // 26) if bold else 0) * SCALE)
        return (box[2] - box[0]) / SCALE


def _stroke_width(size, bold, stroke):
    """How thick `Pen.text` strokes letters: an outline for `stroke`, a thickening for `bold`."""
    if stroke is not None:
        return max(2, size // 9)
    return max(1, size // 26) if bold else 0


def data_text(text) -> str:
    """A word from the deck data (a card name, a serving) in the active language.

    makemessages cannot see data, so foodcards/card_names.py lists every such word.
    """
    return gettext(str(text)) if text else ""


def fit_size(pen, text, max_width, size, min_size=12, bold=True):
    """The biggest font size (from `size` down) at which `text` fits in `max_width`."""
    while size > min_size and pen.text_width(text, size, bold) > max_width:
        size -= 2
    return size


def fit_text(pen, text, max_width, size, min_size=16, bold=True):
    """(text, size) that fits in `max_width`: a smaller font first, then cut short with "…"."""
    size = fit_size(pen, text, max_width, size, min_size, bold)
    while len(text) > 1 and pen.text_width(text, size, bold) > max_width:
        text = text[:-2].rstrip() + "…"
    return text, size


def wrap_lines(pen, text, max_width, size, max_lines=2, bold=True):
    """Split text into at most `max_lines` lines that fit, shrinking the font if needed. Words
    joined by a no-break space (NO_BREAK) stay on one line; it is painted as a plain space."""
    words = [word for word in text.replace("\n", " ").split(" ") if word]
    while True:
        lines, current = [], ""
        for word in words:
            candidate = f"{current} {word}".strip()
            if current and pen.text_width(candidate.replace(NO_BREAK, " "), size, bold) > max_width:
                lines.append(current)
                current = word
            else:
                current = candidate
        lines.append(current)
        lines = [line.replace(NO_BREAK, " ") for line in lines]
        widest = max(pen.text_width(line, size, bold) for line in lines)
        if len(lines) <= max_lines and widest <= max_width:
            return lines, size
        if size <= 14:  # still too long at the smallest size: cut it short rather than overflow
            kept = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
            return [fit_text(pen, line, max_width, size, size, bold)[0] for line in kept], size
        size -= 2


NO_BREAK = "\u00a0"


# Every label drawn in a box, when a test asks for them: (box, the text's box, the text).
LABEL_LOG: list | None = None
LABEL_PADDING = 12  # the least room between a label's text and its box's edge


def label_in_box(pen, box, xy, text, size, **style):
    """Draw `text` (anchored at `xy`) as the label of `box`, and note both for the tests that
    check every label's text stays inside its box."""
    pen.text(xy, text, size, **style)
    if LABEL_LOG is not None:
        anchor, bold = style.get("anchor", "mm"), style.get("bold", False)
        LABEL_LOG.append((tuple(box), pen.text_box(xy, text, size, anchor=anchor, bold=bold), text))


def text_panel(pen, box, text, size, *, max_lines=3, align="left", text_fill=INK, bold=True, **panel):
    """A panel at `box` (x0, y0, x1) holding `text` wrapped to its width less the padding on
    both sides, its height grown to the lines (`panel`: the rectangle's fill, outline, radius)."""
    x0, y0, x1 = box
    inner = x1 - x0 - 2 * (LABEL_PADDING + 8)
    lines, size = wrap_lines(pen, text, inner, size, max_lines=max_lines, bold=bold)
    line_h = size + 10
    y1 = y0 + len(lines) * line_h + 26
    pen.rect((x0, y0, x1, y1), **{"fill": WHITE, **panel})
    for i, line in enumerate(lines):
        y = y0 + 18 + i * line_h + size / 2
        xy, anchor = ((x0 + x1) / 2, "mm") if align == "center" else (x0 + LABEL_PADDING + 8, "lm")
        label_in_box(pen, (x0, y0, x1, y1), (xy, y), line, size, fill=text_fill, anchor=anchor, bold=bold)


def new_card(frame, paper=CREAM, border=26):
    """A card with a coloured frame (drawn on RGB so see-through fills blend)."""
    image = Image.new("RGB", (CARD_W * SCALE, CARD_H * SCALE), frame)
    pen = Pen(image)
    pen.rect((border, border, CARD_W - 1 - border, CARD_H - 1 - border), fill=paper, radius=RADIUS - 14)
    return image, pen


@lru_cache(maxsize=1)
def corner_mask() -> Image.Image:
    mask = Image.new("L", (CARD_W * SCALE, CARD_H * SCALE), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, CARD_W * SCALE - 1, CARD_H * SCALE - 1), RADIUS * SCALE, fill=255
    )
    return mask.reduce(SCALE)


def finish(image):
    """Shrink to card size and cut the round corners (transparent outside them)."""
    card = image.reduce(SCALE).convert("RGBA")
    card.putalpha(corner_mask())
    return card


def badge(pen, cx, cy, r, number, fill, label=None, text_fill=WHITE, ring=WHITE, size=None):
    """A round number badge with an optional small label under the number."""
    pen.circle(cx, cy, r + 6, fill=ring)
    pen.circle(cx, cy, r, fill=fill)
    text = str(number)
    size = size or fit_size(pen, text, r * 1.6, int(r * 1.05), bold=True)
    if label:
        pen.text((cx, cy - r * 0.12), text, size, fill=text_fill, bold=True)
        label_size = fit_size(pen, label, r * 1.5, max(18, int(r * 0.3)), bold=True)
        pen.text((cx, cy + r * 0.55), label, label_size, fill=text_fill, bold=True)
    else:
        pen.text((cx, cy + 2), text, size, fill=text_fill, bold=True)


def star(pen, cx, cy, r, fill, points=5, inner=0.45, outline=None, width=0):
    pts = []
    for i in range(points * 2):
        angle = -math.pi / 2 + i * math.pi / points
        radius = r if i % 2 == 0 else r * inner
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    pen.polygon(pts, fill=fill, outline=outline, width=width)
