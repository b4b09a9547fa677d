"""Build-A-Meal (2-4 players, Eat Right deck).

The code is in two modules: this one (the rules) and games.engines.build_a_meal_view (what a
seat sees).

Goal: make two balanced meals, then get rid of every card in your hand. A balanced meal has at
least 2 grain servings, 2 fruit-or-veggie servings, 1 meat-or-dairy serving and at most 600
calories (nutrition.meals.check_meal decides; a card may bring several servings of several groups).

Setting up: everyone gets 8 cards. The rest is the face-down stock; its top card is turned face
up to start the discard pile. Seat 0 (left of the dealer) plays first, then play goes round the
table in seat order.

A turn, in order:
  1. Draw one card: the stock's top card or the discard pile's top card. When the stock is empty
     you either take the discard pile's top card or turn the discard pile over, without
     shuffling, to make a new stock and draw its top card (`_turn_over_discard_pile`).
  2. Build: put cards on your plate and serve the plate as a new meal once it is balanced
     (`_serve_meal`), and add cards to meals you already laid down as long as a meal stays
     within 600 calories (`_add_to_meal`). Junk food may go in any meal within the limit;
     Exhilarating Exercise counts -200 calories, so it lets a meal go 200 over.
     Broccoli or Spinach put into a meal earns one extra turn after you discard
     (`_earn_extra_turn`).
  3. Discard one card onto the discard pile (`_discard`). Cards left on your plate go back into
     your hand first.

Sugar Shock may be played at any time, also outside your turn, against a meal another player
has laid down: that meal and the Sugar Shock go onto the discard pile and the victim at once
draws that many cards from the stock (`_play_sugar_shock`). Out of turn, a seat holding Sugar
Shock is in to_move while some other player has a meal on the table, and its only legal moves
are the Sugar Shock plays (a bot or player may simply not use them).

Winning (`_check_winner`): the moment your hand (plate included) is empty while you have at
least two balanced meals on the table, you win. The mandatory discard may be the card that
empties your hand. A meal ruined by Sugar Shock no longer counts.

A drawn game (`_check_drawn_game`): nobody wins when a player must draw, the stock is empty and
either the discard pile is empty too or it has already been turned over as many times as the
"turnovers" option allows; nor when the table has played "turn_limit" turns (so two players who
keep swapping the discard pile's top card cannot play forever).
"""

from __future__ import annotations

from games.engines.base import IllegalAction, Option, State, event
from games.engines.build_a_meal_view import BuildAMealView, missing_servings
from games.engines.messages import (
    card_ref,
    cards_ref,
    gettext_noop,
    msg,
    ngettext_noop,
    seat_ref,
)
from nutrition.meals import (
    CALORIE_LIMIT,
    check_meal,
)

HAND_SIZE = 8
EXTRA_TURN_SPECIALS = ("broccoli", "spinach")


