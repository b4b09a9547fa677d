"""LTI 1.3 launches: checking a platform's signed id_token (pylti1p3, through django-lti's
registrations), then an instructor, a student or a deep-linking teacher entering Plateful.

A launch never writes before it is fully checked, and then writes in one transaction: a refusal
(`LtiRefusal`) leaves the database as it was. What the browser does next is carried by a
one-time ticket in the cache (`ticket_issue` / `ticket_redeem`): the LMS frame's cookies may be
blocked, so the session is set only when the ticket is redeemed, in Plateful's own tab.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from lti_tool.lti_core.constants import ContextRole
from lti_tool.lti_core.utils import normalize_role
from lti_tool.models import LtiDeployment, LtiLaunch, LtiRegistration, LtiUser
from lti_tool.utils import (
    DjangoToolConfig,
    sync_context_from_launch,
    sync_membership_from_launch,
    sync_resource_link_from_launch,
)
from pylti1p3.contrib.django import DjangoCacheDataStorage, DjangoMessageLaunch
from pylti1p3.deep_link import DeepLink
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.deployment import Deployment
from pylti1p3.exception import LtiException
from pylti1p3.lineitem import LineItem

from homework import services as homework
from homework.models import Assignment, Student
from homework.results import activity_name
from lti.models import LtiLink, LtiSeat
from lti.scores import SCORE_MAXIMUM, SCORE_SCOPE, score_send_later
from nicknames import clean_nickname, nickname_problem

logger = logging.getLogger(__name__)

TICKET_SECONDS = 300  # a launch's "continue" button works this long, once
NONCE_SECONDS = 24 * 3600  # longer than any id_token lives: a used nonce is remembered this long
DEEP_LINK_SECONDS = 3600  # a teacher has this long to pick an activity
CUSTOM_KEY = "plateful_homework"  # the custom parameter a deep-linked resource carries
AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
TEACHER_ROLES = {ContextRole.INSTRUCTOR, ContextRole.ADMINISTRATOR, ContextRole.CONTENT_DEVELOPER}


class LtiRefusal(Exception):
    """A launch Plateful refuses, with words for the person in front of the LMS."""

    def __init__(self, message: str, *, status: int = 403):
        super().__init__(message)
        self.message = message
        self.status = status


class ToolConfig(DjangoToolConfig):
    """django-lti's registration lookup (issuer and client id), except that a deployment the
    operator hasn't registered and activated is refused: django-lti would make it."""

    def find_deployment(self, iss, deployment_id):
        return self.find_deployment_by_params(iss, deployment_id, None)

    def find_deployment_by_params(self, iss, deployment_id, client_id, *args, **kwargs):
        if self.registration is None:
            return None
        self.deployment = LtiDeployment.objects.filter(
            registration=self.registration, deployment_id=deployment_id, is_active=True
        ).first()
        return Deployment().set_deployment_id(deployment_id) if self.deployment else None


# ----- checking a launch ----------------------------------------------------------------------------

# pylti1p3's reasons, in the words a teacher or student can act on.
_REASONS = (
    ("Registration not found", "issuer"),
    ("Client id not registered", "issuer"),
    ("Could not find registration", "issuer"),
    ("Unable to find deployment", "deployment"),
    ("expired", "expired"),
    ("Invalid Nonce", "replay"),
    ("State not found", "state"),
    ("Missing state", "state"),
    ("lti1p3-session-id", "state"),
    ("Signature verification failed", "signature"),
    ("Unable to find public key", "signature"),
    ("Can't decode id_token", "signature"),
)


