"""{% classroom_bar %}: a student's class bar on every page (their class, their name, "paused",
and where they belong now), kept live by the class socket."""

from django import template
from django.utils.translation import gettext as _

from classroom.consumers import class_bar_context
from classroom.forms import activity_line as activity_line_text
from classroom.gates import students_of
from classroom.models import Student
from games.catalog import game_name
from nutrition.meal_words import card_amounts_words
from nutrition.meal_words import rule_label as meal_rule_label

register = template.Library()


@register.inclusion_tag("classroom/_class_bar.html", takes_context=True)
def classroom_bar(context) -> dict:
    request = context.get("request")
    known = students_of(getattr(request, "session", None)) if request is not None else {}
    if not known:
        return {}
    student = (
        Student.objects.filter(pk__in=[pk for pk in known.values() if isinstance(pk, int)])
        .select_related("session")
        .order_by("-joined_at")
        .first()
    )
    return class_bar_context(student)


@register.filter
def activity_line(slug: str) -> str:
    """An activity's one line in the session picker ("duel" -> "Two players weigh...")."""
    return activity_line_text(slug)


@register.filter
def game_title(slug: str) -> str:
    """A game's name from its slug ("duel" -> "Duel")."""
    return game_name(slug) if slug else ""


@register.filter
def category_label(category: str) -> str:
    """A deck category in words ("veggie" -> "Veggies")."""
    labels = {
        "fruit": _("Fruit"),
        "veggie": _("Veggies"),
        "grains": _("Grains"),
        "meat": _("Meat and beans"),
        "dairy": _("Dairy"),
        "junk": _("Junk food"),
        "exercise": _("Exercise"),
    }
    return labels.get(category, category)


@register.filter
def rule_label(rule: str) -> str:
    return meal_rule_label(rule)


@register.filter
def card_numbers(card: dict) -> str:
    """What a lesson card brings: its real cups and ounces per group and its calories."""
    return card_amounts_words(card)
