"""SNACK WARS as a seat sees it: its view and status, the zones to draw and the buttons' words
(the rules are in games.engines.snack_wars, which builds on this)."""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import Text, card_ref, gettext_noop, msg, ngettext_noop, seat_ref
from games.engines.snack_wars_scoring import COLLECTION_SIZE
from games.engines.zones import fact, number, zone


class SnackWarsView(Engine):
    """What a seat of this game sees; the rules build on it."""

    def _card_info(self, state: State, card_id: str) -> dict:
        card = self.card(state, card_id)
        return {
            "id": card_id,
            "kind": card["kind"],
            "name": card["name"],
            "food": card["food"],
            "value": card["value"],
            "cuisine": card["cuisine"],
            "bonus": card["bonus"],
        }

    def _last_turn_view(self, state: State) -> dict | None:
        last = state["last_turn"]
        if last is None:
            return None
        return {
            "seat": last["seat"],
            "took": last["took"],
            # Raccoons lie face down: show how many, not which.
            "cards": [] if last["took"] == "raccoons" else [self._card_info(state, c) for c in last["cards"]],
            "count": len(last["cards"]),
            "stole": [
                {"victim": s["victim"], "card": self._card_info(state, s["card"])} for s in last["stole"]
            ],
            # Not the ones already shuffled back into the deck: the deck stays secret.
            "discarded": [self._card_info(state, c) for c in last["discarded"] if c in state["discard"]],
        }

    def _status(self, state: State) -> Text:
        if state.get("result"):
            return [msg(gettext_noop("The game is over.")), state["result"]["reason"]]
        if state["phase"] == "steal":
            return msg(
                ngettext_noop(
                    "%(who)s may steal %(n)s more card with their Raccoons.",
                    "%(who)s may steal %(n)s more cards with their Raccoons.",
                ),
                you=ngettext_noop(
                    "You may steal %(n)s more card with your Raccoons.",
                    "You may steal %(n)s more cards with your Raccoons.",
                ),
                who=seat_ref(state["turn"]),
                n=state["steals_left"],
            )
        return msg(
            ngettext_noop(
                "%(who)s drew %(n)s card and must choose what to keep.",
                "%(who)s drew %(n)s cards and must choose what to keep.",
            ),
            you=ngettext_noop(
                "You drew %(n)s card and must choose what to keep.",
                "You drew %(n)s cards and must choose what to keep.",
            ),
            who=seat_ref(state["turn"]),
            n=len(state["drawn"]),
        )

    def _zones(self, state: State) -> list[dict]:
        zones = [
            # Cards taken one by one (bonuses) first: on a phone they stay on the first screen
            # above the food and raccoons, which are taken by kind with the buttons.
            zone(
                "drawn",
                msg(gettext_noop("Drawn this turn")),
                cards=sorted(state["drawn"], key=lambda card: self.card(state, card)["kind"] != "bonus"),
            ),
            zone("deck", msg(gettext_noop("Deck")), hidden=True, count=len(state["deck"])),
            zone(
                "discard",
                msg(gettext_noop("Discard pile")),
                cards=state["discard"][-1:],
                count=len(state["discard"]),
                draw="pile",
            ),
        ]
        for player in range(state["seats"]):
            collection = state["collections"][player]
            zones.append(zone("collection", msg(gettext_noop("Collection")), owner=player, cards=collection))
            raccoons = len(state["raccoons"][player])
            zones.append(
                zone("raccoons", msg(gettext_noop("Raccoons")), owner=player, hidden=True, count=raccoons)
            )
        return zones

    def action_text(self, state: State, action: Action) -> Text:
        """ "Take Donut (4)": every food has one value, so the value names the food."""
        if action.get("type") == "take_food":
            foods = [
                c
                for c in self._drawn_of_kind(state, "food")
                if self.card(state, c)["value"] == action["value"]
            ]
            if foods:
                return msg(
                    gettext_noop("Take %(card)s (%(value)s)"), card=card_ref(foods[0]), value=action["value"]
                )
        return super().action_text(state, action)

    def _view(self, state: State, seat: int | None) -> dict:
        scores = self.scores(state)
        return {
            "zones": self._zones(state),
            "numbers": [
                number(msg(gettext_noop("Points")), [score["total"] for score in scores]),
                number(msg(gettext_noop("Raccoons")), [len(r) for r in state["raccoons"]]),
                number(msg(gettext_noop("Cards collected")), [len(c) for c in state["collections"]]),
            ],
            "facts": [fact(msg(gettext_noop("Turns played")), state["turns_taken"])],
            "status": self._status(state),
            "turn": state["turn"],
            "phase": state["phase"],
            "steals_left": state["steals_left"],
            "drawn": [self._card_info(state, c) for c in state["drawn"]],
            "collections": [[self._card_info(state, c) for c in cards] for cards in state["collections"]],
            "raccoon_counts": [len(r) for r in state["raccoons"]],
            "deck_size": len(state["deck"]),
            "discard": [self._card_info(state, c) for c in state["discard"]],
            "scores": scores,  # what everyone would score if the game ended now
            "turns_taken": state["turns_taken"],
            "collection_size": COLLECTION_SIZE,
            "last_turn": self._last_turn_view(state),
        }