def refusal_words(reason: str) -> str:
    words = {
        "issuer": _(
            "Plateful doesn't know this LMS (its issuer and client ID aren't registered). "
            "Ask the person who runs Plateful to register it."
        ),
        "deployment": _(
            "This LMS's deployment of Plateful isn't registered or is switched off. "
            "Ask the person who runs Plateful to add its deployment ID."
        ),
        "expired": _("This launch has expired. Go back to your course and open the activity again."),
        "replay": _("This launch was already used. Go back to your course and open the activity again."),
        "state": _(
            "This launch didn't start in this browser, or took too long. "
            "Go back to your course and open the activity again."
        ),
        "signature": _(
            "This launch isn't signed by the LMS's key, so Plateful can't trust it. "
            "Ask the person who runs Plateful to check the LMS's keyset URL."
        ),
    }
    return words.get(reason, _("Plateful couldn't check this launch. Go back to your course and try again."))


def _reason_of(error: Exception) -> str:
    text = str(error)
    return next((reason for marker, reason in _REASONS if marker in text), "")


def login_refusal(error: Exception) -> LtiRefusal:
    """The OIDC login initiation refused (pylti1p3's OIDCException or LtiException)."""
    return LtiRefusal(refusal_words(_reason_of(error) or "issuer"), status=400)


def launch_check(request) -> LtiLaunch:
    """The launch a platform posted, checked: its state (this browser started it), signature
    (the platform's keyset), expiry, registration, deployment, and a nonce never seen before."""
    message_launch = DjangoMessageLaunch(request, ToolConfig(), launch_data_storage=DjangoCacheDataStorage())
    try:
        message_launch.validate()
    except LtiException as error:
        logger.warning("LTI launch refused: %s", error)  # the operator's clue
        raise LtiRefusal(refusal_words(_reason_of(error))) from None
    data = message_launch.get_launch_data()
    # pylti1p3 keeps the nonce valid after a launch: one id_token posted twice is a replay.
    if not cache.add(f"lti:nonce-used:{data.get('iss')}:{data['nonce']}", 1, NONCE_SECONDS):
        raise LtiRefusal(refusal_words("replay"))
    return LtiLaunch(message_launch)


def _roles(lti_launch: LtiLaunch) -> set[str]:
    return {normalize_role(role) for role in (lti_launch.roles_claim or [])}


def is_teacher(lti_launch: LtiLaunch) -> bool:
    return bool(_roles(lti_launch) & TEACHER_ROLES)


def is_learner(lti_launch: LtiLaunch) -> bool:
    return ContextRole.LEARNER in _roles(lti_launch)


# ----- who enters ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """Where a launch goes: `kind` "deep_link" (the picker, `token`) or "continue" (a ticket)."""

    kind: str
    token: str


def _lti_user(lti_launch: LtiLaunch) -> LtiUser:
    # Only the opaque `sub`: no name or e-mail is kept (docs/lti.md, the privacy page).
    user, _created = LtiUser.objects.get_or_create(
        registration=lti_launch.registration, sub=lti_launch.get_claim("sub")
    )
    return user


def _teacher_account(lti_user: LtiUser, lti_launch: LtiLaunch):
    """The Plateful teacher linked to this LMS instructor, made on their first launch."""
    if lti_user.auth_user_id:
        return lti_user.auth_user
    given = (lti_launch.get_claim("given_name") or "").strip()[:150]
    teacher = get_user_model().objects.create_user(username=f"lti-{uuid.uuid4().hex[:20]}", first_name=given)
    teacher.set_unusable_password()
    teacher.save(update_fields=["password"])
    lti_user.auth_user = teacher
    lti_user.save(update_fields=["auth_user"])
    return teacher


def _sync(lti_launch: LtiLaunch) -> tuple[LtiUser, object]:
    lti_user = _lti_user(lti_launch)
    context = sync_context_from_launch(lti_launch)
    sync_membership_from_launch(lti_launch, lti_user, context)
    return lti_user, context


