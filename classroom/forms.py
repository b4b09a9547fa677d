"""Forms: teacher sign-up, a new class session (a game with its options, or a lesson), joining."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.urls import reverse_lazy
from django.utils.translation import gettext_lazy as _

from games.bots import bot_levels
from games.catalog import game_name
from games.engines.base import Engine
from games.messages import BOT_LEVELS
from games.models import Pace
from games.services import games_catalog
from games.tutorials import tutorial_for
from nutrition.meal_words import rule_label
from nutrition.meals import BOOK_RULES, CALORIE_LIMIT_RANGE, COUNT_RULES, LESSON_RULES, MAX_SERVINGS_RULE

LESSON = "lesson"

# One line per activity in the new-session and homework pickers: what the class does and
# learns (a teacher's view; the catalogue's summaries speak to players).
ACTIVITY_LINES = {
    "food-war": _("Everyone flips at once; compare one number on each card: value, vitamins or calories."),
    "snack-attack": _("Tell good snacks from junk food while shopping and eating."),
    "build-a-meal": _("Put balanced meals together from the food groups."),
    "duel": _("Two players weigh a meal's value against its calories."),
    "chomp": _("A fast slapping game about who eats whom in the sea."),
    "underwater-war": _("Two players compare sea creatures on the food chain."),
    "quick-chomp": _("Two players race to slap the creature lower on the food chain."),
    "double-chomp": _("Two players flip two cards each and slap the lowest creature."),
    "appetite": _("Add up breakfast, lunch and dinner cards to hit the Appetite exactly."),
    "snack-wars": _("Draft snacks from around the world into the best collection."),
    LESSON: _("Each student builds a meal and checks it against your rules, with no game around it."),
    # Homework only: a game's guided first game (homework.forms.TUTORIAL).
    "tutorial": _("Each student plays a game's guided first game, with a coach at their side."),
}


def activity_line(slug: str) -> str:
    """The picker's one line for an activity ("" for a game that has none yet)."""
    line = ACTIVITY_LINES.get(slug)
    return str(line) if line else ""


