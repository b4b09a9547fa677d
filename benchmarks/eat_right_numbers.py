"""Every Eat Right card's three numbers before and after a change, and how well they agree with
the published nutrient-profiling models (Markdown on stdout).

    .venv/bin/python benchmarks/eat_right_numbers.py --before c0115c9
    .venv/bin/python benchmarks/eat_right_numbers.py --before /tmp/old-eat-right.json

`--before` is a git revision (its foodcards/data/eat-right.json) or a deck file; "after" is the
shipped file. For each food card: calories, vitamin power and overall value before -> after,
and the food's Nutri-Score 2023 (letter and points) and NRF9.3 per 100 kcal; then Spearman's
rank correlation of the values and the vitamin powers with both models, before and after (the
models are computed from the after file's nutrients and profiles, so both columns are compared
with the same verdicts).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nutrition.eat_right_deck import SHIPPED_DECK_FILE  # noqa: E402
from nutrition.model_agreement import agreement, card_models  # noqa: E402


def _deck(source: str) -> list[dict]:
    path = Path(source)
    if path.exists():
        text = path.read_text(encoding="utf-8")
    else:
        text = subprocess.run(
            ["git", "show", f"{source}:foodcards/data/eat-right.json"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return json.loads(text)["cards"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a git revision or a deck file")
    args = parser.parse_args()
    before = {card["id"]: card for card in _deck(args.before)}
    after = json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))["cards"]
    models = {row.card_id: row for row in card_models(after)}
    print("| card | calories | vitamin power | overall value | Nutri-Score 2023 | NRF9.3 / 100 kcal |")
    print("| --- | --- | --- | --- | --- | --- |")
    for card in after:
        old = before.get(card["id"], {})
        row = models.get(card["id"])
        verdict = f"{row.grade} ({row.nutri_score})" if row else "-"
        nrf = f"{row.nrf93:g}" if row else "-"
        print(
            f"| {card['id']} | {old.get('calories')} -> {card['calories']} "
            f"| {old.get('vitamin_power')} -> {card['vitamin_power']} "
            f"| {old.get('value')} -> {card['value']} | {verdict} | {nrf} |"
        )
    old_rows = [row for row in models.values() if row.card_id in before]
    old_rows = [
        type(row)(
            row.card_id,
            before[row.card_id]["value"],
            before[row.card_id]["vitamin_power"],
            row.nutri_score,
            row.grade,
            row.nrf93,
        )
        for row in old_rows
    ]
    print()
    print("| Spearman over the deck's food cards | before | after |")
    print("| --- | --- | --- |")
    figures = agreement(list(models.values()))
    old_figures = agreement(old_rows)
    labels = {
        "value_nutri_score": "Overall Value ~ Nutri-Score 2023",
        "value_nrf93": "Overall Value ~ NRF9.3 per 100 kcal",
        "vitamin_power_nutri_score": "Vitamin Power ~ Nutri-Score 2023",
        "vitamin_power_nrf93": "Vitamin Power ~ NRF9.3 per 100 kcal",
    }
    for key, label in labels.items():
        print(f"| {label} | {old_figures[key]:.3f} | {figures[key]:.3f} |")


if __name__ == "__main__":
    main()
