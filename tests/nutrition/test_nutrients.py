from django.conf import settings

from nutrition.nutrients import NUTRIENTS, NUTRIENTS_BY_KEY


def test_there_is_one_nutrient_per_abbrev_nutrient_column():
    assert len(NUTRIENTS) == 46
    assert len({n.key for n in NUTRIENTS}) == 46


def test_daily_values_are_the_fda_2016_ones():
    expected = {"vitamin_c_mg": 90, "vitamin_a_rae_ug": 900, "vitamin_d_ug": 20, "sodium_mg": 2300}
    assert {key: NUTRIENTS_BY_KEY[key].daily_value for key in expected} == expected
    assert NUTRIENTS_BY_KEY["added_sugars_g"].daily_value == 50


def test_units_agree_with_usda_nutr_def():
    """NUTR_DEF.txt (Latin-1) gives each nutrient's unit; ours must be the same ones."""
    usda_units = {}
    for line in (settings.USDA_SR_DIR / "NUTR_DEF.txt").read_text(encoding="latin-1").splitlines():
        number, unit, *_ = (field.strip("~") for field in line.split("^"))
        usda_units[number] = unit.replace("\xb5g", "ug")
    ours = {
        "208": "energy_kcal",
        "203": "protein_g",
        "291": "fiber_g",
        "307": "sodium_mg",
        "317": "selenium_ug",
        "320": "vitamin_a_rae_ug",
        "328": "vitamin_d_ug",
        "401": "vitamin_c_mg",
        "418": "vitamin_b12_ug",
        "430": "vitamin_k_ug",
        "435": "folate_dfe_ug",
        "606": "saturated_fat_g",
    }
    assert {number: NUTRIENTS_BY_KEY[key].unit for number, key in ours.items()} == {
        number: usda_units[number] for number in ours
    }
