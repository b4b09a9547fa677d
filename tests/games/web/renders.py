"""Helpers for tests of pages drawn once per audience (games.rendering, games.audiences)."""

import re

from games import rendering

# The countdown's remaining time is read when a page is drawn: not part of a comparison.
_COUNTDOWN = re.compile(r'data-ms="\d+"|>\d+</span> s')


def same(html: str) -> str:
    """The page without what depends on the moment it was drawn."""
    return _COUNTDOWN.sub("", html)


def count_shared_renders(monkeypatch) -> list:
    """The shared renders drawn in this process from now on (their template names)."""
    shared = []
    original = rendering.render_to_string

    def counted(name, context=None, *args, **kwargs):
        if context and context.get("shared_render"):
            shared.append(name)
        return original(name, context, *args, **kwargs)

    monkeypatch.setattr(rendering, "render_to_string", counted)
    return shared
