"""The deep-linking picker: which activity becomes the LMS assignment, with the homework's
defaults for everything the LMS page has no room for (a game's options, a lesson's rules). A
learn-to-play lesson is one choice per game that has one (`LEARN_PREFIX` + the game)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from classroom.forms import activity_choices
from homework.forms import tutorial_games

LEARN_PREFIX = "learn:"


class PickForm(forms.Form):
    title = forms.CharField(
        label=_("Name of the homework (optional)"),
        required=False,
        max_length=80,
        help_text=_("Students see it, for example “Week 3: food groups”."),
    )
    activity = forms.ChoiceField(label=_("Activity"), widget=forms.RadioSelect)
    goal_count = forms.IntegerField(
        label=_("Goal: games to play, or balanced meals to build"),
        min_value=1,
        max_value=10,
        initial=1,
        help_text=_("A learn-to-play lesson's goal is always 1: finish the lesson."),
    )
    due_in_days = forms.IntegerField(
        label=_("Open for (days)"),
        min_value=1,
        max_value=366,
        initial=14,
        help_text=_("Plateful closes the homework then; your course's own due date is set in the LMS."),
    )
    show_names = forms.BooleanField(
        label=_("Show students by first name and last initial"),
        required=False,
        help_text=_(
            "Off: each student gets a made-up food name. Names that break the nickname rules never show."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["activity"].choices = activity_choices() + [
            (f"{LEARN_PREFIX}{slug}", _("Learn-to-play lesson: %(game)s") % {"game": name})
            for slug, name in tutorial_games()
        ]
