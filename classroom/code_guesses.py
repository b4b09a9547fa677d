"""Limits on guessing join codes: what a child types into a code box and sends (a POST at /join,
/homework and a homework's resume form). A GET never counts and never says whether a code is
right (classroom.views.class_guess, homework.views), so no web page's `<img>` can use a school's
allowance up. Wrong codes count, right codes never:

- per browser (its signed `plateful_device` cookie, handed out with its first wrong code):
  CLASSROOM_WRONG_CODE_DEVICE_RATE (5 in 5 minutes). A child who keeps mistyping waits alone.
- per address, only the wrong codes sent without a device cookie: CLASSROOM_WRONG_CODE_RATE
  (20 in 5 minutes). A browser keeps its cookie, so a school of mistyping children counts one
  per child here; a script that drops its cookie to dodge its own limit counts every guess.
  Past it, a guess without a device cookie is refused before its code is looked at, right or
  wrong; a browser with one guesses within its own limit.

A link with a code (a GET: /hw/<code>/, the homework's link and QR code) is looked up too, or a
child would have to type a code the link already holds; a wrong one counts against the address,
in a counter of its own (`LINK_GROUP`, CLASSROOM_WRONG_CODE_RATE), which no typed code reads.
Past it, a link shows the code form instead (right code or wrong alike), whose POST still works:
a page full of `<img>` tags costs the school a click, never its codes.

So the right code from a browser that has not used up its own allowance is always let in,
whatever other children at the school typed. A flood is still bounded: every new cookie costs
a guess counted against the address, so one address gets at most about
CLASSROOM_WRONG_CODE_RATE x (1 + CLASSROOM_WRONG_CODE_DEVICE_RATE) guesses per window. Counters
live in the cache (django-ratelimit, plateful.client_address for the address).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_ratelimit.core import get_usage

DEVICE_COOKIE = "plateful_device"
DEVICE_SALT = "classroom.device"
DEVICE_MAX_AGE = 365 * 24 * 3600

ADDRESS_GROUP = "classroom.join.wrong-code"
DEVICE_GROUP = "classroom.join.wrong-code-device"
LINK_GROUP = "classroom.join.wrong-code-link"


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


def code_guess_refusal(request: HttpRequest, *, device: str) -> str | None:
    """Why this browser may not have a code looked up now (a child's words), or None. `device`:
    its device cookie, "" when it has none."""
    if device:
        used_up = _used_up(_usage(request, device=device, increment=False))
    else:
        used_up = _used_up(_usage(request, device=None, increment=False))
    if used_up:
        return _("Too many wrong codes from here. Wait a few minutes, then try again.")
    return None


def code_guess_wrong(request: HttpRequest, *, device: str) -> str:
    """Count one wrong (or expired) code: against this browser, and against its address when it
    came without a device cookie (`device` ""). Returns the browser's device id, a new one when
    it had none: the caller gives it back with the answer (`device_keep`)."""
    if not device:
        _usage(request, device=None, increment=True)
        device = secrets.token_urlsafe(16)
    _usage(request, device=device, increment=True)
    return device


def link_lookups_used_up(request: HttpRequest) -> bool:
    """Has this address opened too many links with a wrong code (see the module's docstring)?"""
    return _used_up(get_usage(request, group=LINK_GROUP, key="ip", rate=_address_rate, increment=False))


def link_wrong(request: HttpRequest) -> None:
    """Count one link opened with a wrong code (never read by a typed code's limits)."""
    get_usage(request, group=LINK_GROUP, key="ip", rate=_address_rate, increment=True)
