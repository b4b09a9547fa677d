"""Homework pages: the teacher's list, a new assignment, its page with the results and their
OneRoster zip; the students' entry page (/homework), an assignment's page (/hw/<code>/: pick a
nickname or resume with a code, then play or do the lesson).

Small function views: each reads its input, calls one service and renders. htmx requests get a
partial; refusals come back as a plain sentence with a 4xx status (site.js shows it in #flash).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_ratelimit.core import get_usage

from classroom import dashboard, lessons
from classroom.code_guesses import (
    code_guess_refusal,
    code_guess_wrong,
    device_keep,
    device_of,
    link_lookups_used_up,
    link_wrong,
)
from classroom.forms import LESSON, activity_choices, game_options
from classroom.services import lesson_card_records
from games.services import MatchError, games_catalog
from homework import oneroster, results, services
from homework.forms import (
    TUTORIAL,
    AssignmentForm,
    CodeForm,
    DatesForm,
    HomeworkLessonForm,
    NicknameForm,
    ResumeForm,
    TutorialForm,
    homework_game_form_class,
)
from homework.models import Assignment, Student
from plateful import google_share

NEW_CODES_KEY = "homework_new_codes"  # browser session: {assignment id: a resume code not yet noted}


def _refuse(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


# ----- the teacher's pages -----------------------------------------------------------------------


def _teacher_assignment(request: HttpRequest, assignment_id: int) -> Assignment:
    try:
        return services.assignment_of_teacher(teacher=request.user, assignment_id=assignment_id)
    except services.HomeworkError as error:
        raise Http404(error.message) from None


@require_GET
@login_required
def homework_list(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    assignments = list(Assignment.objects.filter(teacher=request.user).prefetch_related("students"))
    current = [a for a in assignments if a.state(now) != "closed"]
    closed = [a for a in assignments if a.state(now) == "closed"]
    return render(request, "homework/teach_list.html", {"current": current, "closed": closed, "now": now})


def _game_forms(data=None, chosen: str = "") -> list[dict]:
    game_forms = []
    for entry in games_catalog():
        bound = data is not None and entry["slug"] == chosen
        form = homework_game_form_class(entry["engine"])(data if bound else None, prefix=entry["slug"])
        legend = _("%(name)s against bots: goal and options") % {"name": entry["name"]}
        game_forms.append({"slug": entry["slug"], "name": entry["name"], "legend": legend, "form": form})
    return game_forms


def _create(
    request: HttpRequest, form: AssignmentForm, game_forms, lesson_form, tutorial_form
) -> Assignment | None:
    """The assignment the valid forms describe (None: a form says what is wrong)."""
    activity = form.cleaned_data["activity"]
    dates = {
        "title": form.cleaned_data["title"],
        "opens_at": form.cleaned_data["opens_at"],
        "due_at": form.cleaned_data["due_at"],
        "late_until": form.cleaned_data["late_until"],
        "time_zone": form.cleaned_data["time_zone"],
    }
    if activity == LESSON:
        if not lesson_form.is_valid():
            return None
        return services.assignment_create(
            teacher=request.user,
            kind=Assignment.Kind.LESSON,
            goal=Assignment.Goal.BALANCED,
            goal_count=lesson_form.cleaned_data["goal_count"],
            meal_rules=lesson_form.meal_rules(),
            lesson_cards=lesson_form.cleaned_data["cards"],
            **dates,
        )
    if activity == TUTORIAL:
        if not tutorial_form.is_valid():
            return None
        return services.assignment_create(
            teacher=request.user,
            kind=Assignment.Kind.TUTORIAL,
            game=tutorial_form.cleaned_data["game"],
            goal=Assignment.Goal.LEARN,
            **dates,
        )
    game_form = next(g["form"] for g in game_forms if g["slug"] == activity)
    if not game_form.is_valid():
        return None
    return services.assignment_create(
        teacher=request.user,
        kind=Assignment.Kind.GAME,
        game=activity,
        options=game_options(game_form.cleaned_data),
        seats=game_form.cleaned_data["seats"],
        bot_level=game_form.cleaned_data.get("bot_level", ""),
        goal=game_form.cleaned_data["goal"],
        goal_count=game_form.cleaned_data["goal_count"],
        **dates,
    )


@require_http_methods(["GET", "POST"])
@login_required
def assignment_new(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    zone = services.time_zone_clean(data.get("time_zone", "") if data else "")
    chosen = data.get("activity", "") if data else ""
    with timezone.override(services.zone_of(zone)):  # the dates typed are in the teacher's time zone
        form = AssignmentForm(
            data,
            activities=[*activity_choices(), (TUTORIAL, _("Learn-to-play lesson"))],
            initial={"activity": request.GET.get("activity", ""), "time_zone": settings.TIME_ZONE},
        )
        game_forms = _game_forms(data, chosen)
        lesson_form = HomeworkLessonForm(
            data if chosen == LESSON else None, card_records=lesson_card_records(), prefix="lesson"
        )
        tutorial_form = TutorialForm(data if chosen == TUTORIAL else None, prefix=TUTORIAL)
        if request.method == "POST" and form.is_valid():
            try:
                assignment = _create(request, form, game_forms, lesson_form, tutorial_form)
            except (services.HomeworkError, MatchError) as error:
                form.add_error(None, error.message)
            else:
                if assignment is not None:
                    return HttpResponseRedirect(reverse("homework:assignment", args=[assignment.pk]))
    return render(
        request,
        "homework/new.html",
        {
            "form": form,
            "game_forms": game_forms,
            "lesson_form": lesson_form,
            "lesson_lead": [lesson_form["goal_count"]],
            "tutorial_form": tutorial_form,
            "chosen": chosen or form["activity"].value(),
        },
        status=400 if request.method == "POST" else 200,
    )


def homework_link(request: HttpRequest, assignment: Assignment) -> str:
    return request.build_absolute_uri(services.homework_url(assignment))


def _dates_initial(assignment: Assignment) -> dict:
    zone = services.zone_of(assignment.time_zone)
    return {
        "opens_at": timezone.localtime(assignment.opens_at, zone),
        "due_at": timezone.localtime(assignment.due_at, zone),
        "late_until": timezone.localtime(assignment.late_until, zone) if assignment.late_until else None,
    }


def _assignment_page(request: HttpRequest, assignment: Assignment, dates_form=None, status: int = 200):
    link = homework_link(request, assignment)
    found = results.assignment_results(assignment)
    context = {
        "assignment": assignment,
        "state": assignment.state(),
        "link": link,
        "entry_url": request.build_absolute_uri(services.ENTRY_URL),
        "qr": dashboard.qr_svg(link),
        "results": found,
        "totals": assignment.summary if assignment.purged_at else results.totals(found),
        "goal": results.goal_words(assignment),
        "dates_form": dates_form or DatesForm(initial=_dates_initial(assignment)),
        "retention_days": settings.CLASSROOM_RETENTION_DAYS,
        **google_share.share_context(link),
    }
    with timezone.override(services.zone_of(assignment.time_zone)):
        return google_share.with_google_share(
            render(request, "homework/assignment.html", context, status=status)
        )


@require_GET
@login_required
def assignment_page(request: HttpRequest, assignment_id: int) -> HttpResponse:
    return _assignment_page(request, _teacher_assignment(request, assignment_id))


@require_POST
@login_required
def assignment_dates(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = _teacher_assignment(request, assignment_id)
    with timezone.override(services.zone_of(assignment.time_zone)):
        form = DatesForm(request.POST)
        valid = form.is_valid()
    if valid:
        try:
            services.assignment_set_dates(
                assignment=assignment,
                opens_at=form.cleaned_data["opens_at"] or assignment.opens_at,
                due_at=form.cleaned_data["due_at"],
                late_until=form.cleaned_data["late_until"],
            )
        except services.HomeworkError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("The dates are changed."))
            return HttpResponseRedirect(reverse("homework:assignment", args=[assignment.pk]))
    return _assignment_page(request, assignment, dates_form=form, status=400)


@require_GET
@login_required
def assignment_oneroster(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = _teacher_assignment(request, assignment_id)
    response = HttpResponse(oneroster.package(assignment), content_type="application/zip")
    response["Content-Disposition"] = (
        f'attachment; filename="plateful-homework-{assignment.code}-oneroster.zip"'
    )
    return response


@require_http_methods(["GET", "POST"])
@login_required
def assignment_delete(request: HttpRequest, assignment_id: int) -> HttpResponse:
    assignment = _teacher_assignment(request, assignment_id)
    if request.method == "POST":
        services.assignment_delete(assignment=assignment)
        messages.success(request, _("The homework and all its students' data are deleted."))
        return HttpResponseRedirect(reverse("homework:list"))
    return render(request, "homework/delete.html", {"assignment": assignment})


@require_POST
@login_required
def student_new_code(request: HttpRequest, assignment_id: int, student_id: int) -> HttpResponse:
    assignment = _teacher_assignment(request, assignment_id)
    try:
        student, code = services.student_new_resume_code(assignment=assignment, student_id=student_id)
    except services.HomeworkError as error:
        raise Http404(error.message) from None
    messages.success(
        request,
        _("%(name)s's new resume code is %(code)s. Give it to them: it is shown only this once.")
        % {"name": student.nickname, "code": services.resume_code_show(code)},
    )
    return HttpResponseRedirect(reverse("homework:assignment", args=[assignment.pk]))


# ----- students: finding the homework, wrong codes ------------------------------------------------


OPENED_KEY = "homework_opened"  # browser session: ids of the assignments whose code it typed right
OPENED_LIMIT = 20


def _code_refusal(request: HttpRequest) -> str | None:
    """Why this browser may not have a homework or resume code looked up now, or None
    (classroom.code_guesses: wrong codes count per browser, and per address without a device
    cookie; right ones never)."""
    return code_guess_refusal(request, device=device_of(request))


def _wrong_code(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Count a wrong code typed and sent, and give the browser its device id with the answer:
    its next wrong codes count as its own."""
    return device_keep(request, response, code_guess_wrong(request, device=device_of(request)))


