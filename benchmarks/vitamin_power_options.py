"""The two Vitamin Power rules issue 30 asked to measure, on the shipped Eat Right deck (Markdown).

    .venv/bin/python benchmarks/vitamin_power_options.py

(A) the vitamin part of the Nutrient Rich Foods index: each natural vitamin's % DV in 100 kcal,
    each capped at 100, added up, no cut-off (what nutrition.scoring applies);
(B) FDA's "good source" rule (21 CFR 101.54) applied per serving, as FDA does: a vitamin counts
    only when the card's serving holds at least 10 % of its daily value, then its % DV (capped
    at 100).
For each: ties and wins between the 8 junk cards and the 45 other food cards (360 pairings),
ties over all pairs, and Spearman with NRF9.3 per 100 kcal. Both print one decimal.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nutrition.eat_right_deck import card_record_score, load_shipped_cards  # noqa: E402
from nutrition.food_profile import VITAMIN_KEYS, FoodProfile  # noqa: E402
from nutrition.model_agreement import spearman  # noqa: E402
from nutrition.scoring import daily_value, nrf93, round_to_tenth  # noqa: E402

GOOD_SOURCE_PCT = 10.0


def option_a(card: dict) -> float:
    return card_record_score(card).vitamin_power


def option_b(card: dict) -> float:
    per_100g, grams = card["nutrients_per_100g"], card["serving_g"]
    added = FoodProfile.from_dict(card.get("profile")).added_vitamins
    total = 0.0
    for key in VITAMIN_KEYS:
        percent = 100.0 * (per_100g.get(key) or 0.0) * grams / 100.0 / daily_value(key)
        if key not in added and percent >= GOOD_SOURCE_PCT:
            total += min(percent, 100.0)
    return round_to_tenth(total)


def measure(cards: list[dict], rule) -> dict:
    power = {card["id"]: rule(card) for card in cards}
    junk = [card["id"] for card in cards if card["category"] == "junk"]
    other = [card["id"] for card in cards if card["category"] != "junk"]
    pairs = [(j, o) for j in junk for o in other]
    ids = list(power)
    return {
        "junk ties": sum(power[j] == power[o] for j, o in pairs),
        "junk wins": sum(power[j] > power[o] for j, o in pairs),
        "pairings": len(pairs),
        "all ties": sum(power[a] == power[b] for i, a in enumerate(ids) for b in ids[i + 1 :]),
        "all pairs": len(ids) * (len(ids) - 1) // 2,
        "spearman": spearman([power[i] for i in ids], [nrf93(c["nutrients_per_100g"]).index for c in cards]),
    }


def main() -> None:
    cards = [card for card in load_shipped_cards().values() if card.get("ndb")]
    print("| rule | junk ties (of 360) | junk wins | ties, all pairs | Spearman with NRF9.3 / 100 kcal |")
    print("| --- | --- | --- | --- | --- |")
    for name, rule in (
        ("(A) NRF vitamins per 100 kcal", option_a),
        ("(B) FDA good source per serving", option_b),
    ):
        m = measure(cards, rule)
        print(
            f"| {name} | {m['junk ties']} | {m['junk wins']} | {m['all ties']} of {m['all pairs']} "
            f"| {m['spearman']:.3f} |"
        )


if __name__ == "__main__":
    main()
