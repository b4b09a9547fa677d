"""Forms of the deck pages: a new deck, and a food card's serving, category, role and food groups.

They only shape the input for people (labels, choices, help); decks.services checks every value
again and says what is wrong in its own words.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from decks import services
from decks.cards import FOOD_CATEGORIES, PLATE_GROUPS, Measure
from foodcards.services import KIND_LABELS, SPECIAL_LABELS

START_LABELS = {
    "empty": _("An empty deck: add foods from the explorer"),
    "eat-right": _("A copy of the Eat Right deck (54 cards)"),
    "snack-attack": _("A copy of the 26 Snack Attack cards of the Eat Right deck"),
}
ROLE_LABELS = [
    ("", _("None")),
    ("sugar-shock", SPECIAL_LABELS["sugar-shock"]),
    ("broccoli", SPECIAL_LABELS["broccoli"]),
    ("spinach", SPECIAL_LABELS["spinach"]),
]
GROUP_LABELS = {
    "fruit": _("Fruit (cups)"),
    "veggie": _("Vegetables (cups)"),
    "grains": _("Grains (ounce-equivalents)"),
    "meat": _("Protein foods (ounce-equivalents)"),
    "dairy": _("Dairy (cups)"),
}


class DeckForm(forms.Form):
    name = forms.CharField(label=_("Name of the deck"), max_length=services.NAME_LENGTH)
    start = forms.ChoiceField(
        label=_("Start from"),
        choices=list(START_LABELS.items()),
        initial="empty",
        widget=forms.RadioSelect,
    )


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name of the deck"), max_length=services.NAME_LENGTH)


class CardForm(forms.Form):
    """A food card's choices. `measures`: the food's household measures (decks.cards.Measure)."""

    measure = forms.ChoiceField(label=_("Household measure (USDA)"))
    times = forms.DecimalField(
        label=_("How many of that measure"),
        min_value=services.TIMES_RANGE[0],
        max_value=services.TIMES_RANGE[1],
        decimal_places=2,
        initial=1,
        help_text=_("For example 0.5 for half a cup, 2 for two slices."),
        widget=forms.NumberInput(attrs={"step": "0.05", "inputmode": "decimal"}),
    )
    category = forms.ChoiceField(
        label=_("Category"),
        choices=[(key, KIND_LABELS["eat-right"][key]) for key in FOOD_CATEGORIES],
    )
    special = forms.ChoiceField(
        label=_("Special role"),
        choices=ROLE_LABELS,
        required=False,
        help_text=_(
            "Sugar Shock must be a junk food card; Broccoli and Spinach veggie cards. One of each per deck."
        ),
    )
    name = forms.CharField(label=_("Name on the card"), max_length=40)

    def __init__(self, *args, measures: list[Measure], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["measure"].choices = [(str(m.seq), f"{m.label} ({m.grams:g} g)") for m in measures]
        for group in PLATE_GROUPS:
            self.fields[f"plate_{group}"] = forms.DecimalField(
                label=GROUP_LABELS[group],
                required=False,
                min_value=0,
                max_value=services.PLATE_MAX,
                decimal_places=2,
                widget=forms.NumberInput(
                    attrs={"step": "0.01", "inputmode": "decimal", "placeholder": _("automatic")}
                ),
            )

    def plate_fields(self):
        return [self[f"plate_{group}"] for group in PLATE_GROUPS]

    def choices(self) -> dict:
        """What to hand decks.services (after is_valid())."""
        data = self.cleaned_data
        return {
            "measure_seq": data["measure"],
            "times": float(data["times"]),
            "category": data["category"],
            "special": data.get("special") or None,
            "name": data["name"],
            "plate": {
                group: float(data[f"plate_{group}"])
                for group in PLATE_GROUPS
                if data.get(f"plate_{group}") is not None
            },
        }
