"""The Nutrition Facts panel rounds like a food label (21 CFR 101.9(c))."""

import re

import pytest

from nutrition.label_rounding import label_amount, label_calories, label_percent


def declared(key, amount):
    value = label_amount(key, amount)
    return f"<{value}" if value.less_than else str(value)


@pytest.mark.parametrize(
    ("kcal", "label"), [(4.9, 0), (5, 5), (32, 30), (47.5, 50), (50, 50), (51, 50), (55, 60), (287, 290)]
)
def test_calories(kcal, label):
    assert label_calories(kcal) == label


@pytest.mark.parametrize(
    ("key", "amount", "label"),
    [
        ("saturated_fat_g", 0.0355, "0"),  # not "0.0355 g"
        ("fat_g", 0.49, "0"),
        ("fat_g", 0.5, "0.5"),
        ("fat_g", 2.24, "2"),
        ("fat_g", 2.25, "2.5"),
        ("fat_g", 4.9, "5"),
        ("fat_g", 12.4, "12"),
        ("cholesterol_mg", 1.9, "0"),
        ("cholesterol_mg", 3, "<5"),
        ("cholesterol_mg", 12.6, "15"),
        ("sodium_mg", 4.9, "0"),
        ("sodium_mg", 30.03, "30"),
        ("sodium_mg", 142, "140"),
        ("sodium_mg", 146, "150"),
        ("fiber_g", 0.4, "0"),
        ("fiber_g", 0.8, "<1"),
        ("sugars_g", 1.55, "2"),
        ("protein_g", 2.57, "3"),
        ("potassium_mg", 287.6, "290"),  # not "287.6 mg"
        ("calcium_mg", 42.77, "40"),
        ("iron_mg", 0.664, "0.7"),
        ("vitamin_d_ug", 0.0, "0"),
    ],
)
def test_amounts(key, amount, label):
    assert declared(key, amount) == label


def test_percent_daily_values():
    assert label_percent("sodium_mg", 30.03, 2300) == 1  # 30 mg of 2,300
    assert label_percent("saturated_fat_g", 0.0355, 20) == 0  # "0 g" never shows "1 %"
    assert label_percent("potassium_mg", 287.6, 4700) == 6  # 290 mg = 6.2 %: nearest 2 %
    assert label_percent("calcium_mg", 42.77, 1300) == 4  # 40 mg = 3.1 %: nearest 2 %
    assert label_percent("iron_mg", 3.1, 18) == 15  # 17.2 %: nearest 5 %
    assert label_percent("vitamin_d_ug", 14, 20) == 70  # 70 %: nearest 10 %
    assert label_percent("iron_mg", 0.2, 18) == 0  # under 2 %


def test_the_explorer_label_rounds_like_a_food_label(client, imported):
    html = client.get("/foods/11090/").content.decode()  # raw broccoli, 1 cup chopped (91 g)
    panel = re.search(r'<div class="nf-panel">.*?</div>', html, re.S).group(0)
    assert "0.0355" not in panel and "287.6" not in panel
    assert re.search(r"Saturated fat <span class=\"nf-amount\">0 g</span>", panel)
    assert re.search(r"Potassium <span class=\"nf-amount\">290 mg</span>", panel)
    assert re.search(r"Calories</span>\s*<strong>30</strong>", panel)  # 31 kcal
    # Every amount on the label is a label number: no more than one decimal.
    for amount in re.findall(r'class="nf-amount">([^<]*)<', panel):
        assert re.fullmatch(r"(less than )?\d+(\.\d)? (g|mg|µg)", amount), amount
