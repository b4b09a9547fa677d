"""Class sessions, their students, their tables and their meal-balance attempts.

A teacher (a Django user) opens a class session: a game played at tables, or a meal-balance
lesson. Students join with the session's code and a nickname: no account, no e-mail, no real
name. A table is a number; each game played at it is a `TableMatch` (the table's current one is
marked), and `TableSeat` says which student sits in which seat (none: a bot), with the partners
who share it on one device (a team of two or three children).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Pace


class ClassSession(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", _("Game")
        LESSON = "lesson", _("Meal-balance lesson")

    class Status(models.TextChoices):
        OPEN = "open", _("Students are joining")
        PLAYING = "playing", _("Playing")
        ENDED = "ended", _("Ended")

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_sessions"
    )
    title = models.CharField(max_length=80, blank=True)
    code = models.CharField(max_length=8, unique=True)
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.GAME)
    game = models.SlugField(max_length=40, blank=True)
    options = models.JSONField(default=dict, blank=True)
    seats_per_table = models.PositiveSmallIntegerField(default=2)
    bot_level = models.CharField(max_length=20, blank=True)
    meal_rules = models.JSONField(default=dict, blank=True)  # nutrition.meals.MealRules.to_dict()
    lesson_cards = models.JSONField(default=list, blank=True)  # card ids the students may use
    # A teacher's own deck (decks app) instead of the Eat Right deck: its cards as they were when
    # the session was made (`deck_cards`, what every table and the lesson use; [] = Eat Right).
    deck = models.ForeignKey(
        "decks.TeacherDeck", null=True, blank=True, on_delete=models.SET_NULL, related_name="class_sessions"
    )
    deck_cards = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    locked = models.BooleanField(default=False)
    paused = models.BooleanField(default=False)
    # "I approve names": a new student's name shows to nobody but the teacher until accepted.
    approve_names = models.BooleanField(default=False)
    # Every child's pace for this session's games (games.models.Pace), and "Learn to play" as
    # the students' first step (a guided game before their table).
    pace = models.CharField(max_length=8, choices=Pace.choices, default=Pace.STEADY)
    tutorial_first = models.BooleanField(default=False)
    # The teacher clicked to see removed and banned students' names on the dashboard (hidden
    # again whenever someone else is taken out).
    show_hidden_names = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # Retention: when the students' data were deleted, and the class totals kept from them.
    purged_at = models.DateTimeField(null=True, blank=True)
    summary = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.code} ({self.get_kind_display()}, {self.teacher})"

    @property
    def is_lesson(self) -> bool:
        return self.kind == self.Kind.LESSON

    @property
    def ended(self) -> bool:
        return self.status == self.Status.ENDED


class Student(models.Model):
    session = models.ForeignKey(ClassSession, on_delete=models.CASCADE, related_name="students")
    nickname = models.CharField(max_length=40)
    # Case- and space-insensitive form: nicknames are unique within a session on this.
    nickname_key = models.CharField(max_length=80)
    # The browser's long-lived signed device cookie: a banned student's browser can't rejoin.
    device = models.CharField(max_length=64, blank=True, db_index=True)
    joined_at = models.DateTimeField(auto_now_add=True)
    last_active_at = models.DateTimeField(null=True, blank=True)
    # Taken out by the teacher: removed (this browser may join again under a new name) or banned
    # too (this browser can't come back to the session).
    removed_at = models.DateTimeField(null=True, blank=True)
    banned = models.BooleanField(default=False)
    # Waiting for the teacher to accept the name ("I approve names"): not seated, shown to nobody.
    pending = models.BooleanField(default=False)
    plate = models.JSONField(default=list, blank=True)  # a lesson's meal being built: card ids
    # A partner sharing another child's seat on one device (a team: classroom.teams): the seat
    # holder's row. Kept when the partner is taken out, so the reports still say who played with whom.
    team_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="partners"
    )
    # The teacher's choice for a holder's device: its children each play a seat of their own at
    # one table and pass the device (pass-and-play, turn-based games: classroom.teams); off, they
    # share one seat as a team. Read when the device is next seated (classroom.seating).
    pass_device = models.BooleanField(default=False)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["session", "nickname_key"], name="one_nickname_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.nickname} in {self.session.code}"

    @property
    def removed(self) -> bool:
        return self.removed_at is not None


class TableMatch(models.Model):
    """One game played at one table of a session."""

    session = models.ForeignKey(ClassSession, on_delete=models.CASCADE, related_name="table_matches")
    table = models.PositiveSmallIntegerField()
    match = models.OneToOneField("games.Match", on_delete=models.CASCADE, related_name="class_table")
    current = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "-created_at"]
        indexes = [models.Index(fields=["session", "current"])]

    def __str__(self) -> str:
        return f"{self.session.code} table {self.table} ({self.match_id})"


class TableSeat(models.Model):
    table_match = models.ForeignKey(TableMatch, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    student = models.ForeignKey(
        Student, on_delete=models.CASCADE, null=True, blank=True, related_name="table_seats"
    )
    # The seat token, handed to the student's browser session when it arrives at the table.
    token = models.CharField(max_length=64, blank=True)
    # The holder's partners who played this game at this seat (classroom.teams): each gets the
    # seat's result, as the holder does.
    partners = models.ManyToManyField(Student, blank=True, related_name="partner_seats")

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["table_match", "seat"], name="one_seat_per_table_match")
        ]

    def __str__(self) -> str:
        return f"{self.table_match} seat {self.seat}"


class MealAttempt(models.Model):
    """One "check my meal" in a meal-balance lesson: the cards, and which rules it missed."""

    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="attempts")
    cards = models.JSONField(default=list)
    balanced = models.BooleanField()
    failed_rules = models.JSONField(default=list)
    calories = models.IntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.student} {'balanced' if self.balanced else 'not balanced'}"
