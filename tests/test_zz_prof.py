import cProfile
import pstats
import time

import pytest
from django.utils import translation

from games import rendering, services
from games.engines import get_engine
from games.services import SeatSpec

pytestmark = pytest.mark.django_db


def test_prof():
    engine = get_engine("food-war")
    match, tokens = services.match_create(
        game="food-war", seats=[SeatSpec(kind="human", nickname=f"P{i}") for i in range(4)], seed=3
    )
    for _ in range(6):
        state = services.match_state(match=match)
        seat = [s for s in engine.to_move(state) if s is not None][0]
        services.match_submit_action(
            match_id=match.pk, seat=seat, action=engine.legal_actions(state, seat)[0], token=tokens[seat]
        )
        match.refresh_from_db()
    rows = rendering.read_rows(match)

    def draw():
        with translation.override("en"):
            public, slots = rendering.public_html(rows)
            for seat in range(4):
                rendering.private_html(rows, seat, slots)

    draw()
    start = time.process_time()
    for _ in range(50):
        draw()
    print("\nms per change (public + 4 private): %.2f" % ((time.process_time() - start) / 50 * 1000))
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(30):
        draw()
    prof.disable()
    stats = pstats.Stats(prof)
    stats.sort_stats("cumulative").print_stats(45)
