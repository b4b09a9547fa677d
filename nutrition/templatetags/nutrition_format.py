"""Template filters for nutrient amounts."""

from django import template

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
