"""How well a deck's numbers agree with the published nutrient-profiling models (pure Python).

The Eat Right deck's tests and its notes (docs/eat-right-numbers.md, benchmarks/eat_right_numbers.py)
compare every food card's Overall Value and Vitamin Power with two published models, over the
whole deck: the Nutri-Score 2023 score (fewer points is better, so it is negated) and NRF9.3 per
100 kcal. The measure is Spearman's rank correlation (Pearson's correlation of the ranks, ties
sharing their average rank).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from nutrition.food_profile import FoodProfile
from nutrition.scoring import nrf93, nutri_score_of


def ranks(values: list[float]) -> list[float]:
    """1-based ranks, ties sharing the average of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(first: list[float], second: list[float]) -> float:
    """Spearman's rank correlation of two equally long lists."""
    return statistics.correlation(ranks(first), ranks(second))


@dataclass(frozen=True)
class CardModels:
    """One food card's numbers and the two models' verdicts on its food."""

    card_id: str
    value: int
    vitamin_power: int
    nutri_score: int
    grade: str
    nrf93: float


def card_models(records: list[dict]) -> list[CardModels]:
    """The food cards of a deck (cards with a USDA food), with both models computed."""
    rows = []
    for record in records:
        if not record.get("ndb"):
            continue
        per_100g = record["nutrients_per_100g"]
        score = nutri_score_of(per_100g, FoodProfile.from_dict(record.get("profile")))
        rows.append(
            CardModels(
                card_id=record["id"],
                value=record["value"],
                vitamin_power=record["vitamin_power"],
                nutri_score=score.score,
                grade=score.grade,
                nrf93=nrf93(per_100g).index,
            )
        )
    return rows


def agreement(rows: list[CardModels]) -> dict[str, float]:
    """Spearman of Overall Value and of Vitamin Power with each model."""
    value = [row.value for row in rows]
    power = [row.vitamin_power for row in rows]
    nutri = [-row.nutri_score for row in rows]
    nrf = [row.nrf93 for row in rows]
    return {
        "value_nutri_score": spearman(value, nutri),
        "value_nrf93": spearman(value, nrf),
        "vitamin_power_nutri_score": spearman(power, nutri),
        "vitamin_power_nrf93": spearman(power, nrf),
    }
