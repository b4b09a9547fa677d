"""LTI 1.3: which homework an LMS placed in a course, and which homework students came from it.

Platforms, deployments, contexts, resource links and users are django-lti's models (`lti_tool`,
registered in the Django admin). What Plateful adds:

- `LtiLink`: a homework assignment made by deep linking, the deployment that made it, whether
  its students are shown by first name and last initial, and the line item its scores go to;
- `LtiSeat`: a homework student who came from a launch, with their LMS user (the opaque `sub`
  only: django-lti's LtiUser keeps no name nor e-mail here) and what became of their score.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LtiLink(models.Model):
    assignment = models.OneToOneField(
        "homework.Assignment", on_delete=models.CASCADE, related_name="lti_link"
    )
    deployment = models.ForeignKey("lti_tool.LtiDeployment", on_delete=models.CASCADE, related_name="+")
    show_names = models.BooleanField(
        _("Show students by first name and last initial"),
        default=False,
        help_text=_("Otherwise each student gets a made-up food name."),
    )
    # The AGS line item the LMS made from the deep-linking answer (its launches name it).
    lineitem_url = models.URLField(max_length=500, blank=True)
    can_publish_scores = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"LTI {self.assignment}"


class LtiSeat(models.Model):
    student = models.OneToOneField("homework.Student", on_delete=models.CASCADE, related_name="lti_seat")
    link = models.ForeignKey(LtiLink, on_delete=models.CASCADE, related_name="seats")
    lti_user = models.ForeignKey("lti_tool.LtiUser", on_delete=models.CASCADE, related_name="+")
    score_sent_at = models.DateTimeField(null=True, blank=True)
    score_error = models.CharField(max_length=300, blank=True)  # the last failure, for the retry

    class Meta:
        constraints = [models.UniqueConstraint(fields=["link", "lti_user"], name="one_seat_per_lms_user")]

    def __str__(self) -> str:
        return f"{self.lti_user} as {self.student}"
