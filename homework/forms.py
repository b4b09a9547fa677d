"""Forms: a new assignment (a game's form from the classroom with a goal, the classroom's lesson
form with a number of balanced meals, or a learn-to-play lesson's game), its dates, and the
students' code forms."""

from __future__ import annotations

import copy

from django import forms
from django.utils.translation import gettext_lazy as _

from classroom.forms import LessonForm, game_form_class
from games.engines.base import Engine
from games.services import games_catalog
from games.tutorials import tutorial_for
from homework.models import Assignment
from homework.services import MAX_GOAL

DATE_INPUT = "%Y-%m-%dT%H:%M"
TUTORIAL = "tutorial"  # the activity picker's learn-to-play lesson (its game is picked apart)


def _moment(label, *, required: bool, help_text=""):
    return forms.DateTimeField(
        label=label,
        required=required,
        help_text=help_text,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATE_INPUT),
    )


class DatesForm(forms.Form):
    opens_at = _moment(_("Opens"), required=False, help_text=_("Empty: now."))
    due_at = _moment(_("Due"), required=True, help_text=_("The homework closes then."))
    late_until = _moment(
        _("Accept late work until (optional)"),
        required=False,
        help_text=_("Empty: no late work. Work done after the due date is marked late."),
    )


class AssignmentForm(DatesForm):
    title = forms.CharField(
        label=_("Name of the homework (optional)"),
        required=False,
        max_length=80,
        help_text=_("Students see it, for example “Week 3: food groups”."),
    )
    activity = forms.ChoiceField(label=_("Activity"), widget=forms.RadioSelect)
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput, max_length=64)

    field_order = ["title", "activity", "opens_at", "due_at", "late_until", "time_zone"]

    def __init__(self, *args, activities: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["activity"].choices = activities


def homework_game_form_class(engine: Engine) -> type[forms.Form]:
    """The classroom's form for one game (players, bot level, options) with a goal."""
    base = game_form_class(engine)
    fields = {
        "goal": forms.ChoiceField(
            label=_("Goal"),
            choices=[(Assignment.Goal.PLAY, _("Play games")), (Assignment.Goal.WIN, _("Win games"))],
            initial=Assignment.Goal.PLAY,
            widget=forms.RadioSelect,
        ),
        "goal_count": forms.IntegerField(
            label=_("How many games"), min_value=1, max_value=MAX_GOAL[Assignment.Goal.PLAY], initial=3
        ),
    }
    seats = copy.deepcopy(base.base_fields["seats"])  # the classroom's own field keeps its words
    seats.label, seats.help_text = _("Players in each game"), _("The student and bots in the other seats.")
    form_class = type(f"Homework{base.__name__}", (base,), {"seats": seats, **fields})
    form_class.game_name = base.game_name
    return form_class


class HomeworkLessonForm(LessonForm):
    goal_count = forms.IntegerField(
        label=_("Balanced meals to build"),
        min_value=1,
        max_value=MAX_GOAL[Assignment.Goal.BALANCED],
        initial=1,
        help_text=_("1: pass the lesson once."),
    )


def tutorial_games() -> list[tuple[str, str]]:
    """Every game that has a learn-to-play lesson (games.tutorials), in the catalogue's order."""
    return [(entry["slug"], entry["name"]) for entry in games_catalog() if tutorial_for(entry["slug"])]


class TutorialForm(forms.Form):
    game = forms.ChoiceField(label=_("Game to learn"))  # the page says the goal is fixed

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = tutorial_games()


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Homework code"), max_length=12)


class NicknameForm(forms.Form):
    nickname = forms.CharField(label=_("Nickname"), max_length=80)


class ResumeForm(forms.Form):
    resume_code = forms.CharField(label=_("My resume code"), max_length=20)
