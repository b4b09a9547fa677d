"""Site-wide pages: the home page, the privacy page and the health check."""

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from lti_tool.models import LtiRegistration

from plateful.health import site_health


@require_GET
def home(request):
    return render(request, "home.html")


@require_GET
def privacy(request):
    """What the site keeps about a child and a teacher, and for how long: the numbers are this
    site's own settings, so the page never promises what the operator changed."""
    context = {
        "retention_days": settings.CLASSROOM_RETENTION_DAYS,
        "finished_days": _days(settings.GAMES_FINISHED_DAYS),
        "unfinished_hours": _days(settings.GAMES_UNFINISHED_HOURS),
        "session_days": settings.SESSION_COOKIE_AGE // (24 * 3600),
        "lock_minutes": _days(settings.AXES_COOLOFF_TIME * 60),
        "code_hours": settings.CLASSROOM_CODE_HOURS,
        "google_share": settings.GOOGLE_CLASSROOM_SHARE,
        # A school's LMS registered by the operator (docs/lti.md) receives its own students' scores.
        "lti_in_use": LtiRegistration.objects.active().exists(),
    }
    return render(request, "privacy.html", context)


def _days(number: float) -> int | float:
    """A setting's number as people write it: 30, not 30.0."""
    return int(number) if float(number).is_integer() else number


@never_cache
@require_GET
async def healthz(request):
    """One line per check ("database: ok", "channel layer: ok"); 200 only when every check is
    ok, 503 otherwise. `?ready` (for load balancers) also needs migrations applied and decks
    loaded, so a new worker gets traffic only once it can serve games."""
    report = await site_health(ready="ready" in request.GET)
    healthy = all(answer == "ok" for answer in report.values())
    body = "".join(f"{name}: {answer}\n" for name, answer in report.items())
    return HttpResponse(body, status=200 if healthy else 503, content_type="text/plain; charset=utf-8")
