"""Snack Attack! as a seat sees it: its view, the zones to draw and the buttons' words
(the rules are in games.engines.snack_attack, which builds on this)."""

from __future__ import annotations

from games.engines.base import Action, Engine, State
from games.engines.messages import Text, gettext_noop, msg
from games.engines.zones import fact, number, zone


class SnackAttackView(Engine):
    """What a seat of this game sees; the rules build on it."""

    def _card_face(self, state: State, card_id: str) -> dict:
        card = self.card(state, card_id)
        return {
            "id": card_id,
            "name": card["name"],
            "category": card.get("category"),
            "special": card.get("special"),
            "kind": self._kind(state, card_id),
        }

    def _unseen(self, state: State, seat: int | None) -> dict:
        """How many cards of each kind this seat cannot see (store and other hands): the deck's
        make-up is public, so this only adds up what the seat could count itself."""
        counts = {"good": 0, "junk": 0, "sugar_shock": 0, "exercise": 0}
        hidden = list(state["store"])
        for other in range(state["seats"]):
            if other != seat:
                hidden += state["hands"][other]
        for card in hidden:
            counts[self._kind(state, card)] += 1
        return counts

    def _zones(self, state: State, seat: int | None) -> list[dict]:
        zones = [zone("store", msg(gettext_noop("Store")), hidden=True, count=len(state["store"]))]
        for player in range(state["seats"]):
            hand = state["hands"][player]
            if player == seat:
                zones.append(
                    zone("hand", msg(gettext_noop("Hand")), owner=player, cards=hand, draw="fan", own=True)
                )
            else:
                zones.append(
                    zone("hand", msg(gettext_noop("Hand")), owner=player, hidden=True, count=len(hand))
                )
            zones.append(
                zone("eaten", msg(gettext_noop("Eaten")), owner=player, cards=state["eaten"][player])
            )
        zones.append(zone("removed", msg(gettext_noop("Out of the game")), cards=state["removed"]))
        return zones

    def action_text(self, state: State, action: Action) -> Text:
        if action.get("type") in ("shop", "pick") and isinstance(action.get("spot"), int):
            words = (
                gettext_noop("Pick store card %(n)s")
                if action["type"] == "shop"
                else gettext_noop("Swap for store card %(n)s")
            )
            return msg(words, n=action["spot"] + 1)
        return super().action_text(state, action)

    def _view(self, state: State, seat: int | None) -> dict:
        facts = []
        if state["tie_breaks"]:
            facts.append(fact(msg(gettext_noop("Tie-breakers played")), state["tie_breaks"]))
        return {
            "zones": self._zones(state, seat),
            "numbers": [
                number(msg(gettext_noop("Points")), [self._points(state, s) for s in range(state["seats"])]),
                number(msg(gettext_noop("Cards in hand")), [len(hand) for hand in state["hands"]]),
            ],
            "facts": facts,
            "turn": state["turn"],
            "playing": state["playing"],
            "tie_breaks": state["tie_breaks"],
            "store_size": len(state["store"]),
            "picks_left": state["picks_left"],
            "returning": state["returning"] if seat == state["turn"] else None,
            "shopped": state["shopped"],
            "hand": [self._card_face(state, c) for c in state["hands"][seat]] if seat is not None else [],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "eaten": [[self._card_face(state, c) for c in eaten] for eaten in state["eaten"]],
            "removed": [self._card_face(state, c) for c in state["removed"]],
            "points": [self._points(state, s) for s in range(state["seats"])],
            "unseen": self._unseen(state, seat),
        }
