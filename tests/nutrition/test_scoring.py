"""The card formulas of nutrition.scoring, rule by rule, on made-up foods."""

import subprocess
import sys

import pytest

from nutrition.scoring import bite_grams, card_calories, per_serving, round_half_up, score_card


def test_calories_are_kcal_per_100_g_times_grams_over_100_rounded():
    assert card_calories({"energy_kcal": 34}, 91) == 31  # 30.94
    assert card_calories({"energy_kcal": 50}, 1) == 1  # 0.5 rounds up, not to even
    assert card_calories({}, 100) == 0


def test_round_half_up_rounds_halves_away_from_zero():
    assert [round_half_up(x) for x in (0.5, 1.5, 2.5, 2.49, -2.5)] == [1, 2, 3, 2, -3]


def test_the_good_numbers_look_at_the_serving_but_at_most_its_first_100_calories():
    assert bite_grams({"energy_kcal": 34}, 91) == 91  # 31 kcal: the whole serving
    assert bite_grams({"energy_kcal": 500}, 40) == 20  # 200 kcal: the first 100 of them
    assert bite_grams({}, 40) == 40  # no energy figure: the serving
    food = {"energy_kcal": 500, "protein_g": 10}
    big, small = score_card(food, 80), score_card(food, 20)
    assert big.good == small.good == 4.0  # 2 g of protein in the 20-g bite = 4 % of 50 g
    assert (big.calories, small.calories) == (400, 100)
    assert big.bite_grams == 20 and not big.bite_is_whole_serving and small.bite_is_whole_serving


def test_good_points_add_the_percent_daily_value_of_nine_nutrients_each_up_to_100():
    # 100 g, 50 kcal: protein 25 g = 50 %, vitamin C 180 mg = 200 % (counts 100), fiber 2.8 g = 10 %.
    score = score_card({"energy_kcal": 50, "protein_g": 25, "vitamin_c_mg": 180, "fiber_g": 2.8}, 100)
    assert score.good == 160.0
    lines = {line.key: line for line in score.good_lines}
    assert (lines["vitamin_c_mg"].percent_dv, lines["vitamin_c_mg"].points, lines["vitamin_c_mg"].capped) == (
        200.0,
        100.0,
        True,
    )
    assert len(score.good_lines) == 9


def test_bad_points_are_the_percent_of_the_daily_limits_in_100_g_whatever_the_serving():
    food = {"energy_kcal": 10, "saturated_fat_g": 2, "added_sugars_g": 5, "sodium_mg": 230}
    for grams in (10, 100, 300):
        assert score_card(food, grams).bad == 30.0  # 10 % + 10 % + 10 %


def test_value_is_the_good_points_over_2_5_shrunk_by_the_bad_ones():
    # good 160 -> 64; bad 0 keeps all of it; bad 25 keeps half; bad 75 keeps a quarter.
    base = {"energy_kcal": 50, "protein_g": 25, "vitamin_c_mg": 180, "fiber_g": 2.8}
    assert score_card(base, 100).value == 64
    assert score_card({**base, "sodium_mg": 575}, 100).value == 32  # 25 bad points
    assert score_card({**base, "sodium_mg": 1725}, 100).value == 16  # 75 bad points
    assert score_card({**base, "sodium_mg": 575}, 100).kept_percent == 50


def test_junk_keeps_a_little_value_but_never_goes_below_zero():
    cola = score_card({"energy_kcal": 41, "sugars_g": 10.75, "added_sugars_g": 10.75, "sodium_mg": 4}, 370)
    assert cola.value == 0 and cola.bad > 20
    chips = {"energy_kcal": 542, "protein_g": 6.6, "fiber_g": 4.4, "sodium_mg": 450, "saturated_fat_g": 4}
    chips = score_card(chips, 28)
    assert 0 < chips.value < 10


def test_with_no_added_sugar_estimate_all_sugar_counts_as_added():
    score = score_card({"energy_kcal": 100, "sugars_g": 10}, 100)
    assert score.bad == 20.0
    assert score_card({"energy_kcal": 100, "sugars_g": 10, "added_sugars_g": 0.0}, 100).bad == 0.0


def test_vitamin_power_adds_six_slots_each_up_to_40_percent():
    # vitamin C 100 % counts 40; vitamin A 20 % counts 20; no B vitamins.
    score = score_card({"energy_kcal": 50, "vitamin_c_mg": 90, "vitamin_a_rae_ug": 180}, 100)
    assert score.vitamin_power == 60
    slots = [line for line in score.vitamin_lines if not line.part_of_team]
    assert [line.key for line in slots] == [
        "vitamin_a_rae_ug",
        "vitamin_c_mg",
        "vitamin_d_ug",
        "vitamin_e_mg",
        "vitamin_k_ug",
        "b_vitamins",
    ]


def test_b_vitamins_count_together_as_one_slot_so_enriched_flour_cannot_win_on_them():
    # Every B vitamin at 100 % of a day: the team's average is 100, the slot still counts 40.
    enriched = {
        "energy_kcal": 100,
        "thiamin_mg": 1.2,
        "riboflavin_mg": 1.3,
        "niacin_mg": 16,
        "vitamin_b6_mg": 1.7,
        "food_folate_ug": 400,
        "vitamin_b12_ug": 2.4,
    }
    assert score_card(enriched, 100).vitamin_power == 40
    # Two vitamins of a vegetable at 40 % beat them.
    assert score_card({"energy_kcal": 30, "vitamin_c_mg": 36, "vitamin_k_ug": 48}, 100).vitamin_power == 80


def test_folic_acid_added_to_flour_is_left_out_only_food_folate_counts():
    fortified = {"energy_kcal": 100, "food_folate_ug": 0, "folic_acid_ug": 200, "folate_dfe_ug": 340}
    team = next(line for line in score_card(fortified, 100).vitamin_lines if line.key == "b_vitamins")
    assert team.percent_dv == 0.0


def test_the_why_rows_add_up_to_the_numbers():
    nutrients = {"energy_kcal": 120, "protein_g": 20, "fiber_g": 5, "calcium_mg": 300, "saturated_fat_g": 4}
    score = score_card(nutrients, 80)
    # Rows are rounded to one decimal each: the sums agree up to that rounding.
    assert sum(line.points for line in score.good_lines) == pytest.approx(score.good, abs=0.3)
    assert sum(line.points for line in score.bad_lines) == pytest.approx(score.bad, abs=0.1)
    assert score.value == round_half_up(score.good / 2.5 * 25 / (25 + score.bad))
    slots = [line for line in score.vitamin_lines if not line.part_of_team]
    assert round_half_up(sum(line.points for line in slots)) == score.vitamin_power
    assert [line.key for line in score.bad_lines] == ["saturated_fat_g", "added_sugars_g", "sodium_mg"]


def test_missing_nutrients_count_as_zero_and_are_reported():
    score = score_card({"energy_kcal": 100}, 100)
    assert score.value == 0 and score.vitamin_power == 0
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
        " nutrition.myplate, nutrition.food_ranking;"
        "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
