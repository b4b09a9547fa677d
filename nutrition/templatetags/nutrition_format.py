"""Template filters for nutrient amounts and names."""

from django import template

from nutrition.labels import (
    CARD_GROUP_NAMES,
    MYPLATE_UNIT_NAMES,
    NUTRI_SCORE_COMPONENT_NAMES,
    NUTRI_SCORE_KIND_NAMES,
    PLATE_GROUP_NAMES,
    nutrient_name,
)

register = template.Library()


@register.filter
def amount(value):
    """A nutrient amount with sensible precision: 287.6, 89.2, 2.57, 0.0646 (no trailing zeros)."""
    if value is None or value == "":
        return ""
    value = float(value)
    if value == 0:
        return "0"
    text = f"{value:.1f}" if abs(value) >= 100 else f"{value:.3g}"
    if "e" in text:
        text = f"{value:.6f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


@register.filter(name="nutrient_name")
def nutrient_name_filter(key):
    """The translated name of a nutrient key (vitamin_c_mg -> Vitamin C)."""
    return nutrient_name(key)


@register.filter
def plate_group_name(slug):
    return PLATE_GROUP_NAMES.get(slug, "")


@register.filter
def card_group_name(group):
    return CARD_GROUP_NAMES.get(group, group)


@register.filter
def myplate_unit(unit):
    return MYPLATE_UNIT_NAMES.get(unit, unit)


@register.filter
def get_group(mapping, key):
    """mapping[key] in a template ({} and None give None)."""
    return (mapping or {}).get(key)


@register.filter
def nutri_score_row(key):
    """The translated name of a Nutri-Score row (sugars -> Sugars)."""
    return NUTRI_SCORE_COMPONENT_NAMES.get(key, key)


@register.filter
def nutri_score_kind(kind):
    """ "a drink", "a cheese": which Nutri-Score rules a food follows."""
    return NUTRI_SCORE_KIND_NAMES.get(kind, kind)
