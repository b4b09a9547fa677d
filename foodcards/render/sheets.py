"""Print-and-play sheets: cards at real size, nine to a page, with cut marks."""

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from foodcards.render.kit import CARD_H, CARD_W, DPI, INK, WHITE, font

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
        caption = _("Plateful print-and-play: cut along the lines")
        draw.text((page_w / 2, page_h - 20), caption, fill=(90, 90, 90), font=font(28, caption), anchor="ms")
        pages.append(page)
    return pages
