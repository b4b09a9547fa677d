"""The food comparison chart: bar geometry for an inline SVG drawn by a template (no JS library).

One row per nutrient, one bar per food, as a % of the daily value (or daily limit). Bars longer
than 100 % stop at the edge with the real number written beside them. The view passes the
result to nutrition/_compare_chart.html, which also prints the same numbers as a table.
"""

from nutrition.labels import nutrient_name
from nutrition.nutrients import NUTRIENTS_BY_KEY

GOOD_KEYS = (
    "protein_g",
    "fiber_g",
    "vitamin_a_rae_ug",
    "vitamin_c_mg",
    "calcium_mg",
    "iron_mg",
    "potassium_mg",
)
LIMIT_KEYS = ("saturated_fat_g", "added_sugars_g", "sodium_mg")
FOOD_COLORS = ("#0d47a1", "#8a3b00", "#4a148c")  # site palette: blue, orange, purple (white text ok)
FOOD_LETTERS = ("A", "B", "C")

WIDTH = 320
LEFT = 4
BAR_MAX = 224  # 100 % of the daily value
VALUE_X = WIDTH - 2  # the numbers, right-aligned
LABEL_HEIGHT = 24
BAR_HEIGHT = 16
BAR_GAP = 4
ROW_GAP = 12
SECTION_HEIGHT = 48  # two lines: what the bars show, then what 100 % means (Spanish is long)


def _percent(item: dict, key: str) -> float | None:
    amount = item["nutrients"].get(key)
    if amount is None:
        return None
    return 100.0 * float(amount) * item["grams"] / 100.0 / NUTRIENTS_BY_KEY[key].daily_value


def compare_chart(items: list[dict]) -> dict:
    """Geometry of the comparison chart for 1-3 foods (`items` from the compare view)."""
    sections, y = [], 0
    for title_key, keys in (("good", ("energy_kcal", *GOOD_KEYS)), ("limit", LIMIT_KEYS)):
        section = {"kind": title_key, "y": y + 19, "note_y": y + 38, "rows": []}
        y += SECTION_HEIGHT
        for key in keys:
            row = {"key": key, "label": nutrient_name(key), "label_y": y + 17, "bars": []}
            y += LABEL_HEIGHT
            for index, item in enumerate(items):
                percent = _percent(item, key)
                shown = 0.0 if percent is None else min(percent, 100.0)
                row["bars"].append(
                    {
                        "letter": FOOD_LETTERS[index],
                        "name": item["food"].long_description,
                        "color": FOOD_COLORS[index],
                        "x": LEFT,
                        "y": y,
                        "width": round(max(shown * BAR_MAX / 100.0, 0 if percent is None else 1.5), 1),
                        "height": BAR_HEIGHT,
                        "percent": None if percent is None else round(percent),
                        "over": percent is not None and percent > 100.0,
                        "text_y": y + BAR_HEIGHT - 3,
                    }
                )
                y += BAR_HEIGHT + BAR_GAP
            y += ROW_GAP
            section["rows"].append(row)
        sections.append(section)
    return {
        "width": WIDTH,
        "height": y,
        "left": LEFT,
        "bar_max": BAR_MAX,
        "value_x": VALUE_X,
        "hundred_x": LEFT + BAR_MAX,
        "sections": sections,
        "legend": [
            {"letter": FOOD_LETTERS[i], "color": FOOD_COLORS[i], "name": item["food"].long_description}
            for i, item in enumerate(items)
        ],
    }
