"""Card picture sizes and times: what a page downloads per card, and what a cold picture costs.

    .venv/bin/python benchmarks/pictures.py

Loads the shipped decks into a throw-away SQLite file and an empty picture cache, then:

- bytes: every distinct picture (copies of a card share one; the four backs included) in each
  served size: the full 744 px PNG, the legacy 252 px `?size=small` PNG, and the WebP copies
  (foodcards.pictures.VARIANT_WIDTHS); max and mean per size;
- time, through the site's own view (Django test client, so URL routing, the database lookup
  and the file response are in it): a cold full PNG (drawn and saved), a cold WebP copy (drawn,
  shrunk, encoded; no full PNG cached), a WebP copy of a card whose full PNG is cached, the
  same copy again from the disk cache, and a 304 revalidation.
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup(folder: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'bench.sqlite3'}"
    os.environ["CARD_IMAGE_CACHE"] = str(folder / "card-images")
    os.environ["WHITENOISE_USE_FINDERS"] = "true"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_decks", verbosity=0, stdout=io.StringIO())


class _Timer:
    """Wall and CPU time of each `with timer:` block (CPU time moves less with the machine's load)."""

    def __init__(self):
        self.wall, self.cpu = [], []

    def __enter__(self):
        self._start = (time.perf_counter(), time.process_time())

    def __exit__(self, *exc):
        self.wall.append(time.perf_counter() - self._start[0])
        self.cpu.append(time.process_time() - self._start[1])

    def __str__(self):
        wall, cpu = statistics.median(self.wall) * 1000, statistics.median(self.cpu) * 1000
        return f"p50 {wall:.1f} ms (cpu {cpu:.1f} ms), max {max(self.wall) * 1000:.1f} ms"


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        _setup(Path(folder))
        from django.test import Client

        from foodcards import pictures
        from foodcards.models import Card, Deck

        shown = [pictures.card_picture(card=card) for card in Card.objects.select_related("deck")]
        shown += [pictures.back_picture(deck_slug=s) for s in Deck.objects.values_list("slug", flat=True)]
        distinct = list({picture.etag: picture for picture in shown}.values())
        sizes = {"full": [], "small": [], **{width: [] for width in pictures.VARIANT_WIDTHS}}
        for picture in distinct:
            full = picture.draw()
            for variant in sizes:
                sizes[variant].append(len(pictures.picture_bytes(full, variant)))
        print(f"{len(distinct)} distinct pictures ({len(shown)} cards and backs)")
        print("| size | format | max | mean |")
        print("| --- | --- | --- | --- |")
        for variant, values in sizes.items():
            if variant in pictures.VARIANT_WIDTHS:
                label = f"{variant} x {pictures.variant_height(variant)}"
            else:
                label = {"full": "744 x 1039", "small": "252 x 352 (?size=small)"}[variant]
            kind = "WebP q80" if variant in pictures.VARIANT_WIDTHS else "PNG"
            most, mean = max(values) / 1024, statistics.mean(values) / 1024
            print(f"| {label} | {kind} | {most:.1f} KB | {mean:.1f} KB |")

        client = Client()
        cards = list(Card.objects.filter(deck__slug="eat-right").order_by("position")[:40])
        cold_full, cold_webp, from_full, cached, revalidate = (_Timer() for _ in range(5))
        for number, card in enumerate(cards):
            webp = f"/cards/{card.deck.slug}/160/{card.slug}.webp"
            if number % 2:  # half start with the full PNG, half with a WebP copy
                with cold_full:
                    b"".join(client.get(f"/cards/{card.deck.slug}/{card.slug}.png").streaming_content)
                with from_full:
                    b"".join(client.get(webp).streaming_content)
            else:
                with cold_webp:
                    b"".join(client.get(webp).streaming_content)
            with cached:
                response = client.get(webp)
                b"".join(response.streaming_content)
            assert response["X-Card-Cache"] == "hit"
            with revalidate:
                assert client.get(webp, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
        print(f"cold full PNG (draw + save): {cold_full}")
        print(f"cold 160 px WebP (draw + shrink + encode): {cold_webp}")
        print(f"160 px WebP made from the cached full PNG: {from_full}")
        print(f"160 px WebP from the disk cache: {cached}")
        print(f"304 revalidation: {revalidate}")


if __name__ == "__main__":
    main()
