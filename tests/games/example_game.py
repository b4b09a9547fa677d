"""Top Card: the tiny example game of docs/engines.md, "Adding a game" (registered only by
tests/games/test_example_game.py, which runs the whole conformance suite on it).

Rules: each player is dealt 3 Appetite cards, face down to everyone else. On your turn, lay one
card of your hand face up in front of you. When every hand is empty, the highest total wins;
players with the same highest total share the win.

In the real site this would be two files and one line:
  games/engines/top_card.py  - this engine, ending with GAMES = (TOP_CARD,)
  games/bots/top_card.py     - its bots, ending with LEVELS = (...)
  games/engines/registry.py  - "top_card", added to GAME_MODULES
plus its rules page, games/templates/games/rules/top-card.html.
"""

from __future__ import annotations

import random

from games.bots.base import Bot, RandomBot
from games.engines.base import Action, Engine, Event, IllegalAction, State, event
from games.engines.messages import card_ref, gettext_noop, msg, ngettext_noop, seat_ref, seats_ref
from games.engines.zones import fact, number, zone

HAND_SIZE = 3


class TopCard(Engine):
    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state["hands"] = [order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(seats)]
        state["laid"] = [[] for _ in range(seats)]
        state["box"] = order[seats * HAND_SIZE :]  # not dealt: stays face down in the box
        state["turn"] = 0

    def _to_move(self, state: State) -> set[int | None]:
        return {state["turn"]}

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        return [{"type": "lay", "card": card} for card in state["hands"][seat]]

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        if move.get("type") == "lay":
            raise IllegalAction(gettext_noop("That card isn't in your hand."), code="not_in_hand")

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        card = move["card"]
        state["hands"][seat].remove(card)
        state["laid"][seat].append(card)
        laid = msg(
            gettext_noop("%(who)s laid %(card)s."),
            you=gettext_noop("You laid %(card)s."),
            who=seat_ref(seat),
            card=card_ref(card),
        )
        events = [event(laid, seat=seat, card=card)]
        state["turn"] = (seat + 1) % state["seats"]
        if not any(state["hands"]):
            events += self._finish(state)
        return events

    def _total(self, state: State, seat: int) -> int:
        return sum(self.card(state, card)["number"] for card in state["laid"][seat])

    def _finish(self, state: State) -> list[Event]:
        totals = [self._total(state, seat) for seat in range(state["seats"])]
        winners = [seat for seat, total in enumerate(totals) if total == max(totals)]
        if len(winners) == 1:
            reason = msg(
                ngettext_noop(
                    "%(who)s had the highest total, %(n)s point.",
                    "%(who)s had the highest total, %(n)s points.",
                ),
                you=ngettext_noop(
                    "You had the highest total, %(n)s point.", "You had the highest total, %(n)s points."
                ),
                who=seat_ref(winners[0]),
                n=max(totals),
            )
        else:
            reason = msg(
                gettext_noop("%(who)s shared the highest total, %(n)s points."),
                you=gettext_noop("You and %(who)s shared the highest total, %(n)s points."),
                who=seats_ref(winners),
                n=max(totals),
            )
        state["result"] = {"winners": winners, "scores": totals, "reason": reason}
        return [event(reason, winners=winners)]

    def _view(self, state: State, seat: int | None) -> dict:
        zones = []
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
                zone("laid", msg(gettext_noop("Laid down")), owner=player, cards=state["laid"][player])
            )
        totals = [self._total(state, player) for player in range(state["seats"])]
        turn = seat_ref(state["turn"])
        return {
            "zones": zones,
            "numbers": [number(msg(gettext_noop("Total")), totals)],
            "facts": [fact(msg(gettext_noop("Cards in the box")), len(state["box"]))],
            "status": msg(
                gettext_noop("%(who)s lays a card."), you=gettext_noop("You lay a card."), who=turn
            ),
            "turn": state["turn"],
            "hand": list(state["hands"][seat]) if seat is not None else [],
            "totals": totals,
        }

    def all_cards(self, state: State) -> list[str]:
        return (
            [c for hand in state["hands"] for c in hand]
            + [c for row in state["laid"] for c in row]
            + state["box"]
        )

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["box"])
        for player, hand in enumerate(state["hands"]):
            if player != seat:
                hidden.update(hand)
        return hidden


TOP_CARD = TopCard(
    slug="top-card",
    name=gettext_noop("Top Card"),
    title=gettext_noop("Lay down your three cards one by one: the highest total wins."),
    min_seats=2,
    max_seats=4,
    deck_slug="appetite",
    action_words={"lay": gettext_noop("Lay %(card)s")},
    action_fields={"lay": {"card": str}},
)

GAMES = (TOP_CARD,)


# ----- the bot module (games/bots/top_card.py) ---------------------------------------------------


class HighestFirstBot(Bot):
    """Lays its highest card first (it makes no difference to the total: a bot for the walk-through)."""

    def choose(self, view: dict, legal: list[dict], rng: random.Random) -> dict | None:
        return max(legal, key=lambda action: action["card"].split("-")[-1].zfill(2)) if legal else None


LEVELS = (
    RandomBot(game="top-card", level="beginner", label="Beginner"),
    HighestFirstBot(game="top-card", level="strong", label="Strong"),
)
