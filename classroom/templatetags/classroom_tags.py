"""{% classroom_bar %}: a student's class bar on every page (their class, their name, "paused",
and where they belong now), kept live by the class socket."""

from django import template
from django.utils.translation import gettext as _

from classroom.class_matches import student_of_match
from classroom.class_tutorials import tutorials_of
from classroom.consumers import class_bar_context
from classroom.forms import activity_line as activity_line_text
from classroom.gates import students_of
from classroom.models import ClassSession, Student
from classroom.services import code_normalize
from games.catalog import game_name
from nutrition.meal_words import card_amounts_words, real_amount_words
from nutrition.meal_words import rule_label as meal_rule_label

register = template.Library()


def _student_of_page(request, known: dict) -> Student | None:
    """On a class page or a class table's match page, the student this browser is in that
    page's session: a browser in two sessions (a lesson in one tab, a game in another) gets each
    page's own class bar, so each page hears its own session's changes (its end above all)."""
    found = getattr(request, "resolver_match", None)
    kwargs = found.kwargs if found is not None else {}
    if found is not None and found.namespace == "classroom" and "code" in kwargs:
        session_id = (
            ClassSession.objects.filter(code=code_normalize(kwargs["code"]))
            .values_list("pk", flat=True)
            .first()
        )
        student_id = known.get(str(session_id))
        return Student.objects.select_related("session").filter(pk=student_id).first() if student_id else None
    if found is not None and found.namespace == "games" and "match_id" in kwargs:
        return student_of_match(match_id=kwargs["match_id"], students=known)[1]
    return None


@register.inclusion_tag("classroom/_class_bar.html", takes_context=True)
def classroom_bar(context) -> dict:
    request = context.get("request")
    known = students_of(getattr(request, "session", None)) if request is not None else {}
    if not known:
        return {}
    student = _student_of_page(request, known) or (
        Student.objects.filter(pk__in=[pk for pk in known.values() if isinstance(pk, int)])
        .select_related("session")
        .order_by("-joined_at")
        .first()
    )
    context = class_bar_context(student)
    if context and _is_own_tutorial(request, student):
        context["learning"] = True  # the class bar leaves this page only for the student's table
    return context


def _is_own_tutorial(request, student: Student) -> bool:
    """This page is the student's own guided first game of this class ("Learn to play first")."""
    found = getattr(request, "resolver_match", None)
    match_id = found.kwargs.get("match_id") if found is not None and found.namespace == "games" else None
    return bool(match_id) and tutorials_of(request.session).get(str(student.session_id)) == match_id


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


@register.simple_tag
def rule_need(rule: str, need, rules) -> str:
    """A lesson's rule as a child reads it, with its amount: "1 cup of fruit or veggie" (a count
    alone, "2 Fruit or veggie", says nothing); meat or dairy, whose ounces and cups don't add up,
    names both: "1 oz of protein or 1/2 cup of dairy"."""
    if rules.real_servings and rule == "meat_or_dairy":
        return real_amount_words(rule, need)
    amount = real_amount_words(rule, need) if rules.real_servings else str(need)
    return _("%(amount)s of %(what)s") % {"amount": amount, "what": meal_rule_label(rule).lower()}


@register.filter
def card_numbers(card: dict) -> str:
    """What a lesson card brings: its real cups and ounces per group and its calories."""
    return card_amounts_words(card)
