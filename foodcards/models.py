"""Decks and cards as database rows.

The shipped files in foodcards/data/ are the source; `manage.py load_decks` copies them here.
Each card keeps its full shipped record (`record`) so engines get plain dicts, and the numbers
the games and pages use are also real columns so the admin can show, filter and edit them.
Saving a card writes the columns back into `record`, so the two never disagree.
"""

import hashlib
import json

from django.db import models
from django.urls import reverse

DECK_SLUGS = ("eat-right", "chomp", "appetite", "snack-wars")

# Which record keys each deck mirrors in columns (column name = record key).
RECORD_COLUMNS = {
    "eat-right": (
        "name",
        "category",
        "special",
        "groups",
        "calories",
        "vitamin_power",
        "value",
        "snack_attack",
        "ndb",
        "serving_g",
        "serving_label",
        "in_play",
    ),
    "chomp": ("name", "kind", "rank", "action", "in_play"),
    "appetite": ("name", "suit", "number", "in_play"),
    "snack-wars": ("name", "kind", "food", "value", "cuisine", "bonus", "in_play"),
}


# Columns that store "" where the record says null, and flags that store a bool for null.
_TEXT_COLUMNS = {"name", "category", "serving_label", "suit"}
_FLAG_COLUMNS = {"snack_attack", "in_play"}


def record_digest(record: dict) -> str:
    """A short stable hash of a card record (picture cache names, ETags, change detection)."""
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


class Deck(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)
    # The decisions we took where the rule book is silent, one sentence each.
    choices = models.JSONField(default=list, blank=True)
    order = models.PositiveSmallIntegerField(default=0)
    # The shipped "deck" header, kept whole for anything we do not mirror in columns.
    header = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("foodcards:deck", kwargs={"deck": self.slug})


class Card(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    slug = models.SlugField(max_length=80, help_text="The card id in the deck file (unique in its deck).")
    position = models.PositiveIntegerField(default=0, help_text="Order in the deck file.")
    name = models.CharField(max_length=120)
    kind = models.CharField(
        max_length=40,
        blank=True,
        db_index=True,
        help_text="Eat Right: category; CHOMP!/SNACK WARS: kind; appetite: suit.",
    )
    in_play = models.BooleanField(default=True)

    # Eat Right
    category = models.CharField(max_length=20, blank=True)
    special = models.CharField(max_length=20, null=True, blank=True)
    groups = models.JSONField(default=dict, blank=True, help_text="Servings per food group.")
    calories = models.IntegerField(null=True, blank=True)
    vitamin_power = models.FloatField(null=True, blank=True, help_text="Eat Right; one decimal.")
    value = models.IntegerField(null=True, blank=True, help_text="Eat Right overall value; SNACK WARS value.")
    snack_attack = models.BooleanField(default=False)
    ndb = models.CharField("NDB number", max_length=10, null=True, blank=True)
    serving_g = models.FloatField("serving (grams)", null=True, blank=True)
    serving_label = models.CharField(max_length=120, blank=True)
    nutrients = models.JSONField(default=dict, blank=True, help_text="Nutrients per 100 g (USDA SR).")

    # CHOMP!
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=20, null=True, blank=True)

    # appetite
    suit = models.CharField(max_length=20, blank=True)
    number = models.PositiveSmallIntegerField(null=True, blank=True)

    # SNACK WARS
    food = models.CharField(max_length=40, null=True, blank=True)
    cuisine = models.CharField(max_length=20, null=True, blank=True)
    bonus = models.CharField(max_length=20, null=True, blank=True)

    # The full shipped record (kept in step with the columns above on every save).
    record = models.JSONField(default=dict)
    # Digest of the file record last loaded: load_decks leaves admin edits alone until the
    # file's record itself changes.
    source_digest = models.CharField(max_length=16, blank=True)

    class Meta:
        ordering = ["deck__order", "position"]
        constraints = [models.UniqueConstraint(fields=["deck", "slug"], name="card_slug_unique_in_deck")]

    def __str__(self):
        return f"{self.name} ({self.slug})"

    def save(self, *args, **kwargs):
        if self.deck_id:
            self.record = self.record_from_columns()
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("foodcards:card", kwargs={"deck": self.deck.slug, "card": self.slug})

    def image_url(self):
        return reverse("foodcards:card_png", kwargs={"deck": self.deck.slug, "card": self.slug})

    @property
    def digest(self) -> str:
        return record_digest(self.record)

    def columns_from_record(self, deck_slug: str, record: dict) -> None:
        """Fill the columns from a shipped record."""
        self.record = dict(record)
        for key in RECORD_COLUMNS[deck_slug]:
            value = record.get(key)
            if key == "ndb" and value is not None:
                value = str(value)
            elif value is None and key in _TEXT_COLUMNS:
                value = ""
            elif value is None and key in _FLAG_COLUMNS:
                value = key == "in_play"
            elif value is None and key == "groups":
                value = {}
            setattr(self, key, value)
        if deck_slug == "eat-right":
            self.kind = record.get("category") or ""
            self.nutrients = record.get("nutrients_per_100g") or {}
        elif deck_slug == "appetite":
            self.kind = record.get("suit") or ""
        else:
            self.kind = record.get("kind") or ""

    def record_from_columns(self) -> dict:
        """The record with the columns' current values written back in (ints stay ints)."""
        record = dict(self.record)
        for key in RECORD_COLUMNS.get(self.deck.slug, ()):
            value = getattr(self, key)
            if key not in record and value in (None, "", {}, False):
                continue  # do not add empty keys the shipped record never had
            if key in _TEXT_COLUMNS and value == "" and record.get(key) is None:
                value = None  # keep a shipped null a null
            elif key == "serving_g" and value is not None:
                # FloatField gives floats: keep a shipped whole number an int.
                value = (
                    int(value)
                    if isinstance(record.get(key), int) and float(value).is_integer()
                    else float(value)
                )
            record[key] = value
        if self.deck.slug == "eat-right" and self.nutrients:
            record["nutrients_per_100g"] = self.nutrients
        return record
