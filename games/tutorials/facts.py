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
from nutrition.food_profile import FoodProfile
from nutrition.scoring import daily_value, nutri_score_of

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


def highest_value(cards: dict, card_id: str) -> bool:
    """Whether this card's Overall Value is the highest of every card in the match."""
    best = max(int(record.get("value") or 0) for record in cards.values())
    return int(cards[card_id].get("value") or 0) == best


# What lowers a card's Overall Value (the Nutri-Score's points against a food, per 100 g), in
# words, with the nutrient its amount is said in.
_LOW_WORDS = {
    "sugars": (
        "sugars_g",
        gettext_noop(
            "%(card)s has an Overall Value of only %(value)s, mostly because of its sugar: "
            "%(amount)s grams in every 100 grams."
        ),
    ),
    "saturated_fat": (
        "saturated_fat_g",
        gettext_noop(
            "%(card)s has an Overall Value of only %(value)s, mostly because of its saturated fat: "
            "%(amount)s grams in every 100 grams."
        ),
    ),
    "salt": (
        "sodium_mg",
        gettext_noop(
            "%(card)s has an Overall Value of only %(value)s, mostly because of its salt: "
            "%(amount)s milligrams of sodium in every 100 grams."
        ),
    ),
    "energy": (
        "energy_kcal",
        gettext_noop(
            "%(card)s has an Overall Value of only %(value)s, mostly because it packs a lot of "
            "calories into a little food: %(amount)s calories in every 100 grams."
        ),
    ),
    "sweeteners": (
        "",
        gettext_noop("%(card)s has an Overall Value of only %(value)s, mostly because it is sweetened."),
    ),
}
_LOW_WORDS["energy_from_saturates"] = _LOW_WORDS["saturated_ratio"] = _LOW_WORDS["saturated_fat"]

# What raises it (the points in a food's favour).
_HIGH_WORDS = {
    "fvl": (
        "",
        gettext_noop(
            "%(card)s has the highest Overall Value of every card (%(value)s), mostly because it is "
            "made of fruit, vegetables or beans."
        ),
    ),
    "fiber": (
        "fiber_g",
        gettext_noop(
            "%(card)s has the highest Overall Value of every card (%(value)s), mostly because of its "
            "fiber: %(amount)s grams in every 100 grams."
        ),
    ),
    "protein": (
        "protein_g",
        gettext_noop(
            "%(card)s has the highest Overall Value of every card (%(value)s), mostly because of its "
            "protein: %(amount)s grams in every 100 grams."
        ),
    ),
}
_LITTLE_TO_LIMIT = gettext_noop(
    "%(card)s has the highest Overall Value of every card (%(value)s): it has little sugar, salt "
    "and saturated fat."
)


def _score_parts(card: dict):
    """The Nutri-Score of the card's food, from its record (None: the record can't say)."""
    nutrients = card.get("nutrients_per_100g")
    if not nutrients:
        return None
    return nutri_score_of(nutrients, FoodProfile.from_dict(card.get("profile")))


def _biggest(components) -> object | None:
    counted = [c for c in components if c.counted and c.points > 0]
    # Ties go to the one nearer its own maximum (4 of 10 sugar points beats 4 of 15 energy ones).
    return max(counted, key=lambda c: (c.points, c.points / c.max_points), default=None)


def _said(card_id: str, card: dict, value: int, words: tuple[str, str]) -> Message:
    nutrient, sentence = words
    amount = float((card.get("nutrients_per_100g") or {}).get(nutrient) or 0.0) if nutrient else 0.0
    return msg(
        sentence,
        card=card_ref(card_id),
        value=value,
        amount=round(amount, 1) if amount < 10 else round(amount),
    )


def why_it_scores(cards: dict, card_id: str) -> Message | None:
    """Why a card has a low or the highest Overall Value: the part of the Nutri-Score (the model
    the value is made of, per 100 g) that weighs most for it. None: nothing sure to say."""
    card = cards[card_id]
    value = int(card.get("value") or 0)
    score = _score_parts(card)
    if score is None:
        return None
    if card.get("category") == "junk" or value <= 5:
        part = _biggest(score.negative)
        return _said(card_id, card, value, _LOW_WORDS[part.key]) if part is not None else None
    if highest_value(cards, card_id):
        part = _biggest(score.positive)
        if part is None:
            return msg(_LITTLE_TO_LIMIT, card=card_ref(card_id), value=value)
        return _said(card_id, card, value, _HIGH_WORDS[part.key])
    return strongest_vitamin(card)
