"""Homework: an assignment, the students who took it up, and their attempts.

A teacher (a Django user) assigns a game against bots, a meal-balance lesson or a learn-to-play
lesson (a game's guided first game, games.tutorials), open from `opens_at` until `due_at` (or
until `late_until`, when late work is accepted), with a goal: play or win a number of games,
build a number of balanced meals, or finish the learn-to-play lesson (once). Students open its link, QR code
or code at home and pick a nickname: no account, no e-mail, no real name. Each student gets a
personal resume code (stored only as a hash) to carry on later or on another device.

An attempt is one game against bots or one guided first game (its `games.Match`, the human
always in seat 0; `lesson_done_at` once the guided game's coach said the lesson is over) or one
"Check my meal" of the lesson (its cards and the rules it missed). A game's result is read from
its match row (homework.results), so nothing has to be copied when a game ends.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_salt() -> str:
    return secrets.token_hex(16)


class Assignment(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", _("Game against bots")
        LESSON = "lesson", _("Meal-balance lesson")
        TUTORIAL = "tutorial", _("Learn-to-play lesson")

    class Goal(models.TextChoices):
        PLAY = "play", _("Play games")
        WIN = "win", _("Win games")
        BALANCED = "balanced", _("Build balanced meals")
        LEARN = "learn", _("Finish the lesson")

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="homework_assignments"
    )
    title = models.CharField(max_length=80, blank=True)
    code = models.CharField(max_length=8, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.GAME)
    # A game: the game, its options, how many seats (one student, bots in the others), the bots'
    # level (a learn-to-play lesson: its game; the guided game sets the rest).
    game = models.SlugField(max_length=40, blank=True)
    options = models.JSONField(default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(default=2)
    bot_level = models.CharField(max_length=20, blank=True)
    # A lesson: the same fields a class session's lesson has (classroom.lessons reads them).
    meal_rules = models.JSONField(default=dict, blank=True)  # nutrition.meals.MealRules.to_dict()
    lesson_cards = models.JSONField(default=list, blank=True)  # card ids the students may use
    deck_cards = models.JSONField(default=list, blank=True)  # [] = the Eat Right deck
    goal = models.CharField(max_length=10, choices=Goal.choices, default=Goal.PLAY)
    goal_count = models.PositiveSmallIntegerField(default=1)
    opens_at = models.DateTimeField(default=timezone.now)
    due_at = models.DateTimeField()
    late_until = models.DateTimeField(null=True, blank=True)  # late work accepted until (None: none)
    time_zone = models.CharField(max_length=64, default="UTC")  # the teacher's: dates are shown in it
    # Resume codes are stored as sha256(salt + code): a leaked table doesn't give them away.
    resume_salt = models.CharField(max_length=32, default=new_salt, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    # Retention: when the students' data were deleted, and the totals kept from them.
    purged_at = models.DateTimeField(null=True, blank=True)
    summary = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-due_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.code} ({self.get_kind_display()}, {self.teacher})"

    @property
    def is_lesson(self) -> bool:
        return self.kind == self.Kind.LESSON

    @property
    def is_tutorial(self) -> bool:
        return self.kind == self.Kind.TUTORIAL

    @property
    def closes_at(self):
        return self.late_until or self.due_at

    def state(self, now=None) -> str:
        """ "upcoming", "open", "late" (past the due date, late work still accepted) or "closed"."""
        now = now or timezone.now()
        if self.purged_at is not None or now >= self.closes_at:
            return "closed"
        if now < self.opens_at:
            return "upcoming"
        return "late" if now >= self.due_at else "open"

    def is_open(self, now=None) -> bool:
        return self.state(now) in ("open", "late")


class Student(models.Model):
    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="students")
    nickname = models.CharField(max_length=40)
    # Case- and space-insensitive form: nicknames are unique within an assignment on this.
    nickname_key = models.CharField(max_length=80)
    resume_hash = models.CharField(max_length=64)
    joined_at = models.DateTimeField(auto_now_add=True)
    last_active_at = models.DateTimeField(null=True, blank=True)
    plate = models.JSONField(default=list, blank=True)  # a lesson's meal being built: card ids

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "nickname_key"], name="one_nickname_per_assignment"
            ),
            models.UniqueConstraint(
                fields=["assignment", "resume_hash"], name="one_resume_code_per_assignment"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nickname} in homework {self.assignment.code}"


class Attempt(models.Model):
    """One game against bots or guided first game (`match`), or one "Check my meal" (`balanced`,
    `failed_rules`)."""

    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField(default=timezone.now)
    match = models.OneToOneField(
        "games.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="homework_attempt"
    )
    cards = models.JSONField(default=list, blank=True)
    balanced = models.BooleanField(null=True, blank=True)
    failed_rules = models.JSONField(default=list, blank=True)
    calories = models.IntegerField(null=True, blank=True)
    # A guided first game: when its coach said the lesson is over (homework.gates stamps it).
    lesson_done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["student", "number"]
        constraints = [models.UniqueConstraint(fields=["student", "number"], name="one_attempt_number")]

    def __str__(self) -> str:
        return f"{self.student} attempt {self.number}"
