"""The food explorer (/foods/, /foods/<ndb>/, /foods/compare/) and the formulas page."""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from nutrition import scoring
from nutrition.charts import FOOD_COLORS, FOOD_LETTERS, compare_chart
from nutrition.eat_right_deck import card_record_score, load_shipped_cards
from nutrition.facts import nutrition_facts
from nutrition.labels import PLATE_GROUP_HELP, PLATE_GROUP_NAMES, nutrient_name
from nutrition.models import PLATE_GROUP_CHOICES, Food, HouseholdMeasure
from nutrition.nutrients import NUTRIENTS, UNIT_SYMBOLS
from nutrition.services import food_search, food_search_results, foods_imported, foods_in_order

FOODS_PER_PAGE = 25
COMPARE_MAX = 3
TICKED_MOST = FOODS_PER_PAGE  # foods kept ticked across searches (the compare page takes the first 3)
COMPARE_SUGGESTIONS = 8
EXAMPLE_CARDS = ("broccoli", "potato-chips")


def _scoring_constants() -> dict:
    return {
        "encouraged_cap": scoring.ENCOURAGED_CAP_PCT,
        "vitamin_cap": scoring.VITAMIN_CAP_PCT,
        "bands": scoring.VALUE_BANDS,
    }


def _ndbs(request, most: int) -> list[str]:
    """The foods named by ?ndb= (ticked to compare), each once, in order; nonsense is left out."""
    return list(dict.fromkeys(n for n in request.GET.getlist("ndb") if n.isdigit()))[:most]


def _plate_group(request) -> str:
    group = request.GET.get("group", "")
    return group if group in PLATE_GROUP_NAMES else ""


@require_GET
def food_list(request):
    if not foods_imported():
        return render(request, "nutrition/food_list.html", {"imported": False})
    query = request.GET.get("q", "")[:100]
    group = _plate_group(request)
    found = food_search_results(query=query, plate_group=group)
    page = Paginator(found.ids, FOODS_PER_PAGE).get_page(request.GET.get("page"))
    foods = foods_in_order(ids=list(page.object_list))
    # Foods ticked to compare come with every search (the page's checked boxes): the ones this
    # search lists stay ticked in place, the others in a list of their own above the results.
    ticked = _ndbs(request, TICKED_MOST)
    listed = {food.ndb for food in foods}
    elsewhere = {f.ndb: f for f in Food.objects.filter(ndb__in=[n for n in ticked if n not in listed])}
    context = {
        "imported": True,
        "page": page,
        "foods": foods,
        "ticked": ticked,
        "ticked_elsewhere": [elsewhere[n] for n in ticked if n in elsewhere],
        "query": query,
        "corrected": found.corrected,
        "group": group,
        "groups": PLATE_GROUP_CHOICES,
    }
    # While you type, htmx asks for the results only (a history restore needs the whole page).
    partial = request.htmx and not request.htmx.history_restore_request
    template = "nutrition/food_list.html#results" if partial else "nutrition/food_list.html"
    return render(request, template, context)


def _nutrient_rows(per_100g: dict, grams: float) -> list[dict]:
    rows = []
    for nutrient in NUTRIENTS:
        amount = per_100g.get(nutrient.key)
        if amount is None:
            continue
        serving = amount * grams / 100.0
        rows.append(
            {
                "label": nutrient_name(nutrient.key),
                "unit": UNIT_SYMBOLS[nutrient.unit],
                "per_100g": amount,
                "per_serving": serving,
                "percent_dv": 100.0 * serving / nutrient.daily_value if nutrient.daily_value else None,
            }
        )
    return rows


def _chosen_measure(request, measures: list[HouseholdMeasure]) -> HouseholdMeasure | None:
    """The measure asked for (?measure=<seq>), the first one by default, None for 100 g."""
    wanted = request.GET.get("measure", "")
    if wanted == "100g" or not measures:
        return None
    return next((m for m in measures if str(m.seq) == wanted), measures[0])


