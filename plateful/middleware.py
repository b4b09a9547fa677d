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
