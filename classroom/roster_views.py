"""The teacher's controls of one student (the dashboard's buttons): take out (remove or ban),
accept a waiting name, rename (a page of its own: the dashboard's live redraws would wipe a name
half typed in place), and how the children of their device play. Each calls one service and
answers as the other controls do."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from classroom import roster, services, teams, views
from games.services import MatchError


def _control(request: HttpRequest, session_id: int, do, done) -> HttpResponse:
    """Run one control on the teacher's own session; answer with the dashboard (htmx) or a
    redirect and a message, or the refusal."""
    session = views.teacher_session(request, session_id)
    try:
        student = do(session)
    except (services.ClassroomError, MatchError) as error:
        return views.control_failed(request, session, error)
    return views.after_control(request, session, done(student))


@require_POST
@login_required
def student_remove(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    """Out of the session; this browser may join again under a new name."""
    return _control(
        request,
        session_id,
        lambda session: roster.student_remove(session=session, student_id=student_id),
        lambda _student: _("The student is out. They may join again with a new name."),
    )


@require_POST
@login_required
def student_ban(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    """Out of the session for good: this browser can't come back to it."""
    return _control(
        request,
        session_id,
        lambda session: roster.student_remove(session=session, student_id=student_id, ban=True),
        lambda _student: _("The student is out and can't join this session again."),
    )


@require_POST
@login_required
def student_approve(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    """Accept a waiting name ("I approve names")."""
    return _control(
        request,
        session_id,
        lambda session: roster.student_approve(session=session, student_id=student_id),
        lambda student: _("%(name)s can play now.") % {"name": student.nickname},
    )


@require_POST
@login_required
def device_pass(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    """How the children of a student's device play: a seat each, passing the device ("pass" is
    "1"), or one seat shared ("0"), from their next game."""
    choice = request.POST.get("pass", "")
    if choice not in ("0", "1"):
        session = views.teacher_session(request, session_id)
        refusal = services.ClassroomError(_("Choose a seat for each child or one shared seat."))
        return views.control_failed(request, session, refusal)
    passing = choice == "1"

    def done(holder) -> str:
        if passing:
            return _("%(names)s: a seat each, passing the device, from their next game.") % {
                "names": teams.team_label(holder)
            }
        return _("%(names)s: one shared seat, from their next game.") % {"names": teams.team_label(holder)}

    return _control(
        request,
        session_id,
        lambda session: roster.device_set_passing(session=session, student_id=student_id, passing=passing),
        done,
    )


@require_http_methods(["GET", "POST"])
@login_required
def student_rename(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    """A page with one field: the student's new name (the dashboard links here; its live redraws
    would wipe a name half typed in place)."""
    session = views.teacher_session(request, session_id)
    student = session.students.filter(pk=student_id, removed_at__isnull=True).first()
    if student is None:
        raise Http404(_("That student isn't in this class session."))
    context = {"session": session, "student": student, "nickname": student.nickname}
    if request.method == "POST":
        nickname = request.POST.get("nickname", "")
        try:
            roster.student_rename(session=session, student_id=student.pk, nickname=nickname)
        except (services.ClassroomError, MatchError) as error:
            context.update(error=error.message, nickname=nickname)
            return render(request, "classroom/student_rename.html", context, status=error.status)
        messages.success(request, _("Renamed. Everyone sees the new name now."))
        return HttpResponseRedirect(reverse("classroom:session", args=[session.pk]))
    return render(request, "classroom/student_rename.html", context)
