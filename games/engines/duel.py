"""Duel (2 players, Eat Right deck without Broccoli and Spinach).

Goal: win rounds; the first to win 3 rounds ("Round wins needed" option) wins the match. You win
a round by getting your own meal to 100 overall value or more, or by making your opponent's meal
reach 1000 calories or more.

Each round (`_deal_round`): all cards (Broccoli and Spinach left out) are shuffled, each player
gets 3 cards face down and the rest is the face-down stock.

Who goes first (`_decide_first_player`): both players pick one card from their hand face down;
when both have picked, the cards are shown together. More calories goes first; equal calories:
lower overall value goes first; still equal (`_resolve_full_tie`): the player who lost the
previous round goes first, and in the first round a coin toss from the game's seed decides. The
shown cards are not wasted: each becomes the first card of its owner's meal (the first round
check happens on the first Eat or Attack, not on these starting cards).

On your turn do exactly one thing:
  * Eat (`_eat`): put a card from your hand into your own meal. Its value and calories count.
  * Attack (`_attack`): put a card from your hand into your opponent's meal.
  * Draw (`_draw`): take the stock's top card into your hand (only while the stock has cards).
Exhilarating Exercise in a meal lowers its calories by 200 and adds no value. Sugar Shock is an
ordinary junk food in Duel: its printed calories and value count like any other card.

Judging a meal (`_judge_eat`, `_judge_attack`), right after the move:
  * Eat: 1000 calories or more -> you lose the round (even if you also reached 100 value);
    otherwise 100 value or more -> you win the round.
  * Attack: the opponent's meal at 100 value or more -> you lose the round (even if it also
    reached 1000 calories); otherwise 1000 calories or more -> you win the round.

Running out (`_settle_stalled_round`): when the stock is empty and the player to move has no
cards, the round ends at once: the meal with more value wins; equal value: fewer calories wins;
still equal: nobody wins that round and the cards are dealt again.

After each round the finished meals stay on the table for a moment; then the table
(`_next_round`) collects every card, shuffles, deals again, and the show-a-card rule picks who
starts the new round.
"""

from __future__ import annotations

from games.engines.base import Engine, IllegalAction, Option, State, event
from games.engines.messages import Message, card_ref, gettext_noop, msg, ngettext_noop, seat_ref
from games.engines.zones import fact, number, zone
from nutrition.meals import card_calories

HAND_SIZE = 3
VALUE_TO_WIN = 100
CALORIES_TO_LOSE = 1000
LEFT_OUT_SPECIALS = ("broccoli", "spinach")
NEXT_ROUND_PAUSE_MS = 4000  # time to look at the finished meals before the next deal
PUBLIC_FIELDS = ("id", "name", "category", "special", "groups", "calories", "vitamin_power", "value")


def public_card(card: dict) -> dict:
    return {name: card.get(name) for name in PUBLIC_FIELDS}


def meal_value(cards: list[dict]) -> int:
    """Overall value of a meal: Exhilarating Exercise adds none."""
    return sum(int(c.get("value") or 0) for c in cards if c.get("special") != "exercise")


def meal_calories(cards: list[dict]) -> int:
    """A meal's calories, card by card in the order eaten. Exhilarating Exercise takes 200 off,
    but a meal never has fewer than 0 calories: the book is silent, and a meal of "-113 calories"
    means nothing to a child (the rules page says so)."""
    total = 0
    for card in cards:
        total = max(0, total + card_calories(card))
    return total


