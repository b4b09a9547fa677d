"""SNACK WARS: draw snacks face up, keep one kind, build the tastiest 9-card collection.

What a seat sees (its view, zones and buttons' words) is in games.engines.snack_wars_view.

The rules, in the order a player meets them:

1. The deck has 60 cards: 10 Raccoons, 45 Food cards (nine foods, five of each, every food worth
   1 to 9 points and from French, Japan or American cuisine) and 5 Bonus cards. 2 to 5 players.
   Shuffle them all into one face-down deck. The first seat starts; turns go left.
2. Drawing (`_draw_for_turn`): draw cards face up until your collection plus the drawn cards
   make 9 (so 9 cards on your first turn). A player who already has 9 skips the turn. When the
   deck is empty, the discard pile is shuffled into a new deck (`_reshuffle_discard`).
3. Choosing: take ONE of these from the drawn cards:
   - every drawn Food card of one value (`_take_food`);
   - one Bonus card (`_take_bonus`);
   - every drawn Raccoon (`_take_raccoons`). Raccoons lie face down beside your collection and
     are not part of it. Each one lets you steal one card of your choice from any opponent's
     collection into yours, one steal at a time (`_steal_card`). Stealing is allowed, not forced.
4. Your collection never holds more than 9 cards (`_collection_room`). Because you only draw up to
   9, a choice cannot overfill it; a steal is simply not allowed once you have 9.
5. The drawn cards you did not take go on the discard pile (`_discard_unused`). A player whose
   card was stolen draws again on their next turn, as drawing always tops up to 9.
6. The game ends when every collection has 9 cards (`_all_collections_complete`), or, so a
   class never waits forever, after `max_turns` turns (the collections are scored as they are).
7. Scoring (`score_collections`): for each food, the player with strictly the most cards of it
   scores its value once (`_food_majorities`; a tie at the top scores nothing), plus the Bonus
   cards (`_bonus_points`): 1 point per card of its cuisine, 5 points for at least one card of
   each cuisine, 1 point per Raccoon the player collected. The most points wins; ties share.
"""

from __future__ import annotations

from games.engines.base import Action, Event, IllegalAction, Option, State, event
from games.engines.messages import (
    Text,
    card_ref,
    cards_ref,
    gettext_noop,
    msg,
    ngettext_noop,
    seat_ref,
    seats_ref,
)
from games.engines.snack_wars_scoring import COLLECTION_SIZE, score_collections
from games.engines.snack_wars_view import SnackWarsView


def _is_whole_number(value: object) -> bool:
    """True for 3, not for True or 3.0 (which compare equal to numbers in Python)."""
    return isinstance(value, int) and not isinstance(value, bool)


