"""A teacher's "download all my data": everything the site keeps that belongs to the teacher's
account, as one JSON file (the account without its password hash, class sessions with their
students, tables, games and meal checks, homework with its students and attempts, own decks and
cards). Django's serializers write every field of every row, so a column added to a model later
is in the file without touching this module."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from classroom.models import ClassSession, MealAttempt, Student, TableMatch, TableSeat
from decks.models import TeacherCard, TeacherDeck
from games.models import Match, MatchAction, Seat
from homework.models import Assignment, Attempt
from homework.models import Student as HomeworkStudent

ACCOUNT_FIELDS = ("username", "email", "first_name", "last_name", "date_joined", "last_login")


def _rows(queryset) -> list[dict]:
    return serializers.serialize("python", queryset)


def teacher_data(user) -> dict:
    """Every row the site keeps for this teacher, by kind."""
    sessions = ClassSession.objects.filter(teacher=user)
    assignments = Assignment.objects.filter(teacher=user)
    tables = TableMatch.objects.filter(session__in=sessions)
    match_ids = set(tables.values_list("match_id", flat=True))
    match_ids |= set(
        Match.objects.filter(homework_attempt__student__assignment__in=assignments).values_list(
            "pk", flat=True
        )
    )
    matches = Match.objects.filter(pk__in=match_ids)
    decks = TeacherDeck.objects.filter(owner=user)
    return {
        "exported_at": timezone.now(),
        "account": {field: getattr(user, field) for field in ACCOUNT_FIELDS},
        "class_sessions": _rows(sessions),
        "class_students": _rows(Student.objects.filter(session__in=sessions)),
        "class_tables": _rows(tables),
        "class_table_seats": _rows(TableSeat.objects.filter(table_match__in=tables)),
        "class_meal_checks": _rows(MealAttempt.objects.filter(student__session__in=sessions)),
        "homework": _rows(assignments),
        "homework_students": _rows(HomeworkStudent.objects.filter(assignment__in=assignments)),
        "homework_attempts": _rows(Attempt.objects.filter(student__assignment__in=assignments)),
        "games": _rows(matches),
        "game_seats": _rows(Seat.objects.filter(match__in=matches)),
        "game_moves": _rows(MatchAction.objects.filter(match__in=matches)),
        "decks": _rows(decks),
        "deck_cards": _rows(TeacherCard.objects.filter(deck__in=decks)),
    }


@login_required
@require_GET
def my_data_download(request: HttpRequest) -> HttpResponse:
    body = json.dumps(teacher_data(request.user), cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="plateful-my-data-{day}.json"'
    return response
