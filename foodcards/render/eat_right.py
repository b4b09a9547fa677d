"""Eat Right cards: a food (or exercise) with calories, vitamin power, value and food groups."""

import math

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from foodcards.render.food_pictures import FOOD_PICTURES, picture_for
from foodcards.render.kit import (
    CARD_H,
    CARD_W,
    INK,
    RADIUS,
    WHITE,
    badge,
    data_text,
    finish,
    fit_size,
    fit_text,
    label_in_box,
    new_card,
    star,
    text_panel,
    wrap_lines,
)

EAT_RIGHT_CATEGORIES = {
    # category: (label, painted in capitals; frame colour; soft background)
    "fruit": (gettext_noop("Fruit"), (198, 40, 40), (255, 235, 238)),
    "veggie": (gettext_noop("Veggie"), (46, 125, 50), (232, 245, 233)),
    "grains": (gettext_noop("Grains"), (230, 81, 0), (255, 243, 224)),
    "meat": (gettext_noop("Meat"), (106, 27, 154), (243, 229, 245)),
    "dairy": (gettext_noop("Dairy"), (21, 101, 192), (227, 242, 253)),
    "junk": (gettext_noop("Junk food"), (97, 97, 97), (245, 245, 245)),
    "exercise": (gettext_noop("Exercise"), (0, 131, 143), (224, 247, 250)),
}
# Food group keys in `groups` -> the group (see _group_pill) and its colour.
FOOD_GROUP_STYLE = {
    "fruit": ("fruit", (198, 40, 40)),
    "fruits": ("fruit", (198, 40, 40)),
    "veggie": ("veggie", (46, 125, 50)),
    "veggies": ("veggie", (46, 125, 50)),
    "vegetables": ("veggie", (46, 125, 50)),
    "grains": ("grain", (230, 81, 0)),
    "grain": ("grain", (230, 81, 0)),
    "meat": ("meat", (106, 27, 154)),
    "protein": ("meat", (106, 27, 154)),
    "dairy": ("dairy", (21, 101, 192)),
}
SPECIAL_TEXT = {
    "sugar-shock": gettext_noop(
        "SUGAR SHOCK! Eat me and your eaten snacks are lost, unless you exercised first."
    ),
    "exercise": gettext_noop("Takes 200 calories off a meal and wipes out your eaten junk food."),
    "broccoli": gettext_noop("Super snack: eat me and throw away one junk food you ate."),
    "spinach": gettext_noop("Super snack: eat me and throw away one junk food you ate."),
}


def _group_pill(group: str, servings) -> str:
    """ "2 Grains", "1/2 Fruit": servings of one food group, as the pill on the card says it."""
    n = 1 if servings == 1 else 2  # the plural form to use: 1/2 serving reads as plural
    values = {"servings": _servings(servings)}
    if group == "fruit":
        return ngettext("%(servings)s Fruit", "%(servings)s Fruit", n) % values
    if group == "veggie":
        return ngettext("%(servings)s Veggie", "%(servings)s Veggie", n) % values
    if group == "grain":
        return ngettext("%(servings)s Grain", "%(servings)s Grains", n) % values
    if group == "meat":
        return ngettext("%(servings)s Meat", "%(servings)s Meat", n) % values
    if group == "dairy":
        return ngettext("%(servings)s Dairy", "%(servings)s Dairy", n) % values
    return f"{values['servings']} {group.title()}"


