"""A student's "Learn to play" step (classroom.class_tutorials): the class page's button."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from classroom import class_tutorials, services
from classroom.views import class_guess
from games.services import MatchError
from games.views import SESSION_KEY


@require_POST
def class_learn(request: HttpRequest, code: str) -> HttpResponse:
    """Open this student's guided first game (their own, dealt on the first click)."""
    found = class_guess(request, code)
    if isinstance(found, HttpResponse):
        return found
    session, student = found
    try:
        match, token = class_tutorials.tutorial_begin(
            session=session, student=student, browser_session=request.session
        )
    except (services.ClassroomError, MatchError) as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(services.class_url(session))
    if token is not None:
        seats = dict(request.session.get(SESSION_KEY, {}))
        seats[match.pk] = token
        request.session[SESSION_KEY] = seats
        known = dict(class_tutorials.tutorials_of(request.session))
        known[str(session.pk)] = match.pk
        request.session[class_tutorials.TUTORIALS_KEY] = known
    return HttpResponseRedirect(reverse("games:match", args=[match.pk]))
