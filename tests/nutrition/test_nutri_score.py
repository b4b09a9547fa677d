"""Nutri-Score 2023, point by point, then the grades the Scientific Committee published.

The first tests work examples by hand from the published point tables (2022 report for foods,
2023 report for drinks); the last ones check the grades the Committee announced for real foods
("olive oil becomes B, sunflower oil C, butter and coconut oil stay E; skimmed and
semi-skimmed milk B, whole milk C; flavoured milks D or E; sugary drinks E; drinks with
sweeteners C; only water is A") on the USDA figures of those foods.
"""

import pytest
from django.conf import settings

from nutrition.food_profile import food_profile
from nutrition.myplate import plate_group_for
from nutrition.nutri_score import (
    BEVERAGE,
    CHEESE,
    FATS,
    GENERAL,
    WATER,
    NutriScoreFood,
    grade_for,
    grade_range,
    label_value,
    nutri_score,
    points_above,
)
from nutrition.scoring import nutri_score_of
from nutrition.sr_files import read_release


def points(score, key):
    return next(c.points for c in (*score.negative, *score.positive) if c.key == key)


def test_a_point_is_given_for_each_threshold_an_amount_is_above():
    assert points_above(3.4, (3.4, 6.8)) == 0  # not above 3.4
    assert points_above(3.5, (3.4, 6.8)) == 1
    assert points_above(10, (10, 16), at_or_above=True) == 1  # the saturated-fat ratio: at or above


def test_worked_example_a_wholemeal_bread():
    # Per 100 g: 1,046 kJ (250 kcal) = 3 points (above 1,005); sugars 4.0 g = 1 (above 3.4);
    # saturated fat 0.6 g = 0; salt 1.1 g = 5 (above 1.0); N = 9.
    # Protein 10.0 g = 4 (above 9.6); fiber 7.0 g = 4 (above 6.3); no fruit or vegetables = 0;
    # N is under 11, so protein counts: P = 8. Score 9 - 8 = 1: B (1 to 2).
    bread = NutriScoreFood(
        energy_kj=1046, sugars_g=4.0, saturated_fat_g=0.6, salt_g=1.1, fiber_g=7.0, protein_g=10.0
    )
    score = nutri_score(bread)
    assert [points(score, k) for k in ("energy", "sugars", "saturated_fat", "salt")] == [3, 1, 0, 5]
    assert [points(score, k) for k in ("protein", "fiber", "fvl")] == [4, 4, 0]
    assert (score.negative_points, score.positive_points, score.score, score.grade) == (9, 8, 1, "B")


def test_worked_example_protein_does_not_count_from_11_bad_points_except_in_cheese():
    # A salami-like food: 1,700 kJ = 5; sugars 1 g = 0; saturated fat 12 g = 10; salt 4.5 g = 20;
    # N = 35; protein 25 g (7 points) is left out: score 35, E.
    salami = NutriScoreFood(energy_kj=1700, sugars_g=1, saturated_fat_g=12, salt_g=4.5, protein_g=25)
    score = nutri_score(salami)
    assert score.negative_points == 35 and not score.protein_counted and score.score == 35
    # A cheddar-like cheese: 1,700 kJ = 5, saturated fat 19 g = 10, salt 1.8 g = 8 (above 1.6):
    # N = 23; as a cheese its 25 g of protein count 7: score 16, D.
    cheddar = NutriScoreFood(energy_kj=1700, saturated_fat_g=19, salt_g=1.8, protein_g=25, kind=CHEESE)
    score = nutri_score(cheddar)
    assert (score.negative_points, score.positive_points, score.score, score.grade) == (23, 7, 16, "D")
    assert nutri_score(NutriScoreFood(**{**cheddar.__dict__, "kind": GENERAL})).score == 23


def test_worked_example_red_meat_gets_at_most_2_protein_points():
    # Lean beef: 600 kJ = 1, saturated fat 2.5 g = 2, salt 0.15 g = 0: N = 3; protein 22 g would
    # be 7 points, red meat gets 2: score 1, B. The same food as poultry scores -4, A.
    beef = NutriScoreFood(energy_kj=600, saturated_fat_g=2.5, salt_g=0.15, protein_g=22, red_meat=True)
    assert (nutri_score(beef).score, nutri_score(beef).grade) == (1, "B")
    poultry = NutriScoreFood(**{**beef.__dict__, "red_meat": False})
    assert (nutri_score(poultry).score, nutri_score(poultry).grade) == (-4, "A")


def test_worked_example_fruit_vegetables_and_legumes():
    # 40 % is no point, above 40 % 1, above 60 % 2, above 80 % 5 (drinks: 2, 4 and 6).
    for percent, expected in ((40, 0), (41, 1), (61, 2), (81, 5), (100, 5)):
        assert points(nutri_score(NutriScoreFood(fvl_percent=percent)), "fvl") == expected
    for percent, expected in ((40, 0), (41, 2), (61, 4), (81, 6)):
        assert points(nutri_score(NutriScoreFood(fvl_percent=percent, kind=BEVERAGE)), "fvl") == expected