def front(record):
    category = record.get("category") or "junk"
    label, frame, soft = EAT_RIGHT_CATEGORIES.get(category, EAT_RIGHT_CATEGORIES["junk"])
    special = record.get("special")
    if special == "sugar-shock":
        frame = (194, 24, 91)
    image, pen = new_card(frame, paper=WHITE)

    # Category band with calories in the top right corner.
    pen.rect((26, 26, CARD_W - 27, 190), fill=frame, radius=RADIUS - 14)
    pen.rect((26, 120, CARD_W - 27, 190), fill=frame)
    label = _(label).upper()
    # Up to the calories circle.
    pen.text(
        (70, 108), label, fit_size(pen, label, CARD_W - 130 - 94 - 90, 58), fill=WHITE, anchor="lm", bold=True
    )
    calories = record.get("calories")
    pen.circle(CARD_W - 130, 118, 94, fill=WHITE)
    pen.circle(CARD_W - 130, 118, 84, fill=(255, 241, 118) if (calories or 0) >= 0 else (178, 235, 242))
    cal_text = str(calories if calories is not None else "?")
    pen.text((CARD_W - 130, 100), cal_text, fit_size(pen, cal_text, 140, 76), fill=INK, bold=True)
    calories_word = _("calories")
    pen.text((CARD_W - 130, 160), calories_word, fit_size(pen, calories_word, 140, 26), fill=INK, bold=True)

    # Name and serving (two-line names get a smaller font so the serving still fits).
    name = data_text(record.get("name"))
    name_lines, size = wrap_lines(pen, name, CARD_W - 110, 68, max_lines=2)
    if len(name_lines) == 2:
        name_lines, size = wrap_lines(pen, name, CARD_W - 110, min(size, 54), max_lines=2)
    y = 250 if len(name_lines) == 1 else 226
    for line in name_lines:
        pen.text((CARD_W / 2, y), line, size, fill=INK, bold=True)
        y += size + 6
    serving = data_text(record.get("serving_label"))
    if serving:
        serving_text, serving_size = fit_text(pen, serving, CARD_W - 120, 32, min_size=20, bold=False)
        pen.text((CARD_W / 2, y - size / 2 + 22), serving_text, serving_size, fill=(55, 65, 81))

    # The picture in a soft circle.
    cx, cy, r = CARD_W / 2, 528, 150
    pen.circle(cx, cy, r + 10, fill=frame)
    pen.circle(cx, cy, r, fill=soft)
    FOOD_PICTURES[picture_for(record)](pen, cx, cy, r * 0.72)
    if special == "sugar-shock":
        for angle in (0, 45, 90, 135, 180, 225, 315):  # no ray over the serving line
            a = math.radians(angle)
            pen.line(
                [
                    (cx + math.cos(a) * (r + 18), cy + math.sin(a) * (r + 18)),
                    (cx + math.cos(a) * (r + 36), cy + math.sin(a) * (r + 36)),
                ],
                fill=(194, 24, 91),
                width=10,
            )

    # Food groups with servings (or the special card's power).
    groups = record.get("groups") or {}
    y = 725
    if special in SPECIAL_TEXT:
        text_panel(
            pen,
            (55, y - 12, CARD_W - 55),
            _(SPECIAL_TEXT[special]),
            30,
            max_lines=2,
            align="center",
            bold=False,
            fill=(255, 248, 225),
            outline=frame,
            width=4,
            radius=18,
        )
    elif groups:
        pills = []
        for key, servings in groups.items():
            group, color = FOOD_GROUP_STYLE.get(key, (key, (55, 65, 81)))
            pills.append((_group_pill(group, servings), color))
        widths = [pen.text_width(text, 32, bold=True) + 44 for text, _ in pills]
        total = sum(widths) + 14 * (len(pills) - 1)
        scale = min(1.0, (CARD_W - 90) / total)
        x = (CARD_W - total * scale) / 2
        for (text, color), width in zip(pills, widths, strict=True):
            width *= scale
            pill = (x, y, x + width, y + 58)
            pen.rect(pill, fill=color, radius=29)
            label_in_box(pen, pill, (x + width / 2, y + 29), text, int(32 * scale), fill=WHITE, bold=True)
            x += width + 14 * scale

    # Vitamin power bottom left, overall value bottom centre (as the rule book says).
    vitamins = record.get("vitamin_power")
    star(pen, 130, CARD_H - 128, 80, (255, 179, 0), outline=(230, 81, 0), width=4)
    # One decimal (nutrition.scoring.round_to_tenth), with the language's decimal mark.
    vit_text = "?" if vitamins is None else number_format(vitamins, decimal_pos=1 if vitamins else 0)
    pen.text((130, CARD_H - 121), vit_text, fit_size(pen, vit_text, 70, 48), fill=INK, bold=True)
    vitamin_words = _("vitamin power")
    pen.text(
        (130, CARD_H - 44), vitamin_words, fit_size(pen, vitamin_words, 190, 22), fill=(55, 65, 81), bold=True
    )
    value = record.get("value")
    badge(
        pen,
        CARD_W / 2,
        CARD_H - 120,
        80,
        value if value is not None else "?",
        frame,
        label=_("Value").upper(),
        size=74,
    )
    if record.get("snack_attack"):
        pen.rect(
            (CARD_W - 200, CARD_H - 170, CARD_W - 60, CARD_H - 90),
            fill=(255, 241, 118),
            outline=INK,
            width=3,
            radius=16,
        )
        _snack_attack_words(pen)
    if record.get("ndb"):
        pen.text((CARD_W - 130, CARD_H - 52), f"USDA {record['ndb']}", 20, fill=(75, 85, 99))
    return finish(image)


def _snack_attack_words(pen):
    """ "SNACK ATTACK!" on two lines in the yellow box (a longer translation wraps and shrinks)."""
    words = _("Snack Attack!").upper().split()
    if len(words) == 2 and max(pen.text_width(word, 26) for word in words) <= 124:
        lines, sizes = words, (26, 24)
    else:
        lines, size = wrap_lines(pen, " ".join(words), 124, 26, max_lines=2)
        sizes = (size, size)
    box = (CARD_W - 200, CARD_H - 170, CARD_W - 60, CARD_H - 90)
    for i, line in enumerate(lines):
        xy = (CARD_W - 130, CARD_H - (142 if len(lines) == 2 else 127) + i * 30)
        label_in_box(pen, box, xy, line, sizes[i], fill=INK, bold=True)


def _servings(amount) -> str:
    if isinstance(amount, float):
        if amount.is_integer():
            return str(int(amount))
        if amount == 0.5:
            return "1/2"
        return f"{amount:g}"
    return str(amount)