def launch_enter(lti_launch: LtiLaunch) -> Entry:
    """Act on a checked launch: a deep-linking request opens the picker (teachers only); a
    resource launch opens the homework's results (its teacher) or seats a student."""
    with transaction.atomic():
        if lti_launch.is_deep_link_launch:
            return _deep_link_start(lti_launch)
        if not lti_launch.is_resource_launch:
            raise LtiRefusal(_("Plateful can't open this kind of LTI launch."), status=400)
        link = (
            LtiLink.objects.select_related("assignment")
            .filter(
                deployment=lti_launch.deployment,
                assignment__code=lti_launch.get_custom_claim(CUSTOM_KEY) or "",
            )
            .first()
        )
        if link is None:
            raise LtiRefusal(
                _(
                    "This activity isn't linked to a Plateful homework. "
                    "Your teacher can add it again with the activity picker."
                ),
                status=404,
            )
        lti_user, context = _sync(lti_launch)
        sync_resource_link_from_launch(lti_launch, context)
        _remember_line_item(link, lti_launch)
        if is_teacher(lti_launch):
            teacher = _teacher_account(lti_user, lti_launch)
            if link.assignment.teacher_id != teacher.pk:
                raise LtiRefusal(
                    _("This homework's results belong to the teacher who added it to the course.")
                )
            next_url = f"/teach/homework/{link.assignment_id}/"
            return Entry("continue", ticket_issue(user=teacher.pk, next_url=next_url))
        if not is_learner(lti_launch):
            raise LtiRefusal(_("Only the course's teachers and students can open this homework."))
        seat = _seat(link, lti_user, lti_launch)
        score_send_later(seat.student_id)  # a score that failed before goes again
    ticket = ticket_issue(
        student=seat.student_id,
        assignment=link.assignment_id,
        next_url=homework.homework_url(link.assignment),
    )
    return Entry("continue", ticket)


def _remember_line_item(link: LtiLink, lti_launch: LtiLaunch) -> None:
    ags = lti_launch.get_claim(AGS_CLAIM) or {}
    url = ags.get("lineitem") or ""
    can_publish = bool(url) and SCORE_SCOPE in (ags.get("scope") or [])
    if (link.lineitem_url, link.can_publish_scores) != (url, can_publish):
        link.lineitem_url, link.can_publish_scores = url, can_publish
        link.save(update_fields=["lineitem_url", "can_publish_scores"])


def display_name(link: LtiLink, lti_launch: LtiLaunch, taken: set[str]) -> str:
    """A student's name in Plateful: first name and last initial when the teacher allows it and
    it passes the site's nickname rule, else a made-up food name (which passes it too)."""
    if link.show_names:
        given = ((lti_launch.get_claim("given_name") or "").split() or [""])[0]
        family = (lti_launch.get_claim("family_name") or "").strip()
        name = f"{given} {family[:1]}." if given and family else given
        if name and nickname_problem(name, taken=taken) is None:
            return clean_nickname(name)
    name = homework.fun_name(assignment=link.assignment)
    if not name or nickname_problem(name, taken=taken) is not None:
        raise LtiRefusal(_("This homework is full. Ask your teacher."))
    return name


def _seat(link: LtiLink, lti_user: LtiUser, lti_launch: LtiLaunch) -> LtiSeat:
    seat = LtiSeat.objects.select_related("student").filter(link=link, lti_user=lti_user).first()
    if seat is not None:
        return seat
    assignment = link.assignment
    taken = set(assignment.students.values_list("nickname_key", flat=True))
    try:
        # The resume code isn't shown: a student from an LMS comes back through the LMS.
        student, _code = homework.student_join(
            assignment=assignment, nickname=display_name(link, lti_launch, taken)
        )
    except homework.HomeworkError as error:
        raise LtiRefusal(error.message, status=error.status) from None
    return LtiSeat.objects.create(student=student, link=link, lti_user=lti_user)


# ----- tickets: finishing a launch in Plateful's own tab -------------------------------------------


def ticket_issue(**data) -> str:
    token = secrets.token_urlsafe(24)
    cache.set(f"lti:ticket:{token}", data, TICKET_SECONDS)
    return token


