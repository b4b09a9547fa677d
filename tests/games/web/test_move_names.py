"""Every move control says what it does and to which card (issue 31: Build-A-Meal's hand had nine
buttons named only "Put on plate"): on every page of every game, in both languages, the
accessible names of the enabled move buttons are all different. The name is computed as a
screen reader does for these buttons: aria-label when present, else the text inside (an image's
alt included)."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest
from django.utils import translation

from games import rendering, scheduler, services
from games.bots import bot_levels
from games.engines import ENGINES, get_engine
from games.models import Match
from games.services import SeatSpec

pytestmark = pytest.mark.django_db


class _MoveButtons(HTMLParser):
    """The accessible names of the page's enabled buttons that send a move (hx-vals)."""

    def __init__(self):
        super().__init__()
        self.names: list[str] = []
        self._open: dict | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "button" and "hx-vals" in attributes and "disabled" not in attributes:
            if attributes.get("aria-disabled") != "true":
                self._open = {"label": attributes.get("aria-label"), "text": []}
        elif tag == "img" and self._open is not None and attributes.get("alt"):
            self._open["text"].append(attributes["alt"])

    def handle_data(self, data):
        if self._open is not None:
            self._open["text"].append(data)

    def handle_endtag(self, tag):
        if tag == "button" and self._open is not None:
            name = self._open["label"] or " ".join(" ".join(self._open["text"]).split())
            self.names.append(name)
            self._open = None


def move_names(page: str) -> list[str]:
    parser = _MoveButtons()
    parser.feed(page)
    return parser.names


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_move_control_has_a_name_of_its_own(game):
    engine = get_engine(game)
    seats = [SeatSpec(kind="bot", bot_level=bot_levels(game)[0])] * max(
        engine.min_seats, 3 if engine.max_seats >= 3 else 2
    )
    match, _ = services.match_create(game=game, seats=seats, seed=5)
    pages = 0
    for _ in range(12):
        match.refresh_from_db()
        rows = rendering.read_rows(match)
        for language in ("en", "es"):
            with translation.override(language):
                for seat in range(match.seats):
                    names = move_names(rendering.live_html(match, seat, rows=rows))
                    twice = [name for name, count in Counter(names).items() if count > 1]
                    assert not twice, f"{game} v{match.version} seat {seat} ({language}): {twice}"
                    assert all(names), f"{game}: a move button with no name"
                    pages += bool(names)
        if match.status == Match.Status.FINISHED or not scheduler.bots_play(match_id=match.pk, max_moves=2):
            break
    assert pages, f"{game}: no page with a move was checked"
