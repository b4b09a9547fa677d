"""Every seat's page after each change of a fixed-seed table, drawn in process: the CPU a
change's redraws cost, shared render included (issue 20, "draw once per audience").

    .venv/bin/python benchmarks/pages.py --game food-war --seats 4 --changes 40 --passes 5
    .venv/bin/python benchmarks/pages.py --game duel --seats 2 --code /path/to/another/checkout

A fixed-seed table of people (no bots, no timers) plays `--changes` moves through the site's
services; after each move every seat's `#live` is drawn as its socket's redraw draws it
(`rendering.live_html`, oob), plus one watcher's with `--watchers 1`. Each pass empties the
drawing caches first. Reported: CPU time (time.process_time) per change and per seat page,
median of the passes (after one uncounted pass that loads the templates). --code runs another
checkout's application, to compare before and after in the same minutes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--code" in sys.argv:  # another checkout's application, before any import of it
    ROOT = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
sys.path.insert(0, str(ROOT))


def _setup_django(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["GAMES_SCHEDULER"] = "0"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _forget(rendering) -> None:
    for name in ("_SHARED_HTML", "_PIECES", "_FEED_LINES"):
        cache = getattr(rendering, name, None)
        if cache is not None:
            cache.clear()


def _table(game: str, seats: int, changes: int) -> list:
    """The match after each of `changes` moves (a copy each), from a fixed seed."""
    from games import services
    from games.engines import get_engine
    from tests.tables import table_create

    engine = get_engine(game)
    seats = max(engine.min_seats, min(engine.max_seats, seats))
    match, tokens, _sessions = table_create(game, ("human",) * seats, seed=5)
    after = []
    for step in range(changes):
        state = services.match_state(match=match)
        if engine.result(state) is not None:
            break
        movers = sorted(s for s in engine.to_move(state) if s is not None)
        if movers:
            seat = movers[step % len(movers)]
            legal = engine.legal_actions(state, seat)
            services.match_submit_action(
                match_id=match.pk, seat=seat, token=tokens[seat], action=legal[step % len(legal)]
            )
        else:
            legal = engine.legal_actions(state, None)
            services.match_submit_action(match_id=match.pk, seat=None, action=legal[0], trusted=True)
        match = services.match_get(match_id=match.pk)
        after.append(match)
    return after


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="food-war")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--watchers", type=int, default=0, choices=[0, 1])
    parser.add_argument("--code", help="another checkout's application (see above)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(Path(folder) / "pages.sqlite3")
        from games import rendering, services

        matches = _table(args.game, args.seats, args.changes)
        readers = [*range(matches[0].seats), *([None] if args.watchers else [])]
        per_change = []
        for number in range(args.passes + 1):  # the first pass loads the templates: not counted
            _forget(rendering)
            started = time.process_time()
            for match in matches:
                # Each change as its sockets see it: the match read once, then every reader's page.
                services.match_state(match=match)
                for reader in readers:
                    rendering.live_html(match, reader, oob=True)
            if number:
                per_change.append((time.process_time() - started) * 1000 / len(matches))
        median = statistics.median(per_change)
        print(
            f"{args.game}, {len(readers)} readers, {len(matches)} changes: "
            f"{median:.2f} ms per change (a page {median / len(readers):.2f} ms); "
            f"passes {', '.join(f'{value:.2f}' for value in per_change)}"
        )


if __name__ == "__main__":
    main()
