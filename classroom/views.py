"""Classroom pages: teacher accounts, the teacher's panel and live session pages, reports, and
the students' join page and class page (lobby, lesson, "paused", "ended").

Small function views: each reads its input, calls one service and renders. htmx requests get a
partial (`template.html#partial`); refusals come back as a plain sentence with a 4xx status
(site.js shows it in #flash).
"""

from __future__ import annotations

import secrets
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_ratelimit.core import get_usage
from django_ratelimit.decorators import ratelimit

from classroom import (
    class_tutorials,
    dashboard,
    lessons,
    reports,
    retention,
    roster,
    services,
    teams,
)
from classroom.code_guesses import code_guess_refusal, code_guess_wrong, device_keep, device_of
from classroom.forms import (
    LESSON,
    JoinForm,
    LessonForm,
    SessionForm,
    TeacherSignupForm,
    add_session_fields,
    deck_field,
    game_form_class,
    game_options,
)
from classroom.gates import STUDENTS_KEY, students_of
from classroom.models import ClassSession, Student
from decks import needs as deck_needs
from decks import services as decks
from games.models import Pace
from games.services import MatchError, games_catalog
from games.views import SESSION_KEY
from nicknames import fun_names
from plateful import google_share


def _refuse(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _go(request: HttpRequest, url: str) -> HttpResponse:
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return HttpResponseRedirect(url)


# ----- teacher accounts --------------------------------------------------------------------------


def _signup_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_SIGNUP_RATE


@require_http_methods(["GET", "POST"])
@ratelimit(key="ip", rate=_signup_rate, method="POST", block=False)
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return HttpResponseRedirect(reverse("classroom:teach"))
    form = TeacherSignupForm(request.POST or None)
    if request.method == "POST":
        if getattr(request, "limited", False):
            form.add_error(None, _("Too many new accounts from here. Please try again later."))
            return render(request, "registration/signup.html", {"form": form}, status=429)
        if form.is_valid():
            user = form.save()
            services.teacher_add_to_group(user=user)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome! Start your first class session below."))
            return HttpResponseRedirect(reverse("classroom:teach"))
    return render(request, "registration/signup.html", {"form": form})


# ----- the teacher's panel -----------------------------------------------------------------------


def teacher_session(request: HttpRequest, session_id: int) -> ClassSession:
    try:
        return services.session_of_teacher(teacher=request.user, session_id=session_id)
    except services.ClassroomError as error:
        raise Http404(error.message) from None


@require_GET
@login_required
def teach(request: HttpRequest) -> HttpResponse:
    # The class as its report counts it: no name taken out or still waiting for the teacher's OK.
    stayed = Count("students", filter=Q(students__removed_at__isnull=True, students__pending=False))
    sessions = list(
        ClassSession.objects.filter(teacher=request.user).order_by("-created_at").annotate(class_size=stayed)
    )
    by_day: list[tuple[object, list[ClassSession]]] = []
    for session in sessions:
        day = session.created_at.date()
        if not by_day or by_day[-1][0] != day:
            by_day.append((day, []))
        by_day[-1][1].append(session)
    return render(request, "classroom/teach.html", {"by_day": by_day, "games": games_catalog()})


def _game_forms(data=None, chosen: str = "", deck_choices=(), deck_initial: str = "") -> list[dict]:
    forms_ = []
    eat_right = set(deck_needs.eat_right_games()) if deck_choices else set()
    for entry in games_catalog():
        form_class = game_form_class(entry["engine"])
        bound = data is not None and entry["slug"] == chosen
        form = form_class(data if bound else None, prefix=entry["slug"])
        if entry["slug"] in eat_right:
            form.fields["deck"] = deck_field(list(deck_choices), initial=deck_initial)
        add_session_fields(form, entry["slug"])
        legend = _("%(name)s: tables and options") % {"name": entry["name"]}
        forms_.append({"slug": entry["slug"], "name": entry["name"], "legend": legend, "form": form})
    return forms_


def _chosen_deck(request: HttpRequest, deck_id: str):
    """The teacher's own deck picked on the form (None: the Eat Right deck)."""
    if not deck_id:
        return None
    try:
        return decks.deck_of(owner=request.user, deck_id=deck_id)
    except decks.DeckError as error:
        raise services.ClassroomError(error.message, status=error.status) from None


@require_http_methods(["GET", "POST"])
@login_required
def session_new(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    deck_choices = decks.deck_choices(owner=request.user)
    deck_initial = request.GET.get("deck", "")
    form = SessionForm(data, initial={"activity": request.GET.get("activity", "")})
    chosen = data.get("activity", "") if data else ""
    game_forms = _game_forms(data, chosen, deck_choices, deck_initial)
    lesson_deck_id = (data or request.GET).get("lesson-deck", deck_initial) if deck_choices else ""
    try:
        lesson_deck = _chosen_deck(request, lesson_deck_id)
    except services.ClassroomError:
        lesson_deck, lesson_deck_id = None, ""
    lesson_form = LessonForm(
        data if chosen == LESSON else None,
        card_records=services.lesson_card_records(lesson_deck),
        deck_choices=deck_choices,
        deck_initial=lesson_deck_id,
        prefix="lesson",
    )
    if request.method == "POST" and form.is_valid():
        activity = form.cleaned_data["activity"]
        try:
            if activity == LESSON:
                if lesson_form.is_valid():
                    session = services.session_create(
                        teacher=request.user,
                        kind=ClassSession.Kind.LESSON,
                        title=form.cleaned_data["title"],
                        approve_names=form.cleaned_data["approve_names"],
                        meal_rules=lesson_form.meal_rules(),
                        lesson_cards=lesson_form.cleaned_data["cards"],
                        deck=lesson_deck,
                    )
                    return HttpResponseRedirect(reverse("classroom:session", args=[session.pk]))
            else:
                game_form = next(g["form"] for g in game_forms if g["slug"] == activity)
                if game_form.is_valid():
                    session = services.session_create(
                        teacher=request.user,
                        kind=ClassSession.Kind.GAME,
                        title=form.cleaned_data["title"],
                        approve_names=form.cleaned_data["approve_names"],
                        game=activity,
                        options=game_options(game_form.cleaned_data),
                        seats_per_table=game_form.cleaned_data["seats"],
                        bot_level=game_form.cleaned_data.get("bot_level", ""),
                        deck=_chosen_deck(request, game_form.cleaned_data.get("deck", "")),
                        pace=game_form.cleaned_data["pace"] or Pace.STEADY,
                        tutorial_first=game_form.cleaned_data.get("tutorial_first", False),
                    )
                    return HttpResponseRedirect(reverse("classroom:session", args=[session.pk]))
        except (services.ClassroomError, MatchError) as error:
            form.add_error(None, error.message)
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "classroom/session_new.html",
        {
            "form": form,
            "game_forms": game_forms,
            "lesson_form": lesson_form,
            "chosen": chosen or form["activity"].value(),
        },
        status=status,
    )


@require_GET
@login_required
def session_page(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    context = {**dashboard.dashboard_context(session), "join_url": dashboard.join_url(request, session)}
    context["qr"] = dashboard.qr_svg(context["join_url"])
    if request.htmx:
        return render(request, "classroom/session.html#dashboard", context)
    context.update(google_share.share_context(context["join_url"]))
    return google_share.with_google_share(render(request, "classroom/session.html", context))


@require_GET
@login_required
def projector(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    url = dashboard.join_url(request, session)
    context = {**dashboard.projector_context(session), "join_url": url, "qr": dashboard.qr_svg(url)}
    return render(request, "classroom/projector.html", context)


def _with_flash_cleared(request: HttpRequest, response: HttpResponse, template: str) -> HttpResponse:
    """An htmx answer that worked also hides the page's last refusal (#flash, out of band): an
    error must not outlive the next action that succeeded."""
    response.content += render_to_string(template + "#flash", {"oob": True}, request=request).encode()
    return response


def after_control(request: HttpRequest, session: ClassSession, done: str) -> HttpResponse:
    """A control that worked: the dashboard. Nothing out of band: the dashboard's own push often
    replaces the form before this answer comes, and htmx then looks for out-of-band targets
    under the detached form only (htmx:oobErrorNoTarget); site.js hides the last refusal."""
    if request.htmx:
        return render(request, "classroom/session.html#dashboard", dashboard.dashboard_context(session))
    messages.success(request, done)
    return HttpResponseRedirect(reverse("classroom:session", args=[session.pk]))


def control_failed(request: HttpRequest, session: ClassSession, error) -> HttpResponse:
    if request.htmx:
        return _refuse(error.message, error.status)
    messages.error(request, error.message)
    return HttpResponseRedirect(reverse("classroom:session", args=[session.pk]))


CONTROLS = {
    "start": (
        lambda s: services.session_start(session=s),
        lambda: _("The class session has started."),
    ),
    "lock": (
        lambda s: services.session_set_locked(session=s, locked=True),
        lambda: _("Nobody new can join now."),
    ),
    "unlock": (
        lambda s: services.session_set_locked(session=s, locked=False),
        lambda: _("Students can join again."),
    ),
    "pause": (
        lambda s: services.session_set_paused(session=s, paused=True),
        lambda: _("Everyone is paused."),
    ),
    "resume": (
        lambda s: services.session_set_paused(session=s, paused=False),
        lambda: _("Everyone plays on."),
    ),
    "end": (
        lambda s: services.session_end(session=s),
        lambda: _("The class session has ended."),
    ),
    "approve-names": (
        lambda s: roster.session_set_approve_names(session=s, approve=True),
        lambda: _("New names now wait for your OK."),
    ),
    "approve-all": (
        lambda s: roster.students_approve_all(session=s),
        lambda: _("Every waiting name is accepted."),
    ),
    "stop-approving": (
        lambda s: roster.session_set_approve_names(session=s, approve=False),
        lambda: _("New names show at once again."),
    ),
    "show-names": (
        lambda s: roster.session_show_hidden_names(session=s, shown=True),
        lambda: _("The names of students you took out are shown."),
    ),
    "hide-names": (
        lambda s: roster.session_show_hidden_names(session=s, shown=False),
        lambda: _("The names of students you took out are hidden."),
    ),
}


@require_POST
@login_required
def session_control(request: HttpRequest, session_id: int, action: str) -> HttpResponse:
    session = teacher_session(request, session_id)
    if action not in CONTROLS:
        raise Http404(_("There is no such control."))
    do, done = CONTROLS[action]
    try:
        do(session)
    except (services.ClassroomError, MatchError) as error:
        return control_failed(request, session, error)
    return after_control(request, session, done())


@require_POST
@login_required
def student_move(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    try:
        student_id, table = int(request.POST.get("student", "")), int(request.POST.get("table", ""))
        services.student_move(session=session, student_id=student_id, table=table)
    except ValueError:
        return control_failed(request, session, services.ClassroomError(_("Pick a student and a table.")))
    except (services.ClassroomError, MatchError) as error:
        return control_failed(request, session, error)
    return after_control(request, session, _("Moved to table %(n)s.") % {"n": table})


@require_POST
@login_required
def table_restart(request: HttpRequest, session_id: int, table: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    try:
        services.table_restart(session=session, table=table)
    except (services.ClassroomError, MatchError) as error:
        return control_failed(request, session, error)
    return after_control(request, session, _("Table %(n)s starts a new game.") % {"n": table})


@require_http_methods(["GET", "POST"])
@login_required
def session_delete(request: HttpRequest, session_id: int) -> HttpResponse:
    session = teacher_session(request, session_id)
    if request.method == "POST":
        retention.session_delete(session=session)
        messages.success(request, _("The session and all its students' data are deleted."))
        return HttpResponseRedirect(reverse("classroom:teach"))
    return render(request, "classroom/session_delete.html", {"session": session})


# ----- students: joining -------------------------------------------------------------------------


def _remember_student(request: HttpRequest, student: Student) -> None:
    known = dict(students_of(request.session))
    known[str(student.session_id)] = student.pk
    request.session[STUDENTS_KEY] = known


def _student_here(request: HttpRequest, session: ClassSession, *, joining: bool = False) -> Student | None:
    """The student this browser is in this session (None: not joined). `joining`: a removed
    student who isn't banned counts as not joined (they may join again under a new name)."""
    student_id = students_of(request.session).get(str(session.pk))
    student = session.students.filter(pk=student_id).first() if student_id else None
    if student is None:
        student = services.student_of_device(session=session, device=device_of(request))
        if student is not None:  # the session cookie was lost, this browser is still them
            _remember_student(request, student)
    if student is not None and student.removed:
        # Taken out, with a partner on this device: the seat, and this browser, are theirs now.
        heir = services.student_of_device(session=session, device=device_of(request))
        if heir is not None:
            _remember_student(request, heir)
            student = heir
    if student is not None:
        student.session = session
        if joining and student.removed and not student.banned:
            return None
    return student


def _join_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_JOIN_RATE


def _join_limited(request: HttpRequest) -> bool:
    """Counting this join: is it one too many from this address?"""
    usage = get_usage(request, group="classroom.join", key="ip", rate=_join_rate, increment=True)
    return bool(usage) and usage["should_limit"]


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """A student joins with the class code and a nickname (no account, nothing else)."""
    data = request.POST if request.method == "POST" else None
    form = JoinForm(data, initial={"code": services.code_normalize(request.GET.get("code", ""))})
    context = {"form": form, "fun_name": ""}
    if request.method == "GET":
        code = request.GET.get("code", "")
        if code:
            try:
                session = services.session_for_code(code=code)
            except services.ClassroomError:
                session = None
            student = _student_here(request, session, joining=True) if session else None
            if student is not None:
                return HttpResponseRedirect(services.class_url(session))
        return render(request, "classroom/join.html", context)
    device = device_of(request)
    if refusal := code_guess_refusal(request, device=device):
        context["error"] = refusal
        return render(request, "classroom/join.html", context, status=429)
    code = data.get("code", "")
    taken: set[str] = set()
    try:
        session = services.session_for_code(code=code)
    except services.ClassroomError as error:
        session = None
        if error.code in ("wrong_code", "expired"):
            device = code_guess_wrong(request, device=device)  # its next guesses count as its own
        if data.get("action") != "fun-name":
            context["error"] = error.message
            page = render(request, "classroom/join.html", context, status=error.status)
            return device_keep(request, page, device) if device else page
    if session is not None:
        taken = set(session.students.values_list("nickname_key", flat=True))
        student = _student_here(request, session, joining=True)
        if student is not None:
            return HttpResponseRedirect(services.class_url(session))
    if data.get("action") == "fun-name":
        names = fun_names(taken=taken)
        context["fun_name"] = names[0] if names else ""
        page = render(request, "classroom/join.html", context)
        return device_keep(request, page, device) if device else page
    if _join_limited(request):
        context["error"] = _("Too many players joined from here at once. Wait a minute, then try again.")
        return render(request, "classroom/join.html", context, status=429)
    device = device or secrets.token_urlsafe(16)
    was = students_of(request.session).get(str(session.pk))
    partners = [data.get("partner_1", ""), data.get("partner_2", "")]
    try:
        student = services.student_join(
            session=session, nickname=data.get("nickname", ""), device=device, was=was, partners=partners
        )
    except services.ClassroomError as error:
        context["error"] = error.message
        context["nickname_error"] = error.code == "nickname"
        context["partner_error"] = error.code if error.code.startswith("partner") else ""
        return device_keep(
            request, render(request, "classroom/join.html", context, status=error.status), device
        )
    _remember_student(request, student)
    return device_keep(request, HttpResponseRedirect(services.class_url(session)), device)


# ----- students: the class page ------------------------------------------------------------------


def class_guess(request: HttpRequest, code: str) -> tuple[ClassSession, Student] | HttpResponse:
    """The session and this browser's student at /class/<code>/ (and its lesson's addresses). A
    browser that is nobody there yet is sent to the join form with the code typed in, whether the
    code is right or not: only the form's POST is a guess (classroom.code_guesses), so a link or
    an `<img>` here neither counts nor tells anything."""
    session = ClassSession.objects.filter(code=services.code_normalize(code)).first()
    student = _student_here(request, session) if session is not None else None
    if student is not None:
        return session, student
    query = urlencode({"code": services.code_normalize(code)})
    return HttpResponseRedirect(f"{reverse('classroom:join')}?{query}")


def _lesson_context(session: ClassSession, student: Student, check=None) -> dict:
    last = student.attempts.order_by("-created_at").first() if check is None else None
    context = lessons.lesson_board(
        session, student.plate, check=check, recheck=last is not None and last.cards == student.plate
    )
    context["attempts"] = student.attempts.count()
    context["successes"] = student.attempts.filter(balanced=True).count()
    return context


@require_GET
def class_page(request: HttpRequest, code: str) -> HttpResponse:
    """A student's place in the class: their table (they are sent there with their seat), the
    waiting room, the lesson, or the words for "paused", "ended", "pending" (the teacher checks
    their name), "removed" (with a way to join again) and "banned"."""
    found = class_guess(request, code)
    if isinstance(found, HttpResponse):
        return found
    session, student = found
    if not student.removed:
        services.student_touch(student=student)
    place = services.student_place(student=student)
    if place.kind == "table":
        seats = dict(request.session.get(SESSION_KEY, {}))
        seats.update(dict(place.tokens))
        request.session[SESSION_KEY] = seats
        return HttpResponseRedirect(place.url)
    context = {
        "session": session,
        "student": student,
        "place": place,
        "team_label": teams.team_label(student),
    }
    if place.kind == "waiting":  # "Learn to play" first, when the teacher chose it
        context["tutorial"] = class_tutorials.tutorial_step(session, student, request.session)
    if place.kind == "lesson":
        context.update(_lesson_context(session, student))
    if place.kind == "ended":
        context["summary"] = reports.student_summary(session, student)
    return render(request, "classroom/student.html", context)


def _lesson_response(
    request: HttpRequest, session: ClassSession, student: Student, check=None
) -> HttpResponse:
    if not request.htmx:
        return HttpResponseRedirect(services.class_url(session))
    context = {"session": session, "student": student, "place": services.student_place(student=student)}
    context.update(_lesson_context(session, student, check))
    response = render(request, "classroom/student.html#lesson", context)
    return _with_flash_cleared(request, response, "classroom/student.html")


def _lesson_post(request: HttpRequest, code: str, do) -> HttpResponse:
    found = class_guess(request, code)
    if isinstance(found, HttpResponse):
        return found
    session, student = found
    try:
        check = do(student)
    except services.ClassroomError as error:
        if request.htmx:
            return _refuse(error.message, error.status)
        messages.error(request, error.message)
        return HttpResponseRedirect(services.class_url(session))
    return _lesson_response(request, session, student, check)


@require_POST
def lesson_plate(request: HttpRequest, code: str) -> HttpResponse:
    def toggle(student):
        lessons.lesson_toggle_card(student=student, card_id=request.POST.get("card", ""))

    return _lesson_post(request, code, toggle)


@require_POST
def lesson_clear(request: HttpRequest, code: str) -> HttpResponse:
    return _lesson_post(request, code, lambda student: lessons.lesson_clear(student=student))


@require_POST
def lesson_check(request: HttpRequest, code: str) -> HttpResponse:
    def check(student):
        _attempt, result = lessons.lesson_check(student=student)
        return result

    return _lesson_post(request, code, check)