class BuildAMeal(BuildAMealView):
    # ----- setting up ------------------------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        needed = seats * HAND_SIZE + 1
        if len(order) < needed:
            raise IllegalAction(
                msg(
                    gettext_noop("Build-A-Meal needs at least %(n)s cards for %(players)s players."),
                    n=needed,
                    players=seats,
                )
            )
        state["hands"] = [order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(seats)]
        rest = order[seats * HAND_SIZE :]
        state["discard"] = [rest[0]]  # bottom first: the last item is the face-up top card
        state["stock"] = rest[1:]  # top first
        state["plates"] = [[] for _ in range(seats)]
        state["meals"] = [[] for _ in range(seats)]
        state["turn"] = 0
        state["phase"] = "draw"
        state["extra_turn"] = False
        state["turnovers"] = 0
        state["turns_played"] = 0
        # Looked up on every to_move, so kept at hand rather than searched for in the records.
        state["sugar_shocks"] = sorted(
            c for c in order if self.card(state, c).get("special") == "sugar-shock"
        )

    # ----- who may move, and what ------------------------------------------------------------

    def _to_move(self, state: State) -> set[int | None]:
        movers: set[int | None] = {state["turn"]}
        for seat in range(state["seats"]):
            if self._sugar_shock_plays(state, seat):
                movers.add(seat)
        return movers

    def _legal_actions(self, state: State, seat: int | None) -> list[dict]:
        actions: list[dict] = []
        if seat == state["turn"]:
            actions.extend(self._turn_actions(state, seat))
        actions.extend(self._sugar_shock_plays(state, seat))
        return actions

    def _turn_actions(self, state: State, seat: int) -> list[dict]:
        if state["phase"] == "draw":
            actions = []
            if state["stock"]:
                actions.append({"type": "draw", "from": "stock"})
            if state["discard"]:
                actions.append({"type": "draw", "from": "discard"})
            if not state["stock"] and state["discard"]:
                actions.append({"type": "turn_over"})
            return actions
        hand, plate = state["hands"][seat], state["plates"][seat]
        actions = [{"type": "plate", "card": card_id} for card_id in hand]
        actions += [{"type": "unplate", "card": card_id} for card_id in plate]
        if plate and check_meal(self._records(state, plate)).balanced:
            actions.append({"type": "serve"})
        for index, meal in enumerate(state["meals"][seat]):
            for card_id in hand:
                if check_meal(self._records(state, [*meal, card_id])).within_calories:
                    actions.append({"type": "add", "card": card_id, "meal": index})
        actions += [{"type": "discard", "card": card_id} for card_id in hand]
        return actions

    def _sugar_shock_plays(self, state: State, seat: int | None) -> list[dict]:
        if seat is None:
            return []
        shocks = [c for c in state["sugar_shocks"] if c in state["hands"][seat]]
        if not shocks:
            return []
        return [
            {"type": "sugar_shock", "card": shock, "target": target, "meal": index}
            for shock in shocks
            for target in range(state["seats"])
            if target != seat
            for index in range(len(state["meals"][target]))
        ]

    # ----- child-friendly refusals -----------------------------------------------------------

    def _explain_illegal(self, state: State, seat: int | None, move: dict) -> None:
        kind = move.get("type")
        card_id = move.get("card")
        if kind == "sugar_shock":
            self._explain_sugar_shock(state, seat, move)
        if seat != state["turn"]:
            raise IllegalAction(
                gettext_noop("It isn't your turn. Outside your turn you can only play Sugar Shock."),
                code="not_your_turn",
            )
        phase = state["phase"]
        if phase == "draw" and kind in ("plate", "unplate", "serve", "add", "discard"):
            raise IllegalAction(
                gettext_noop("First draw a card from the stock or the discard pile."), code="draw_first"
            )
        if phase == "play" and kind in ("draw", "turn_over"):
            raise IllegalAction(gettext_noop("You already drew a card this turn."), code="already_drew")
        if kind == "draw" and move.get("from") == "stock" and not state["stock"]:
            raise IllegalAction(
                gettext_noop(
                    "The stock is empty. Take the top card of the discard pile, or turn the pile over."
                ),
                code="stock_empty",
            )
        if kind == "turn_over" and state["stock"]:
            raise IllegalAction(
                gettext_noop("You can only turn the discard pile over when the stock is empty."),
                code="stock_not_empty",
            )
        hand, plate = state["hands"][seat], state["plates"][seat]
        if kind in ("plate", "add", "discard") and card_id in plate:
            raise IllegalAction(
                gettext_noop("That card is on your plate. Take it back into your hand first.")
            )
        if kind in ("plate", "add", "discard") and card_id not in hand:
            raise IllegalAction(gettext_noop("That card isn't in your hand."), code="not_in_hand")
        if kind == "unplate" and card_id not in plate:
            raise IllegalAction(gettext_noop("That card isn't on your plate."), code="not_on_plate")
        if kind == "serve":
            if not plate:
                raise IllegalAction(gettext_noop("Put some cards on your plate first."), code="empty_plate")
            check = check_meal(self._records(state, plate))
            if not check.balanced:
                raise IllegalAction(
                    [msg(gettext_noop("Your plate isn't a balanced meal yet.")), *missing_servings(check)],
                    code="unbalanced",
                )
        if kind == "add":
            meals = state["meals"][seat]
            index = move.get("meal")
            if not isinstance(index, int) or not 0 <= index < len(meals):
                raise IllegalAction(
                    gettext_noop("You can only add cards to a meal you laid down."), code="no_such_meal"
                )
            calories = check_meal(self._records(state, [*meals[index], card_id])).calories
            if calories > CALORIE_LIMIT:
                raise IllegalAction(
                    msg(
                        gettext_noop("That meal would have too many calories: %(n)s of %(limit)s."),
                        n=calories,
                        limit=CALORIE_LIMIT,
                    ),
                    code="too_many_calories",
                )

    def _explain_sugar_shock(self, state: State, seat: int | None, move: dict) -> None:
        card_id = move.get("card")
        if seat is None or card_id not in state["hands"][seat]:
            raise IllegalAction(
                gettext_noop("You need a Sugar Shock card in your hand to do that."), code="not_in_hand"
            )
        if self.card(state, card_id).get("special") != "sugar-shock":
            raise IllegalAction(
                gettext_noop("Only a Sugar Shock card can ruin a meal."), code="not_sugar_shock"
            )
        target, index = move.get("target"), move.get("meal")
        if target == seat:
            raise IllegalAction(gettext_noop("You can't use Sugar Shock on your own meal."), code="own_meal")
        if not (isinstance(target, int) and 0 <= target < state["seats"] and isinstance(index, int)) or not (
            0 <= index < len(state["meals"][target])
        ):
            raise IllegalAction(
                gettext_noop("Sugar Shock can only ruin a meal another player has already laid down."),
                code="no_meal",
            )

    # ----- moves -----------------------------------------------------------------------------

    def _apply(self, state: State, seat: int | None, move: dict) -> list[dict]:
        kind = move["type"]
        if kind == "sugar_shock":
            return self._play_sugar_shock(state, seat, move["card"], move["target"], move["meal"])
        if kind == "draw":
            return self._draw(state, seat, move["from"])
        if kind == "turn_over":
            events = self._turn_over_discard_pile(state, seat)
            return events + self._draw(state, seat, "stock")
        if kind == "plate":
            state["hands"][seat].remove(move["card"])
            state["plates"][seat].append(move["card"])
            text = msg(gettext_noop("You put %(card)s on your plate."), card=card_ref(move["card"]))
            return [event(text, to=[seat], card=move["card"])]
        if kind == "unplate":
            state["plates"][seat].remove(move["card"])
            state["hands"][seat].append(move["card"])
            text = msg(gettext_noop("You took %(card)s back from your plate."), card=card_ref(move["card"]))
            return [event(text, to=[seat], card=move["card"])]
        if kind == "serve":
            return self._serve_meal(state, seat)
        if kind == "add":
            return self._add_to_meal(state, seat, move["card"], move["meal"])
        if kind == "discard":
            return self._discard(state, seat, move["card"])
        raise IllegalAction(gettext_noop("That move doesn't make sense."), code="malformed")

    def _draw(self, state: State, seat: int, source: str) -> list[dict]:
        if source == "stock":
            card_id = state["stock"].pop(0)
            events = [
                event(
                    msg(gettext_noop("%(who)s drew a card from the stock."), who=seat_ref(seat)),
                    to=self._others(state, seat),
                ),
                event(
                    msg(gettext_noop("You drew %(card)s from the stock."), card=card_ref(card_id)),
                    to=[seat],
                    card=card_id,
                ),
            ]
        else:
            card_id = state["discard"].pop()
            text = msg(
                gettext_noop("%(who)s took %(card)s from the discard pile."),
                you=gettext_noop("You took %(card)s from the discard pile."),
                who=seat_ref(seat),
                card=card_ref(card_id),
            )
            events = [event(text, card=card_id)]
        state["hands"][seat].append(card_id)
        state["phase"] = "play"
        return events

    def _turn_over_discard_pile(self, state: State, seat: int | None) -> list[dict]:
        """The discard pile, turned face down as it lies, becomes the new stock: its bottom card
        (the oldest discard) is the new top."""
        state["stock"] = state["discard"]
        state["discard"] = []
        state["turnovers"] += 1
        if seat is None:
            return [event(msg(gettext_noop("The table turned the discard pile over to make a new stock.")))]
        text = msg(
            gettext_noop("%(who)s turned the discard pile over to make a new stock."),
            you=gettext_noop("You turned the discard pile over to make a new stock."),
            who=seat_ref(seat),
        )
        return [event(text, winners=[seat])]

    def _serve_meal(self, state: State, seat: int) -> list[dict]:
        meal = state["plates"][seat]
        state["plates"][seat] = []
        state["meals"][seat].append(meal)
        text = msg(
            gettext_noop("%(who)s laid down a balanced meal: %(cards)s."),
            you=gettext_noop("You laid down a balanced meal: %(cards)s."),
            who=seat_ref(seat),
            cards=cards_ref(meal),
        )
        events = [event(text, cards=list(meal))]
        events += self._earn_extra_turn(state, seat, meal)
        return events + self._after_building(state, seat)

    def _add_to_meal(self, state: State, seat: int, card_id: str, index: int) -> list[dict]:
        state["hands"][seat].remove(card_id)
        state["meals"][seat][index].append(card_id)
        text = msg(
            gettext_noop("%(who)s added %(card)s to a meal."),
            you=gettext_noop("You added %(card)s to a meal."),
            who=seat_ref(seat),
            card=card_ref(card_id),
        )
        events = [event(text, card=card_id, meal=index)]
        events += self._earn_extra_turn(state, seat, [card_id])
        return events + self._after_building(state, seat)

    def _earn_extra_turn(self, state: State, seat: int, cards: list[str]) -> list[dict]:
        """Broccoli or Spinach put into a meal: one more turn after this one (only one per turn)."""
        if state["extra_turn"]:
            return []
        if any(self.card(state, c).get("special") in EXTRA_TURN_SPECIALS for c in cards):
            state["extra_turn"] = True
            text = msg(
                gettext_noop("%(who)s will get another turn after discarding."),
                you=gettext_noop("You will get another turn after discarding."),
                who=seat_ref(seat),
            )
            return [event(text)]
        return []

    def _after_building(self, state: State, seat: int) -> list[dict]:
        """A win, or a turn that ends because there is nothing left to discard."""
        events = self._check_winner(state, seat)
        if state.get("result") is None and not state["hands"][seat] and not state["plates"][seat]:
            text = msg(
                gettext_noop("%(who)s has no card left to discard."),
                you=gettext_noop("You have no card left to discard."),
                who=seat_ref(seat),
            )
            events.append(event(text))
            events += self._end_turn(state, seat)
        return events

    def _discard(self, state: State, seat: int, card_id: str) -> list[dict]:
        state["hands"][seat].remove(card_id)
        state["discard"].append(card_id)
        text = msg(
            gettext_noop("%(who)s discarded %(card)s."),
            you=gettext_noop("You discarded %(card)s."),
            who=seat_ref(seat),
            card=card_ref(card_id),
        )
        events = [event(text, card=card_id)]
        events += self._check_winner(state, seat)
        if state.get("result") is None:
            events += self._end_turn(state, seat)
        return events

    def _end_turn(self, state: State, seat: int) -> list[dict]:
        state["hands"][seat].extend(state["plates"][seat])
        state["plates"][seat] = []
        if state["extra_turn"]:
            state["extra_turn"] = False
            following = seat
            events = [
                event(
                    msg(
                        gettext_noop("%(who)s takes another turn."),
                        you=gettext_noop("You take another turn."),
                        who=seat_ref(seat),
                    )
                )
            ]
        else:
            following = (seat + 1) % state["seats"]
            events = []
        state["turn"] = following
        state["phase"] = "draw"
        state["turns_played"] += 1
        return events + self._check_drawn_game(state)

    def _play_sugar_shock(self, state: State, seat: int, card_id: str, target: int, index: int) -> list[dict]:
        """The ruined meal and the Sugar Shock go onto the discard pile (Sugar Shock on top) and
        the victim at once draws as many cards as the meal had from the stock."""
        meal = state["meals"][target].pop(index)
        state["hands"][seat].remove(card_id)
        state["discard"].extend(meal)
        state["discard"].append(card_id)
        text = msg(
            gettext_noop(
                "%(who)s played Sugar Shock on a meal of %(target)s! It went onto the discard pile."
            ),
            you={
                "who": gettext_noop(
                    "You played Sugar Shock on a meal of %(target)s! It went onto the discard pile."
                ),
                "target": gettext_noop(
                    "%(who)s played Sugar Shock on one of your meals! It went onto the discard pile."
                ),
            },
            who=seat_ref(seat),
            target=seat_ref(target),
        )
        events = [event(text, card=card_id, target=target, cards=list(meal))]
        drawn = []
        for _ in range(len(meal)):
            if not state["stock"]:
                if not state["discard"]:
                    break
                events += self._turn_over_discard_pile(state, None)
            drawn.append(state["stock"].pop(0))
        state["hands"][target].extend(drawn)
        text = msg(
            ngettext_noop(
                "%(who)s drew %(n)s card from the stock.", "%(who)s drew %(n)s cards from the stock."
            ),
            who=seat_ref(target),
            n=len(drawn),
        )
        events.append(event(text, to=self._others(state, target)))
        if drawn:
            text = msg(gettext_noop("You drew %(cards)s."), cards=cards_ref(drawn))
        else:
            text = msg(gettext_noop("You drew nothing."))
        events.append(event(text, to=[target], cards=drawn))
        events += self._check_winner(state, seat)
        return events

    # ----- how it ends -----------------------------------------------------------------------

    def _check_winner(self, state: State, seat: int) -> list[dict]:
        if state["hands"][seat] or state["plates"][seat] or len(state["meals"][seat]) < 2:
            return []
        state["result"] = {
            "winners": [seat],
            "scores": [len(meals) for meals in state["meals"]],
            "reason": msg(
                gettext_noop("%(who)s laid down every card after making two balanced meals."),
                you=gettext_noop("You laid down every card after making two balanced meals."),
                who=seat_ref(seat),
            ),
        }
        text = msg(
            gettext_noop("%(who)s won: no cards left and two balanced meals on the table!"),
            you=gettext_noop("You won: no cards left and two balanced meals on the table!"),
            who=seat_ref(seat),
        )
        return [event(text, winners=[seat])]

    def _check_drawn_game(self, state: State) -> list[dict]:
        """No winner: the stock ran out for good, or the table played its turn limit."""
        if state["turns_played"] >= self.option(state, "turn_limit"):
            reason = msg(
                gettext_noop("The table played %(n)s turns without a winner, so the game is a draw."),
                n=state["turns_played"],
            )
        elif not state["stock"] and (
            not state["discard"] or state["turnovers"] >= self.option(state, "turnovers")
        ):
            reason = msg(gettext_noop("The stock ran out for good, so the game is a draw."))
        else:
            return []
        state["result"] = {
            "winners": [],
            "scores": [len(meals) for meals in state["meals"]],
            "reason": reason,
        }
        return [event(reason, winners=[])]

    def all_cards(self, state: State) -> list[str]:
        cards = list(state["stock"]) + list(state["discard"])
        for seat in range(state["seats"]):
            cards += state["hands"][seat] + state["plates"][seat]
            cards += [c for meal in state["meals"][seat] for c in meal]
        return cards

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["stock"])
        for other in range(state["seats"]):
            if other != seat:
                hidden.update(state["hands"][other])
                hidden.update(state["plates"][other])
        return hidden

    # ----- small helpers ---------------------------------------------------------------------

    def _others(self, state: State, seat: int) -> list[int]:
        return [s for s in range(state["seats"]) if s != seat]