def ticket_redeem(token: str) -> dict:
    """A ticket's data, once: a second use (or a late one) is refused."""
    key = f"lti:ticket:{token}"
    data = cache.get(key) if token else None
    if data is None or not cache.delete(key):
        raise LtiRefusal(
            _("This link has been used or has expired. Go back to your course and open the activity again."),
            status=410,
        )
    return data


def student_of_ticket(data: dict) -> Student | None:
    return Student.objects.filter(pk=data.get("student"), assignment_id=data.get("assignment")).first()


# ----- deep linking ----------------------------------------------------------------------------------


def _deep_link_start(lti_launch: LtiLaunch) -> Entry:
    if not is_teacher(lti_launch):
        raise LtiRefusal(_("Only a course's teachers can add Plateful activities."))
    lti_user, _context = _sync(lti_launch)
    teacher = _teacher_account(lti_user, lti_launch)
    settings_claim = lti_launch.get_message_launch().get_launch_data()[
        "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
    ]
    token = secrets.token_urlsafe(24)
    cache.set(
        f"lti:deep-link:{token}",
        {
            "registration": lti_launch.registration.pk,
            "deployment": lti_launch.deployment.pk,
            "teacher": teacher.pk,
            "settings": settings_claim,
        },
        DEEP_LINK_SECONDS,
    )
    return Entry("deep_link", token)


def deep_link_request(token: str) -> dict:
    data = cache.get(f"lti:deep-link:{token}") if token else None
    if data is None:
        raise LtiRefusal(
            _("This activity picker has expired. Close it and open it again from your course."), status=410
        )
    return data


@dataclass(frozen=True)
class DeepLinkAnswer:
    return_url: str
    jwt: str
    assignment: Assignment


def deep_link_answer(*, token: str, create, show_names: bool, launch_url: str) -> DeepLinkAnswer:
    """The teacher's pick becomes a homework assignment (`create(teacher)` makes it with the
    homework's own service) linked to the deployment, and the signed answer the LMS expects: one
    LtiResourceLink with a line item."""
    data = deep_link_request(token)
    teacher = get_user_model().objects.get(pk=data["teacher"])
    registration = LtiRegistration.objects.get(pk=data["registration"])
    deployment = LtiDeployment.objects.get(pk=data["deployment"])
    with transaction.atomic():
        assignment = create(teacher)
        LtiLink.objects.create(assignment=assignment, deployment=deployment, show_names=show_names)
    cache.delete(f"lti:deep-link:{token}")
    title = assignment.title or activity_name(assignment)  # "Learn-to-play lesson: Duel" in the grade book
    line_item = (
        LineItem()
        .set_score_maximum(SCORE_MAXIMUM)
        .set_label(title)
        .set_resource_id(assignment.code)
        .set_end_date_time(assignment.due_at.isoformat())
    )
    resource = (
        DeepLinkResource()
        .set_url(launch_url)
        .set_title(title)
        .set_custom_params({CUSTOM_KEY: assignment.code})
        .set_lineitem(line_item)
    )
    settings_claim = data["settings"]
    jwt = DeepLink(registration.to_registration(), deployment.deployment_id, settings_claim).get_response_jwt(
        [resource]
    )
    return DeepLinkAnswer(settings_claim["deep_link_return_url"], jwt, assignment)


def default_due() -> datetime:
    return timezone.now() + timedelta(days=14)


# ----- the pages an LMS frames -------------------------------------------------------------------------


def _origin(url: str) -> str:
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def platform_origins() -> list[str]:
    """Origins of the registered platforms (their issuer and login pages), and the operator's
    LTI_FRAME_ANCESTORS: who may frame the LTI pages and receive their forms."""
    origins = set(settings.LTI_FRAME_ANCESTORS)
    for issuer, auth_url in LtiRegistration.objects.active().values_list("issuer", "auth_url"):
        origins.update(origin for origin in (_origin(issuer), _origin(auth_url)) if origin)
    return sorted(origins)
