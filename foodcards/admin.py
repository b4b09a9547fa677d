"""Admin of the decks and cards.

Editing an Eat Right food card's NDB number or serving grams recomputes its calories, vitamin
power and value from the imported USDA data (nutrition.services.card_score_for), so the numbers
on a card are never typed by hand.
"""

from django import forms
from django.contrib import admin
from django.utils.html import format_html

from foodcards.models import Card, Deck
from nutrition.services import FoodNotImported, card_score_for, food_nutrients, food_profile_for

# The card's fields, in the groups the admin shows them: one list for the form and its fieldsets.
COMMON_FIELDS = ["deck", "slug", "position", "name", "kind", "in_play"]
DECK_FIELDS = {
    "Eat Right": [
        "category",
        "special",
        "groups",
        "ndb",
        "serving_g",
        "serving_label",
        "calories",
        "vitamin_power",
        "value",
        "snack_attack",
        "nutrients",
    ],
    "CHOMP!": ["rank", "action"],
    "Appetite": ["suit", "number"],
    "SNACK WARS": ["food", "cuisine", "bonus"],
}


class CardAdminForm(forms.ModelForm):
    class Meta:
        model = Card
        # Everything but the record and its file digest, which save() keeps in step.
        fields = COMMON_FIELDS + [name for names in DECK_FIELDS.values() for name in names]

    def clean(self):
        cleaned = super().clean()
        deck = cleaned.get("deck") or getattr(self.instance, "deck", None)
        if deck is None or deck.slug != "eat-right" or self.errors:
            return cleaned
        if not ({"ndb", "serving_g"} & set(self.changed_data)):
            return cleaned
        ndb, grams = cleaned.get("ndb"), cleaned.get("serving_g")
        if not ndb:
            return cleaned  # a card that is not a food (Exhilarating Exercise) keeps its numbers
        if not (len(ndb) == 5 and ndb.isdigit()):
            self.add_error("ndb", "A USDA NDB number has five digits, for example 11090 (raw broccoli).")
            return cleaned
        if not grams or grams <= 0:
            self.add_error("serving_g", "A food card needs a serving of more than 0 grams.")
            return cleaned
        try:
            nutrients = food_nutrients(ndb=ndb)
            score = card_score_for(ndb=ndb, grams=grams)
            profile = food_profile_for(ndb=ndb)
        except FoodNotImported as error:
            self.add_error("ndb", f"{error} The card's numbers cannot be recomputed without it.")
            return cleaned
        cleaned["calories"] = score.calories
        cleaned["vitamin_power"] = score.vitamin_power
        cleaned["value"] = score.value
        self.recomputed = score
        self.recomputed_nutrients = nutrients
        self.recomputed_profile = profile
        return cleaned

    def save(self, commit=True):
        card = super().save(commit=False)
        score = getattr(self, "recomputed", None)
        if score is not None:
            from nutrition.scoring import SCORING_KEYS, per_serving

            # Keep the record's nutrients in step with the new food and serving.
            kept = list(card.nutrients) or list(SCORING_KEYS)
            per_100g = {key: self.recomputed_nutrients.get(key) for key in kept}
            card.nutrients = per_100g
            card.record = {**card.record, "nutrients_per_serving": per_serving(per_100g, card.serving_g)}
            card.record["serving_g"] = card.serving_g
            card.record["profile"] = self.recomputed_profile.to_dict()
            card.calories, card.vitamin_power, card.value = score.calories, score.vitamin_power, score.value
        if commit:
            card.save()
            self.save_m2m()
        return card


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "order", "card_count"]
    prepopulated_fields = {"slug": ["name"]}

    @admin.display(description="cards")
    def card_count(self, deck):
        return deck.cards.count()


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = [
        "name",
        "slug",
        "deck",
        "kind",
        "calories",
        "vitamin_power",
        "value",
        "rank",
        "number",
        "in_play",
    ]
    list_filter = ["deck", "kind", "in_play", "snack_attack"]
    search_fields = ["name", "slug", "ndb"]
    readonly_fields = ["picture", "record_json"]
    ordering = ["deck__order", "position"]
    fieldsets = [
        (None, {"fields": [*COMMON_FIELDS, "picture"]}),
        (
            "Eat Right",
            {
                "fields": DECK_FIELDS["Eat Right"],
                "description": "Change the NDB number or the grams and save: calories, vitamin power and "
                "value are recomputed from the imported USDA data.",
                "classes": ["collapse"],
            },
        ),
        *(
            (deck, {"fields": names, "classes": ["collapse"]})
            for deck, names in DECK_FIELDS.items()
            if deck != "Eat Right"
        ),
        ("Shipped record", {"fields": ["record_json"], "classes": ["collapse"]}),
    ]

    @admin.display(description="picture")
    def picture(self, card):
        if not card.pk:
            return "-"
        return format_html('<img src="{}" alt="" width="189" height="264">', card.image_url())

    @admin.display(description="record (what the engines read)")
    def record_json(self, card):
        import json

        return format_html("<pre>{}</pre>", json.dumps(card.record, indent=2, ensure_ascii=False))
