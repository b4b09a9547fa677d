"""Card pictures as files and addresses: full PNGs, right-sized WebP copies, backs, print PDFs.

Every picture is drawn once per (what the card shows, artwork version, language) and kept on
disk under settings.CARD_IMAGE_CACHE; the same key is its ETag, so browsers revalidate cheaply.
Pages show cards through `card_image_urls` (or the `{% card_img %}` tag built on it):

- `/cards/<deck>/<card>.png`: the full 744 x 1039 PNG (the public, bookmarkable address);
  `?size=small` is a 252 x 352 PNG kept for older pages;
- `/cards/<deck>/<width>/<card>.webp`: a WebP copy `width` pixels wide, for width in
  VARIANT_WIDTHS; what game pages and galleries load.

`<card>` may be `back`: the deck's back (Snack Attack's store and hidden hands show it).
"""

import functools
import io
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from PIL import Image

from foodcards import render
from foodcards.models import Card, Deck, record_digest

# Right-sized copies (see benchmarks/README.md for their measured sizes): a card shown 120-180
# CSS px wide takes the 160 on an ordinary screen and the 240 or 360 on a phone's 2x-3x screen.
VARIANT_WIDTHS = (160, 240, 360)
WEBP_QUALITY = 80
# Legacy PNG sizes for `?size=`: the full card and the 252 x 352 thumbnail older pages ask for.
PICTURE_SIZES = {"full": (render.CARD_W, render.CARD_H), "small": (252, 352)}
BACK = "back"


def variant_height(width: int) -> int:
    """The height of a card `width` pixels wide (cards keep their 63 x 88 mm shape)."""
    return round(width * render.CARD_H / render.CARD_W)


def picture_language() -> str:
    """The language painted on pictures now (part of every cache key)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    return "".join(c for c in language.lower() if c.isalnum() or c == "-")


LANGUAGE_PARAMETER = "lang"


def language_query() -> str:
    """ "lang=es" when pictures are painted in another language than the site's default, else "".

    Pages put it in their picture addresses, so each language has its own address (browsers and
    shared caches keep one copy per language); the picture views paint in that language."""
    language = picture_language()
    return "" if language == settings.LANGUAGE_CODE else f"{LANGUAGE_PARAMETER}={language}"


def with_language(url: str) -> str:
    """`url` with the active language's query (see language_query), if it needs one."""
    return _with_query(url, language_query())


