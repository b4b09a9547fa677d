"""The nutrition behind a card, in a child's words, computed from the card's own record.

A coach never hard-codes a number about a food: it reads the record the match was dealt with
(state["cards"][id]: the USDA nutrients of one serving, its Overall Value, calories...) and says
only what those numbers support ("almost a whole day's vitamin C" needs 80% to 99% of the Daily
Value). Daily Values are the U.S. FDA's for adults and children 4 years and older (21 CFR
101.9), the ones printed on food labels, read from nutrition.scoring like every number the site
gives (games.tutorials.food_facts reads them there too).
"""

from __future__ import annotations

from games.engines.messages import Message, card_ref, gettext_noop, msg
from nutrition.scoring import daily_value

# How much of a day's need one serving gives, in words (the lowest share each phrase needs).
_SHARE_WORDS = {
    "vitamin_c_mg": (
        (1.0, gettext_noop("One serving of %(card)s has more than a whole day's vitamin C.")),
        (0.8, gettext_noop("One serving of %(card)s has almost a whole day's vitamin C.")),
        (0.5, gettext_noop("One serving of %(card)s has more than half a day's vitamin C.")),
    ),
    "vitamin_a_rae_ug": (
        (1.0, gettext_noop("One serving of %(card)s has more than a whole day's vitamin A, for your eyes.")),
        (0.8, gettext_noop("One serving of %(card)s has almost a whole day's vitamin A, for your eyes.")),
        (0.5, gettext_noop("One serving of %(card)s has more than half a day's vitamin A, for your eyes.")),
    ),
    "calcium_mg": (
        (0.2, gettext_noop("One serving of %(card)s gives your bones a good part of a day's calcium.")),
    ),
}


def nutrient_share(card: dict, nutrient: str) -> float:
    """One serving's share of the Daily Value (0 when the record doesn't say)."""
    amount = (card.get("nutrients_per_serving") or {}).get(nutrient) or 0.0
    return float(amount) / daily_value(nutrient)


def strongest_vitamin(card: dict) -> Message | None:
    """The nutrient this card is best at, as a sentence, or None when it is good at none."""
    best: tuple[float, str] | None = None
    for nutrient in _SHARE_WORDS:
        share = nutrient_share(card, nutrient)
        lowest = _SHARE_WORDS[nutrient][-1][0]
        # Compare against what each phrase needs, so calcium's lower bar doesn't win over a
        # vitamin the card really is rich in.
        if share >= lowest and (best is None or share / lowest > best[0]):
            best = (share / lowest, nutrient)
    if best is None:
        return None
    nutrient = best[1]
    share = nutrient_share(card, nutrient)
    for lowest, words in _SHARE_WORDS[nutrient]:
        if share >= lowest:
            return msg(words, card=card_ref(card["id"]))
    return None  # pragma: no cover - the loop above found a phrase


def fiber_grams(card: dict) -> int:
    return round(float((card.get("nutrients_per_serving") or {}).get("fiber_g") or 0.0))


def added_sugar_grams(card: dict) -> int:
    return round(float((card.get("nutrients_per_serving") or {}).get("added_sugars_g") or 0.0))


def highest_value(cards: dict, card_id: str) -> bool:
    """Whether this card's Overall Value is the highest of every card in the match."""
    best = max(int(record.get("value") or 0) for record in cards.values())
    return int(cards[card_id].get("value") or 0) == best


def why_it_scores(cards: dict, card_id: str) -> Message | None:
    """Why a card has a high or a low Overall Value, from its record (None: nothing sure to say)."""
    card = cards[card_id]
    value = int(card.get("value") or 0)
    if card.get("category") == "junk" or value <= 5:
        sugar = added_sugar_grams(card)
        no_vitamins = not int(card.get("vitamin_power") or 0)
        if sugar >= 5:
            words = (
                gettext_noop(
                    "%(card)s: %(sugar)s grams of added sugar and no Vitamin Power, so the Overall "
                    "Value is only %(value)s."
                )
                if no_vitamins
                else gettext_noop(
                    "%(card)s: %(sugar)s grams of added sugar, so the Overall Value is only %(value)s."
                )
            )
            return msg(words, card=card_ref(card_id), sugar=sugar, value=value)
        words = (
            gettext_noop(
                "%(card)s: %(calories)s calories and no Vitamin Power, so the Overall Value is "
                "only %(value)s."
            )
            if no_vitamins
            else gettext_noop("%(card)s: %(calories)s calories, but an Overall Value of only %(value)s.")
        )
        return msg(words, card=card_ref(card_id), calories=int(card.get("calories") or 0), value=value)
    if highest_value(cards, card_id):
        fiber = fiber_grams(card)
        if fiber >= 5:
            return msg(
                gettext_noop(
                    "%(card)s: the highest Overall Value of every card (%(value)s). One serving "
                    "has %(fiber)s grams of fiber, which helps you feel full."
                ),
                card=card_ref(card_id),
                value=value,
                fiber=fiber,
            )
        return msg(
            gettext_noop("%(card)s: the highest Overall Value of every card (%(value)s)."),
            card=card_ref(card_id),
            value=value,
        )
    return strongest_vitamin(card)
