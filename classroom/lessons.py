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
from decks.needs import LESSON_PLATE_CARDS
from decks.needs import lesson_cards as lesson_deck_cards
from nutrition.meal_words import rows_for_check
from nutrition.meals import MealCheck, MealRules, check_meal


def lesson_rules(session: ClassSession) -> MealRules:
    """A lesson's rules; a lesson always counts the cards' real servings (nutrition.meals)."""
    return replace(MealRules.from_dict(session.meal_rules), real_servings=True)


def lesson_cards(session: ClassSession) -> list[dict]:
    allowed = set(session.lesson_cards)
    records = lesson_card_records() if not session.deck_cards else lesson_deck_cards(session.deck_cards)
    return [record for record in records if record["id"] in allowed]


def lesson_board(lesson, plate_ids: list[str], *, check=None, recheck: bool = False) -> dict:
    """What a lesson's board shows (classroom/_lesson.html): the cards by category, the plate and
    its calories, the rules and, after a check, each rule's line. `lesson` is anything with
    `meal_rules`, `lesson_cards` and `deck_cards` (a class session, a homework assignment);
    `recheck`: the plate is the one last checked, so its checklist is shown again."""
    allowed = lesson_cards(lesson)
    by_id = {record["id"]: record for record in allowed}
    plate = [by_id[card] for card in plate_ids if card in by_id]
    rules = lesson_rules(lesson)
    if check is None and recheck:
        check = check_meal(plate, rules, allowed=allowed)
    groups: dict[str, list[dict]] = {}
    for record in allowed:
        groups.setdefault(record.get("category", ""), []).append(record)
    return {
        "cards_by_category": list(groups.items()),
        "plate": plate,
        "on_plate": set(plate_ids),
        "plate_calories": check_meal(plate, rules).calories,
        "rules": rules,
        "rule_rows": rows_for_check(check, allowed) if check is not None else [],
        "balanced": bool(check is not None and check.balanced),
    }


def plate_toggled(lesson, plate: list[str], card_id: str) -> list[str]:
    """The plate with a card put on it, or taken off again. Refuses (ClassroomError) a card the
    lesson doesn't offer, and a card more on a full plate."""
    if card_id not in set(lesson.lesson_cards):
        raise ClassroomError(_("That card isn't part of this lesson."))
    toggled = [card for card in plate if card != card_id]
    if len(toggled) == len(plate):
        if len(toggled) >= LESSON_PLATE_CARDS:
            raise ClassroomError(_("Your plate is full: take a card off first."))
        toggled.append(card_id)
    return toggled


def plate_check(lesson, plate: list[str]) -> tuple[list[dict], MealCheck]:
    """The plate's cards and their check against the lesson's rules (an empty plate is refused)."""
    if not plate:
        raise ClassroomError(_("Put some cards on your plate first."), code="empty_plate")
    allowed = lesson_cards(lesson)
    by_id = {record["id"]: record for record in allowed}
    cards = [by_id[card] for card in plate if card in by_id]
    return cards, check_meal(cards, lesson_rules(lesson), allowed=allowed)


def _lesson_open(student: Student) -> None:
    session = student.session
    if student.removed:
        raise ClassroomError(_("Your teacher took you out of this class session."), status=403)
    if student.pending:
        raise ClassroomError(_("Your teacher is checking your name. Wait a moment."), status=409)
    if session.ended:
        raise ClassroomError(_("This class session has ended."), status=409)
    if session.status != ClassSession.Status.PLAYING:
        raise ClassroomError(
            _("Your teacher hasn't started the lesson yet. Wait a moment: it opens by itself."),
            status=409,
            code="not_started",
        )
    if session.paused:
        raise ClassroomError(_("Your teacher paused the class. Wait a moment."), status=409, code="paused")


def lesson_toggle_card(*, student: Student, card_id: str) -> list[str]:
    """Put a card on the plate, or take it off again. Returns the plate."""
    _lesson_open(student)
    plate = plate_toggled(student.session, student.plate, card_id)
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
    session = student.session
    cards, check = plate_check(session, student.plate)
    with transaction.atomic():
        attempt = MealAttempt.objects.create(
            student=student,
            cards=[card["id"] for card in cards],
            balanced=check.balanced,
            failed_rules=check.failed_rules,
            calories=check.calories,
        )
        Student.objects.filter(pk=student.pk).update(last_active_at=timezone.now())
        live.session_changed(session.pk, students=False, activity=True)
    return attempt, check
