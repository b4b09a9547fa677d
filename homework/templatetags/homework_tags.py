"""Homework's words on pages, and {% homework_link %}: on a homework game's page (and its replay),
"My homework" first in the site's menu, back to the student's homework (it takes no room from
the board on a phone)."""

from __future__ import annotations

import re

from django import template
from django.utils.translation import gettext as _

from games.catalog import game_name
from games.messages import level_name
from homework import gates, results, services
from homework.models import Assignment

register = template.Library()

MATCH_PATH = re.compile(r"^/(?:play|replays)/([\w-]+)/$")


@register.filter
def homework_title(assignment: Assignment) -> str:
    return assignment.title or results.activity_name(assignment)


@register.filter
def activity_words(assignment: Assignment) -> str:
    if assignment.is_lesson:
        return results.activity_name(assignment)
    if assignment.is_tutorial:  # under a title that already names the lesson
        return _("Learn to play %(game)s with a coach") % {"game": game_name(assignment.game)}
    return _("%(game)s against %(level)s bots") % {
        "game": game_name(assignment.game),
        "level": level_name(assignment.bot_level).lower(),
    }


@register.filter
def goal_words(assignment: Assignment) -> str:
    return results.goal_words(assignment)


@register.filter
def due_words(assignment: Assignment) -> str:
    return services.when(assignment.due_at, assignment)


@register.filter
def when_words(moment, assignment: Assignment) -> str:
    return services.when(moment, assignment) if moment else ""


@register.filter
def state_words(state: str) -> str:
    return {
        "upcoming": _("Opens later"),
        "open": _("Open"),
        "late": _("Late work only"),
        "closed": _("Closed"),
    }.get(state, state)


@register.inclusion_tag("homework/_link.html", takes_context=True)
def homework_link(context) -> dict:
    request = context.get("request")
    known = services.students_of(getattr(request, "session", None)) if request is not None else {}
    if not known:
        return {}
    found = MATCH_PATH.match(request.path)
    link = gates.link_of_match(found.group(1)) if found else None
    if link is None or known.get(str(link.assignment_id)) != link.student_id:
        return {}
    assignment = Assignment.objects.filter(pk=link.assignment_id).first()
    student = assignment.students.filter(pk=link.student_id).first() if assignment else None
    if student is None:
        return {}
    return {
        "homework": assignment,
        "homework_student": student,
        "homework_url": services.homework_url(assignment),
    }
