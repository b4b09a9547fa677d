"""The card formulas of nutrition.scoring, rule by rule, on made-up foods."""

import subprocess
import sys

import pytest

from nutrition import scoring
from nutrition.food_profile import ENRICHMENT, VITAMIN_KEYS, FoodProfile
from nutrition.scoring import (
    LIMITED_KEYS,
    VALUE_BANDS,
    card_calories,
    grams_per_100_kcal,
    nrf93,
    nrf_nudge,
    per_serving,
    round_half_up,
    score_card,
)


def test_calories_are_kcal_per_100_g_times_grams_over_100_rounded():
    assert card_calories({"energy_kcal": 34}, 91) == 31  # 30.94
    assert card_calories({"energy_kcal": 50}, 1) == 1  # 0.5 rounds up, not to even
    assert card_calories({}, 100) == 0


def test_round_half_up_rounds_halves_away_from_zero():
    assert [round_half_up(x) for x in (0.5, 1.5, 2.5, 2.49, -2.5)] == [1, 2, 3, 2, -3]


def test_vitamins_are_counted_in_100_kcal_of_the_food_whatever_the_serving():
    assert grams_per_100_kcal({"energy_kcal": 500}) == 20
    assert grams_per_100_kcal({}) == 0  # no energy figure: no 100 kcal to count in
    food = {"energy_kcal": 500, "vitamin_c_mg": 90}  # 18 mg in 20 g = 20 %
    big, small = score_card(food, 80), score_card(food, 20)
    assert big.vitamin_power == small.vitamin_power == 20
    assert (big.calories, small.calories) == (400, 100)


# ----- overall value: the Nutri-Score, whatever the portion ----------------------------------------

APPLE = {"energy_kcal": 52, "sugars_g": 10.4, "fiber_g": 2.4, "protein_g": 0.3, "vitamin_c_mg": 4.6}
APPLE_PROFILE = FoodProfile(fvl_percent=100)


def test_the_value_does_not_depend_on_the_portion():
    values = {score_card(APPLE, grams, APPLE_PROFILE).value for grams in (50, 149, 300, 1000)}
    assert len(values) == 1


def test_the_nutri_score_letter_gives_the_band_and_its_points_the_place_in_it():
    # An apple: 218 kJ = 0; sugars 10.4 g, printed 10 g on a label = 2 (above 6.8, not above 10):
    # N = 2; fruit 100 % = 5: score -3, A.
    apple = score_card(APPLE, 149, APPLE_PROFILE)
    assert (apple.nutri_score.score, apple.grade, apple.value_band) == (-3, "A", (12, 48))
    assert 12 <= apple.value <= 48
    # Fewer points, more value; the letters' bands never overlap.
    # 50 kcal (209 kJ, no energy point) with more and more salt: 0.25 g = 1 point (above 0.2),
    # 0.75 g = 3, 1.5 g = 7, 3.0 g = 14.
    by_score = [score_card({"energy_kcal": 50, "sodium_mg": mg}, 100) for mg in (0, 100, 300, 600, 1200)]
    assert [s.nutri_score.score for s in by_score] == [0, 1, 3, 7, 14]
    assert [s.grade for s in by_score] == list("ABCCD")
    values = [s.value for s in by_score]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    for score in by_score:
        low, high = VALUE_BANDS[score.grade]
        assert low <= score.value <= high


def test_equal_nutri_scores_are_told_apart_by_nrf93_but_never_past_a_point():
    plain = {"energy_kcal": 50}
    rich = {**plain, "protein_g": 2, "vitamin_c_mg": 90, "potassium_mg": 900, "fiber_g": 2.9}
    poor, richer = score_card(plain, 100), score_card(rich, 100)
    assert poor.nutri_score.score == richer.nutri_score.score == 0
    assert richer.nrf.index > poor.nrf.index and richer.value > poor.value
    # The richest food with one point more is still worth less than the poorest with one less.
    one_more = score_card({**rich, "sodium_mg": 100}, 100)
    assert one_more.nutri_score.score == 1 and one_more.value < poor.value
    for index in (-500, -50, 0, 50, 500, 5000):
        assert 0 < nrf_nudge(index) < 1


def test_nrf93_counts_nine_good_nutrients_and_three_to_limit_in_100_kcal():
    # 50 kcal in 100 g: 100 kcal is 200 g. Protein 12.5 g per 100 g = 25 g = 50 %; vitamin C
    # 90 mg = 180 mg = 200 % (counts 100); sodium 115 mg = 230 mg = 10 % of the limit.
    nrf = nrf93({"energy_kcal": 50, "protein_g": 12.5, "vitamin_c_mg": 90, "sodium_mg": 115})
    assert (nrf.grams, nrf.good, nrf.bad, nrf.index) == (200.0, 150.0, 10.0, 140.0)
    assert len(nrf.good_lines) == 9 and [line.key for line in nrf.bad_lines] == list(LIMITED_KEYS)
    assert nrf93({"energy_kcal": 0}).index == 0  # water has no 100 kcal to count in


