"""A game's options as a Django form, built from engine.options (games.engines.base.Option).

Choices become a choice field, yes/no a checkbox, whole numbers with a minimum and maximum a
number field. Field names are "option_<name>"; a field left out or empty keeps the option's
default. The engine checks the options again when the match is made.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.engines.base import Engine, Option
from games.models import Pace


def _field_for(option: Option) -> forms.Field:
    label = _(option.label)
    help_text = _(option.help) if option.help else ""
    if option.choices:
        values = {str(value): value for value, _label in option.choices}
        return forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            choices=[(str(value), _(text)) for value, text in option.choices],
            coerce=values.__getitem__,
            initial=str(option.default),
            required=False,
            empty_value=None,
            error_messages={
                "invalid_choice": _("“%(label)s”: please pick one from the list.") % {"label": label}
            },
        )
    if isinstance(option.default, bool):
        return forms.BooleanField(label=label, help_text=help_text, initial=option.default, required=False)
    between = {"label": label, "low": option.minimum, "high": option.maximum}
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        initial=option.default,
        min_value=option.minimum,
        max_value=option.maximum,
        required=False,
        error_messages={
            "invalid": _("“%(label)s” must be a whole number.") % {"label": label},
            "min_value": _("“%(label)s” must be between %(low)s and %(high)s.") % between,
            "max_value": _("“%(label)s” must be between %(low)s and %(high)s.") % between,
        },
    )


class MatchOptionsForm(forms.Form):
    """The options of one game. `options()` gives the engine's option values after is_valid()."""

    def __init__(self, *args: Any, engine: Engine, **kwargs: Any):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.engine = engine
        for option in engine.options:
            self.fields[f"option_{option.name}"] = _field_for(option)

    def options(self) -> dict:
        """The options the player set (the engine fills in the defaults of the others)."""
        chosen = {}
        for option in self.engine.options:
            value = self.cleaned_data.get(f"option_{option.name}")
            if value is not None or isinstance(option.default, bool):
                chosen[option.name] = bool(value) if isinstance(option.default, bool) else value
        return chosen

    def first_error(self) -> str:
        """The first problem, in words for the player."""
        for errors in self.errors.values():
            return str(errors[0])
        return ""


class PaceForm(forms.Form):
    """Every child's pace, chosen by a table's host or a quick player (games.models.Pace)."""

    pace = forms.ChoiceField(
        choices=Pace.choices,
        initial=Pace.STEADY,
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Pick a pace from the list.")},
    )

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.fields["pace"].label = _("Pace")
        self.fields["pace"].help_text = _(
            "Relaxed: every countdown lasts three times as long, and the bots take their time too."
        )

    def chosen(self) -> str:
        """The pace chosen (the usual one when the form left it out), after is_valid()."""
        return self.cleaned_data.get("pace") or Pace.STEADY
