"""The nutrition behind the Eat Right cards, in a child's words, for the coaches of Snack Attack!
and Build-A-Meal.

Every number is read from the card's record (state["cards"][id]: the USDA nutrients of one
serving, its printed servings and its MyPlate amounts) and the daily values of
nutrition.scoring, never written here, so a sentence stays true when a card's data changes. A
sentence that compares two cards is chosen by the numbers ("beat" only when it really does).
"""

from __future__ import annotations

from games.engines.messages import Message, card_ref, gettext_noop, msg, ngettext_noop
from nutrition.meals import FOOD_GROUPS, card_calories, card_real_servings, card_servings
from nutrition.scoring import daily_value

# A whole day's worth "almost": at least this share of the daily value.
ALMOST_A_DAY_PERCENT = 85

# One printed serving of each MyPlate group, in words (nutrition.meals.SERVING_SIZE).
SERVING_WORDS = {
    "grains": ngettext_noop("%(n)s grain serving", "%(n)s grain servings"),
    "fruit": ngettext_noop("%(n)s fruit serving", "%(n)s fruit servings"),
    "veggie": ngettext_noop("%(n)s veggie serving", "%(n)s veggie servings"),
    "meat": ngettext_noop("%(n)s meat serving", "%(n)s meat servings"),
    "dairy": ngettext_noop("%(n)s dairy serving", "%(n)s dairy servings"),
}
GROUP_NAMES = {
    "grains": gettext_noop("grains"),
    "fruit": gettext_noop("fruit"),
    "veggie": gettext_noop("veggies"),
    "meat": gettext_noop("meat"),
    "dairy": gettext_noop("dairy"),
}


def per_serving(card: dict, key: str) -> float:
    return float((card.get("nutrients_per_serving") or {}).get(key) or 0.0)


def percent_of_day(card: dict, key: str) -> int:
    """The share of a day's value (or limit) that one card holds, in whole percent."""
    return round(100 * per_serving(card, key) / daily_value(key))


def vitamin_c(card: dict) -> Message:
    """ "Broccoli: one serving (91 g) has 81 mg of vitamin C, almost a whole day's (90%)."""
    percent = percent_of_day(card, "vitamin_c_mg")
    params = {
        "card": card_ref(card["id"]),
        "grams": round(float(card.get("serving_g") or 0)),
        "mg": round(per_serving(card, "vitamin_c_mg")),
        "percent": percent,
    }
    if percent >= 100:
        words = gettext_noop(
            "%(card)s: one serving (%(grams)s g) has %(mg)s mg of vitamin C, more than you need "
            "in a whole day (%(percent)s%%)."
        )
    elif percent >= ALMOST_A_DAY_PERCENT:
        words = gettext_noop(
            "%(card)s: one serving (%(grams)s g) has %(mg)s mg of vitamin C, almost a whole day's "
            "worth (%(percent)s%%)."
        )
    else:
        words = gettext_noop(
            "%(card)s: one serving (%(grams)s g) has %(mg)s mg of vitamin C, %(percent)s%% of what "
            "you need in a day."
        )
    return msg(words, **params)


def added_sugar(card: dict) -> Message:
    """ "Sugar Shock is 40 g of added sugar: 80% of the most a person should have in a day."""
    return msg(
        gettext_noop(
            "%(card)s stands for %(grams)s g of added sugar: %(percent)s%% of the most anyone "
            "should have in a whole day."
        ),
        card=card_ref(card["id"]),
        grams=round(per_serving(card, "added_sugars_g")),
        percent=percent_of_day(card, "added_sugars_g"),
    )


def compare_value(good: dict, junk: dict) -> Message:
    """Two cards' overall value (and calories), with "beats" only when the numbers say so."""
    params = {
        "good": card_ref(good["id"]),
        "junk": card_ref(junk["id"]),
        "good_value": good["value"],
        "junk_value": junk["value"],
        "good_calories": card_calories(good),
        "junk_calories": card_calories(junk),
    }
    if good["value"] > junk["value"]:
        words = gettext_noop(
            "%(good)s beat %(junk)s on overall value, %(good_value)s to %(junk_value)s "
            "(%(good_calories)s calories against %(junk_calories)s)."
        )
    else:
        words = gettext_noop(
            "%(good)s has an overall value of %(good_value)s and %(good_calories)s calories; "
            "%(junk)s has %(junk_value)s and %(junk_calories)s calories."
        )
    return msg(words, **params)


def servings(card: dict) -> list[Message]:
    """The whole servings printed on a card, one phrase per group ("2 grain servings")."""
    return [
        msg(SERVING_WORDS[group], n=card_servings(card, group))
        for group in FOOD_GROUPS
        if card_servings(card, group) > 0
    ]


def unprinted_groups(card: dict) -> list[str]:
    """Groups a card holds a little of (its MyPlate amount) but less than one whole serving, so
    the card prints none: the lettuce in a sub."""
    return [
        group
        for group in FOOD_GROUPS
        if card_servings(card, group) == 0 and card_real_servings(card, group) > 0
    ]
