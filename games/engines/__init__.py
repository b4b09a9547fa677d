"""The registry of game engines: slug -> engine. Pure Python, no Django import."""

from __future__ import annotations

from games.engines.base import Engine, IllegalAction

ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    ENGINES[engine.slug] = engine
    return engine


def get_engine(slug: str) -> Engine:
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"There is no game called {slug!r}.") from None


# Each game module registers itself on import; keep this list in the catalogue's order.
from games.engines import registry_imports  # noqa: E402,F401

__all__ = ["ENGINES", "Engine", "IllegalAction", "get_engine", "register"]