class SnackWarsEngine(SnackWarsView):
    def __init__(self) -> None:
        super().__init__(
            slug="snack-wars",
            name=gettext_noop("SNACK WARS"),
            title=gettext_noop(
                "Raccoons draft snacks from around the world, and steal a few, "
                "for the best 9-card collection."
            ),
            min_seats=2,
            max_seats=5,
            deck_slug="snack-wars",
            options=(
                Option(
                    "max_turns",
                    gettext_noop("Most turns before the game stops"),
                    120,
                    minimum=10,
                    maximum=400,
                    help=gettext_noop(
                        "A safety stop for very long games: collections are scored as they are."
                    ),
                ),
            ),
            action_words={
                "take_bonus": gettext_noop("Take %(card)s"),
                "take_raccoons": gettext_noop("Take the Raccoons"),
                "steal": gettext_noop("Steal %(card)s from %(victim)s"),
                "stop_stealing": gettext_noop("Stop stealing"),
            },
            action_fields={
                "take_food": {"value": int},
                "take_bonus": {"card": str},
                "take_raccoons": {},
                "steal": {"victim": int, "card": str},
                "stop_stealing": {},
            },
            quick_options={"max_turns": 16},
        )

    # ----- setting up and drawing ------------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state.update(
            {
                "deck": order,
                "discard": [],
                "drawn": [],
                "collections": [[] for _ in range(seats)],
                "raccoons": [[] for _ in range(seats)],
                "turn": 0,
                "phase": "choose",
                "steals_left": 0,
                "turns_taken": 0,
                "last_turn": None,  # what the latest player took, stole and discarded
            }
        )
        self._start_turn(state, 0)

    def _collection_room(self, state: State, seat: int) -> int:
        return COLLECTION_SIZE - len(state["collections"][seat])

    def _all_collections_complete(self, state: State) -> bool:
        return all(self._collection_room(state, seat) == 0 for seat in range(state["seats"]))

    def _start_turn(self, state: State, first_candidate: int) -> list[Event]:
        """Give the turn to the next player who still needs cards, and draw for them."""
        events: list[Event] = []
        if self._all_collections_complete(state):
            return events + self._finish(state, msg(gettext_noop("Every collection has 9 cards.")))
        if state["turns_taken"] >= self.option(state, "max_turns"):
            reason = msg(
                ngettext_noop(
                    "The game reached its limit of %(n)s turn.", "The game reached its limit of %(n)s turns."
                ),
                n=state["turns_taken"],
            )
            return events + self._finish(state, reason)
        seat = first_candidate
        while self._collection_room(state, seat) == 0:
            text = msg(
                gettext_noop("%(who)s already had 9 cards and skipped the turn."),
                you=gettext_noop("You already had 9 cards and skipped the turn."),
                who=seat_ref(seat),
            )
            events.append(event(text, kind="skip"))
            seat = (seat + 1) % state["seats"]
        state["turn"] = seat
        state["phase"] = "choose"
        state["steals_left"] = 0
        events += self._draw_for_turn(state, seat)
        if not state["drawn"]:  # cannot happen with 60 cards, but never leave a player stuck
            return events + self._finish(state, msg(gettext_noop("There were no cards left to draw.")))
        return events

    def _draw_for_turn(self, state: State, seat: int) -> list[Event]:
        events: list[Event] = []
        for _ in range(self._collection_room(state, seat)):
            if not state["deck"]:
                events += self._reshuffle_discard(state)
                if not state["deck"]:
                    break
            state["drawn"].append(state["deck"].pop(0))
        text = msg(
            ngettext_noop("%(who)s drew %(n)s card: %(cards)s.", "%(who)s drew %(n)s cards: %(cards)s."),
            you=ngettext_noop("You drew %(n)s card: %(cards)s.", "You drew %(n)s cards: %(cards)s."),
            who=seat_ref(seat),
            n=len(state["drawn"]),
            cards=cards_ref(state["drawn"]),
        )
        events.append(
            event(
                text,
                kind="draw",
                seat=seat,
                cards=list(state["drawn"]),
            )
        )
        return events

    def _reshuffle_discard(self, state: State) -> list[Event]:
        if not state["discard"]:
            return []
        pile = sorted(state["discard"])
        self.rng(state).shuffle(pile)
        state["deck"] = pile
        state["discard"] = []
        text = msg(gettext_noop("The deck ran out, so the discard pile was shuffled into a new deck."))
        return [event(text, kind="reshuffle")]

    # ----- what may be taken -----------------------------------------------------------------

    def _drawn_of_kind(self, state: State, kind: str) -> list[str]:
        return [c for c in state["drawn"] if self.card(state, c)["kind"] == kind]

    def _drawn_values(self, state: State) -> list[int]:
        return sorted({self.card(state, c)["value"] for c in self._drawn_of_kind(state, "food")})

    def _steal_targets(self, state: State, seat: int) -> list[tuple[int, str]]:
        if state["steals_left"] <= 0 or self._collection_room(state, seat) == 0:
            return []
        return [
            (victim, card_id)
            for victim in range(state["seats"])
            if victim != seat
            for card_id in state["collections"][victim]
        ]

    # ----- the contract ----------------------------------------------------------------------

    def _to_move(self, state: State) -> set[int | None]:
        return {state["turn"]}

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat != state["turn"]:
            return []
        if state["phase"] == "steal":
            steals: list[Action] = [
                {"type": "steal", "victim": victim, "card": card_id}
                for victim, card_id in self._steal_targets(state, seat)
            ]
            return [*steals, {"type": "stop_stealing"}]
        actions: list[Action] = [{"type": "take_food", "value": v} for v in self._drawn_values(state)]
        actions += [{"type": "take_bonus", "card": c} for c in self._drawn_of_kind(state, "bonus")]
        if self._drawn_of_kind(state, "raccoon"):
            actions.append({"type": "take_raccoons"})
        return actions

    def _is_legal(self, state: State, seat: int | None, move: Action) -> bool:
        """A direct check, so a steal names any opponent's card without listing them all."""
        kind = move.get("type")
        if state["phase"] == "steal":
            if kind == "stop_stealing":
                return set(move) == {"type"}
            if kind != "steal" or set(move) != {"type", "victim", "card"}:
                return False
            if not _is_whole_number(move["victim"]) or not isinstance(move["card"], str):
                return False
            return (move["victim"], move["card"]) in self._steal_targets(state, seat)
        if kind == "take_food":
            return (
                set(move) == {"type", "value"}
                and _is_whole_number(move["value"])
                and move["value"] in self._drawn_values(state)
            )
        if kind == "take_bonus":
            return set(move) == {"type", "card"} and move["card"] in self._drawn_of_kind(state, "bonus")
        if kind == "take_raccoons":
            return set(move) == {"type"} and bool(self._drawn_of_kind(state, "raccoon"))
        return False

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        kind = move.get("type")
        if state["phase"] == "steal":
            if kind != "steal":
                raise IllegalAction(
                    gettext_noop("Your Raccoons are waiting: steal a card, or stop stealing.")
                )
            if move.get("victim") == seat:
                raise IllegalAction(gettext_noop("You can't steal from yourself!"))
            if self._collection_room(state, seat) == 0:
                raise IllegalAction(
                    gettext_noop("Your collection already has 9 cards, so you can't steal more.")
                )
            victim = move.get("victim")
            if not isinstance(victim, int) or not 0 <= victim < state["seats"]:
                raise IllegalAction(gettext_noop("That player isn't at this table."))
            if move.get("card") not in state["collections"][victim]:
                raise IllegalAction(gettext_noop("That player doesn't have that card in their collection."))
            return
        if kind in ("steal", "stop_stealing"):
            raise IllegalAction(gettext_noop("You need to take Raccoons before you can steal."))
        if kind == "take_food":
            raise IllegalAction(
                msg(gettext_noop("You didn't draw any food worth %(value)s."), value=str(move.get("value")))
            )
        if kind == "take_bonus":
            raise IllegalAction(gettext_noop("That Bonus card isn't one of the cards you drew."))
        if kind == "take_raccoons":
            raise IllegalAction(gettext_noop("You didn't draw any Raccoons."))

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        kind = move["type"]
        if kind == "take_food":
            events = self._take_food(state, seat, move["value"])
        elif kind == "take_bonus":
            events = self._take_bonus(state, seat, move["card"])
        elif kind == "take_raccoons":
            events = self._take_raccoons(state, seat)
        elif kind == "steal":
            events = self._steal_card(state, seat, move["victim"], move["card"])
        else:
            state["steals_left"] = 0
            text = msg(
                gettext_noop("%(who)s stopped stealing."),
                you=gettext_noop("You stopped stealing."),
                who=seat_ref(seat),
            )
            events = [event(text, kind="stop_stealing", seat=seat)]
        if state["phase"] == "steal" and self._steal_targets(state, seat):
            return events
        return events + self._end_turn(state, seat)

    # ----- choosing --------------------------------------------------------------------------

    def _record_take(self, state: State, seat: int, kind: str, card_ids: list[str]) -> None:
        state["last_turn"] = {
            "seat": seat,
            "took": kind,
            "cards": list(card_ids),
            "stole": [],
            "discarded": [],
        }

    def _move_to_collection(self, state: State, seat: int, card_ids: list[str]) -> None:
        room = self._collection_room(state, seat)
        kept = card_ids[:room]  # every card taken at once is the same food, so which ones is moot
        for card_id in kept:
            state["drawn"].remove(card_id)
            state["collections"][seat].append(card_id)

    def _take_food(self, state: State, seat: int, value: int) -> list[Event]:
        taken = [c for c in self._drawn_of_kind(state, "food") if self.card(state, c)["value"] == value]
        self._move_to_collection(state, seat, taken)
        self._record_take(state, seat, "food", taken)
        text = msg(
            ngettext_noop(
                "%(who)s took %(n)s %(card)s card (worth %(value)s).",
                "%(who)s took %(n)s %(card)s cards (worth %(value)s).",
            ),
            you=ngettext_noop(
                "You took %(n)s %(card)s card (worth %(value)s).",
                "You took %(n)s %(card)s cards (worth %(value)s).",
            ),
            who=seat_ref(seat),
            n=len(taken),
            card=card_ref(taken[0]),
            value=value,
        )
        return [
            event(
                text,
                kind="take_food",
                seat=seat,
                cards=taken,
            )
        ]

    def _take_bonus(self, state: State, seat: int, card_id: str) -> list[Event]:
        self._move_to_collection(state, seat, [card_id])
        self._record_take(state, seat, "bonus", [card_id])
        text = msg(
            gettext_noop("%(who)s took the %(card)s card."),
            you=gettext_noop("You took the %(card)s card."),
            who=seat_ref(seat),
            card=card_ref(card_id),
        )
        return [event(text, kind="take_bonus", seat=seat, cards=[card_id])]

    def _take_raccoons(self, state: State, seat: int) -> list[Event]:
        taken = self._drawn_of_kind(state, "raccoon")
        for card_id in taken:
            state["drawn"].remove(card_id)
            state["raccoons"][seat].append(card_id)
        self._record_take(state, seat, "raccoons", taken)
        state["phase"] = "steal"
        state["steals_left"] = len(taken)
        text: list = [
            msg(
                ngettext_noop("%(who)s took %(n)s Raccoon.", "%(who)s took %(n)s Raccoons."),
                you=ngettext_noop("You took %(n)s Raccoon.", "You took %(n)s Raccoons."),
                who=seat_ref(seat),
                n=len(taken),
            )
        ]
        if not self._steal_targets(state, seat):
            text.append(msg(gettext_noop("There was nothing to steal yet.")))
        return [event(text, kind="take_raccoons", seat=seat, count=len(taken))]

    def _steal_card(self, state: State, seat: int, victim: int, card_id: str) -> list[Event]:
        state["collections"][victim].remove(card_id)
        state["collections"][seat].append(card_id)
        state["steals_left"] -= 1
        state["last_turn"]["stole"].append({"victim": victim, "card": card_id})
        text = msg(
            gettext_noop("%(who)s's Raccoon stole %(card)s from %(victim)s."),
            you={
                "who": gettext_noop("Your Raccoon stole %(card)s from %(victim)s."),
                "victim": gettext_noop("%(who)s's Raccoon stole %(card)s from you."),
            },
            who=seat_ref(seat),
            victim=seat_ref(victim),
            card=card_ref(card_id),
        )
        return [
            event(
                text,
                kind="steal",
                seat=seat,
                victim=victim,
                card=card_id,
            )
        ]

    def _discard_unused(self, state: State, seat: int) -> list[Event]:
        unused = state["drawn"]
        state["discard"].extend(unused)
        state["last_turn"]["discarded"] = list(unused)
        state["drawn"] = []
        if not unused:
            return []
        text = msg(
            ngettext_noop("%(who)s discarded %(n)s card.", "%(who)s discarded %(n)s cards."),
            you=ngettext_noop("You discarded %(n)s card.", "You discarded %(n)s cards."),
            who=seat_ref(seat),
            n=len(unused),
        )
        return [event(text, kind="discard", cards=unused)]

    def _end_turn(self, state: State, seat: int) -> list[Event]:
        state["phase"] = "choose"
        state["steals_left"] = 0
        events = self._discard_unused(state, seat)
        state["turns_taken"] += 1
        return events + self._start_turn(state, (seat + 1) % state["seats"])

    # ----- scoring ---------------------------------------------------------------------------

    def scores(self, state: State) -> list[dict]:
        collections = [[self.card(state, c) for c in cards] for cards in state["collections"]]
        return score_collections(collections, [len(r) for r in state["raccoons"]])

    def _finish(self, state: State, reason: Text) -> list[Event]:
        totals = [score["total"] for score in self.scores(state)]
        best = max(totals)
        winners = [seat for seat, total in enumerate(totals) if total == best]
        state["result"] = {"winners": winners, "scores": totals, "reason": reason}
        if len(winners) == 1:
            won = msg(
                ngettext_noop("%(who)s won with %(n)s point.", "%(who)s won with %(n)s points."),
                you=ngettext_noop("You won with %(n)s point.", "You won with %(n)s points."),
                who=seat_ref(winners[0]),
                n=best,
            )
        else:
            won = msg(
                ngettext_noop(
                    "%(who)s shared the win with %(n)s point each.",
                    "%(who)s shared the win with %(n)s points each.",
                ),
                you=ngettext_noop(
                    "You and %(who)s shared the win with %(n)s point each.",
                    "You and %(who)s shared the win with %(n)s points each.",
                ),
                who=seats_ref(winners),
                n=best,
            )
        return [event([reason, won], kind="game_over", winners=winners)]

    # ----- for the conformance suite ---------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        return (
            list(state["deck"])
            + list(state["discard"])
            + list(state["drawn"])
            + [c for cards in state["collections"] for c in cards]
            + [c for pile in state["raccoons"] for c in pile]
        )

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """The deck's cards. (Face-down Raccoons are all alike: the view shows only how many.)"""
        return set(state["deck"])


ENGINE = SnackWarsEngine()

GAMES = (ENGINE,)