def _remember_opened(request: HttpRequest, assignment: Assignment) -> None:
    opened = [pk for pk in request.session.get(OPENED_KEY, []) if pk != assignment.pk]
    request.session[OPENED_KEY] = [*opened, assignment.pk][-OPENED_LIMIT:]


def _code_form(request: HttpRequest, code: str, *, error: str = "", status: int = 200) -> HttpResponse:
    context: dict = {"form": CodeForm(initial={"code": services.code_normalize(code)})}
    if error:
        context["error"] = error
    return render(request, "homework/entry.html", context, status=status)


@require_http_methods(["GET", "POST"])
def entry(request: HttpRequest) -> HttpResponse:
    """/homework: type the homework code. A GET with ?code= (a link) goes to the homework's
    address, which asks for the code again unless this browser typed it before: only a code sent
    with the form is looked up (and counted when wrong)."""
    if request.method == "GET":
        code = services.code_normalize(request.GET.get("code", ""))
        if code:
            return HttpResponseRedirect(reverse("homework:page", args=[code]))
        return _code_form(request, "")
    assignment = _assignment_or_refusal(request, request.POST.get("code", ""))
    if isinstance(assignment, HttpResponse):
        return assignment
    _remember_opened(request, assignment)
    return HttpResponseRedirect(services.homework_url(assignment))


