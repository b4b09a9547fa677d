"""A class session's reports for its teacher: the page, the CSV, the OneRoster 1.2 zip for the
school's system, and one student's report."""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from classroom import oneroster, reports
from classroom.views import teacher_session


@require_GET
@login_required
def report(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    context = {**reports.session_report(session), "retention_days": settings.CLASSROOM_RETENTION_DAYS}
    return render(request, "classroom/report.html", context)


@require_GET
@login_required
def report_csv(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="plateful-{session.code}-{session.created_at:%Y-%m-%d}.csv"'
    )
    reports.write_csv(response, session)
    return response


@require_GET
@login_required
def report_oneroster(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    response = HttpResponse(oneroster.package(session), content_type="application/zip")
    response["Content-Disposition"] = (
        f'attachment; filename="plateful-{session.code}-{session.created_at:%Y-%m-%d}-oneroster.zip"'
    )
    return response


@require_GET
@login_required
def student_report(request: HttpRequest, session_id: int, student_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    student = session.students.filter(pk=student_id).first()
    if student is None:
        raise Http404(_("That student isn't in this class session."))
    return render(request, "classroom/student_report.html", reports.student_report(session, student))
