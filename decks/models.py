"""Teachers' own Eat Right decks: a deck is a list of card records built from USDA foods.

Every card is a full Eat Right record (the shape engines take as `cards=`), built by the same
code as the Eat Right deck (nutrition.eat_right_deck.food_card_record), plus what the teacher
chose (the food, the household measure and how many of it) so the card can be edited again.

A card's id (`card_id`, "my-" and 24 random hex digits) is also its picture's address once the
deck is dealt into a game or a class session (`shared`): players see the card there, so a card
that was shared is never changed in place. Editing it retires the old version (kept, so games
still being played show its picture) and makes a new card with a new id.
"""

from django.conf import settings
from django.db import models


class TeacherDeck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="teacher_decks"
    )
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "pk"]

    def __str__(self):
        return f"{self.name} ({self.owner})"


class TeacherCard(models.Model):
    deck = models.ForeignKey(TeacherDeck, on_delete=models.CASCADE, related_name="cards")
    card_id = models.SlugField(max_length=40, unique=True)
    position = models.PositiveIntegerField(default=0)
    record = models.JSONField()
    # What the teacher chose, to edit the card again (the record says the same in its own words).
    measure_seq = models.PositiveSmallIntegerField(null=True, blank=True)
    plate_custom = models.JSONField(default=dict, blank=True)  # food groups the teacher set ({}: estimated)
    # Dealt into a game or a class session: its id is a picture address players know.
    shared = models.BooleanField(default=False)
    # Edited or removed after it was shared: out of the deck, kept for the games that hold it.
    retired = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "position", "pk"]
        indexes = [models.Index(fields=["deck", "retired", "position"])]

    def __str__(self):
        return f"{self.record.get('name', '?')} ({self.card_id})"

    @property
    def name(self) -> str:
        return self.record.get("name", "")