def _cards_of(food: Food) -> list[dict]:
    return [card for card in load_shipped_cards().values() if card.get("ndb") == food.ndb]


@require_GET
def food_detail(request, ndb):
    if not foods_imported():
        # Say how to import the data rather than a bare "not found".
        return render(request, "nutrition/food_list.html", {"imported": False}, status=404)
    food = get_object_or_404(Food.objects.select_related("usda_group"), ndb=ndb)
    measures = list(food.measures.all())
    chosen = _chosen_measure(request, measures)
    grams = chosen.grams if chosen else 100.0
    nutrients = food.nutrients_for_scoring()
    profile = food.profile()
    context = {
        "food": food,
        "plate_name": PLATE_GROUP_NAMES.get(food.plate_group, ""),
        "plate_help": PLATE_GROUP_HELP.get(food.plate_group, ""),
        "measures": measures,
        "chosen": chosen,
        "grams": grams,
        "facts": nutrition_facts(nutrients, grams),
        "rows": _nutrient_rows(food.nutrients, grams),
        "score": scoring.score_card(nutrients, grams, profile) if grams > 0 else None,
        "profile": profile,
        "constants": _scoring_constants(),
        "cards": _cards_of(food),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    template = "nutrition/food_detail.html#serving" if partial else "nutrition/food_detail.html"
    return render(request, template, context)


COMPARE_BASES = ("serving", "100g", "100kcal")


def _compare_item(food: Food, basis: str) -> dict:
    nutrients = food.nutrients_for_scoring()
    measure = food.measures.first()
    kcal_per_100g = nutrients.get("energy_kcal") or 0
    if basis == "100kcal" and kcal_per_100g > 0:
        grams, label = 10000.0 / kcal_per_100g, None
    elif basis == "serving" and measure:
        grams, label = measure.grams, measure.label
    else:
        grams, label = 100.0, None
    return {
        "food": food,
        "plate_name": PLATE_GROUP_NAMES.get(food.plate_group, ""),
        "grams": grams,
        "measure_label": label,
        "nutrients": nutrients,
        "score": scoring.score_card(nutrients, grams, food.profile()),
    }


@require_GET
def food_compare(request):
    if not foods_imported():
        return render(request, "nutrition/food_list.html", {"imported": False}, status=404)
    ndbs = _ndbs(request, COMPARE_MAX)
    found = {food.ndb: food for food in Food.objects.filter(ndb__in=ndbs).select_related("usda_group")}
    foods = [found[n] for n in ndbs if n in found]
    basis = request.GET.get("basis", "serving")
    basis = basis if basis in COMPARE_BASES else "serving"
    items = [_compare_item(food, basis) for food in foods]
    for item, letter, color in zip(items, FOOD_LETTERS, FOOD_COLORS, strict=False):
        item["letter"], item["color"] = letter, color
    query = request.GET.get("q", "")[:100]
    suggestions = []
    if query and len(foods) < COMPARE_MAX:
        ids = [pk for pk in food_search(query=query) if pk not in {f.pk for f in foods}]
        suggestions = foods_in_order(ids=ids[:COMPARE_SUGGESTIONS])
    return render(
        request,
        "nutrition/compare.html",
        {
            "items": items,
            "chart": compare_chart(items) if items else None,
            "basis": basis,
            "ndbs": [food.ndb for food in foods],
            "query": query,
            "suggestions": suggestions,
            "can_add": len(foods) < COMPARE_MAX,
            "max_foods": COMPARE_MAX,
        },
    )


@require_GET
def formulas(request):
    cards = load_shipped_cards()
    examples = [
        {
            "card": cards[card_id],
            "score": card_record_score(cards[card_id]),
        }
        for card_id in EXAMPLE_CARDS
        if card_id in cards
    ]
    return render(
        request,
        "nutrition/formulas.html",
        {
            "examples": examples,
            "constants": _scoring_constants(),
        },
    )
