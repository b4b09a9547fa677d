"""Snack Attack! (Eat Right cards): eat the most good snacks.

What a seat sees (its view, zones and buttons' words) is in games.engines.snack_attack_view.

The rules, in the order a player meets them:

1. The cards: only the 26 fruit, veggie, junk and exercise cards play. They are mixed and laid
   face down in the middle: the store. Nobody gets cards at the start. The first seat plays
   first, then play goes clockwise (seat 0, 1, 2...).
2. Your first move is always going shopping (`_must_shop_first`).
3. On your turn you do exactly one thing:
   - Go shopping (`_go_shopping`): pick two face-down cards from the store, one at a time
     ("shop" with the spot you pick). With one card left in the store you get just that one.
   - Eat a snack (`_eat`): put a card from your hand face up in front of you.
   - Return a snack (`_return_snack`): choose the card from your hand to put back ("return"),
     then pick a new face-down card from the store ("pick"); only then does your card go in,
     so you cannot pick up the card you are putting back. The store is mixed again, so nobody
     knows where the returned card went.
   - Yell "Snack Attack!" (`_snack_attack`), only with 2 or more cards in hand: your whole hand
     goes back into the store, the store is mixed, and every other player, going clockwise
     from your left, draws one card from it and must eat it at once (this counts as their
     shopping). When the store runs dry, the players still waiting draw nothing.
4. When the store is empty you must eat from your hand. With an empty hand and one last card
   in the store, you must eat that card (`_must_eat_last_card`). A player with no cards and an
   empty store is skipped.
5. Special cards, as they are eaten:
   - Sugar Shock (`_eat_sugar_shock`): everything you have eaten leaves the game, and so does
     Sugar Shock. If you already ate Exhilarating Exercise, you lose only that Exercise card
     instead, and Sugar Shock leaves the game with it (both are used up).
   - Exhilarating Exercise (`_eat_exercise`): every junk card you have already eaten leaves
     the game. The Exercise card stays in front of you (it will shield you from Sugar Shock).
   - Broccoli or Spinach (`_eat_broccoli_or_spinach`): one junk card you have already eaten
     leaves the game. All junk counts the same at the end, so the game takes the earliest one.
6. The end (`_all_snacks_eaten`): when the store and every hand are empty.
7. Scoring (`_score`): every junk card you ate cancels one of your good (fruit or veggie)
   snacks; you cannot go below zero. Exercise cards count for nothing. Most points wins.
8. Ties (`_break_tie`, option `ties`): by the book the tied players play a new game on their
   own (everyone else watches) and its winner wins; after three tied tie-breakers in a row the
   tied players share the win. The table can instead choose to share the win at once.
"""

from __future__ import annotations

from games.engines.base import Action, Event, IllegalAction, Option, State, event
from games.engines.messages import (
    Message,
    card_ref,
    gettext_noop,
    msg,
    ngettext_noop,
    seat_ref,
    seats_ref,
)
from games.engines.snack_attack_view import SnackAttackView

SNACK_CATEGORIES = {"fruit", "veggie", "junk", "exercise"}
# The rule book's store: exactly this many fruit, veggie, junk and exercise cards. The engine plays
# any number (its tests use small decks); a teacher's own deck is held to the book (decks.needs).
BOOK_DECK_SIZE = 26
GOOD_CATEGORIES = {"fruit", "veggie"}
MAX_TIE_BREAKS = 3


# Why you can't do that before your first shopping trip, for each kind of move.
SHOP_FIRST = {
    "eat": gettext_noop("You must go shopping before you can eat a snack."),
    "return": gettext_noop("You must go shopping before you can return a snack."),
    "snack_attack": gettext_noop("You must go shopping before you can yell Snack Attack!"),
}


