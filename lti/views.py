"""LTI pages: OIDC login initiation, the launch (the redirect URI), the deep-linking picker, the
"continue" step that finishes a launch in Plateful's own tab, and the tool's JWKS (django-lti's).

These are the only pages an LMS may frame (frame-ancestors: the registered platforms' origins,
X-Frame-Options left off); every other page of the site still refuses framing. The launch and
the picker come cross-site from the LMS, without Plateful's cookies: they are CSRF-exempt, and
trust only what is signed (the id_token, checked with the platform's keys) or unguessable (the
picker's token, a ticket). The session is set only in the "continue" step, in a tab of its own.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST
from pylti1p3.contrib.django import DjangoCacheDataStorage, DjangoOIDCLogin
from pylti1p3.exception import LtiException, OIDCException

from games import services as games
from games.bots import bot_levels
from homework import services as homework
from homework.models import Assignment
from lti import services
from lti.forms import LEARN_PREFIX, PickForm

NEW_WINDOW = "lti1p3_new_window"  # pylti1p3's mark of a login past the cookie check


def _framed_page(request: HttpRequest, template: str, context: dict, status: int = 200) -> HttpResponse:
    """A page the LMS may frame, whose forms may post back to it."""
    response = render(request, template, context, status=status)
    origins = services.platform_origins()
    response._csp_replace = {"frame-ancestors": origins or ["'none'"]}
    response._csp_update = {"form-action": origins}
    response.xframe_options_exempt = True
    return response


def _refused(request: HttpRequest, refusal: services.LtiRefusal) -> HttpResponse:
    return _framed_page(request, "lti/refused.html", {"message": refusal.message}, status=refusal.status)


@csrf_exempt
@xframe_options_exempt
@require_http_methods(["GET", "POST"])
def login_start(request: HttpRequest) -> HttpResponse:
    """OIDC login initiation. First a page checks that this frame may keep a cookie (the launch
    needs pylti1p3's state cookie back); where it can't, one button opens the launch in a new
    tab. Then the browser goes to the platform's login with a state and a nonce."""
    params = request.POST if request.method == "POST" else request.GET
    oidc = DjangoOIDCLogin(request, services.ToolConfig(), launch_data_storage=DjangoCacheDataStorage())
    try:
        if not params.get("target_link_uri"):
            raise OIDCException("Could not find registration details: no target_link_uri")
        if not params.get(NEW_WINDOW):
            oidc.validate_oidc_login()  # an unknown issuer is refused before any page
            onward = f"{request.path}?{urlencode({**params.dict(), NEW_WINDOW: '1'})}"
            return _framed_page(
                request,
                "lti/login_check.html",
                {"onward": onward, "samesite": "None" if request.is_secure() else ""},
            )
        return oidc.redirect(params["target_link_uri"])
    except (OIDCException, LtiException) as error:
        return _refused(request, services.login_refusal(error))


@csrf_exempt
@xframe_options_exempt
@require_POST
def launch(request: HttpRequest) -> HttpResponse:
    """The launch (redirect URI): a signed id_token from the platform."""
    try:
        entry = services.launch_enter(services.launch_check(request))
    except services.LtiRefusal as refusal:
        return _refused(request, refusal)
    if entry.kind == "deep_link":
        return _picker(request, PickForm(), entry.token)
    return _framed_page(request, "lti/launch.html", {"ticket": entry.token})


def _picker(request: HttpRequest, form: PickForm, token: str, status: int = 200) -> HttpResponse:
    return _framed_page(request, "lti/pick.html", {"form": form, "token": token}, status=status)


def _create(cleaned: dict):
    """How the picked activity becomes a homework assignment (homework's own service)."""
    activity = cleaned["activity"]
    fields = {
        "title": cleaned["title"],
        "due_at": timezone.now() + timedelta(days=cleaned["due_in_days"]),
        "goal_count": cleaned["goal_count"],
        "time_zone": settings.TIME_ZONE,
    }
    if activity == "lesson":
        fields.update(kind=Assignment.Kind.LESSON, goal=Assignment.Goal.BALANCED)
    elif activity.startswith(LEARN_PREFIX):  # the goal is fixed: finish the lesson once
        fields.update(
            kind=Assignment.Kind.TUTORIAL,
            game=activity.removeprefix(LEARN_PREFIX),
            goal=Assignment.Goal.LEARN,
        )
    else:
        engine = games.engine_get(game=activity)
        fields.update(
            kind=Assignment.Kind.GAME,
            game=activity,
            goal=Assignment.Goal.PLAY,
            seats=engine.min_seats,
            bot_level=(bot_levels(activity) or [""])[0],
        )

    def create(teacher):
        return homework.assignment_create(teacher=teacher, **fields)

    return create


@csrf_exempt  # the picker's unguessable token, bound to a checked launch, stands for the CSRF token
@xframe_options_exempt
@require_POST
def pick(request: HttpRequest) -> HttpResponse:
    """The teacher's pick: a new homework assignment, answered to the LMS as an LtiResourceLink
    with a line item (the page posts it to the platform's deep-link return URL)."""
    token = request.POST.get("token", "")
    try:
        services.deep_link_request(token)
    except services.LtiRefusal as refusal:
        return _refused(request, refusal)
    form = PickForm(request.POST)
    if not form.is_valid():
        return _picker(request, form, token, status=400)
    try:
        answer = services.deep_link_answer(
            token=token,
            create=_create(form.cleaned_data),
            show_names=form.cleaned_data["show_names"],
            launch_url=request.build_absolute_uri(reverse("lti:launch")),
        )
    except homework.HomeworkError as error:
        form.add_error(None, error.message)
        return _picker(request, form, token, status=error.status)
    except services.LtiRefusal as refusal:
        return _refused(request, refusal)
    return _framed_page(request, "lti/picked.html", {"answer": answer})


@csrf_exempt  # a one-time ticket from a checked launch, posted from Plateful's own page
@require_POST
def go_on(request: HttpRequest) -> HttpResponse:
    """Finish a launch in Plateful's own tab: the teacher is logged in, or this browser becomes
    the student; then their page."""
    try:
        data = services.ticket_redeem(request.POST.get("ticket", ""))
    except services.LtiRefusal as refusal:
        return render(request, "lti/refused.html", {"message": refusal.message}, status=refusal.status)
    if "user" in data:
        teacher = get_user_model().objects.get(pk=data["user"])
        login(request, teacher, backend="django.contrib.auth.backends.ModelBackend")
    else:
        student = services.student_of_ticket(data)
        if student is None:
            message = _("This homework's students' data were deleted. Ask your teacher.")
            return render(request, "lti/refused.html", {"message": message}, status=410)
        homework.student_remember(session=request.session, student=student)
    return HttpResponseRedirect(data["next_url"])