def _assignment_or_refusal(request: HttpRequest, code: str) -> Assignment | HttpResponse:
    """The assignment of a code typed and sent (a POST), or the code form saying why not (a wrong
    code counts against this browser, and its address when it has no device cookie)."""
    if refusal := _code_refusal(request):
        return _code_form(request, code, error=refusal, status=429)
    try:
        return services.assignment_for_code(code=code)
    except services.HomeworkError as error:
        page = _code_form(request, code, error=error.message, status=error.status)
        return _wrong_code(request, page) if error.code == "wrong_code" else page


# ----- students: an assignment's page -----------------------------------------------------------


def _lesson_board(assignment: Assignment, student: Student, check=None) -> dict:
    last = student.attempts.order_by("-number").first() if check is None else None
    board = lessons.lesson_board(
        assignment, student.plate, check=check, recheck=last is not None and last.cards == student.plate
    )
    board["attempts"] = student.attempts.count()
    board["successes"] = student.attempts.filter(balanced=True).count()
    return board


def _student_context(request: HttpRequest, assignment: Assignment, student: Student | None) -> dict:
    state = assignment.state()
    context = {
        "assignment": assignment,
        "state": state,
        "student": student,
        "goal": results.goal_words(assignment),
        "due": services.when(assignment.due_at, assignment),
        "closes": services.when(assignment.closes_at, assignment),
        "opens": services.when(assignment.opens_at, assignment),
    }
    if student is None:
        return context
    result = results.result_of_student(student)
    context["result"] = result
    # A game not over yet (a guided game may be played on after its lesson is finished).
    context["playing"] = next((row for row in result.attempts if row.match_id and not row.game_over), None)
    new_code = (request.session.get(NEW_CODES_KEY) or {}).get(str(assignment.pk))
    context["new_code"] = services.resume_code_show(new_code) if new_code else ""
    if assignment.is_lesson and state in ("open", "late"):
        context.update(_lesson_board(assignment, student))
    return context


