"""A Redis outage under the teacher's dashboard (plateful.live_layer): the socket stays open,
says "live updates paused", and is drawn again in full, with the changes made meanwhile, when
Redis is back. Redis is a redis-server of the test's own (tests/faults/redis_process.py)."""

from __future__ import annotations

import pytest

from tests.classroom.test_consumers import _class, _connect, _join
from tests.games.web.test_outage import NOTICE_CLEARED, PAUSED, _receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.production_path]


async def test_the_dashboard_stays_open_through_an_outage_and_redraws_when_redis_is_back(
    settings, private_redis
):
    settings.CLASSROOM_DASHBOARD_COALESCE_MS = 50
    teacher, browser, session, students = await _class()
    dashboard = await _connect(f"/ws/teach/{session.pk}/dashboard/", browser)
    assert "Ana" in await dashboard.receive_from()
    private_redis.stop()
    await _join(session, "Ben")  # committed; its "changed" could not be sent
    await _receive_until(dashboard, lambda html: PAUSED in html)
    private_redis.start()
    redrawn = await _receive_until(dashboard, lambda html: 'id="dashboard"' in html)
    assert "Ben" in redrawn
    await _receive_until(dashboard, lambda html: NOTICE_CLEARED.search(html) is not None)
    await _join(session, "Cleo")  # live again: through the group re-joined after the restart
    await _receive_until(dashboard, lambda html: "Cleo" in html, seconds=5)
    await dashboard.disconnect()