class SnackAttackEngine(SnackAttackView):
    # ----- the cards and the deal ------------------------------------------------------------

    def deck_for(self, state: State, records: list[dict]) -> list[dict]:
        return [
            c
            for c in records
            if c.get("in_play", True) and c.get("snack_attack", c.get("category") in SNACK_CATEGORIES)
        ]

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state["playing"] = list(range(seats))
        state["tie_breaks"] = 0
        state["first_game_scores"] = None
        state["result"] = None
        self._lay_out_store(state, order)

    def _lay_out_store(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state["store"] = list(order)  # face down; the order is secret
        state["hands"] = [[] for _ in range(seats)]
        state["eaten"] = [[] for _ in range(seats)]
        state["removed"] = []  # left the game, face up
        state["shopped"] = [False] * seats
        state["picks_left"] = 0  # the second pick of a shopping trip
        state["returning"] = None  # the hand card chosen to go back, until its swap is picked
        state["turn"] = state["playing"][0]

    # ----- card facts ------------------------------------------------------------------------

    def _kind(self, state: State, card_id: str) -> str:
        """good, junk, sugar_shock or exercise."""
        card = self.card(state, card_id)
        if card.get("special") == "sugar-shock":
            return "sugar_shock"
        if card.get("special") == "exercise" or card.get("category") == "exercise":
            return "exercise"
        return "good" if card.get("category") in GOOD_CATEGORIES else "junk"

    def _name(self, state: State, card_id: str) -> str:
        return self.card(state, card_id)["name"]

    # ----- whose move, and what they may do -----------------------------------------------------

    def _to_move(self, state: State) -> set[int | None]:
        return {state["turn"]}

    def _must_eat_last_card(self, state: State, seat: int) -> bool:
        return not state["hands"][seat] and len(state["store"]) == 1

    def _must_shop_first(self, state: State, seat: int) -> bool:
        return not state["shopped"][seat]

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat is None or seat != state["turn"]:
            return []
        store = range(len(state["store"]))
        hand = state["hands"][seat]
        shop = [{"type": "shop", "spot": spot} for spot in store]
        if state["picks_left"]:
            return shop
        if state["returning"] is not None:
            return [{"type": "pick", "spot": spot} for spot in store]
        if self._must_eat_last_card(state, seat):
            return [{"type": "eat_last"}]
        if not state["store"]:
            return [{"type": "eat", "card": card} for card in hand]
        if self._must_shop_first(state, seat):
            return shop
        actions: list[Action] = [{"type": "eat", "card": card} for card in hand]
        actions += [{"type": "return", "card": card} for card in hand]
        if len(hand) >= 2:
            actions.append({"type": "snack_attack"})
        return actions + shop

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        kind = move.get("type")
        if seat is None:
            return
        if state["picks_left"] and kind != "shop":
            raise IllegalAction(
                gettext_noop("Pick your second card from the store first."), code="finish_shopping"
            )
        if state["returning"] is not None and kind != "pick":
            raise IllegalAction(
                gettext_noop("Pick the store card you want to swap for."), code="finish_return"
            )
        if self._must_eat_last_card(state, seat) and kind != "eat_last":
            raise IllegalAction(
                gettext_noop(
                    "Your hand is empty and only one snack is left in the store, so you must eat it."
                ),
                code="must_eat_last",
            )
        if not state["store"] and kind in {"shop", "return", "snack_attack"}:
            raise IllegalAction(
                gettext_noop("The store is empty, so you must eat a snack from your hand."),
                code="must_eat_from_hand",
            )
        if self._must_shop_first(state, seat) and kind in SHOP_FIRST:
            raise IllegalAction(SHOP_FIRST[kind], code="must_shop_first")
        if kind == "snack_attack" and len(state["hands"][seat]) < 2:
            raise IllegalAction(
                gettext_noop("You need at least 2 cards to yell Snack Attack!"), code="snack_attack_needs_two"
            )
        if kind in {"eat", "return"} and move.get("card") not in state["hands"][seat]:
            raise IllegalAction(gettext_noop("That snack isn't in your hand."), code="not_in_hand")
        if kind in {"shop", "pick"}:
            raise IllegalAction(
                gettext_noop("Pick one of the face-down cards in the store."), code="bad_spot"
            )

    # ----- playing ---------------------------------------------------------------------------

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        kind = move["type"]
        if kind == "shop":
            events = self._go_shopping(state, seat, move["spot"])
            if state["picks_left"]:
                return events
        elif kind == "eat":
            state["hands"][seat].remove(move["card"])
            events = self._eat(state, seat, move["card"])
        elif kind == "eat_last":
            events = self._eat(state, seat, state["store"].pop())
        elif kind == "return":
            state["returning"] = move["card"]
            text = msg(
                gettext_noop("%(who)s is swapping a snack with the store."),
                you=gettext_noop("You are swapping a snack with the store."),
                who=seat_ref(seat),
            )
            return [event(text, seat=seat)]
        elif kind == "pick":
            events = self._return_snack(state, seat, move["spot"])
        else:
            events = self._snack_attack(state, seat)
        return events + self._end_turn(state)

    def _go_shopping(self, state: State, seat: int, spot: int) -> list[Event]:
        """One pick of a shopping trip; a trip is two picks (or one, if only one card is left)."""
        card = state["store"].pop(spot)
        state["hands"][seat].append(card)
        state["shopped"][seat] = True
        first_pick = not state["picks_left"]
        state["picks_left"] = 1 if first_pick and state["store"] else 0
        events = [
            event(msg(gettext_noop("You picked up %(card)s from the store."), card=card_ref(card)), to=[seat])
        ]
        if not state["picks_left"]:
            if first_pick:
                text = msg(
                    gettext_noop("%(who)s went shopping and picked up a card."),
                    you=gettext_noop("You went shopping and picked up a card."),
                    who=seat_ref(seat),
                )
            else:
                text = msg(
                    gettext_noop("%(who)s went shopping and picked up two cards."),
                    you=gettext_noop("You went shopping and picked up two cards."),
                    who=seat_ref(seat),
                )
            events.append(event(text, seat=seat))
        return events

    def _return_snack(self, state: State, seat: int, spot: int) -> list[Event]:
        """Swap a hand card with a store card; the store is mixed so the returned card is lost."""
        card = state["returning"]
        state["returning"] = None
        new_card = state["store"].pop(spot)
        state["hands"][seat].remove(card)
        state["hands"][seat].append(new_card)
        state["store"].append(card)
        self.rng(state).shuffle(state["store"])
        swapped = msg(
            gettext_noop("%(who)s swapped a snack with the store."),
            you=gettext_noop("You swapped a snack with the store."),
            who=seat_ref(seat),
        )
        return [
            event(
                msg(
                    gettext_noop("You put %(old)s back and picked up %(new)s."),
                    old=card_ref(card),
                    new=card_ref(new_card),
                ),
                to=[seat],
            ),
            event(swapped, seat=seat),
        ]

    def _snack_attack(self, state: State, seat: int) -> list[Event]:
        """The whole hand goes back; every other player draws one card and must eat it."""
        returned = state["hands"][seat]
        state["hands"][seat] = []
        state["store"] += returned
        self.rng(state).shuffle(state["store"])
        text = msg(
            gettext_noop("%(who)s yelled Snack Attack! and put %(n)s cards back."),
            you=gettext_noop("You yelled Snack Attack! and put %(n)s cards back."),
            who=seat_ref(seat),
            n=len(returned),
        )
        events = [event(text, seat=seat)]
        playing = state["playing"]
        start = playing.index(seat)
        for victim in playing[start + 1 :] + playing[:start]:
            if not state["store"]:
                text = msg(
                    gettext_noop("The store was empty, so %(who)s had nothing to eat."),
                    you={"who": gettext_noop("The store was empty, so you had nothing to eat.")},
                    who=seat_ref(victim),
                )
                events.append(event(text))
                continue
            state["shopped"][victim] = True
            events += self._eat(state, victim, state["store"].pop(0), forced=True)
        return events

    def _eat(self, state: State, seat: int, card: str, *, forced: bool = False) -> list[Event]:
        if forced:
            text = msg(
                gettext_noop("%(who)s had to eat %(card)s."),
                you=gettext_noop("You had to eat %(card)s."),
                who=seat_ref(seat),
                card=card_ref(card),
            )
        else:
            text = msg(
                gettext_noop("%(who)s ate %(card)s."),
                you=gettext_noop("You ate %(card)s."),
                who=seat_ref(seat),
                card=card_ref(card),
            )
        events = [event(text, seat=seat, card=card)]
        kind = self._kind(state, card)
        if kind == "sugar_shock":
            return events + self._eat_sugar_shock(state, seat, card)
        state["eaten"][seat].append(card)
        if kind == "exercise":
            events += self._eat_exercise(state, seat)
        elif self.card(state, card).get("special") in {"broccoli", "spinach"}:
            events += self._eat_broccoli_or_spinach(state, seat)
        return events

    def _eat_sugar_shock(self, state: State, seat: int, sugar_shock: str) -> list[Event]:
        eaten = state["eaten"][seat]
        shield = next((c for c in eaten if self._kind(state, c) == "exercise"), None)
        if shield is not None:
            eaten.remove(shield)
            state["removed"] += [shield, sugar_shock]
            text = msg(
                gettext_noop(
                    "Exercise saved %(who)s's snacks from Sugar Shock, but the Exercise card is gone."
                ),
                you=gettext_noop(
                    "Exercise saved your snacks from Sugar Shock, but the Exercise card is gone."
                ),
                who=seat_ref(seat),
            )
            return [event(text, seat=seat)]
        state["removed"] += [*eaten, sugar_shock]
        lost = len(eaten)
        state["eaten"][seat] = []
        text = msg(
            ngettext_noop(
                "Sugar Shock! %(who)s lost %(n)s eaten snack.",
                "Sugar Shock! %(who)s lost all %(n)s eaten snacks.",
            ),
            you=ngettext_noop(
                "Sugar Shock! You lost %(n)s eaten snack.", "Sugar Shock! You lost all %(n)s eaten snacks."
            ),
            who=seat_ref(seat),
            n=lost,
        )
        return [event(text, seat=seat, lost=lost)]

    def _eat_exercise(self, state: State, seat: int) -> list[Event]:
        junk = [c for c in state["eaten"][seat] if self._kind(state, c) == "junk"]
        if not junk:
            return []
        state["eaten"][seat] = [c for c in state["eaten"][seat] if c not in junk]
        state["removed"] += junk
        text = msg(
            ngettext_noop(
                "Exercise took %(who)s's %(n)s junk card out of the game.",
                "Exercise took %(who)s's %(n)s junk cards out of the game.",
            ),
            you=ngettext_noop(
                "Exercise took your %(n)s junk card out of the game.",
                "Exercise took your %(n)s junk cards out of the game.",
            ),
            who=seat_ref(seat),
            n=len(junk),
        )
        return [event(text, seat=seat)]

    def _eat_broccoli_or_spinach(self, state: State, seat: int) -> list[Event]:
        junk = next((c for c in state["eaten"][seat] if self._kind(state, c) == "junk"), None)
        if junk is None:
            return []
        state["eaten"][seat].remove(junk)
        state["removed"].append(junk)
        text = msg(
            gettext_noop("%(who)s's greens took %(card)s out of the game."),
            you=gettext_noop("Your greens took %(card)s out of the game."),
            who=seat_ref(seat),
            card=card_ref(junk),
        )
        return [event(text, seat=seat)]

    def _end_turn(self, state: State) -> list[Event]:
        if self._all_snacks_eaten(state):
            return self._score(state)
        playing = state["playing"]
        start = playing.index(state["turn"])
        for step in range(1, len(playing) + 1):
            seat = playing[(start + step) % len(playing)]
            if state["hands"][seat] or state["store"]:
                state["turn"] = seat
                return []
        raise AssertionError("unreachable: someone holds a card or the store has one")

    def _all_snacks_eaten(self, state: State) -> bool:
        return not state["store"] and not any(state["hands"][seat] for seat in state["playing"])

    # ----- the end ---------------------------------------------------------------------------

    def _points(self, state: State, seat: int) -> int:
        kinds = [self._kind(state, c) for c in state["eaten"][seat]]
        return max(0, kinds.count("good") - kinds.count("junk"))

    def _score(self, state: State) -> list[Event]:
        scores = [
            self._points(state, seat) if seat in state["playing"] else 0 for seat in range(state["seats"])
        ]
        if state["first_game_scores"] is None:
            state["first_game_scores"] = scores
        best = max(scores[seat] for seat in state["playing"])
        leaders = [seat for seat in state["playing"] if scores[seat] == best]
        if (
            len(leaders) > 1
            and self.option(state, "ties") == "play_again"
            and state["tie_breaks"] < MAX_TIE_BREAKS
        ):
            return self._break_tie(state, leaders)
        reason = _leaders_text(leaders, best, tie_breaks=state["tie_breaks"])
        state["result"] = {"winners": leaders, "scores": state["first_game_scores"], "reason": reason}
        return [event(reason)]

    def _break_tie(self, state: State, tied: list[int]) -> list[Event]:
        """The tied players play a new game on their own, with every card back in the store."""
        cards = state["store"] + state["removed"]
        for seat in range(state["seats"]):
            cards += state["hands"][seat] + state["eaten"][seat]
        state["tie_breaks"] += 1
        state["playing"] = tied
        self.rng(state).shuffle(cards)
        self._lay_out_store(state, cards)
        text = msg(
            gettext_noop("%(who)s tied, so they play a tie-breaker!"),
            you=gettext_noop("You and %(who)s tied, so you play a tie-breaker!"),
            who=seats_ref(tied),
        )
        return [event(text, tie=tied)]

    # ----- for the conformance suite ---------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        cards = state["store"] + state["removed"]
        for seat in range(state["seats"]):
            cards += state["hands"][seat] + state["eaten"][seat]
        return cards

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        hidden = set(state["store"])
        for other in range(state["seats"]):
            if other != seat:
                hidden.update(state["hands"][other])
        return hidden


def _leaders_text(leaders: list[int], best: int, *, tie_breaks: int) -> Message:
    """Who won (or shared the win), and how."""
    if len(leaders) == 1:
        if tie_breaks:
            return msg(
                gettext_noop("%(who)s won the tie-breaker."),
                you=gettext_noop("You won the tie-breaker."),
                who=seat_ref(leaders[0]),
            )
        return msg(
            gettext_noop("%(who)s ate the most good snacks (%(n)s)."),
            you=gettext_noop("You ate the most good snacks (%(n)s)."),
            who=seat_ref(leaders[0]),
            n=best,
        )
    if tie_breaks:
        return msg(
            gettext_noop("%(who)s were still tied."),
            you=gettext_noop("You and %(who)s were still tied."),
            who=seats_ref(leaders),
        )
    return msg(
        gettext_noop("%(who)s ate the most good snacks (%(n)s)."),
        you=gettext_noop("You and %(who)s ate the most good snacks (%(n)s)."),
        who=seats_ref(leaders),
        n=best,
    )


SNACK_ATTACK = SnackAttackEngine(
    slug="snack-attack",
    name=gettext_noop("Snack Attack!"),
    title=gettext_noop("Shop for snacks, eat the good ones, dodge the junk and yell Snack Attack!"),
    min_seats=2,
    max_seats=8,
    deck_slug="eat-right",
    options=(
        Option(
            "ties",
            gettext_noop("When players tie"),
            "play_again",
            choices=(
                ("play_again", gettext_noop("The tied players play again to break the tie")),
                ("share", gettext_noop("The tied players share the win")),
            ),
        ),
    ),
    action_words={
        "eat": gettext_noop("Eat %(card)s"),
        "return": gettext_noop("Put back %(card)s"),
        "eat_last": gettext_noop("Eat the last card in the store"),
        "snack_attack": gettext_noop("Yell Snack Attack!"),
    },
    action_fields={
        "shop": {"spot": int},
        "pick": {"spot": int},
        "eat": {"card": str},
        "return": {"card": str},
        "eat_last": {},
        "snack_attack": {},
    },
)

GAMES = (SNACK_ATTACK,)
