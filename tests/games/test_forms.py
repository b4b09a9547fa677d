"""A game's options form is built from engine.options: choices, yes/no and whole numbers with
limits, with clear refusals; a field left out keeps the option's default."""

from __future__ import annotations

from games.engines import get_engine
from games.engines.base import Engine, Option
from games.forms import MatchOptionsForm

FOOD_WAR = get_engine("food-war")


def test_choices_come_back_as_the_engines_own_values():
    form = MatchOptionsForm({"option_stat": "calories", "option_minutes": "10"}, engine=FOOD_WAR)
    assert form.is_valid(), form.errors
    assert form.options() == {"stat": "calories", "minutes": 10}  # rounds and auto-flip: defaults


def test_numbers_outside_their_limits_and_unknown_choices_are_refused_in_words():
    form = MatchOptionsForm({"option_rounds": "5000"}, engine=FOOD_WAR)
    assert not form.is_valid()
    assert form.first_error() == (
        "“Stop after this many rounds (0 = play until someone has every card)” must be between 0 and 2000."
    )
    form = MatchOptionsForm({"option_stat": "sugar"}, engine=FOOD_WAR)
    assert not form.is_valid() and form.first_error() == "“Which number wins”: please pick one from the list."
    form = MatchOptionsForm({"option_rounds": "ten"}, engine=FOOD_WAR)
    assert not form.is_valid() and "must be a whole number" in form.first_error()


def test_a_yes_no_option_is_a_checkbox():
    engine = Engine(slug="x", options=(Option("hints", "Show hints", False),))
    field = MatchOptionsForm(engine=engine)["option_hints"]
    assert field.widget_type == "checkbox"
    ticked = MatchOptionsForm({"option_hints": "on"}, engine=engine)
    assert ticked.is_valid() and ticked.options() == {"hints": True}


def test_the_fields_show_labels_help_and_limits():
    html = str(MatchOptionsForm(engine=FOOD_WAR, auto_id="qp-%s")["option_rounds"])
    assert (
        'id="qp-option_rounds"' in html
        and 'min="0"' in html
        and 'max="2000"' in html
        and 'value="25"' in html
    )
