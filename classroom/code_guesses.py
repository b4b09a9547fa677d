"""Limits on guessing join codes, at /join and at /class/<code>/ alike.

A code is looked up only for a browser that may still guess; whether the code was right shows
only after that, so a refused guesser learns nothing (a 429 answers right and wrong codes
alike). Wrong codes count twice, right codes never:

- per browser (its signed `plateful_device` cookie, handed out at its first code):
  CLASSROOM_WRONG_CODE_DEVICE_RATE (5 in 5 minutes). A child who keeps mistyping waits alone.
- per address (a whole school shares one): CLASSROOM_WRONG_CODE_RATE (20 in 5 minutes). Past it
  the address is being flooded (a bot drops its cookie, so each guess looks like a new browser):
  a browser nobody knows is refused before its code is looked at, right or wrong. A browser that
  has joined a class before (its device cookie is a student's) still guesses within its own
  limit, so a class whose browsers have played before carries on.

So one student's wrong codes never lock the others out (their browser stops at 5, the address at
20), and a flood gets at most CLASSROOM_WRONG_CODE_RATE guesses per address and window, as before.
Counters live in the cache (django-ratelimit, plateful.client_address for the address). Every
code a child types goes through here: class join codes, and homework and resume codes.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

from classroom.models import Student

DEVICE_COOKIE = "plateful_device"
DEVICE_SALT = "classroom.device"
DEVICE_MAX_AGE = 365 * 24 * 3600

ADDRESS_GROUP = "classroom.join.wrong-code"
DEVICE_GROUP = "classroom.join.wrong-code-device"


def device_of(request: HttpRequest) -> str:
    """This browser's id from its signed device cookie ("" when it has none yet)."""
    return (
        request.get_signed_cookie(DEVICE_COOKIE, default="", salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE) or ""
    )


def device_keep(request: HttpRequest, response: HttpResponse, device: str) -> HttpResponse:
    """Give (or renew) this browser's device cookie on `response`."""
    response.set_signed_cookie(
        DEVICE_COOKIE,
        device,
        salt=DEVICE_SALT,
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


def _address_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_WRONG_CODE_RATE


def _device_rate(group: str, request: HttpRequest) -> str:
    return settings.CLASSROOM_WRONG_CODE_DEVICE_RATE


def _usage(request: HttpRequest, *, device: str | None, increment: bool) -> dict | None:
    """The counter of this address (device None) or of this browser."""
    if device is None:
        return get_usage(request, group=ADDRESS_GROUP, key="ip", rate=_address_rate, increment=increment)

    def this_device(_group: str, _request: HttpRequest) -> str:
        return device

    return get_usage(request, group=DEVICE_GROUP, key=this_device, rate=_device_rate, increment=increment)


def _used_up(usage: dict | None) -> bool:
    return bool(usage) and usage["count"] >= usage["limit"]


def _known_browser(device: str) -> bool:
    """This browser has joined a class session before (with a right code, then)."""
    return Student.objects.filter(device=device).exists()


def code_guess_refusal(request: HttpRequest, *, device: str) -> str | None:
    """Why this browser may not have a code looked up now (a child's words), or None. `device`:
    its device cookie, "" when it has none yet."""
    mine = _usage(request, device=device, increment=False) if device else None
    if _used_up(mine):
        return _("Too many wrong codes from here. Wait a few minutes, then try again.")
    if _used_up(_usage(request, device=None, increment=False)) and not (device and _known_browser(device)):
        return _("Too many wrong codes from here. Wait a few minutes, then try again.")
    return None


def code_guess_wrong(request: HttpRequest, *, device: str) -> None:
    """Count one wrong (or expired) code against this browser and its address."""
    _usage(request, device=None, increment=True)
    if device:
        _usage(request, device=device, increment=True)
