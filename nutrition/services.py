"""What other apps ask the nutrition app: a food's nutrients, a card's numbers for a serving, and
the food explorer's search."""

from django.db.models import Q
from django.db.models.functions import Lower

from nutrition.food_profile import FoodProfile
from nutrition.food_ranking import match_forms, query_words, rank_foods
from nutrition.models import Food
from nutrition.scoring import CardScore, score_card


class FoodNotImported(LookupError):
    """The USDA data (or this one food) is not in the database yet."""


def _food(ndb: str) -> Food:
    try:
        return Food.objects.select_related("usda_group").get(ndb=ndb)
    except Food.DoesNotExist:
        if not Food.objects.exists():
            raise FoodNotImported(
                "The USDA food data is not imported yet: run `python manage.py import_usda_sr`."
            ) from None
        raise FoodNotImported(f"USDA food {ndb} is not in the imported data.") from None


def food_nutrients(*, ndb: str) -> dict:
    """Nutrients per 100 g of USDA food `ndb` (canonical keys), plus the added-sugar estimate."""
    return _food(ndb).nutrients_for_scoring()


def food_profile_for(*, ndb: str) -> FoodProfile:
    """What the card formulas read about USDA food `ndb` besides its nutrients."""
    return _food(ndb).profile()


def card_score_for(*, ndb: str, grams: float) -> CardScore:
    """The card numbers (calories, vitamin power, value and why) of `grams` of USDA food `ndb`."""
    food = _food(ndb)
    return score_card(food.nutrients_for_scoring(), grams, food.profile())


def food_search(*, query: str = "", plate_group: str = "") -> list[int]:
    """Ids of the foods matching `query`, best first (nutrition.food_ranking).

    A food matches when its description (or common name) holds every typed word, plurals
    included ("cherry" finds "Cherries"); a single letter matches the start of the description
    (every food holds an "a"); an all-digit query is the start of an NDB number. With no query:
    every food of the group, A to Z.
    """
    foods = Food.objects.all()
    if plate_group:
        foods = foods.filter(plate_group=plate_group)
    query = query.strip()
    if query.isdigit():
        return list(foods.filter(ndb__startswith=query).order_by("ndb").values_list("pk", flat=True))
    words = query_words(query)
    if not words:
        return list(foods.order_by(Lower("long_description")).values_list("pk", flat=True))
    if len(words) == 1 and len(words[0]) == 1:
        foods = foods.filter(long_description__istartswith=words[0])
    for word in words:
        matches = Q()
        for form in match_forms(word):
            matches |= Q(long_description__icontains=form) | Q(common_name__icontains=form)
        foods = foods.filter(matches)
    rows = list(foods.values_list("pk", "long_description", "common_name", "in_survey"))
    return [row[0] for row in rank_foods(query, rows)]


def foods_in_order(*, ids: list[int]) -> list[Food]:
    """The foods with these ids, in this order, with their USDA group."""
    by_id = Food.objects.select_related("usda_group").in_bulk(ids)
    return [by_id[pk] for pk in ids if pk in by_id]


def foods_imported() -> bool:
    return Food.objects.exists()
