"""The food explorer (/foods/, /foods/<ndb>/) and the formulas page (/foods/formulas/)."""

from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from nutrition import scoring
from nutrition.eat_right_deck import load_shipped_cards
from nutrition.models import Food, UsdaFoodGroup
from nutrition.nutrients import NUTRIENTS, NUTRIENTS_BY_KEY, UNIT_SYMBOLS
from nutrition.services import food_search, foods_imported

FOODS_PER_PAGE = 50
EXAMPLE_CARDS = ("broccoli", "doughnut")


def _scoring_constants() -> dict:
    return {
        "vitamin_cap": scoring.VITAMIN_CAP_PCT,
        "vitamin_divisor": scoring.VITAMIN_DIVISOR,
        "value_divisor": scoring.VALUE_DIVISOR,
        "encouraged_cap": scoring.ENCOURAGED_CAP_PCT,
    }


@require_GET
def food_list(request):
    query = request.GET.get("q", "")[:100]
    group_code = request.GET.get("group", "")[:4]
    page = Paginator(food_search(query=query, group_code=group_code), FOODS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "nutrition/food_list.html",
        {
            "imported": foods_imported(),
            "page": page,
            "query": query,
            "group_code": group_code,
            "groups": UsdaFoodGroup.objects.all(),
        },
    )


def _nutrient_rows(per_100g: dict, grams: float) -> list[dict]:
    rows = []
    for nutrient in NUTRIENTS:
        amount = per_100g.get(nutrient.key)
        if amount is None:
            continue
        serving = amount * grams / 100.0
        rows.append(
            {
                "label": nutrient.label,
                "unit": UNIT_SYMBOLS[nutrient.unit],
                "per_100g": amount,
                "per_serving": serving,
                "percent_dv": 100.0 * serving / nutrient.daily_value if nutrient.daily_value else None,
            }
        )
    return rows


@require_GET
def food_detail(request, ndb):
    if not foods_imported():
        # Say how to import the data rather than a bare "not found".
        return render(request, "nutrition/food_list.html", {"imported": False}, status=404)
    food = get_object_or_404(Food.objects.select_related("usda_group__myplate"), ndb=ndb)
    measures = list(food.measures.all())
    chosen = next((m for m in measures if str(m.seq) == request.GET.get("measure")), None)
    if chosen is None and request.GET.get("measure") != "100g" and measures:
        chosen = measures[0]
    grams = chosen.grams if chosen else 100.0
    nutrients = food.nutrients_for_scoring()
    return render(
        request,
        "nutrition/food_detail.html",
        {
            "food": food,
            "measures": measures,
            "chosen": chosen,
            "grams": grams,
            "rows": _nutrient_rows(food.nutrients, grams),
            "score": scoring.score_card(nutrients, grams) if grams > 0 else None,
            "constants": _scoring_constants(),
            "cards": [card for card in load_shipped_cards().values() if card.get("ndb") == food.ndb],
        },
    )


@require_GET
def formulas(request):
    cards = load_shipped_cards()
    examples = [
        {
            "card": cards[card_id],
            "score": scoring.score_card(cards[card_id]["nutrients_per_100g"], cards[card_id]["serving_g"]),
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
            "daily_values": [
                NUTRIENTS_BY_KEY[key] for key in (*scoring.ENCOURAGED_KEYS, *scoring.LIMITED_KEYS)
            ],
            "vitamins": [NUTRIENTS_BY_KEY[key] for key in scoring.VITAMIN_KEYS],
        },
    )
