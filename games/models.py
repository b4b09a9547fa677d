"""Matches, their seats and their ordered move log, and the card records they play with.

A match is stored as what started it (game slug, seats, seed, options, stacked deck, card set)
plus every applied action in order, so it can be replayed move by move; `state` is the current
snapshot (engine.dump without its card records) and `version` the number of moves applied,
checked on every write.

The card records (tens of KB for an Eat Right deck) are stored once per deck version in a
`CardSet`, named by the digest of its content, and every match dealt from that version refers to
it: a set never changes, so a deck edited later (in the admin, or a teacher's own deck) makes a
new set and the matches already dealt keep the cards they were dealt.
"""

import hashlib
import json
import secrets
from collections import OrderedDict
from threading import Lock

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def new_match_id() -> str:
    """An unguessable short id for addresses people share (/play/<id>/)."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


CARD_SET_DIGEST_LENGTH = 32  # 128 bits of SHA-256
_CARD_SET_CACHE_SIZE = 64
_card_set_cache: OrderedDict[str, dict] = OrderedDict()
_card_set_lock = Lock()


def card_set_digest(records: list[dict]) -> str:
    """The name of a set of card records: a hash of its content, independent of the records'
    order and of their keys' order (PostgreSQL's jsonb reorders keys)."""
    ordered = sorted(records, key=lambda record: record["id"])
    canonical = json.dumps(ordered, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:CARD_SET_DIGEST_LENGTH]


class CardSet(models.Model):
    """One version of a deck's card records (id -> record), shared by every match dealt from it.
    Never changed once written: its primary key is the digest of its content."""

    digest = models.CharField(primary_key=True, max_length=CARD_SET_DIGEST_LENGTH, editable=False)
    deck = models.SlugField(max_length=40, blank=True, help_text="The deck the records are of.")
    records = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.deck} {self.digest[:8]} ({len(self.records)} cards)"


def card_set_records(digest: str) -> dict:
    """A card set's records (id -> record), read once per process: a set never changes, so the
    copy kept here stays right. Treat the dict as read-only (matches share it)."""
    with _card_set_lock:
        records = _card_set_cache.get(digest)
        if records is not None:
            _card_set_cache.move_to_end(digest)
            return records
    records = CardSet.objects.filter(pk=digest).values_list("records", flat=True).first()
    if records is None:
        return {}
    with _card_set_lock:
        _card_set_cache[digest] = records
        while len(_card_set_cache) > _CARD_SET_CACHE_SIZE:
            _card_set_cache.popitem(last=False)
    return records


class Pace(models.TextChoices):
    STEADY = "steady", _("Usual pace")
    RELAXED = "relaxed", _("Relaxed pace (three times the time)")


# How much longer every timer and bot reaction is at the relaxed pace (at least 3: issue 23).
PACE_FACTOR = {Pace.STEADY: 1.0, Pace.RELAXED: 3.0}


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
    # The card records the match plays with, shared with every match of the same deck version
    # (null: a match stored before card sets, with no records: the engine's shipped deck).
    card_set = models.ForeignKey(
        CardSet, on_delete=models.PROTECT, null=True, blank=True, related_name="matches"
    )
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    result = models.JSONField(null=True, blank=True)
    # Bots and table timers count their delays from the last change (restart-safe scheduling).
    changed_at = models.DateTimeField(default=timezone.now)
    # The match clock (classroom time limits, e.g. Food War's "minutes") runs from the deal.
    started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The app that owns the match and whose gates it answers to (games.access): "" for a table
    # for friends or quick play (nobody's: no gate runs), "classroom", "homework". Set when the
    # match is made, in its transaction, and never changed.
    owner = models.CharField(max_length=20, blank=True, default="")
    # Every child's pace: "relaxed" makes every timer and every bot's reaction PACE_FACTOR times
    # longer (games.scheduler); chosen by a table's host or a teacher for a session.
    pace = models.CharField(max_length=8, choices=Pace.choices, default=Pace.STEADY)
    # Learn to play: a guided first game (games.tutorials), its coach at seat 0's side.
    tutorial = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} {self.id} ({self.status})"

    @property
    def cards(self) -> dict:
        """The card records the match plays with (id -> record); read-only, shared."""
        return card_set_records(self.card_set_id) if self.card_set_id else {}


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
    # A seat that changed hands mid-game: the moves logged before `taken_over_at` (a match
    # version) were made by `before` ({"kind", "nickname", "bot_level"}), so the feed names them,
    # not the new occupant, and never tells the new one "you" did them.
    taken_over_at = models.PositiveIntegerField(default=0)
    before = models.JSONField(default=dict, blank=True)

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
