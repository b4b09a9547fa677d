"""The nutrients Plateful knows and their daily values (pure Python).

One place for every nutrient key used in the database, the card JSON, the scoring formulas and
the pages. Keys are snake_case with the unit at the end (`vitamin_c_mg`, `vitamin_a_rae_ug`).

Daily values are the FDA's 2016 label reference values for adults and children 4 years and
older (21 CFR 101.9, the "new Nutrition Facts label"). The three nutrients to limit use the
FDA's daily values too: saturated fat 20 g, sodium 2,300 mg and added sugars 50 g.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Nutrient:
    key: str
    label: str
    unit: str  # "g", "mg", "ug", "kcal", "IU"
    daily_value: float | None  # FDA 2016, None when the label has none
    abbrev_column: str  # the column of USDA's ABBREV.txt it comes from


# In the order of ABBREV.txt's columns 3-48 (after NDB_No and Shrt_Desc).
NUTRIENTS: tuple[Nutrient, ...] = (
    Nutrient("water_g", "Water", "g", None, "Water_(g)"),
    Nutrient("energy_kcal", "Energy", "kcal", 2000, "Energ_Kcal"),
    Nutrient("protein_g", "Protein", "g", 50, "Protein_(g)"),
    Nutrient("fat_g", "Total fat", "g", 78, "Lipid_Tot_(g)"),
    Nutrient("ash_g", "Ash", "g", None, "Ash_(g)"),
    Nutrient("carbohydrate_g", "Carbohydrate", "g", 275, "Carbohydrt_(g)"),
    Nutrient("fiber_g", "Dietary fiber", "g", 28, "Fiber_TD_(g)"),
    Nutrient("sugars_g", "Total sugars", "g", None, "Sugar_Tot_(g)"),
    Nutrient("calcium_mg", "Calcium", "mg", 1300, "Calcium_(mg)"),
    Nutrient("iron_mg", "Iron", "mg", 18, "Iron_(mg)"),
    Nutrient("magnesium_mg", "Magnesium", "mg", 420, "Magnesium_(mg)"),
    Nutrient("phosphorus_mg", "Phosphorus", "mg", 1250, "Phosphorus_(mg)"),
    Nutrient("potassium_mg", "Potassium", "mg", 4700, "Potassium_(mg)"),
    Nutrient("sodium_mg", "Sodium", "mg", 2300, "Sodium_(mg)"),
    Nutrient("zinc_mg", "Zinc", "mg", 11, "Zinc_(mg)"),
    Nutrient("copper_mg", "Copper", "mg", 0.9, "Copper_(mg)"),
    Nutrient("manganese_mg", "Manganese", "mg", 2.3, "Manganese_(mg)"),
    Nutrient("selenium_ug", "Selenium", "ug", 55, "Selenium_(µg)"),
    Nutrient("vitamin_c_mg", "Vitamin C", "mg", 90, "Vit_C_(mg)"),
    Nutrient("thiamin_mg", "Thiamin (vitamin B1)", "mg", 1.2, "Thiamin_(mg)"),
    Nutrient("riboflavin_mg", "Riboflavin (vitamin B2)", "mg", 1.3, "Riboflavin_(mg)"),
    Nutrient("niacin_mg", "Niacin (vitamin B3)", "mg", 16, "Niacin_(mg)"),
    Nutrient("pantothenic_acid_mg", "Pantothenic acid (vitamin B5)", "mg", 5, "Panto_Acid_(mg)"),
    Nutrient("vitamin_b6_mg", "Vitamin B6", "mg", 1.7, "Vit_B6_(mg)"),
    Nutrient("folate_total_ug", "Folate, total", "ug", None, "Folate_Tot_(µg)"),
    Nutrient("folic_acid_ug", "Folic acid", "ug", None, "Folic_Acid_(µg)"),
    Nutrient("food_folate_ug", "Food folate", "ug", None, "Food_Folate_(µg)"),
    Nutrient("folate_dfe_ug", "Folate (DFE)", "ug", 400, "Folate_DFE_(µg)"),
    Nutrient("choline_mg", "Choline", "mg", 550, "Choline_Tot_(mg)"),
    Nutrient("vitamin_b12_ug", "Vitamin B12", "ug", 2.4, "Vit_B12_(µg)"),
    Nutrient("vitamin_a_iu", "Vitamin A (IU)", "IU", None, "Vit_A_IU"),
    Nutrient("vitamin_a_rae_ug", "Vitamin A (RAE)", "ug", 900, "Vit_A_RAE"),
    Nutrient("retinol_ug", "Retinol", "ug", None, "Retinol_(µg)"),
    Nutrient("alpha_carotene_ug", "Alpha-carotene", "ug", None, "Alpha_Carot_(µg)"),
    Nutrient("beta_carotene_ug", "Beta-carotene", "ug", None, "Beta_Carot_(µg)"),
    Nutrient("beta_cryptoxanthin_ug", "Beta-cryptoxanthin", "ug", None, "Beta_Crypt_(µg)"),
    Nutrient("lycopene_ug", "Lycopene", "ug", None, "Lycopene_(µg)"),
    Nutrient("lutein_zeaxanthin_ug", "Lutein + zeaxanthin", "ug", None, "Lut+Zea_(µg)"),
    Nutrient("vitamin_e_mg", "Vitamin E", "mg", 15, "Vit_E_(mg)"),
    Nutrient("vitamin_d_ug", "Vitamin D", "ug", 20, "Vit_D_µg"),
    Nutrient("vitamin_d_iu", "Vitamin D (IU)", "IU", None, "Vit_D_IU"),
    Nutrient("vitamin_k_ug", "Vitamin K", "ug", 120, "Vit_K_(µg)"),
    Nutrient("saturated_fat_g", "Saturated fat", "g", 20, "FA_Sat_(g)"),
    Nutrient("monounsaturated_fat_g", "Monounsaturated fat", "g", None, "FA_Mono_(g)"),
    Nutrient("polyunsaturated_fat_g", "Polyunsaturated fat", "g", None, "FA_Poly_(g)"),
    Nutrient("cholesterol_mg", "Cholesterol", "mg", 300, "Cholestrl_(mg)"),
)
NUTRIENTS_BY_KEY: dict[str, Nutrient] = {n.key: n for n in NUTRIENTS}

# Not a column of ABBREV.txt: SR has no added-sugar figure, so we estimate it
# (nutrition.myplate.estimated_added_sugars).
ADDED_SUGARS = Nutrient("added_sugars_g", "Added sugars (estimated)", "g", 50, "")
NUTRIENTS_BY_KEY[ADDED_SUGARS.key] = ADDED_SUGARS

UNIT_SYMBOLS = {"g": "g", "mg": "mg", "ug": "µg", "kcal": "kcal", "IU": "IU"}


def nutrient_label(key: str) -> str:
    return NUTRIENTS_BY_KEY[key].label


def unit_symbol(key: str) -> str:
    return UNIT_SYMBOLS[NUTRIENTS_BY_KEY[key].unit]