BUILD_A_MEAL = BuildAMeal(
    slug="build-a-meal",
    score_unit="meals",
    name=gettext_noop("Build-A-Meal"),
    title=gettext_noop(
        "Build-A-Meal: make two balanced meals, then be the first to get rid of all your cards."
    ),
    min_seats=2,
    max_seats=4,
    options=(
        Option(
            name="turnovers",
            label=gettext_noop("Times the discard pile can be turned over"),
            help=gettext_noop("When the stock runs out after that, nobody wins."),
            default=3,
            minimum=1,
            maximum=10,
        ),
        Option(
            name="turn_limit",
            label=gettext_noop("Turns in all before the game is a draw"),
            help=gettext_noop("Counts every player's turns together."),
            default=200,
            minimum=20,
            maximum=1000,
        ),
    ),
    action_words={
        "plate": gettext_noop("Put %(card)s on your plate"),
        "unplate": gettext_noop("Take back %(card)s"),
        "serve": gettext_noop("Serve this meal"),
        "discard": gettext_noop("Discard %(card)s"),
        "turn_over": gettext_noop("Turn the discard pile over"),
    },
    action_fields={
        "draw": {"from": str},
        "turn_over": {},
        "plate": {"card": str},
        "unplate": {"card": str},
        "serve": {},
        "add": {"card": str, "meal": int},
        "discard": {"card": str},
        "sugar_shock": {"card": str, "target": int, "meal": int},
    },
    quick_options={"turn_limit": 20},
)

GAMES = (BUILD_A_MEAL,)
