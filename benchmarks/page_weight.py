"""First-load weight of the pages a student opens: the home page, a rules page and a Duel match.

    .venv/bin/python benchmarks/page_weight.py                 # home, /games/duel/, a Duel match
    .venv/bin/python benchmarks/page_weight.py --rules chomp --rules snack-wars

Real headless Chromium (Debian's /usr/bin/chromium) against a real Daphne server (the browser
tests' LiveServer: SQLite file, decks loaded). Each page is opened in a NEW browser context, so
the cache is cold: every request of the first load counts (HTML, CSS, JavaScript, pictures),
until the network is idle; pictures lazy-loaded below the first screen are not asked for, as in
a real first visit. A match is made first ("Play now" on its rules page) in another context; its
session cookie is copied into the cold context. Bytes are what crossed the wire (headers and
bodies as sent). Static files are served as in production: `collectstatic` (into STATIC_ROOT,
git-ignored) with WhiteNoise's compressed manifest storage, so CSS and JavaScript travel gzipped;
`--plain-static` serves them uncompressed from the source folders, as the browser tests do.

Two screens: a laptop (1280 x 800, 1x pixels) and a phone (360 x 740, 3x pixels: a phone picks
the bigger picture copies from each srcset).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.games.web.live_server import LiveServer  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SCREENS = {"laptop 1280x800 @1x": (1280, 800, 1), "phone 360x740 @3x": (360, 740, 3)}


def _kind(url: str, resource_type: str) -> str:
    if resource_type in ("document", "stylesheet", "script", "image", "font"):
        return resource_type
    return "other"


def measure(browser, url: str, screen: tuple[int, int, int], cookies=None) -> dict:
    width, height, scale = screen
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale)
    if cookies:
        context.add_cookies(cookies)
    page = context.new_page()
    rows: list[tuple[str, str, int]] = []

    def finished(request) -> None:
        sizes = request.sizes()
        rows.append(
            (request.url, request.resource_type, sizes["responseBodySize"] + sizes["responseHeadersSize"])
        )

    page.on("requestfinished", finished)
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(300)
    context.close()
    by_kind: dict[str, int] = defaultdict(int)
    for _url, kind, size in rows:
        by_kind[_kind(_url, kind)] += size
    cards = [size for _url, _kind_, size in rows if re.search(r"/cards/.+\.(webp|png)(\?|$)", _url)]
    return {
        "total": sum(size for *_, size in rows),
        "requests": len(rows),
        "by_kind": dict(by_kind),
        "cards": cards,
    }


def make_match(browser, server: LiveServer, game: str):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.url}/games/{game}/")
    page.click("#play-now button[type=submit]")
    page.wait_for_url(re.compile(r"/play/[\w-]+/$"))
    page.wait_for_selector("#live")
    url, cookies = page.url, context.cookies()
    context.close()
    return url, cookies


def _kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", action="append", help="rules pages to weigh (default: duel)")
    parser.add_argument("--match", default="duel", help="the game whose match page is weighed")
    parser.add_argument("--plain-static", action="store_true", help="uncompressed static files")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    if args.plain_static:
        server = LiveServer(GAMES_BOT_DELAY_MS="800")
    else:
        server = LiveServer(
            GAMES_BOT_DELAY_MS="800",
            STATICFILES_BACKEND="whitenoise.storage.CompressedManifestStaticFilesStorage",
            WHITENOISE_USE_FINDERS="false",
        )
        server.manage("collectstatic", "--noinput", "--verbosity", "0")
    server.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            match_url, cookies = make_match(browser, server, args.match)
            pages = [("home", f"{server.url}/", None)]
            pages += [
                (f"rules: {slug}", f"{server.url}/games/{slug}/", None) for slug in (args.rules or ["duel"])
            ]
            pages.append((f"{args.match} match", match_url, cookies))
            print("| page | screen | requests | total | HTML | CSS | JS | pictures | largest card picture |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
            for name, url, page_cookies in pages:
                for screen_name, screen in SCREENS.items():
                    result = measure(browser, url, screen, page_cookies)
                    kinds = result["by_kind"]
                    largest = _kb(max(result["cards"])) if result["cards"] else "-"
                    print(
                        f"| {name} | {screen_name} | {result['requests']} | {_kb(result['total'])} "
                        f"| {_kb(kinds.get('document', 0))} | {_kb(kinds.get('stylesheet', 0))} "
                        f"| {_kb(kinds.get('script', 0))} | {_kb(kinds.get('image', 0))} "
                        f"({len(result['cards'])} cards) | {largest} |"
                    )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
