"""Matches, their seats and their ordered move log.

A match is stored as what started it (game slug, seats, seed, options, stacked deck, card
records) plus every applied action in order, so it can be replayed move by move; `state` is the
current snapshot (engine.dump) and `version` the number of moves applied, checked on every write.
"""

import hashlib
import secrets

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_match_id() -> str:
    """An unguessable short id for addresses people share (/play/<id>/)."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Match(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    id = models.CharField(primary_key=True, max_length=24, default=new_match_id, editable=False)
    game = models.SlugField(max_length=40)
    seats = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    deck = models.JSONField(null=True, blank=True, help_text="Stacked deck: card ids top first.")
    # The card records the match plays with (id -> record), kept once here rather than in every
    # saved state: `state` is the engine's dump without its "cards" entry.
    cards = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    result = models.JSONField(null=True, blank=True)
    # Bots and table timers count their delays from the last change (restart-safe scheduling).
    changed_at = models.DateTimeField(default=timezone.now)
    # The match clock (classroom time limits, e.g. Food War's "minutes") runs from the deal.
    started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} {self.id} ({self.status})"


class Seat(models.Model):
    class Kind(models.TextChoices):
        OPEN = "open", _("Open")
        HUMAN = "human", _("Player")
        BOT = "bot", _("Bot")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seat_set")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.OPEN)
    nickname = models.CharField(max_length=40, blank=True)
    bot_level = models.CharField(max_length=20, blank=True)
    token_hash = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_seat_number_per_match")]

    def __str__(self) -> str:
        return f"{self.match_id} seat {self.number} ({self.kind})"

    def token_matches(self, token: str | None) -> bool:
        return bool(token and self.token_hash) and secrets.compare_digest(self.token_hash, hash_token(token))


class MatchAction(models.Model):
    """One applied move, in order: who (seat, None = the table), what, and when it arrived."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    action = models.JSONField()
    events = models.JSONField(default=list, blank=True)
    received_at = models.DateTimeField()

    class Meta:
        ordering = ["index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_action_per_index")]

    def __str__(self) -> str:
        return f"{self.match_id} #{self.index}"
