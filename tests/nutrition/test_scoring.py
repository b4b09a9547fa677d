import subprocess
import sys

import pytest

from nutrition.scoring import card_calories, per_serving, round_half_up, score_card


def test_calories_are_kcal_per_100_g_times_grams_over_100_rounded():
    assert card_calories({"energy_kcal": 34}, 91) == 31  # 30.94
    assert card_calories({"energy_kcal": 50}, 1) == 1  # 0.5 rounds up, not to even
    assert card_calories({}, 100) == 0


def test_round_half_up_rounds_halves_away_from_zero():
    assert [round_half_up(x) for x in (0.5, 1.5, 2.5, 2.49, -2.5)] == [1, 2, 3, 2, -3]


def test_vitamin_power_caps_each_vitamin_at_40_percent_then_divides_by_5():
    # 100 g: vitamin C 90 mg = 100 % DV -> counts 40; vitamin A 180 ug = 20 % DV -> counts 20.
    score = score_card({"vitamin_c_mg": 90, "vitamin_a_rae_ug": 180}, 100)
    assert score.vitamin_power == 12  # (40 + 20) / 5
    assert {line.label: line.points for line in score.vitamin_breakdown}["Vitamin C"] == 8.0


def test_value_is_nrf93_per_serving_divided_by_4():
    # 50 g serving of a food with, per 100 g, 50 g protein (50 % DV per serving), 28 g fiber
    # (50 %) and 2,300 mg sodium (50 %): NR9 = 100, LIM3 = 50 -> 50 / 4 = 12.5 -> 13.
    score = score_card({"protein_g": 50, "fiber_g": 28, "sodium_mg": 2300, "energy_kcal": 200}, 50)
    assert (score.nr9, score.lim3, score.value, score.calories) == (100.0, 50.0, 13, 100)


def test_each_encouraged_nutrient_counts_at_most_100_percent():
    score = score_card({"vitamin_c_mg": 900}, 100)  # 1,000 % DV
    assert score.nr9 == 100.0
    assert score.value == 25


def test_value_is_never_negative():
    score = score_card({"sugars_g": 100, "protein_g": 1}, 100)
    assert score.lim3 == 200.0  # all sugar counts as added when no estimate is given
    assert score.value == 0


def test_added_sugar_estimate_replaces_total_sugars_when_given():
    fruit = score_card({"sugars_g": 10, "added_sugars_g": 0.0, "fiber_g": 2.8}, 100)
    assert fruit.lim3 == 0.0
    assert fruit.value == round_half_up(10 / 4)


def test_breakdown_points_add_up_to_the_value():
    nutrients = {"protein_g": 20, "fiber_g": 5, "calcium_mg": 300, "saturated_fat_g": 4, "sodium_mg": 500}
    score = score_card(nutrients, 80)
    assert round_half_up(sum(line.points for line in score.breakdown)) == score.value
    assert [line.label for line in score.breakdown][-3:] == [
        "Saturated fat",
        "Added sugars (estimated)",
        "Sodium",
    ]
    assert all(line.points <= 0 for line in score.breakdown[-3:])


def test_missing_nutrients_count_as_zero_and_are_reported():
    score = score_card({"energy_kcal": 100}, 100)
    assert score.value == 0 and score.vitamin_power == 0
    assert "vitamin_c_mg" in score.missing
    assert "Vitamin C" in score.missing_labels


def test_broccoli_beats_a_doughnut():
    broccoli = {
        "energy_kcal": 34,
        "protein_g": 2.82,
        "fiber_g": 2.6,
        "vitamin_c_mg": 89.2,
        "vitamin_k_ug": 101.6,
    }
    doughnut = {
        "energy_kcal": 452,
        "protein_g": 5,
        "saturated_fat_g": 13.5,
        "sugars_g": 26.7,
        "sodium_mg": 326,
    }
    assert score_card(broccoli, 91).value > score_card(doughnut, 43).value == 0


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
        "import sys, nutrition.scoring, nutrition.nutrients, nutrition.sr_files, nutrition.eat_right_deck;"
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
