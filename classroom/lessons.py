"""Meal-balance lessons: a student clicks cards onto a plate and checks it against the lesson's
rules (`nutrition.meals`, the same check Build-A-Meal uses); every check is recorded.
"""

from __future__ import annotations

from dataclasses import replace

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from classroom import live
from classroom.models import ClassSession, MealAttempt, Student
from classroom.services import ClassroomError, lesson_card_records
from decks.needs import lesson_cards as lesson_deck_cards
from nutrition.meals import MealRules, check_meal


def lesson_rules(session: ClassSession) -> MealRules:
    """A lesson's rules; a lesson always counts the cards' real servings (nutrition.meals)."""
    return replace(MealRules.from_dict(session.meal_rules), real_servings=True)


def lesson_cards(session: ClassSession) -> list[dict]:
    allowed = set(session.lesson_cards)
    records = lesson_card_records() if not session.deck_cards else lesson_deck_cards(session.deck_cards)
    return [record for record in records if record["id"] in allowed]


def _lesson_open(student: Student) -> None:
    session = student.session
    if student.removed:
        raise ClassroomError(_("Your teacher took you out of this class session."), status=403)
    if session.ended:
        raise ClassroomError(_("This class session has ended."), status=409)
    if session.paused:
        raise ClassroomError(_("Your teacher paused the class. Wait a moment."), status=409, code="paused")


def lesson_toggle_card(*, student: Student, card_id: str) -> list[str]:
    """Put a card on the plate, or take it off again. Returns the plate."""
    _lesson_open(student)
    if card_id not in set(student.session.lesson_cards):
        raise ClassroomError(_("That card isn't part of this lesson."))
    plate = [c for c in student.plate if c != card_id]
    if len(plate) == len(student.plate):
        if len(plate) >= 12:
            raise ClassroomError(_("Your plate is full: take a card off first."))
        plate.append(card_id)
    student.plate = plate
    student.last_active_at = timezone.now()
    student.save(update_fields=["plate", "last_active_at"])
    return plate


def lesson_clear(*, student: Student) -> None:
    _lesson_open(student)
    student.plate = []
    student.save(update_fields=["plate"])


def lesson_check(*, student: Student) -> tuple[MealAttempt, object]:
    """Check the plate against the lesson's rules and record the attempt. Returns (attempt,
    the MealCheck)."""
    _lesson_open(student)
    if not student.plate:
        raise ClassroomError(_("Put some cards on your plate first."), code="empty_plate")
    session = student.session
    allowed = lesson_cards(session)
    by_id = {record["id"]: record for record in allowed}
    cards = [by_id[card] for card in student.plate if card in by_id]
    check = check_meal(cards, lesson_rules(session), allowed=allowed)
    with transaction.atomic():
        attempt = MealAttempt.objects.create(
            student=student,
            cards=[card["id"] for card in cards],
            balanced=check.balanced,
            failed_rules=check.failed_rules,
            calories=check.calories,
        )
        Student.objects.filter(pk=student.pk).update(last_active_at=timezone.now())
        live.session_changed(session.pk, students=False)
    return attempt, check