def _student_page(
    request: HttpRequest, assignment: Assignment, student: Student | None, *, status: int = 0, **extra
) -> HttpResponse:
    context = {**_student_context(request, assignment, student), **extra}
    if student is None and context["state"] in ("open", "late"):
        context.setdefault("nickname_form", NicknameForm())
        context.setdefault("resume_form", ResumeForm())
    status = status or (410 if context["state"] == "closed" else 200)
    return render(request, "homework/student.html", context, status=status)


@require_GET
def homework_page(request: HttpRequest, code: str) -> HttpResponse:
    """A student's homework: pick a nickname or resume with a code, then play or do the lesson;
    before it opens and after it closes, a polite word (and their own results). A link is never a
    typed guess (classroom.code_guesses): a wrong one counts only against links, and past their
    limit a browser that hasn't typed this code right (nor is its student) gets the code form
    with the code filled in, right or wrong alike."""
    assignment = Assignment.objects.filter(code=services.code_normalize(code)).first()
    known = assignment is not None and (
        assignment.pk in request.session.get(OPENED_KEY, [])
        or str(assignment.pk) in services.students_of(request.session)
    )
    if not known and link_lookups_used_up(request):
        return _code_form(request, code)
    try:
        assignment = services.assignment_for_code(code=code)
    except services.HomeworkError as error:
        link_wrong(request)
        return _code_form(request, code, error=error.message, status=error.status)
    if services.code_normalize(code) != code:
        return HttpResponseRedirect(services.homework_url(assignment))
    return _student_page(
        request, assignment, services.student_of_browser(assignment=assignment, session=request.session)
    )


def _join_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_JOIN_RATE


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    assignment = _assignment_or_refusal(request, code)
    if isinstance(assignment, HttpResponse):
        return assignment
    if services.student_of_browser(assignment=assignment, session=request.session) is not None:
        return HttpResponseRedirect(services.homework_url(assignment))
    form = NicknameForm(request.POST)
    if request.POST.get("action") == "fun-name":
        return _student_page(
            request,
            assignment,
            None,
            nickname_form=NicknameForm(initial={"nickname": services.fun_name(assignment=assignment)}),
        )
    usage = get_usage(request, group="homework.join", key="ip", rate=_join_rate, increment=True)
    if usage and usage["should_limit"]:
        return _student_page(
            request,
            assignment,
            None,
            nickname_form=form,
            join_error=_("Too many players started from here at once. Wait a minute, then try again."),
            status=429,
        )
    try:
        student, resume_code = services.student_join(
            assignment=assignment, nickname=request.POST.get("nickname", "")
        )
    except services.HomeworkError as error:
        return _student_page(
            request, assignment, None, nickname_form=form, join_error=error.message, status=error.status
        )
    services.student_remember(session=request.session, student=student)
    new_codes = dict(request.session.get(NEW_CODES_KEY) or {})
    new_codes[str(assignment.pk)] = resume_code
    request.session[NEW_CODES_KEY] = new_codes
    return HttpResponseRedirect(services.homework_url(assignment))