class Duel(Engine):
    # ----- setting up ------------------------------------------------------------------------

    def deck_for(self, state: State, records: list[dict]) -> list[dict]:
        """Broccoli and Spinach are taken out of the deck for Duel."""
        return [c for c in super().deck_for(state, records) if c.get("special") not in LEFT_OUT_SPECIALS]

    def _setup(self, state: State, order: list[str]) -> None:
        if len(order) < 2 * HAND_SIZE:
            raise IllegalAction(msg(gettext_noop("Duel needs at least %(n)s cards."), n=2 * HAND_SIZE))
        state["round"] = 1
        state["round_wins"] = [0, 0]
        # One entry per finished round: {"round", "winner": seat or None, "reason", "index": the
        # version of the move that ended it (a seat that changed hands later names who played it)}.
        state["round_history"] = []
        state["last_loser"] = None
        self._deal_round(state, order)

    def _deal_round(self, state: State, order: list[str]) -> None:
        state["hands"] = [order[0:HAND_SIZE], order[HAND_SIZE : 2 * HAND_SIZE]]
        state["stock"] = order[2 * HAND_SIZE :]  # top first
        state["meals"] = [[], []]
        state["picked"] = [None, None]  # the face-down card each player picked to decide who starts
        state["phase"] = "reveal"
        state["turn"] = None
        state["starter"] = None

    def _next_round(self, state: State) -> list[dict]:
        order = list(self.all_cards(state))
        order.sort()  # a fixed order before shuffling, so the deal depends only on seed and counter
        self.rng(state).shuffle(order)
        state["round"] += 1
        self._deal_round(state, order)
        return [
            event(
                msg(gettext_noop("Round %(n)s: the cards were shuffled and dealt again."), n=state["round"])
            )
        ]

    # ----- who may move, and what ------------------------------------------------------------

    def _to_move(self, state: State) -> set[int | None]:
        if state["phase"] == "round_over":
            return {None}  # the table deals the next round after a short pause
        if state["phase"] == "reveal":
            return {seat for seat in (0, 1) if state["picked"][seat] is None}
        return {state["turn"]}

    def _legal_actions(self, state: State, seat: int | None) -> list[dict]:
        if state["phase"] == "round_over":
            return [{"type": "next_round", "after_ms": NEXT_ROUND_PAUSE_MS}]
        hand = state["hands"][seat]
        if state["phase"] == "reveal":
            return [{"type": "reveal", "card": card_id} for card_id in hand]
        actions = [{"type": "eat", "card": card_id} for card_id in hand]
        actions += [{"type": "attack", "card": card_id} for card_id in hand]
        if state["stock"]:
            actions.append({"type": "draw"})
        return actions

    def _explain_illegal(self, state: State, seat: int | None, move: dict) -> None:
        kind = move.get("type")
        if state["phase"] == "reveal" and kind != "reveal":
            raise IllegalAction(
                gettext_noop("First pick a card to show, to find out who goes first."), code="reveal_first"
            )
        if state["phase"] == "play" and kind == "reveal":
            raise IllegalAction(
                gettext_noop("The cards have already been shown for this round."), code="already_revealed"
            )
        if kind == "draw" and not state["stock"]:
            raise IllegalAction(
                gettext_noop("The stock is empty, so you can't draw. Eat or Attack instead."),
                code="stock_empty",
            )
        if kind in ("reveal", "eat", "attack") and move.get("card") not in state["hands"][seat]:
            raise IllegalAction(gettext_noop("That card isn't in your hand."), code="not_in_hand")

    # ----- moves -----------------------------------------------------------------------------

    def _apply(self, state: State, seat: int | None, move: dict) -> list[dict]:
        kind = move["type"]
        if kind == "next_round":
            return self._next_round(state)
        if kind == "reveal":
            return self._pick_card(state, seat, move["card"])
        if kind == "eat":
            return self._eat(state, seat, move["card"])
        if kind == "attack":
            return self._attack(state, seat, move["card"])
        if kind == "draw":
            return self._draw(state, seat)
        raise IllegalAction(gettext_noop("That move doesn't make sense."), code="malformed")

    def _pick_card(self, state: State, seat: int, card_id: str) -> list[dict]:
        state["hands"][seat].remove(card_id)
        state["picked"][seat] = card_id
        events = [
            event(msg(gettext_noop("%(who)s picked a card to show."), who=seat_ref(seat)), to=[1 - seat]),
            event(
                msg(gettext_noop("You picked %(card)s to show."), card=card_ref(card_id)),
                to=[seat],
                card=card_id,
            ),
        ]
        if None not in state["picked"]:
            events += self._decide_first_player(state)
        return events

    def _decide_first_player(self, state: State) -> list[dict]:
        """Both picked cards are shown: more calories starts; then lower value; then a full tie."""
        first, second = (self.card(state, c) for c in state["picked"])
        if card_calories(first) != card_calories(second):
            starter = 0 if card_calories(first) > card_calories(second) else 1
            why = msg(gettext_noop("more calories"))
        elif first["value"] != second["value"]:
            starter = 0 if first["value"] < second["value"] else 1
            why = msg(gettext_noop("the same calories and a lower value"))
        else:
            starter, why = self._resolve_full_tie(state)
        shown = msg(
            gettext_noop("%(first)s showed %(first_card)s and %(second)s showed %(second_card)s."),
            you={
                "first": gettext_noop("You showed %(first_card)s and %(second)s showed %(second_card)s."),
                "second": gettext_noop("%(first)s showed %(first_card)s and you showed %(second_card)s."),
            },
            first=seat_ref(0),
            second=seat_ref(1),
            first_card=card_ref(state["picked"][0]),
            second_card=card_ref(state["picked"][1]),
        )
        goes_first = msg(
            gettext_noop("%(who)s goes first (%(why)s)."),
            you=gettext_noop("You go first (%(why)s)."),
            who=seat_ref(starter),
            why=why,
        )
        events = [event(shown, cards=list(state["picked"])), event(goes_first, starter=starter)]
        for seat in (0, 1):
            state["meals"][seat].append(state["picked"][seat])
        state["picked"] = [None, None]
        state["phase"] = "play"
        state["turn"] = starter
        state["starter"] = starter
        return events + self._settle_stalled_round(state)

    def _resolve_full_tie(self, state: State) -> tuple[int, Message]:
        """Same calories and same value: the loser of the previous round starts; in the first
        round (or after a round nobody won) a coin toss from the seed decides."""
        if state["last_loser"] is not None:
            return state["last_loser"], msg(gettext_noop("a full tie, so the player who lost the last round"))
        return self.rng(state).randrange(2), msg(gettext_noop("a full tie, settled by a coin toss"))

    def _eat(self, state: State, seat: int, card_id: str) -> list[dict]:
        state["hands"][seat].remove(card_id)
        state["meals"][seat].append(card_id)
        text = msg(
            gettext_noop("%(who)s ate %(card)s."),
            you=gettext_noop("You ate %(card)s."),
            who=seat_ref(seat),
            card=card_ref(card_id),
        )
        events = [event(text, card=card_id)]
        return events + self._judge_eat(state, seat)

    def _attack(self, state: State, seat: int, card_id: str) -> list[dict]:
        target = 1 - seat
        state["hands"][seat].remove(card_id)
        state["meals"][target].append(card_id)
        text = msg(
            gettext_noop("%(who)s made %(target)s eat %(card)s."),
            you={
                "who": gettext_noop("You made %(target)s eat %(card)s."),
                "target": gettext_noop("%(who)s made you eat %(card)s."),
            },
            who=seat_ref(seat),
            target=seat_ref(target),
            card=card_ref(card_id),
        )
        events = [event(text, card=card_id, target=target)]
        return events + self._judge_attack(state, seat)

    def _draw(self, state: State, seat: int) -> list[dict]:
        card_id = state["stock"].pop(0)
        state["hands"][seat].append(card_id)
        events = [
            event(msg(gettext_noop("%(who)s drew a card."), who=seat_ref(seat)), to=[1 - seat]),
            event(msg(gettext_noop("You drew %(card)s."), card=card_ref(card_id)), to=[seat], card=card_id),
        ]
        return events + self._pass_turn(state, seat)

    def _judge_eat(self, state: State, seat: int) -> list[dict]:
        value, calories = self._totals(state, seat)
        if calories >= CALORIES_TO_LOSE:
            why = "both" if value >= VALUE_TO_WIN else "calories"
            text = msg(
                gettext_noop("%(who)s ate too many calories."),
                you=gettext_noop("You ate too many calories."),
                who=seat_ref(seat),
            )
            return self._end_round(state, 1 - seat, f"eat-{why}", text)
        if value >= VALUE_TO_WIN:
            text = msg(
                gettext_noop("%(who)s built a meal worth %(value)s value."),
                you=gettext_noop("You built a meal worth %(value)s value."),
                who=seat_ref(seat),
                value=value,
            )
            return self._end_round(state, seat, "eat-value", text)
        return self._pass_turn(state, seat)

    def _judge_attack(self, state: State, seat: int) -> list[dict]:
        target = 1 - seat
        value, calories = self._totals(state, target)
        if value >= VALUE_TO_WIN:
            why = "both" if calories >= CALORIES_TO_LOSE else "value"
            text = msg(
                gettext_noop("%(who)s pushed the meal of %(target)s to %(value)s value."),
                you={
                    "who": gettext_noop("You pushed the meal of %(target)s to %(value)s value."),
                    "target": gettext_noop("%(who)s pushed your meal to %(value)s value."),
                },
                who=seat_ref(seat),
                target=seat_ref(target),
                value=value,
            )
            return self._end_round(state, target, f"attack-{why}", text)
        if calories >= CALORIES_TO_LOSE:
            text = msg(
                gettext_noop("%(who)s made %(target)s eat 1000 calories."),
                you={
                    "who": gettext_noop("You made %(target)s eat 1000 calories."),
                    "target": gettext_noop("%(who)s made you eat 1000 calories."),
                },
                who=seat_ref(seat),
                target=seat_ref(target),
            )
            return self._end_round(state, seat, "attack-calories", text)
        return self._pass_turn(state, seat)

    def _pass_turn(self, state: State, seat: int) -> list[dict]:
        state["turn"] = 1 - seat
        return self._settle_stalled_round(state)

    def _settle_stalled_round(self, state: State) -> list[dict]:
        """The stock is empty and the player to move has no cards: compare the meals."""
        mover = state["turn"]
        if state["stock"] or state["hands"][mover]:
            return []
        (value0, calories0), (value1, calories1) = self._totals(state, 0), self._totals(state, 1)
        if value0 != value1:
            winner = 0 if value0 > value1 else 1
        elif calories0 != calories1:
            winner = 0 if calories0 < calories1 else 1
        else:
            winner = None
        text = msg(gettext_noop("Nobody could move, so the meals were compared."))
        return self._end_round(state, winner, "out-of-cards", text)

    def _end_round(self, state: State, winner: int | None, reason: str, text: Message) -> list[dict]:
        entry = {"round": state["round"], "winner": winner, "reason": reason, "index": state["version"]}
        state["round_history"].append(entry)
        events = [event(text, reason=reason)]
        if winner is None:
            state["last_loser"] = None
            events.append(event(msg(gettext_noop("Round %(n)s was a tie: nobody won it."), n=state["round"])))
        else:
            state["round_wins"][winner] += 1
            state["last_loser"] = 1 - winner
            won = msg(
                gettext_noop("%(who)s won round %(n)s."),
                you=gettext_noop("You won round %(n)s."),
                who=seat_ref(winner),
                n=state["round"],
            )
            events.append(event(won, winner=winner))
            if state["round_wins"][winner] >= self.option(state, "rounds_to_win"):
                state["result"] = {
                    "winners": [winner],
                    "scores": list(state["round_wins"]),
                    "reason": msg(
                        ngettext_noop("%(who)s won %(n)s round first.", "%(who)s won %(n)s rounds first."),
                        you=ngettext_noop("You won %(n)s round first.", "You won %(n)s rounds first."),
                        who=seat_ref(winner),
                        n=state["round_wins"][winner],
                    ),
                }
                state["phase"] = "over"
                state["turn"] = None
                return events
        state["phase"] = "round_over"
        state["turn"] = None
        return events

    # ----- what a seat sees ------------------------------------------------------------------

    def _view(self, state: State, seat: int | None) -> dict:
        visible = {c for meal in state["meals"] for c in meal}
        mine: dict = {}
        if seat is not None:
            visible.update(state["hands"][seat])
            picked = state["picked"][seat]
            if picked:
                visible.add(picked)
            mine = {"hand": list(state["hands"][seat]), "picked": picked}
        meals = []
        for player in (0, 1):
            value, calories = self._totals(state, player)
            meals.append({"cards": list(state["meals"][player]), "value": value, "calories": calories})
        hand_counts = [len(hand) for hand in state["hands"]]
        zones = []
        for player in (0, 1):
            if player == seat:
                zones.append(
                    zone(
                        "hand",
                        msg(gettext_noop("Hand")),
                        owner=player,
                        cards=state["hands"][player],
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
            zones.append(zone("meal", msg(gettext_noop("Meal")), owner=player, cards=state["meals"][player]))
        zones.append(zone("stock", msg(gettext_noop("Stock")), hidden=True, count=len(state["stock"])))
        return {
            "zones": zones,
            "numbers": [
                number(msg(gettext_noop("Round wins")), list(state["round_wins"])),
                number(msg(gettext_noop("Value")), [meal["value"] for meal in meals]),
                number(msg(gettext_noop("Calories")), [meal["calories"] for meal in meals]),
            ],
            "facts": [
                fact(msg(gettext_noop("Round")), state["round"]),
                fact(msg(gettext_noop("Round wins needed")), self.option(state, "rounds_to_win")),
            ],
            "round": state["round"],
            "round_wins": list(state["round_wins"]),
            "rounds_to_win": self.option(state, "rounds_to_win"),
            "round_history": [dict(entry) for entry in state["round_history"]],
            "phase": state["phase"],
            "turn": state["turn"],
            "starter": state["starter"],
            "has_picked": [card is not None for card in state["picked"]],
            "hand_counts": hand_counts,
            "meals": meals,
            "stock_count": len(state["stock"]),
            "value_to_win": VALUE_TO_WIN,
            "calories_to_lose": CALORIES_TO_LOSE,
            "cards": {c: public_card(self.card(state, c)) for c in sorted(visible)},
            **mine,
        }

    def all_cards(self, state: State) -> list[str]:
        cards = list(state["stock"]) + [c for c in state["picked"] if c]
        for seat in (0, 1):
            cards += state["hands"][seat] + state["meals"][seat]
        return cards

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["stock"])
        for other in (0, 1):
            if other != seat:
                hidden.update(state["hands"][other])
                if state["picked"][other]:
                    hidden.add(state["picked"][other])
        return hidden

    # ----- small helpers ---------------------------------------------------------------------

    def _totals(self, state: State, seat: int) -> tuple[int, int]:
        records = [self.card(state, c) for c in state["meals"][seat]]
        return meal_value(records), meal_calories(records)

    def _name(self, state: State, card_id: str) -> str:
        return self.card(state, card_id).get("name", card_id)


DUEL = Duel(
    slug="duel",
    score_unit="rounds",
    name=gettext_noop("Duel"),
    title=gettext_noop("Duel: build a meal worth 100 value, or stuff your opponent with 1000 calories."),
    min_seats=2,
    max_seats=2,
    options=(
        Option(
            name="rounds_to_win",
            label=gettext_noop("Round wins needed to win the match"),
            default=3,
            choices=(
                (1, gettext_noop("1 round")),
                (2, gettext_noop("2 rounds")),
                (3, gettext_noop("3 rounds (best of 5)")),
            ),
        ),
    ),
    action_words={
        "reveal": gettext_noop("Show %(card)s"),
        "eat": gettext_noop("Eat %(card)s"),
        "attack": gettext_noop("Attack with %(card)s"),
        "draw": gettext_noop("Draw"),
        "next_round": gettext_noop("Next round"),
    },
    action_fields={
        "reveal": {"card": str},
        "eat": {"card": str},
        "attack": {"card": str},
        "draw": {},
        "next_round": {"after_ms": int},
    },
    quick_options={"rounds_to_win": 1},
)

GAMES = (DUEL,)
