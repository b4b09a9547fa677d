"""Assignment and Grade Services: a student from an LMS who meets the homework's goal gets their
score posted to the line item the LMS made for the activity (pylti1p3's AGS client, an access
token from the platform's token URL signed with the tool's key).

It runs after the change that met the goal has committed (games.changes announces a match's
moves after commit; a meal check's row, or a learn-to-play lesson's moment of being finished
stamped on its attempt, is sent on commit), and a failure never reaches the
student's page: it is logged and kept on the seat (`score_error`), and sent again by the next
launch of that student or by `manage.py lti_send_scores` (run it from cron).
"""

from __future__ import annotations

import logging

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from pylti1p3.assignments_grades import AssignmentsGradesService
from pylti1p3.grade import Grade
from pylti1p3.service_connector import REQUESTS_USER_AGENT, ServiceConnector

from games.models import Match
from homework import results
from homework.matches import HOMEWORK_OWNER
from homework.models import Attempt
from lti.models import LtiSeat

logger = logging.getLogger(__name__)

SCORE_MAXIMUM = 100  # the line item's points: the share of the homework's goal done
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"


class _Session(requests.Session):
    """pylti1p3 calls requests without a timeout: an LMS that hangs must not hold a worker."""

    def __init__(self):
        super().__init__()
        self.headers["User-Agent"] = REQUESTS_USER_AGENT

    def request(self, *args, **kwargs):
        kwargs.setdefault("timeout", settings.LTI_SCORE_TIMEOUT)
        return super().request(*args, **kwargs)


def score_of(seat: LtiSeat, result: results.StudentResult) -> Grade:
    return (
        Grade()
        .set_score_given(result.score * SCORE_MAXIMUM / 100)
        .set_score_maximum(SCORE_MAXIMUM)
        .set_activity_progress("Completed")
        .set_grading_progress("FullyGraded")
        .set_timestamp((result.goal_met_at or timezone.now()).isoformat())
        .set_user_id(seat.lti_user.sub)
    )


def score_post(seat: LtiSeat, grade: Grade) -> None:
    link = seat.link
    if not link.can_publish_scores:
        raise RuntimeError("The LMS didn't give this activity a line item that takes scores.")
    connector = ServiceConnector(link.deployment.registration.to_registration(), requests_session=_Session())
    service = AssignmentsGradesService(connector, {"scope": [SCORE_SCOPE], "lineitem": link.lineitem_url})
    service.put_grade(grade)


def score_send(student_id: int) -> bool | None:
    """Post the student's score if they came from an LMS, met the goal and it isn't sent yet.
    True: sent; False: failed (kept for a retry); None: nothing to send."""
    seat = (
        LtiSeat.objects.select_related("student__assignment", "link__deployment__registration", "lti_user")
        .filter(student_id=student_id, score_sent_at__isnull=True)
        .first()
    )
    if seat is None:
        return None
    result = results.result_of_student(seat.student)
    if result.status not in ("met", "met_late"):
        return None
    try:
        score_post(seat, score_of(seat, result))
    except Exception as error:  # the LMS is down or refuses: the student's page goes on
        logger.warning("LTI score for homework student %s not sent: %s", student_id, error)
        LtiSeat.objects.filter(pk=seat.pk).update(score_error=str(error)[:300])
        return False
    LtiSeat.objects.filter(pk=seat.pk).update(score_sent_at=timezone.now(), score_error="")
    return True


def score_send_later(student_id: int) -> None:
    transaction.on_commit(lambda: score_send(student_id))


def unsent_student_ids() -> list[int]:
    return list(
        LtiSeat.objects.filter(score_sent_at__isnull=True, link__can_publish_scores=True).values_list(
            "student_id", flat=True
        )
    )


# ----- what sets it off --------------------------------------------------------------------------------


def match_changed(change) -> None:
    """games.changes subscriber (after commit): a homework game that just ended."""
    if change.rows is None:
        return
    match = change.rows[0]
    if match.status != Match.Status.FINISHED or match.owner != HOMEWORK_OWNER:
        return
    student_id = Attempt.objects.filter(match_id=match.pk).values_list("student_id", flat=True).first()
    if student_id is not None:
        score_send(student_id)


def attempt_saved(sender, instance: Attempt, created: bool, **kwargs) -> None:
    """A balanced meal checked, or a learn-to-play lesson finished (homework.gates stamps it):
    its student's score once the row commits."""
    if (created and instance.balanced) or instance.lesson_done_at is not None:
        score_send_later(instance.student_id)
