"""Site-wide request checks."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _

from plateful.safe_input import all_storable, is_storable

_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _pairs(query_dict) -> list[str]:
    return [text for key, values in query_dict.lists() for text in (key, *values)]


class UnstorableInputMiddleware(MiddlewareMixin):
    """Refuse a NUL byte or broken Unicode in the address, the query, a form field or a cookie,
    with a clear 404 (address) or 400 (the rest), before any view or session reads the database.
    """

    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        if not is_storable(request.path_info):
            return HttpResponse(
                _("There is no page at that address."), status=404, content_type="text/plain; charset=utf-8"
            )
        texts = _pairs(request.GET) + [text for pair in request.COOKIES.items() for text in pair]
        if request.method == "POST" and request.content_type in _FORM_TYPES:
            texts += _pairs(request.POST)
        if not all_storable(texts):
            return HttpResponse(
                _("The request holds a character we can't accept (a NUL byte or broken text)."),
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        return None


class OneThreadPerRequest:
    """The innermost middleware, sync only, so Django runs the whole middleware stack as plain
    synchronous code in one worker thread per request.

    Under ASGI Django picks each middleware's mode from the one inside it. With an async
    innermost layer, every MiddlewareMixin middleware (sessions, CSRF, messages...) runs in
    async mode, which hops to a thread and back for each of its process_request and
    process_response, and WhiteNoise (sync only) hops back again: about twenty thread switches
    per request, a large share of a move's CPU on a busy server (benchmarks/README.md, "Load").
    A sync-only layer here puts all of them in sync mode: one hop in, one to the view.
    """

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)
