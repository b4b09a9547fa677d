"""A started match with a browser session per human seat, for tests that open its pages or
sockets as those players (the consumers, the live language, the fault tests)."""

from __future__ import annotations

from django.contrib.sessions.backends.db import SessionStore

from games import services
from games.models import Match
from games.views import SESSION_KEY


def table_create(
    game: str,
    kinds: tuple[str, ...],
    *,
    seed: int | None = None,
    deck: list[str] | None = None,
    owner: str = "",
    options: dict | None = None,
) -> tuple[Match, dict, dict]:
    """The match, each human seat's token, and a saved session key holding that token (no seed:
    a random deal; `owner`: the app whose gates guard it, none by default; `options`: the
    game's own, default if None)."""
    specs = [
        services.SeatSpec(kind=kind, nickname=f"P{n}", bot_level="beginner" if kind == "bot" else "")
        for n, kind in enumerate(kinds)
    ]
    match, tokens = services.match_create(
        game=game, seats=specs, seed=seed, deck=deck, owner=owner, options=options
    )
    sessions = {}
    for number, token in tokens.items():
        session = SessionStore()
        session[SESSION_KEY] = {match.pk: token}
        session.save()
        sessions[number] = session.session_key
    return match, tokens, sessions
