"""Google Classroom's share button (developers.google.com/classroom/guides/sharebutton) on the
pages of a class session and a homework, only when the operator turns it on
(GOOGLE_CLASSROOM_SHARE, off by default): it is the one third party the site can load, so the
privacy page names it then, and the Content-Security-Policy lets Google's script and its share
frame in on those two pages alone."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse

SCRIPT = "https://apis.google.com/js/platform.js"
# What the button needs beyond the site's own policy: Google's script, and the frames it opens.
CSP_UPDATE = {
    "script-src": ["https://apis.google.com"],
    "frame-src": ["https://apis.google.com", "https://classroom.google.com", "https://accounts.google.com"],
}


def share_context(url: str) -> dict:
    """The template context of the button (templates/_google_share.html): empty when it is off."""
    return {"google_share_url": url, "google_share_script": SCRIPT} if settings.GOOGLE_CLASSROOM_SHARE else {}


def with_google_share(response: HttpResponse) -> HttpResponse:
    """Let this one page load the button (django-csp reads `_csp_update` off the response)."""
    if settings.GOOGLE_CLASSROOM_SHARE:
        response._csp_update = CSP_UPDATE
    return response
