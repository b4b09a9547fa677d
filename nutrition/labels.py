"""Translatable names for what the pure modules call by key (nutrients, plate groups, units).

nutrition.nutrients and nutrition.myplate stay free of Django, so their English labels are
repeated here through gettext_lazy for the pages (a Spanish catalogue comes later).
"""

from django.utils.translation import gettext_lazy as _

from nutrition.models import PLATE_GROUP_CHOICES

NUTRIENT_NAMES = {
    "water_g": _("Water"),
    "energy_kcal": _("Calories"),
    "protein_g": _("Protein"),
    "fat_g": _("Total fat"),
    "ash_g": _("Ash"),
    "carbohydrate_g": _("Total carbohydrate"),
    "fiber_g": _("Dietary fiber"),
    "sugars_g": _("Total sugars"),
    "added_sugars_g": _("Added sugars (estimated)"),
    "calcium_mg": _("Calcium"),
    "iron_mg": _("Iron"),
    "magnesium_mg": _("Magnesium"),
    "phosphorus_mg": _("Phosphorus"),
    "potassium_mg": _("Potassium"),
    "sodium_mg": _("Sodium"),
    "zinc_mg": _("Zinc"),
    "copper_mg": _("Copper"),
    "manganese_mg": _("Manganese"),
    "selenium_ug": _("Selenium"),
    "vitamin_c_mg": _("Vitamin C"),
    "thiamin_mg": _("Thiamin (vitamin B1)"),
    "riboflavin_mg": _("Riboflavin (vitamin B2)"),
    "niacin_mg": _("Niacin (vitamin B3)"),
    "pantothenic_acid_mg": _("Pantothenic acid (vitamin B5)"),
    "vitamin_b6_mg": _("Vitamin B6"),
    "folate_total_ug": _("Folate, total"),
    "folic_acid_ug": _("Folic acid (added to flour)"),
    "food_folate_ug": _("Folate (natural, in food)"),
    "folate_dfe_ug": _("Folate (DFE)"),
    "choline_mg": _("Choline"),
    "vitamin_b12_ug": _("Vitamin B12"),
    "vitamin_a_iu": _("Vitamin A (IU)"),
    "vitamin_a_rae_ug": _("Vitamin A"),
    "retinol_ug": _("Retinol"),
    "alpha_carotene_ug": _("Alpha-carotene"),
    "beta_carotene_ug": _("Beta-carotene"),
    "beta_cryptoxanthin_ug": _("Beta-cryptoxanthin"),
    "lycopene_ug": _("Lycopene"),
    "lutein_zeaxanthin_ug": _("Lutein + zeaxanthin"),
    "vitamin_e_mg": _("Vitamin E"),
    "vitamin_d_ug": _("Vitamin D"),
    "vitamin_d_iu": _("Vitamin D (IU)"),
    "vitamin_k_ug": _("Vitamin K"),
    "saturated_fat_g": _("Saturated fat"),
    "monounsaturated_fat_g": _("Monounsaturated fat"),
    "polyunsaturated_fat_g": _("Polyunsaturated fat"),
    "cholesterol_mg": _("Cholesterol"),
    "b_vitamins": _("B vitamins (average of 6)"),
}

PLATE_GROUP_NAMES = dict(PLATE_GROUP_CHOICES)

# What each plate group means, in a child's words (the food page says it under the group).
PLATE_GROUP_HELP = {
    "fruits": _("One of MyPlate's five food groups. Make half your plate fruits and vegetables."),
    "vegetables": _("One of MyPlate's five food groups. Make half your plate fruits and vegetables."),
    "grains": _("One of MyPlate's five food groups. Make at least half your grains whole grains."),
    "protein": _("One of MyPlate's five food groups: meat, fish, eggs, beans, nuts and seeds."),
    "dairy": _("One of MyPlate's five food groups: milk, yogurt, cheese and fortified soy milk."),
    "mixed": _("A dish made of foods from several groups, like a sandwich, a soup or a pizza."),
    "oils": _("Not a food group, but your body needs a little oil every day."),
    "sometimes": _(
        "Not in a food group: sweets, snack chips, fried potatoes, sugary drinks, butter and cream. "
        "Fine sometimes, in small amounts."
    ),
    "none": _("Not in a food group: spices, water, coffee, tea, drinks for grown-ups, baby formula."),
}

# The units a card's food groups count in (nutrition.myplate.CARD_GROUP_UNITS).
CARD_GROUP_NAMES = {
    "fruit": _("fruit"),
    "veggie": _("veggie"),
    "grains": _("grains"),
    "meat": _("meat and beans"),
    "dairy": _("dairy"),
}
MYPLATE_UNIT_NAMES = {"cup": _("cup"), "oz": _("ounce-equivalent")}


def nutrient_name(key: str) -> str:
    return NUTRIENT_NAMES.get(key, key)


# The Nutri-Score's rows and kinds of food (nutrition.nutri_score).
NUTRI_SCORE_COMPONENT_NAMES = {
    "energy": _("Energy"),
    "energy_from_saturates": _("Energy from saturated fat"),
    "sugars": _("Sugars"),
    "saturated_fat": _("Saturated fat"),
    "saturated_ratio": _("Saturated share of the fat"),
    "salt": _("Salt"),
    "sweeteners": _("Sweeteners"),
    "protein": _("Protein"),
    "fiber": _("Fiber"),
    "fvl": _("Fruit, vegetables and legumes"),
}
NUTRI_SCORE_KIND_NAMES = {
    "general": _("a food"),
    "cheese": _("a cheese"),
    "fats": _("a fat, oil, nut or seed"),
    "beverage": _("a drink"),
    "water": _("water"),
}
