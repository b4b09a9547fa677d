"""What other apps ask the nutrition app: a food's nutrients, a card's numbers for a serving, and
the food explorer's search."""

from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import BooleanField, Count, Max, Min, Q
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower

from nutrition.food_profile import BEVERAGES_GROUP, FoodProfile, is_alcoholic
from nutrition.food_ranking import match_forms, query_words, rank_foods
from nutrition.models import Food
from nutrition.scoring import CardScore, score_card
from nutrition.typo_search import WordIndex, corrections, vocabulary_of


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


@dataclass(frozen=True)
class FoodSearch:
    """Found foods' ids, best first, and the words searched for when a typed word matched no
    food and similar words stood in for it ("brocoli" -> "broccoli"), else ""."""

    ids: list[int]
    corrected: str = ""


def food_search(*, query: str = "", plate_group: str = "") -> list[int]:
    """Ids of the foods matching `query`, best first (see food_search_results)."""
    return food_search_results(query=query, plate_group=plate_group).ids


def food_search_results(*, query: str = "", plate_group: str = "") -> FoodSearch:
    """The foods matching `query`, best first (nutrition.food_ranking).

    A food matches when its description (or common name) holds every typed word, plurals
    included ("cherry" finds "Cherries"); a single letter matches the start of the description
    (every food holds an "a"); an all-digit query is the start of an NDB number. With no query:
    every food of the group, A to Z. Alcoholic drinks are never listed: children use these
    lists. A typed word that no food holds is replaced by the words
    of the descriptions most like it (trigram similarity, nutrition.typo_search): PostgreSQL's
    pg_trgm finds them with its index, SQLite compares them in Python.
    """
    foods = Food.objects.exclude(pk__in=_alcoholic_food_ids())
    if plate_group:
        foods = foods.filter(plate_group=plate_group)
    query = query.strip()
    if query.isdigit():
        return FoodSearch(
            list(foods.filter(ndb__startswith=query).order_by("ndb").values_list("pk", flat=True))
        )
    words = query_words(query)
    if not words:
        return FoodSearch(list(foods.order_by(Lower("long_description")).values_list("pk", flat=True)))
    if len(words) == 1 and len(words[0]) == 1:
        foods = foods.filter(long_description__istartswith=words[0])
    found = _ranked(foods, query, [[word] for word in words])
    if found or len(words[0]) == 1:
        return FoodSearch(found)
    options = [[word] if _some_food_holds(word) else _spelling_options(word) for word in words]
    if all(option == [word] for option, word in zip(options, words, strict=True)) or not all(options):
        return FoodSearch([])
    corrected = " ".join(option[0] for option in options)
    return FoodSearch(_ranked(foods, corrected, options), corrected=corrected)


def _alcoholic_food_ids() -> list[int]:
    """The alcoholic drinks among USDA's beverages (nutrition.food_profile.is_alcoholic)."""
    drinks = Food.objects.filter(usda_group__code=BEVERAGES_GROUP).values_list("pk", "long_description")
    return [pk for pk, text in drinks if is_alcoholic(usda_group=BEVERAGES_GROUP, description=text)]


def _ranked(foods, query: str, options: list[list[str]]) -> list[int]:
    """The foods holding, for each typed word, one of its options, ranked for `query`."""
    for choices in options:
        matches = Q()
        for word in choices:
            for form in match_forms(word):
                matches |= Q(long_description__icontains=form) | Q(common_name__icontains=form)
        foods = foods.filter(matches)
    rows = list(foods.values_list("pk", "long_description", "common_name", "in_survey"))
    return [row[0] for row in rank_foods(query, rows)]


def _some_food_holds(word: str) -> bool:
    matches = Q()
    for form in match_forms(word):
        matches |= Q(long_description__icontains=form) | Q(common_name__icontains=form)
    return Food.objects.filter(matches).exists()


TYPO_CANDIDATES = 300  # foods pg_trgm may offer for one typed word
PG_WORD_SIMILARITY = 0.4  # a little below typo_search.SIMILAR_ENOUGH: the words are judged after


def _spelling_options(word: str) -> list[str]:
    """The words of the descriptions most like a typed word that no food holds."""
    if connection.vendor == "postgresql":
        # pg_trgm: `word <% description` is true when a stretch of the description is at least
        # pg_trgm.word_similarity_threshold alike (set for this transaction only: pooled
        # connections keep their settings); the trigram index on UPPER(description) answers it
        # (migration 0005; pg_trgm ignores case).
        similar = RawSQL(
            '%s <%% UPPER("nutrition_food"."long_description"::text)', (word,), output_field=BooleanField()
        )
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL pg_trgm.word_similarity_threshold = %s", [PG_WORD_SIMILARITY])
            texts = list(
                Food.objects.filter(similar).values_list("long_description", flat=True)[:TYPO_CANDIDATES]
            )
        return corrections(word, vocabulary_of(texts))
    stamp = Food.objects.aggregate(n=Count("pk"), last=Max("pk"), low=Min("ndb"), high=Max("ndb"))
    return corrections(word, _vocabulary(stamp))


def _vocabulary(stamp: dict) -> WordIndex:
    key = tuple(stamp.values())
    if _VOCABULARY.get("key") != key:
        texts = Food.objects.values_list("long_description", "common_name")
        words = vocabulary_of(f"{text} {common}" for text, common in texts)
        _VOCABULARY.update(key=key, words=WordIndex(words))
    return _VOCABULARY["words"]


# The words of the imported descriptions by trigram (SQLite's typo search), rebuilt when the
# foods change.
_VOCABULARY: dict = {}


def foods_in_order(*, ids: list[int]) -> list[Food]:
    """The foods with these ids, in this order, with their USDA group."""
    by_id = Food.objects.select_related("usda_group").in_bulk(ids)
    return [by_id[pk] for pk in ids if pk in by_id]


def foods_imported() -> bool:
    return Food.objects.exists()
