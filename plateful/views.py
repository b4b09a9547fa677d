"""Site-wide pages: the home page and the health check."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from plateful.health import site_health


@require_GET
def home(request):
    return render(request, "home.html")


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