def test_worked_example_a_drink_and_its_stricter_scales():
    # Orange soda: 180 kJ = 3 (above 150); sugars 10.5 g = 9 (above 10); N = 12: E.
    soda = NutriScoreFood(energy_kj=180, sugars_g=10.5, kind=BEVERAGE)
    assert (points(nutri_score(soda), "energy"), points(nutri_score(soda), "sugars")) == (3, 9)
    assert (nutri_score(soda).score, nutri_score(soda).grade) == (12, "E")
    # The same drink without sugar but with sweeteners: 4 points: C.
    diet = NutriScoreFood(energy_kj=5, kind=BEVERAGE, sweeteners=True)
    assert (nutri_score(diet).score, nutri_score(diet).grade) == (4, "C")
    # A drink's protein always counts: semi-skimmed milk, 193 kJ = 3, sugars 4.8 g = 3,
    # saturated fat 1.0 g = 0 (not above 1): N = 6; protein 3.3 g = 7 (above 3.0): -1, B.
    milk = NutriScoreFood(energy_kj=193, sugars_g=4.8, saturated_fat_g=1.0, protein_g=3.3, kind=BEVERAGE)
    assert (nutri_score(milk).score, nutri_score(milk).grade) == (-1, "B")


def test_worked_example_fats_oils_nuts_and_seeds():
    # An oil with 14 g saturated fat in 100 g of fat: energy from saturates 14 x 37 = 518 kJ = 4
    # (above 480); saturated share 14 % = 1 (at or above 10); N = 5. As olive oil (a fruit) it
    # gets 5 fruit points: 0, B; another oil with the same fats: 5, C.
    olive = NutriScoreFood(saturated_fat_g=14, fat_g=100, fvl_percent=100, kind=FATS)
    score = nutri_score(olive)
    assert [points(score, k) for k in ("energy_from_saturates", "saturated_ratio")] == [4, 1]
    assert (score.score, score.grade) == (0, "B")
    assert nutri_score(NutriScoreFood(saturated_fat_g=14, fat_g=100, kind=FATS)).grade == "C"
    # Protein counts for fats only under 7 bad points: salted nuts with 10 g saturated fat in 50 g
    # of fat (370 kJ = 3, 20 % = 2), sugars 4 g = 1 and salt 0.5 g = 2: N = 8, protein left out.
    nuts = NutriScoreFood(saturated_fat_g=10, fat_g=50, protein_g=20, sugars_g=4, salt_g=0.5, kind=FATS)
    assert nutri_score(nuts).negative_points == 8 and not nutri_score(nuts).protein_counted
    unsalted = NutriScoreFood(**{**nuts.__dict__, "salt_g": 0.0})
    assert nutri_score(unsalted).negative_points == 6 and nutri_score(unsalted).protein_counted


def test_grades_by_kind():
    assert [grade_for(GENERAL, s) for s in (0, 1, 2, 3, 10, 11, 18, 19)] == list("ABBCCDDE")
    assert [grade_for(FATS, s) for s in (-6, -5, 2, 3)] == list("ABBC")
    assert [grade_for(BEVERAGE, s) for s in (-10, 2, 3, 6, 7, 9, 10)] == list("BBCCDDE")
    assert grade_for(WATER, 0) == "A" and nutri_score(NutriScoreFood(kind=WATER)).grade == "A"
    assert grade_range(GENERAL, "A") == (-17, 0) and grade_range(GENERAL, "E") == (19, 55)
    assert grade_range(BEVERAGE, "B") == (-18, 2)


def test_amounts_are_read_as_a_label_would_print_them():
    assert label_value("saturated_fat_g", 9.748) == 9.7 and label_value("saturated_fat_g", 0.09) == 0
    assert label_value("sugars_g", 12.46) == 12 and label_value("sugars_g", 3.449) == 3.4
    assert label_value("salt_g", 0.555) == 0.56 and label_value("salt_g", 1.26) == 1.3
    assert label_value("energy_kj", 1004.6) == 1005


# ----- the Committee's announced grades, on USDA's figures ----------------------------------------


@pytest.fixture(scope="module")
def release():
    return read_release(settings.USDA_SR_DIR)


def grade_of(release, ndb):
    food = release.foods[ndb]
    plate = plate_group_for(ndb=ndb, usda_group=food.group, description=food.long_description)
    profile = food_profile(
        ndb=ndb,
        usda_group=food.group,
        description=food.long_description,
        plate_group=plate,
        nutrients=food.nutrients,
    )
    return nutri_score_of(food.nutrients, profile).grade


@pytest.mark.parametrize(
    ("ndb", "what", "grade"),
    [
        ("04053", "olive oil", "B"),
        ("04582", "canola (rapeseed) oil", "B"),
        ("04528", "walnut oil", "B"),
        ("04060", "sunflower oil", "C"),
        ("04047", "coconut oil", "E"),
        ("01001", "butter", "E"),
        ("01085", "skimmed milk", "B"),
        ("01082", "1 % milk", "B"),
        ("01077", "whole milk", "C"),
        ("01104", "chocolate milk", "D"),
        ("01102", "whole chocolate milk", "E"),
        ("14148", "cola", "E"),
        ("14146", "diet cola", "C"),
        ("14555", "bottled water", "A"),
    ],
)
def test_the_committees_announced_grades(release, ndb, what, grade):
    assert grade_of(release, ndb) == grade, what
