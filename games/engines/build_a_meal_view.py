"""Build-A-Meal as a seat sees it: its view, the zones to draw and the buttons' words.

`BuildAMealView` is the half of the Build-A-Meal engine that shows the game; the rules are in
games.engines.build_a_meal, which builds on it.
"""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import Message, Text, card_ref, gettext_noop, msg, ngettext_noop, seat_ref
from games.engines.zones import fact, number, zone
from nutrition.meals import (
    CALORIE_LIMIT,
    FRUIT_OR_VEGGIE_SERVINGS_NEEDED,
    GRAIN_SERVINGS_NEEDED,
    MEAT_OR_DAIRY_SERVINGS_NEEDED,
    MealCheck,
    check_meal,
)

PUBLIC_FIELDS = ("id", "name", "category", "special", "groups", "calories", "vitamin_power", "value")


def public_card(card: dict) -> dict:
    """The printed facts of a card, as a seat that can see it may read them."""
    return {name: card.get(name) for name in PUBLIC_FIELDS}


def missing_servings(check: MealCheck) -> list[Message]:
    """What a plate still needs to be a balanced meal, one sentence per rule it misses."""
    missing = []
    for have, need, words in (
        (
            check.grains,
            GRAIN_SERVINGS_NEEDED,
            ngettext_noop("Needs %(n)s more grain serving.", "Needs %(n)s more grain servings."),
        ),
        (
            check.fruit_or_veggie,
            FRUIT_OR_VEGGIE_SERVINGS_NEEDED,
            ngettext_noop(
                "Needs %(n)s more fruit or veggie serving.", "Needs %(n)s more fruit or veggie servings."
            ),
        ),
        (
            check.meat_or_dairy,
            MEAT_OR_DAIRY_SERVINGS_NEEDED,
            ngettext_noop(
                "Needs %(n)s more meat or dairy serving.", "Needs %(n)s more meat or dairy servings."
            ),
        ),
    ):
        if have < need:
            missing.append(msg(words, n=need - have))
    if check.calories > CALORIE_LIMIT:
        missing.append(
            msg(gettext_noop("Too many calories: %(n)s of %(limit)s."), n=check.calories, limit=CALORIE_LIMIT)
        )
    return missing


class BuildAMealView(Engine):
    def _view(self, state: State, seat: int | None) -> dict:
        visible: set[str] = {c for meals in state["meals"] for meal in meals for c in meal}
        top = state["discard"][-1] if state["discard"] else None
        if top:
            visible.add(top)
        mine: dict = {}
        if seat is not None:
            hand, plate = state["hands"][seat], state["plates"][seat]
            visible.update(hand)
            visible.update(plate)
            plate_check = check_meal(self._records(state, plate))
            mine = {
                "hand": list(hand),
                "plate": list(plate),
                "plate_check": {
                    "balanced": bool(plate) and plate_check.balanced,
                    "calories": plate_check.calories,
                    "grains": plate_check.grains,
                    "fruit_or_veggie": plate_check.fruit_or_veggie,
                    "meat_or_dairy": plate_check.meat_or_dairy,
                },
            }
        hand_counts = [len(h) + len(p) for h, p in zip(state["hands"], state["plates"], strict=True)]
        return {
            "zones": self._zones(state, seat, hand_counts),
            "numbers": [
                number(msg(gettext_noop("Meals")), [len(meals) for meals in state["meals"]]),
                number(msg(gettext_noop("Cards in hand")), hand_counts),
            ],
            "facts": [
                fact(
                    msg(gettext_noop("The discard pile can still be turned over")),
                    msg(
                        ngettext_noop("%(n)s time", "%(n)s times"),
                        n=self.option(state, "turnovers") - state["turnovers"],
                    ),
                )
            ],
            "turn": state["turn"],
            "phase": state["phase"],
            "extra_turn": state["extra_turn"],
            "hand_counts": hand_counts,
            "meals": [
                [
                    {"cards": list(meal), "calories": check_meal(self._records(state, meal)).calories}
                    for meal in meals
                ]
                for meals in state["meals"]
            ],
            "stock_count": len(state["stock"]),
            "discard_top": top,
            "discard_count": len(state["discard"]),
            "turnovers": state["turnovers"],
            "turnovers_left": self.option(state, "turnovers") - state["turnovers"],
            "calorie_limit": CALORIE_LIMIT,
            "cards": {c: public_card(self.card(state, c)) for c in sorted(visible)},
            **mine,
        }

    def _zones(self, state: State, seat: int | None, hand_counts: list[int]) -> list[dict]:
        discard = state["discard"]
        zones = [
            zone("stock", msg(gettext_noop("Stock")), hidden=True, count=len(state["stock"])),
            zone(
                "discard",
                msg(gettext_noop("Discard pile")),
                cards=discard[-1:],
                count=len(discard),
                draw="pile",
            ),
        ]
        for player in range(state["seats"]):
            if player == seat:
                zones.append(
                    zone(
                        "hand",
                        msg(gettext_noop("Hand")),
                        owner=player,
                        cards=state["hands"][player],
                        draw="fan",
                        own=True,
                    )
                )
                zones.append(
                    zone(
                        "plate",
                        msg(gettext_noop("Plate")),
                        owner=player,
                        cards=state["plates"][player],
                        own=True,
                    )
                )
            else:
                zones.append(
                    zone(
                        "hand",
                        msg(gettext_noop("Hand")),
                        owner=player,
                        hidden=True,
                        count=hand_counts[player],
                    )
                )
            for index, meal in enumerate(state["meals"][player]):
                label = msg(gettext_noop("Meal %(n)s"), n=index + 1)
                zones.append(zone(f"meal-{index + 1}", label, owner=player, cards=meal))
        return zones

    def action_text(self, state: State, action: Action) -> Text:
        kind = action.get("type")
        if kind == "draw" and action.get("from") == "discard" and state["discard"]:
            return msg(
                gettext_noop("Take %(card)s from the discard pile"), card=card_ref(state["discard"][-1])
            )
        if kind == "draw":
            return msg(gettext_noop("Draw from the stock"))
        if kind == "add" and isinstance(action.get("meal"), int):
            return msg(
                gettext_noop("Add %(card)s to meal %(n)s"),
                card=card_ref(action["card"]),
                n=action["meal"] + 1,
            )
        if kind == "sugar_shock" and isinstance(action.get("meal"), int):
            return msg(
                gettext_noop("Ruin meal %(n)s of %(target)s with Sugar Shock"),
                target=seat_ref(action["target"]),
                n=action["meal"] + 1,
            )
        return super().action_text(state, action)

    # ----- small helpers ---------------------------------------------------------------------

    def _records(self, state: State, card_ids: list[str]) -> list[dict]:
        return [self.card(state, c) for c in card_ids]

    def _name(self, state: State, card_id: str) -> str:
        return self.card(state, card_id).get("name", card_id)