def test_with_no_added_sugar_estimate_all_sugar_counts_as_added():
    assert nrf93({"energy_kcal": 100, "sugars_g": 10}).bad == 20.0
    assert nrf93({"energy_kcal": 100, "sugars_g": 10, "added_sugars_g": 0.0}).bad == 0.0


def test_the_profile_picks_the_nutri_score_rules():
    cola = {"energy_kcal": 41, "sugars_g": 10.6, "sodium_mg": 4}
    as_drink = score_card(cola, 370, FoodProfile(kind="beverage"))
    assert (as_drink.nutri_score.score, as_drink.grade) == (12, "E")
    assert score_card(cola, 370).grade == "C"  # read as a food it would look better
    assert score_card(cola, 370, FoodProfile(kind="water")).value == VALUE_BANDS["A"][0]


# ----- vitamin power: every natural vitamin, each up to a whole day ----------------------------------


def test_each_vitamin_counts_its_percent_up_to_100():
    # 100 g hold 50 kcal, so 100 kcal is 200 g: vitamin C 200 % counts 100, vitamin A 40 % counts
    # 40, vitamin K 18 % counts 18 (no cut-off: small amounts count too).
    score = score_card(
        {"energy_kcal": 50, "vitamin_c_mg": 90, "vitamin_a_rae_ug": 180, "vitamin_k_ug": 10.8}, 100
    )
    assert score.vitamin_power == 158
    lines = {line.key: line for line in score.vitamin_lines}
    assert lines["vitamin_c_mg"].capped and lines["vitamin_c_mg"].points == 100
    assert lines["vitamin_k_ug"].points == 18
    assert [line.key for line in score.vitamin_lines] == list(VITAMIN_KEYS)
    assert [line.key for line in score.main_vitamins] == ["vitamin_c_mg"]  # 100 of 158: over half


def test_small_amounts_add_up_and_the_number_has_one_decimal():
    traces = {"energy_kcal": 100}
    for key in VITAMIN_KEYS:
        traces[key] = 0.0912 * scoring.daily_value(key)
    assert score_card(traces, 100).vitamin_power == 100.3  # 11 x 9.12
    assert scoring.round_to_tenth(7.65) == 7.7 and scoring.round_to_tenth(7.64) == 7.6


def test_vitamins_added_in_the_factory_do_not_count():
    enriched = {
        "energy_kcal": 100,
        "thiamin_mg": 0.6,
        "riboflavin_mg": 0.4,
        "niacin_mg": 6,
        "vitamin_b6_mg": 0.34,
    }
    added = FoodProfile(added_vitamins=ENRICHMENT, fortification="enriched")
    score = score_card(enriched, 100, added)
    assert score.vitamin_power == 20  # only B6 (20 %): the flour's B1, B2 and B3 were put back
    assert all(line.added for line in score.vitamin_lines if line.key in ENRICHMENT)
    assert score_card(enriched, 100).vitamin_power == scoring.round_to_tenth(50 + 30.77 + 37.5 + 20)


def test_folic_acid_never_counts_only_food_folate():
    fortified = {"energy_kcal": 100, "food_folate_ug": 0, "folic_acid_ug": 200, "folate_dfe_ug": 340}
    assert score_card(fortified, 100).vitamin_power == 0


def test_the_why_rows_add_up_to_the_numbers():
    nutrients = {"energy_kcal": 120, "protein_g": 20, "fiber_g": 5, "calcium_mg": 300, "vitamin_b12_ug": 1}
    score = score_card(nutrients, 80)
    assert sum(line.points for line in score.nrf.good_lines) == pytest.approx(score.nrf.good, abs=0.3)
    assert sum(line.points for line in score.vitamin_lines) == pytest.approx(score.vitamin_power, abs=0.2)
    ns = score.nutri_score
    assert ns.score == ns.negative_points - ns.positive_points


def test_missing_nutrients_count_as_zero_and_are_reported():
    score = score_card({"energy_kcal": 100}, 100)
    assert score.vitamin_power == 0
    assert "vitamin_c_mg" in score.missing
    assert "Vitamin C" in score.missing_labels


def test_per_serving_scales_every_known_value_and_keeps_unknowns():
    assert per_serving({"energy_kcal": 34, "vitamin_d_ug": None}, 91) == {
        "energy_kcal": 30.94,
        "vitamin_d_ug": None,
    }


def test_a_serving_must_weigh_something():
    with pytest.raises(ValueError):
        score_card({"energy_kcal": 10}, 0)


def test_scoring_and_deck_building_do_not_import_django():
    code = (
        "import sys, nutrition.scoring, nutrition.nutrients, nutrition.sr_files, nutrition.eat_right_deck,"
        " nutrition.myplate, nutrition.food_ranking, nutrition.nutri_score, nutrition.food_profile,"
        " nutrition.meals, nutrition.model_agreement;"
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