@require_POST
def resume(request: HttpRequest, code: str) -> HttpResponse:
    """Carry on with a resume code: this browser becomes that student again."""
    assignment = _assignment_or_refusal(request, code)
    if isinstance(assignment, HttpResponse):
        return assignment
    form = ResumeForm(request.POST)
    if refusal := _code_refusal(request):
        return _student_page(request, assignment, None, resume_form=form, resume_error=refusal, status=429)
    try:
        services.assignment_must_be_open(assignment)
        student = services.student_resume(assignment=assignment, code=request.POST.get("resume_code", ""))
    except services.HomeworkError as error:
        page = _student_page(
            request, assignment, None, resume_form=form, resume_error=error.message, status=error.status
        )
        return _wrong_code(request, page) if error.code == "wrong_resume_code" else page
    services.student_remember(session=request.session, student=student)
    return HttpResponseRedirect(services.homework_url(assignment))


@require_POST
def code_noted(request: HttpRequest, code: str) -> HttpResponse:
    """ "I wrote it down": the resume code is not shown again."""
    assignment = _assignment_or_refusal(request, code)
    if isinstance(assignment, HttpResponse):
        return assignment
    new_codes = dict(request.session.get(NEW_CODES_KEY) or {})
    if new_codes.pop(str(assignment.pk), None) is not None:
        request.session[NEW_CODES_KEY] = new_codes
    return HttpResponseRedirect(services.homework_url(assignment))


def _student_or_refusal(request: HttpRequest, code: str) -> tuple[Assignment, Student] | HttpResponse:
    assignment = _assignment_or_refusal(request, code)
    if isinstance(assignment, HttpResponse):
        return assignment
    student = services.student_of_browser(assignment=assignment, session=request.session)
    if student is None:
        if request.htmx:
            return _refuse(
                _("Open your homework's page first and pick a nickname or type your resume code."), 403
            )
        return HttpResponseRedirect(services.homework_url(assignment))
    return assignment, student


@require_POST
def play(request: HttpRequest, code: str) -> HttpResponse:
    """Play: the student's unfinished game, else a new one."""
    found = _student_or_refusal(request, code)
    if isinstance(found, HttpResponse):
        return found
    assignment, student = found
    try:
        url = services.game_play(student=student, session=request.session)
    except (services.HomeworkError, MatchError) as error:
        messages.error(request, error.message)
        return HttpResponseRedirect(services.homework_url(assignment))
    return HttpResponseRedirect(url)


def _lesson_post(request: HttpRequest, code: str, do) -> HttpResponse:
    found = _student_or_refusal(request, code)
    if isinstance(found, HttpResponse):
        return found
    assignment, student = found
    try:
        check = do(student)
    except services.HomeworkError as error:
        if request.htmx:
            return _refuse(error.message, error.status)
        messages.error(request, error.message)
        return HttpResponseRedirect(services.homework_url(assignment))
    if not request.htmx:
        return HttpResponseRedirect(services.homework_url(assignment))
    context = _student_context(request, assignment, student)
    context.update(_lesson_board(assignment, student, check))
    return render(request, "homework/student.html#lesson", {**context, "oob": True})


@require_POST
def lesson_plate(request: HttpRequest, code: str) -> HttpResponse:
    def toggle(student):
        services.lesson_toggle_card(student=student, card_id=request.POST.get("card", ""))

    return _lesson_post(request, code, toggle)


@require_POST
def lesson_clear(request: HttpRequest, code: str) -> HttpResponse:
    return _lesson_post(request, code, lambda student: services.lesson_clear(student=student))


@require_POST
def lesson_check(request: HttpRequest, code: str) -> HttpResponse:
    def check(student):
        _attempt, result = services.lesson_check(student=student)
        return result

    return _lesson_post(request, code, check)
