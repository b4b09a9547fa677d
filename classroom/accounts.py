"""Teacher accounts: limits on logging in and on password-reset mail.

- django-axes locks one username from one address after AXES_FAILURE_LIMIT wrong passwords,
  except in a browser where that teacher has logged in before (a signed "known device" cookie
  naming the username, given at each login; OWASP's device cookies): a pupil who types five
  wrong passwords for Ms Garcia's username locks out every other browser at the school for that
  username, never Ms Garcia's own. A known browser has its own allowance of wrong passwords
  (CLASSROOM_KNOWN_DEVICE_FAILURE_RATE), after which django-axes' lock applies to it too.
- Trying a few passwords on each of many usernames passes that, so wrong passwords sent without
  a device cookie are also counted per address over every username: CLASSROOM_LOGIN_FAILURE_RATE
  (20 in 15 minutes). The login page hands every browser its device cookie (the one the join
  codes use, classroom.code_guesses), so only a script that drops its cookies counts there. Past
  it, a login without a device cookie is refused from that address until the window ends, with
  the right password too (else the script would still learn which password is right):
  `AddressLoginLimit`, the first authentication backend, closes every login door (the admin's
  too) and the login page says why. A browser that opened the login page is never refused by
  it, so no pupil's typing, nor a script's, can lock a school's teachers out.
- Password-reset mail: CLASSROOM_PASSWORD_RESET_RATE per address and
  CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE per e-mail address typed (whether or not an account has
  it, so the answers tell nobody who has an account).

Counted in the cache by django-ratelimit, per plateful.client_address.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from classroom.code_guesses import device_keep, device_of

LOGIN_GROUP = "classroom.login.wrong-password"
RESET_GROUP = "classroom.password-reset"
RESET_ACCOUNT_GROUP = "classroom.password-reset.account"
KNOWN_DEVICE_GROUP = "classroom.login.known-device"
LOCKED_TEMPLATE = "registration/locked_out.html"
KNOWN_COOKIE = "plateful_known_teacher"
KNOWN_SALT = "classroom.accounts.known-device"
KNOWN_MAX_AGE = 365 * 24 * 3600


def _login_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_LOGIN_FAILURE_RATE


def _known_device_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_KNOWN_DEVICE_FAILURE_RATE


def _reset_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_PASSWORD_RESET_RATE


def _reset_account_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE


def _used_up(usage: dict | None) -> bool:
    return bool(usage) and usage["count"] >= usage["limit"]


# ----- logging in --------------------------------------------------------------------------------


def login_address_locked(request: HttpRequest) -> bool:
    """Has this address used up its wrong passwords sent without a device cookie?"""
    return _used_up(get_usage(request, group=LOGIN_GROUP, key="ip", rate=_login_rate))


def _known_username(request: HttpRequest) -> str:
    """The username whose teacher logged in from this browser before ("" when none)."""
    return request.get_signed_cookie(KNOWN_COOKIE, default="", salt=KNOWN_SALT, max_age=KNOWN_MAX_AGE) or ""


def _typed_username(credentials: dict | None) -> str:
    return str((credentials or {}).get("username") or "").strip().lower()


def _known_device_usage(request: HttpRequest, *, increment: bool = False) -> dict | None:
    def this_browser(_group: str, _request: HttpRequest) -> str:
        return f"{_known_username(request)}|{device_of(request)}"

    return get_usage(
        request, group=KNOWN_DEVICE_GROUP, key=this_browser, rate=_known_device_rate, increment=increment
    )


def is_known_device(request: HttpRequest, credentials: dict | None = None) -> bool:
    """AXES_WHITELIST_CALLABLE: a login for the username this browser's teacher used before is
    not subject to django-axes' lock on that username (others' wrong passwords never lock a
    teacher out of their own browser), until this browser uses up its own wrong passwords."""
    known = _known_username(request)
    if not known or known != _typed_username(credentials):
        return False
    return not _used_up(_known_device_usage(request))


def login_failure_count(sender, credentials=None, request=None, **kwargs) -> None:
    """Receiver of django.contrib.auth's user_login_failed: one more wrong password from here,
    when it came without a device cookie, or from a known browser against its own allowance."""
    if request is None:
        return
    if not device_of(request):
        get_usage(request, group=LOGIN_GROUP, key="ip", rate=_login_rate, increment=True)
    if _known_username(request) and _known_username(request) == _typed_username(credentials):
        _known_device_usage(request, increment=True)


class AddressLoginLimit:
    """First in AUTHENTICATION_BACKENDS: while the address is locked, no backend after it is
    asked for a login without a device cookie, through any login form. It has no get_user (as
    django-axes' own): it never signs anyone in, so no session ever names it."""

    def authenticate(self, request, **credentials):
        if request is not None and not device_of(request) and login_address_locked(request):
            request.login_address_locked = True
            raise PermissionDenied
        return None


class LoginView(auth_views.LoginView):
    """Django's login page, which gives the browser its device cookie; a locked address gets the
    "too many tries" page (429) saying so."""

    def dispatch(self, request, *args, **kwargs) -> HttpResponse:
        response = super().dispatch(request, *args, **kwargs)
        if not device_of(request):
            device_keep(request, response, secrets.token_urlsafe(16))
        return response

    def form_valid(self, form) -> HttpResponse:
        """Logged in: this browser is now known for this username (see the module's docstring)."""
        response = super().form_valid(form)
        response.set_signed_cookie(
            KNOWN_COOKIE,
            form.get_user().get_username().lower(),
            salt=KNOWN_SALT,
            max_age=KNOWN_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=self.request.is_secure(),
        )
        return response

    def form_invalid(self, form) -> HttpResponse:
        if getattr(self.request, "login_address_locked", False):
            return render(self.request, LOCKED_TEMPLATE, {"address_locked": True}, status=429)
        return super().form_invalid(form)


# ----- password reset ----------------------------------------------------------------------------


class PasswordResetView(auth_views.PasswordResetView):
    """Django's password reset, sending at most so many links per address and per account."""

    def form_valid(self, form) -> HttpResponse:
        request = self.request
        email = form.cleaned_data["email"].strip().lower()

        def this_email(_group: str, _request: HttpRequest) -> str:
            return email

        here = {"group": RESET_GROUP, "key": "ip", "rate": _reset_rate}
        account = {"group": RESET_ACCOUNT_GROUP, "key": this_email, "rate": _reset_account_rate}
        if _used_up(get_usage(request, **here)):
            refusal = _("Too many password resets were asked for from here. Wait an hour, then try again.")
        elif _used_up(get_usage(request, **account)):
            refusal = _(
                "We already sent several links to that address. Look for them in your e-mail (the "
                "spam folder too), or wait an hour and ask again."
            )
        else:
            get_usage(request, **here, increment=True)
            get_usage(request, **account, increment=True)
            return super().form_valid(form)
        form.add_error(None, refusal)
        return self.render_to_response(self.get_context_data(form=form), status=429)
