"""What other apps ask the nutrition app: a food's nutrients and a card's numbers for a serving."""

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


def card_score_for(*, ndb: str, grams: float) -> CardScore:
    """The card numbers (calories, vitamin power, value and why) of `grams` of USDA food `ndb`."""
    return score_card(food_nutrients(ndb=ndb), grams)


def food_search(*, query: str = "", group_code: str = ""):
    """Foods whose description holds every word of `query` (or whose NDB number it is)."""
    foods = Food.objects.select_related("usda_group").order_by("long_description")
    query = query.strip()
    if query.isdigit():
        foods = foods.filter(ndb__startswith=query)
    else:
        for word in query.split():
            foods = foods.filter(long_description__icontains=word)
    if group_code:
        foods = foods.filter(usda_group__code=group_code)
    return foods


def foods_imported() -> bool:
    return Food.objects.exists()