def _with_query(url: str, query: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{query}" if query else url


# ---------------------------------------------------------------------------------------------
# Addresses (no database query: pages with many cards only build strings).


@dataclass(frozen=True)
class CardImageUrls:
    """Where a card's picture is served: `full` PNG and one WebP per width in VARIANT_WIDTHS."""

    full: str
    variants: Mapping[int, str]  # read-only: one object is shared by every page that shows it

    @property
    def src(self) -> str:
        """The middle width: what a browser without srcset support shows."""
        return self.variants[VARIANT_WIDTHS[1]]

    def srcset(self, *, with_full: bool = False) -> str:
        """`srcset` candidates; `with_full` adds the 744 px PNG for cards shown big."""
        candidates = [f"{url} {width}w" for width, url in self.variants.items()]
        if with_full:
            candidates.append(f"{self.full} {render.CARD_W}w")
        return ", ".join(candidates)


def card_image_urls(*, deck: str, card: str) -> CardImageUrls:
    """The addresses of one card's picture (`card="back"` for the deck's back)."""
    return _card_image_urls(deck, card, get_script_prefix(), language_query())


# A game page redraws a dozen cards for every seat after every move: four reverse() calls per
# card were a quarter of a redraw's CPU. The addresses depend only on these four strings.
@functools.lru_cache(maxsize=8192)
def _card_image_urls(deck: str, card: str, _prefix: str, query: str) -> CardImageUrls:
    return CardImageUrls(
        full=_with_query(reverse("foodcards:card_png", kwargs={"deck": deck, "card": card}), query),
        variants=MappingProxyType(
            {
                width: _with_query(
                    reverse("foodcards:card_webp", kwargs={"deck": deck, "card": card, "width": width}), query
                )
                for width in VARIANT_WIDTHS
            }
        ),
    )


# ---------------------------------------------------------------------------------------------
# Files


@dataclass(frozen=True)
class Picture:
    """One drawable picture: a card's front or a deck's back, in the active language."""

    deck_slug: str
    etag: str  # what it shows + artwork version + language: its cache name and ETag
    draw: Callable[[], Image.Image]
    public: bool = True  # False: a teacher's own card, kept out of shared caches


def card_picture(*, card: Card) -> Picture:
    return Picture(
        card.deck.slug, card_image_etag(card=card), lambda: render.card_image(card.deck.slug, card.record)
    )


def record_picture(*, deck_slug: str, record: dict) -> Picture:
    """The picture of a card record that is not a card row (a teacher's own card, decks app)."""
    etag = f"{record_digest(record)}-{render.RENDER_VERSION}-{picture_language()}"
    return Picture(deck_slug, etag, lambda: render.card_image(deck_slug, record), public=False)


# Other apps' cards served at /cards/<deck>/<card>.png: fn(deck_slug, card) -> Picture or None.
PictureSource = Callable[[str, str], "Picture | None"]
_picture_sources: list[PictureSource] = []


def register_picture_source(source: PictureSource) -> PictureSource:
    """Let an app serve pictures of its own cards at the deck's picture addresses (registered in
    its AppConfig.ready(); foodcards never imports it). Asked only for cards no deck row has."""
    if source not in _picture_sources:
        _picture_sources.append(source)
    return source


def extra_picture(*, deck_slug: str, card: str) -> Picture | None:
    """A registered app's picture of a card that is not in the deck's rows, or None."""
    for source in list(_picture_sources):
        picture = source(deck_slug, card)
        if picture is not None:
            return picture
    return None


def back_picture(*, deck_slug: str) -> Picture:
    return Picture(
        deck_slug,
        f"{BACK}-{render.RENDER_VERSION}-{picture_language()}",
        lambda: render.card_back_image(deck_slug),
    )


def card_image_etag(*, card: Card) -> str:
    """Changes whenever what the card shows, the artwork or the painted language changes.

    Copies of one card (shark-1 ... shark-4) differ only by id outside Eat Right, so they share
    one picture; Eat Right pictures are chosen by id, so there the id counts.
    """
    shown = dict(card.record)
    if card.deck.slug != "eat-right":
        shown.pop("id", None)
    return f"{record_digest(shown)}-{render.RENDER_VERSION}-{picture_language()}"


def variant_etag(picture: Picture, variant: str | int) -> str:
    """The ETag of one size of a picture: "full", "small" or a width in VARIANT_WIDTHS."""
    if variant == "full":
        return picture.etag
    return f"{picture.etag}-{variant}" if variant == "small" else f"{picture.etag}-w{variant}"


def picture_file(picture: Picture, variant: str | int = "full") -> tuple[Path, bool]:
    """The picture at one size on disk (made now if missing) and whether it came from the cache."""
    if variant not in PICTURE_SIZES and variant not in VARIANT_WIDTHS:
        raise ValueError(f"Unknown picture size {variant!r}.")
    path = _cached_path(picture, variant)
    if path.exists():
        return path, True
    if variant == "full":
        full = picture.draw()
    else:
        # From the cached full PNG if there is one; else drawing again is cheaper than saving one.
        try:
            with Image.open(_cached_path(picture, "full")) as cached:
                full = cached.copy()
        except FileNotFoundError:
            full = picture.draw()
    _write_atomically(path, picture_bytes(full, variant))
    return path, False


def _cached_path(picture: Picture, variant: str | int) -> Path:
    suffix = ".webp" if variant in VARIANT_WIDTHS else ".png"
    return _cache_dir() / picture.deck_slug / f"{variant_etag(picture, variant)}{suffix}"


def picture_bytes(full: Image.Image, variant: str | int) -> bytes:
    """A full-size picture at one size, encoded as it is served (PNG, or WebP for a width)."""
    buffer = io.BytesIO()
    if variant in VARIANT_WIDTHS:
        small = full.resize((variant, variant_height(variant)), Image.Resampling.LANCZOS)
        small.save(buffer, format="WEBP", quality=WEBP_QUALITY, method=4)
    elif variant == "full":
        full.save(buffer, format="PNG")
    else:
        full.resize(PICTURE_SIZES[variant], Image.Resampling.LANCZOS).save(buffer, format="PNG")
    return buffer.getvalue()


def card_image_path(*, card: Card, size: str | int = "full") -> tuple[Path, bool]:
    """The card's picture file at `size` ("full", "small" or a variant width) and whether cached."""
    return picture_file(card_picture(card=card), size)


def card_back_path(*, deck_slug: str, size: str | int = "full") -> Path:
    return picture_file(back_picture(deck_slug=deck_slug), size)[0]


def _cache_dir() -> Path:
    return Path(settings.CARD_IMAGE_CACHE)


def _write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file and rename, so a reader never sees half a picture."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------------
# Print-and-play sheets


def deck_print_etag(*, deck: Deck, paper: str) -> str:
    digests = "".join(deck.cards.order_by("position").values_list("source_digest", flat=True))
    records = record_digest({"cards": [c.record for c in deck.cards.order_by("position")]})
    digest = record_digest({"d": digests, "r": records})
    return f"{paper}-{digest}-{render.RENDER_VERSION}-{picture_language()}"


def deck_print_pdf(*, deck: Deck, paper: str = "a4") -> Path:
    """A print-and-play PDF of every card of the deck (9 per page, real size, cut marks)."""
    cards = deck.cards.select_related("deck").order_by("position")
    return print_pdf(
        pictures=[card_picture(card=card) for card in cards],
        paper=paper,
        folder=deck.slug,
        key=deck_print_etag(deck=deck, paper=paper),
        title=_("%(deck)s: print-and-play cards") % {"deck": deck.name},
    )


def print_etag(*, pictures: list[Picture], paper: str) -> str:
    """The ETag of a print sheet of these pictures (what they show, their order, the paper)."""
    digest = record_digest({"pictures": [picture.etag for picture in pictures]})
    return f"{paper}-{digest}-{render.RENDER_VERSION}-{picture_language()}"


def print_pdf(*, pictures: list[Picture], paper: str, folder: str, key: str, title: str) -> Path:
    """A print-and-play PDF of these pictures, kept on disk under `folder` as `key`."""
    if paper not in render.PAPER_MM:
        raise ValueError(f"Unknown paper size {paper!r}.")
    path = _cache_dir() / folder / f"print-{key}.pdf"
    if path.exists():
        return path
    images = []
    for picture in pictures:
        card_path, _hit = picture_file(picture)
        with Image.open(card_path) as drawn:
            images.append(drawn.convert("RGBA"))
    pages = render.print_sheet_pages(images, paper=paper)
    buffer = io.BytesIO()
    # Pages go in as JPEG (Pillow's choice for RGB); optimize=True finds the smallest Huffman
    # tables: the same pixels in 12-21 % fewer bytes.
    pages[0].save(
        buffer,
        format="PDF",
        save_all=True,
        append_images=pages[1:],
        resolution=render.DPI,
        optimize=True,
        title=title,
        author="Plateful",
    )
    _write_atomically(path, buffer.getvalue())
    return path