class TeacherSignupForm(UserCreationForm):
    email = forms.EmailField(
        label=_("E-mail (optional)"),
        required=False,
        help_text=_("Only to reset a forgotten password. We never write to you otherwise."),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def activity_choices() -> list[tuple[str, str]]:
    return [(entry["slug"], entry["name"]) for entry in games_catalog()] + [
        (LESSON, _("Meal-balance lesson"))
    ]


class SessionForm(forms.Form):
    title = forms.CharField(
        label=_("Name of the session (optional)"),
        required=False,
        max_length=80,
        help_text=_("For example your class and subject. Students don't see it."),
    )
    activity = forms.ChoiceField(label=_("Activity"), widget=forms.RadioSelect)
    approve_names = forms.BooleanField(
        label=_("I approve names"),
        required=False,
        initial=True,  # on unless the teacher turns it off: a rude name never reaches the projector
        help_text=_(
            "Each new name waits for your OK before it shows on the projector, the leaderboard "
            "and the tables. You can change this during the session."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["activity"].choices = activity_choices()


def game_form_class(engine: Engine) -> type[forms.Form]:
    """The form for one game: seats per table, bot level, and every option the engine offers."""
    fields: dict[str, forms.Field] = {
        "seats": forms.TypedChoiceField(
            label=_("Players at each table"),
            choices=[(n, str(n)) for n in range(engine.min_seats, engine.max_seats + 1)],
            coerce=int,
            initial=engine.min_seats,
            help_text=_("Bots fill the seats nobody takes."),
        ),
    }
    levels = bot_levels(engine.slug)
    if levels:
        fields["bot_level"] = forms.ChoiceField(
            label=_("Bot level"),
            choices=[(level, BOT_LEVELS.get(level, level.title())) for level in levels],
            initial=levels[0],
        )
    for option in engine.options:
        name = f"option_{option.name}"
        # The engine's words are English message ids: the reader's language comes lazily.
        label, help_text = _(option.label), _(option.help) if option.help else ""
        if option.choices:
            by_text = {str(value): value for value, _label in option.choices}
            fields[name] = forms.TypedChoiceField(
                label=label,
                choices=[(str(value), _(text)) for value, text in option.choices],
                coerce=lambda text, by_text=by_text: by_text[text],
                initial=str(option.default),
                help_text=help_text,
            )
        elif isinstance(option.default, bool):
            fields[name] = forms.BooleanField(
                label=label, required=False, initial=option.default, help_text=help_text
            )
        else:
            fields[name] = forms.IntegerField(
                label=label,
                min_value=option.minimum,
                max_value=option.maximum,
                initial=option.default,
                help_text=help_text,
            )
    form_class = type(f"{engine.slug.title().replace('-', '')}Form", (forms.Form,), fields)
    form_class.game_name = game_name(engine.slug)
    return form_class


def add_session_fields(form: forms.Form, slug: str) -> None:
    """A class session's own choices for its game: every table's pace, and "Learn to play first"
    (for a game with a guided first game: games.tutorials)."""
    form.fields["pace"] = forms.ChoiceField(
        label=_("Pace"),
        choices=Pace.choices,
        initial=Pace.STEADY,
        required=False,  # left out: the usual pace
        widget=forms.RadioSelect,
        help_text=_(
            "Relaxed: every countdown lasts three times as long, the bots take their time too, "
            "and playing more games never ranks anyone higher."
        ),
        error_messages={"invalid_choice": _("Pick a pace from the list.")},
    )
    if tutorial_for(slug) is not None:
        form.fields["tutorial_first"] = forms.BooleanField(
            label=_("Learn to play first"),
            required=False,
            help_text=_(
                "While they wait for the start, each student gets a short guided first game "
                "against bots. Their table game still starts when you press Start."
            ),
        )


def deck_field(
    choices: list[tuple[int, str]], *, initial: str = "", attrs: dict | None = None
) -> forms.ChoiceField:
    """Which cards: the Eat Right deck, or one of the teacher's own decks (decks app)."""
    return forms.ChoiceField(
        label=_("Cards"),
        required=False,
        choices=[("", _("The Eat Right deck")), *((str(pk), label) for pk, label in choices)],
        initial=initial,
        help_text=_("Or one of your own decks (My decks)."),
        widget=forms.Select(attrs=attrs or {}),
    )


def game_options(cleaned: dict) -> dict:
    return {key.removeprefix("option_"): value for key, value in cleaned.items() if key.startswith("option_")}


class LessonForm(forms.Form):
    """The meal rules (the Build-A-Meal book's by default) and the cards the students may use."""

    one_vegetable = forms.BooleanField(label=_("At least one vegetable"), required=False)
    no_junk = forms.BooleanField(label=_("No junk food"), required=False, initial=LESSON_RULES.no_junk)
    calorie_limit = forms.IntegerField(
        label=_("Calorie limit"),
        min_value=CALORIE_LIMIT_RANGE[0],
        max_value=CALORIE_LIMIT_RANGE[1],
        initial=BOOK_RULES.calorie_limit,
        help_text=_("Lessons count each card's real cups and ounces, and leave Exhilarating Exercise out."),
    )
    cards = forms.MultipleChoiceField(
        label=_("Cards the students may use"), widget=forms.CheckboxSelectMultiple, required=True
    )

    def __init__(self, *args, card_records: list[dict], deck_choices=(), deck_initial: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if deck_choices:
            # Choosing another deck redraws the card checkboxes with that deck's cards.
            self.fields["deck"] = deck_field(
                list(deck_choices),
                initial=deck_initial,
                attrs={
                    "hx-get": reverse_lazy("classroom:session_new"),
                    "hx-trigger": "change",
                    "hx-target": "#lesson-card-picker",
                    "hx-select": "#lesson-card-picker",
                    "hx-swap": "outerHTML",
                    "hx-include": "this",
                },
            )
        for rule in reversed(COUNT_RULES):
            self.fields = {
                f"need_{rule}": forms.IntegerField(
                    label=_("%(group)s servings needed") % {"group": rule_label(rule)},
                    min_value=0,
                    max_value=MAX_SERVINGS_RULE,
                    initial=getattr(BOOK_RULES, rule),
                ),
                **self.fields,
            }
        self.fields["cards"].choices = [
            (r["id"], _(r["name"]) if r.get("name") else r["id"]) for r in card_records
        ]
        self.fields["cards"].initial = [record["id"] for record in card_records]
        self.card_records = card_records

    def count_fields(self):
        return [self[f"need_{rule}"] for rule in COUNT_RULES]

    def meal_rules(self) -> dict:
        data = self.cleaned_data
        rules = {rule: data[f"need_{rule}"] for rule in COUNT_RULES}
        rules.update(
            calorie_limit=data["calorie_limit"],
            one_vegetable=data["one_vegetable"],
            no_junk=data["no_junk"],
            real_servings=True,
        )
        return rules

    def cards_by_group(self):
        """The card checkboxes grouped by the deck's categories, in the deck's order."""
        category = {record["id"]: record.get("category", "") for record in self.card_records}
        groups: dict[str, list] = {}
        for checkbox in self["cards"]:
            groups.setdefault(category.get(checkbox.data["value"], ""), []).append(checkbox)
        return list(groups.items())


class JoinForm(forms.Form):
    code = forms.CharField(label=_("Class code"), max_length=12)
    nickname = forms.CharField(label=_("Nickname"), max_length=80, required=False)
    # Partners sharing this device and seat (classroom.teams): checked by the service like any name.
    partner_1 = forms.CharField(max_length=80, required=False)
    partner_2 = forms.CharField(max_length=80, required=False)
