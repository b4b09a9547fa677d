"""Under ASGI the whole middleware stack runs in one thread per request (plateful.middleware.
OneThreadPerRequest): a request crosses between the event loop and a thread a few times, not
once or twice per middleware."""

import pytest
from asgiref import sync
from channels.testing import HttpCommunicator
from django.conf import settings

from plateful.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_sync_only_layer_is_innermost():
    assert settings.MIDDLEWARE[-1] == "plateful.middleware.OneThreadPerRequest"


async def test_a_page_request_hops_to_a_thread_a_few_times_not_per_middleware(monkeypatch):
    hops = []
    original = sync.SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        hops.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(sync.SyncToAsync, "__call__", counted)
    request = HttpCommunicator(application, "GET", "/games/", headers=[(b"host", b"testserver")])
    response = await request.get_response()
    assert response["status"] == 200
    # The stack in one hop, the view in another, and the request signals around them; with an
    # async innermost layer this was over twenty (two per MiddlewareMixin middleware).
    assert len(hops) <= 5, hops
