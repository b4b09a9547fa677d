"""Appetite: play meal cards to reach the Appetite exactly, and fill your score sheet.

The rules, in the order a player meets them (scoring, rules 7 to 9, is in
games.engines.appetite_scoring):

1. The deck has four suits: Breakfasts, Lunches, Dinners and Desserts, numbered 1 to 9 (with an
   extra 1 and 5 in the three meal suits, 42 cards). 2 to 4 players.
2. Dealing: the dealer gathers every card, shuffles and deals one card at a time, starting with the
   player on their left: 4 cards each (5 each with 2 players). The deal passes left every hand.
3. A player dealt four (or more) cards of one suit may, once per hand, show that hand, put it
   under the deck and get a new hand of the same size (`_redeal_hand`).
4. A hand has four rounds. The Appetite is 10 in round 1, then 20, 30 and 40. The Total is the
   sum of every card played this hand; it never goes back to zero during a hand.
5. On your turn play one card on the table or pass. A card may not be the same suit as the card
   just before it (`_suit_repeats`) and may not take the Total over the Appetite (`_overfills`).
6. The player who starts a round must play (`_must_play`). If they can't (no card fits), they say
   "I can't play" and the next player must play instead; if nobody can, the hand ends at once.
7. A round ends when someone scores (`_score_round`):
   - satisfying the Appetite: a card that makes the Total exactly the Appetite scores at once,
     plus a bonus Dessert icon; the cards on the table are then cleared away, so the next card
     may be any suit (the Total stays where it is);
   - everybody passing: when every player, one after the other, has passed since the last card,
     whoever played that last card scores the Total. The cards stay on the table.
   The player after the scorer starts the next round. After round 4 the hand ends.
8. Scoring writes the Total in a box of the scoring card's suit column. A Dessert card marks a
   Dessert icon instead; every four icons write 30 in the Dessert column (`_mark_dessert_icons`).
   A full column scores nothing more, though Dessert bonus icons still count.
9. The game ends the moment a player has filled two columns (`_game_over_by_columns`); the highest
   total of all boxes wins, and players who tie share the win.

Our choices where the printed rules are silent (also on the rules page): each column has
`boxes` boxes (default 4); every hand starts from all 42 cards shuffled again, so the deck cannot
run out (at most 16 cards dealt plus 16 re-dealt); a hand always ends after round 4 even if cards
are left in hands; and `max_hands` stops a very long game, with the highest total winning.
"""

from __future__ import annotations

from games.engines.appetite_scoring import (
    SUIT_NAME,
    SUITS,
    AppetiteScoring,
    card_label,
    empty_sheet,
    full_columns,
    sheet_points,
)
from games.engines.base import Action, Event, IllegalAction, Option, State, event
from games.engines.messages import Text, gettext_noop, msg, seat_ref
from games.engines.zones import fact, number, zone

REDEAL_SUIT_COUNT = 4


def hand_size(seats: int) -> int:
    return 5 if seats == 2 else 4


class AppetiteEngine(AppetiteScoring):
    def __init__(self) -> None:
        super().__init__(
            slug="appetite",
            name=gettext_noop("Appetite"),
            title=gettext_noop(
                "Play meal cards to hit the Appetite exactly and fill two score columns first."
            ),
            min_seats=2,
            max_seats=4,
            deck_slug="appetite",
            options=(
                Option(
                    "boxes",
                    gettext_noop("Boxes in each score column"),
                    4,
                    minimum=2,
                    maximum=6,
                    help=gettext_noop("Fill two columns and the game ends. Fewer boxes make a shorter game."),
                ),
                Option(
                    "max_hands",
                    gettext_noop("Most hands before the game stops"),
                    20,
                    minimum=1,
                    maximum=60,
                    help=gettext_noop("If nobody has filled two columns by then, the highest total wins."),
                ),
            ),
            action_words={
                "pass": gettext_noop("Pass"),
                "cant_play": gettext_noop("I can't play"),
                "redeal": gettext_noop("Show my hand and get a new one"),
                "keep": gettext_noop("Keep my hand"),
            },
            action_fields={"redeal": {}, "keep": {}, "play": {"card": str}, "pass": {}, "cant_play": {}},
            quick_options={"boxes": 2, "max_hands": 2},
        )

    # ----- setting up and dealing ------------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state.update(
            {
                "deck": order,
                "hands": [[] for _ in range(seats)],
                "table": [],  # [{"seat", "card"}], in the order played, still in the playing area
                "cleared": [],  # cards cleared away this hand after a satisfied Appetite
                "sheets": [empty_sheet() for _ in range(seats)],
                "dealer": seats - 1,  # so the first seat plays first
                "hand_number": 0,
                "total": 0,
                "round": 1,
                "turn": 0,
                "phase": "redeal",
                "redeal_queue": [],
                "redealt": [False] * seats,
                "revealed": [],  # [{"seat", "cards"}]: hands shown for a redeal this hand
                "must_play": True,
                "cant_play_count": 0,
                "passes": 0,
                "last_player": None,
                "last_score": None,
            }
        )
        self._deal_hand(state, shuffle=False)

    def _deal_hand(self, state: State, *, shuffle: bool) -> list[Event]:
        """Start a hand: gather every card, shuffle (not for the very first, stacked deal), deal."""
        seats = state["seats"]
        if shuffle:
            everything = state["deck"] + [c for hand in state["hands"] for c in hand]
            everything += [entry["card"] for entry in state["table"]] + state["cleared"]
            everything.sort()  # the order before shuffling must not depend on how the hand went
            self.rng(state).shuffle(everything)
            state["deck"] = everything
            state["dealer"] = (state["dealer"] + 1) % seats
        state["hand_number"] += 1
        state.update(
            {
                "hands": [[] for _ in range(seats)],
                "table": [],
                "cleared": [],
                "total": 0,
                "round": 1,
                "redealt": [False] * seats,
                "revealed": [],
                "passes": 0,
                "cant_play_count": 0,
                "must_play": True,
                "last_player": None,
            }
        )
        first = (state["dealer"] + 1) % seats
        for _ in range(hand_size(seats)):
            for offset in range(seats):
                state["hands"][(first + offset) % seats].append(state["deck"].pop(0))
        text = msg(
            gettext_noop("%(who)s dealt hand %(n)s."),
            you=gettext_noop("You dealt hand %(n)s."),
            who=seat_ref(state["dealer"]),
            n=state["hand_number"],
        )
        events = [event(text, kind="deal", hand_number=state["hand_number"])]
        state["redeal_queue"] = [
            (first + offset) % seats
            for offset in range(seats)
            if self._may_redeal(state, (first + offset) % seats)
        ]
        if state["redeal_queue"]:
            state["phase"] = "redeal"
            state["turn"] = state["redeal_queue"][0]
        else:
            self._start_play(state)
        return events

    def _may_redeal(self, state: State, seat: int) -> bool:
        """Four (or more) cards of one suit, and no redeal yet this hand."""
        if state["redealt"][seat]:
            return False
        suits = [self.card(state, c)["suit"] for c in state["hands"][seat]]
        return any(suits.count(suit) >= REDEAL_SUIT_COUNT for suit in SUITS)

    def _redeal_hand(self, state: State, seat: int) -> list[Event]:
        """Show the hand, put it under the deck and deal the same number of new cards."""
        old = state["hands"][seat]
        state["revealed"].append({"seat": seat, "cards": list(old)})
        state["deck"].extend(old)
        state["hands"][seat] = [state["deck"].pop(0) for _ in range(len(old))]
        state["redealt"][seat] = True
        for card_id in state["hands"][seat]:  # a revealed card dealt again is secret once more
            for shown in state["revealed"]:
                if card_id in shown["cards"]:
                    shown["cards"].remove(card_id)
        text = msg(
            gettext_noop("%(who)s showed a hand of %(cards)s, put it under the deck and got a new hand."),
            you=gettext_noop("You showed a hand of %(cards)s, put it under the deck and got a new hand."),
            who=seat_ref(seat),
            cards=[card_label(self.card(state, c)) for c in old],
        )
        return [event(text, kind="redeal", seat=seat, cards=list(old))]

    def _start_play(self, state: State) -> None:
        state["phase"] = "play"
        state["turn"] = (state["dealer"] + 1) % state["seats"]
        state["must_play"] = True

    # ----- the rules of a single card --------------------------------------------------------

    def _last_suit(self, state: State) -> str | None:
        return self.card(state, state["table"][-1]["card"])["suit"] if state["table"] else None

    def _suit_repeats(self, state: State, card: dict) -> bool:
        return card["suit"] == self._last_suit(state)

    def _overfills(self, state: State, card: dict) -> bool:
        return state["total"] + card["number"] > self.appetite(state)

    def _playable(self, state: State, seat: int) -> list[str]:
        return [
            c
            for c in state["hands"][seat]
            if not self._suit_repeats(state, self.card(state, c))
            and not self._overfills(state, self.card(state, c))
        ]

    def _must_play(self, state: State) -> bool:
        """The player who opens a round may not pass (nor may the next one after "I can't play")."""
        return state["must_play"]

    # ----- the contract ----------------------------------------------------------------------

    def _to_move(self, state: State) -> set[int | None]:
        return {state["turn"]}

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat != state["turn"]:
            return []
        if state["phase"] == "redeal":
            return [{"type": "redeal"}, {"type": "keep"}]
        actions: list[Action] = [{"type": "play", "card": c} for c in self._playable(state, seat)]
        if self._must_play(state):
            return actions or [{"type": "cant_play"}]
        return [*actions, {"type": "pass"}]

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        kind = move.get("type")
        if state["phase"] == "redeal":
            raise IllegalAction(gettext_noop("First choose: keep your hand, or show it and get a new one."))
        if kind in ("redeal", "keep"):
            raise IllegalAction(gettext_noop("You can only swap your hand right after the deal."))
        if kind == "pass" and self._must_play(state):
            if self._playable(state, seat):
                raise IllegalAction(gettext_noop("At the start of a round you must play a card."))
            raise IllegalAction(gettext_noop('None of your cards fit, so say "I can\'t play".'))
        if kind == "cant_play":
            if not self._must_play(state):
                raise IllegalAction(gettext_noop("You can pass instead."))
            raise IllegalAction(gettext_noop("You have a card that fits, so you must play it."))
        if kind == "play":
            card_id = move.get("card")
            if card_id not in state["hands"][seat]:
                raise IllegalAction(gettext_noop("You don't have that card."))
            card = self.card(state, card_id)
            if self._suit_repeats(state, card):
                raise IllegalAction(
                    msg(
                        gettext_noop("You can't play a %(suit)s right after a %(suit)s."),
                        suit=msg(SUIT_NAME[card["suit"]]),
                    )
                )
            if self._overfills(state, card):
                raise IllegalAction(
                    msg(
                        gettext_noop(
                            "That card would make the Total %(total)s, "
                            "more than the Appetite of %(appetite)s."
                        ),
                        total=state["total"] + card["number"],
                        appetite=self.appetite(state),
                    )
                )

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        kind = move["type"]
        if kind in ("redeal", "keep"):
            return self._decide_redeal(state, seat, redeal=kind == "redeal")
        if kind == "play":
            return self._play_card(state, seat, move["card"])
        if kind == "pass":
            return self._pass(state, seat)
        return self._cant_play(state, seat)

    def _decide_redeal(self, state: State, seat: int, *, redeal: bool) -> list[Event]:
        events = (
            self._redeal_hand(state, seat)
            if redeal
            else [
                event(
                    msg(
                        gettext_noop("%(who)s kept their hand."),
                        you=gettext_noop("You kept your hand."),
                        who=seat_ref(seat),
                    ),
                    kind="keep",
                    seat=seat,
                )
            ]
        )
        state["redeal_queue"].pop(0)
        if state["redeal_queue"]:
            state["turn"] = state["redeal_queue"][0]
        else:
            self._start_play(state)
        return events

    def _play_card(self, state: State, seat: int, card_id: str) -> list[Event]:
        card = self.card(state, card_id)
        state["hands"][seat].remove(card_id)
        state["table"].append({"seat": seat, "card": card_id})
        state["total"] += card["number"]
        state["last_player"] = seat
        state["passes"] = 0
        state["cant_play_count"] = 0
        state["must_play"] = False
        text = msg(
            gettext_noop("%(who)s played the %(card)s. The Total is %(total)s."),
            you=gettext_noop("You played the %(card)s. The Total is %(total)s."),
            who=seat_ref(seat),
            card=card_label(card),
            total=state["total"],
        )
        events = [
            event(
                text,
                kind="play",
                seat=seat,
                card=card_id,
                total=state["total"],
            )
        ]
        if state["total"] == self.appetite(state):
            return events + self._score_round(state, seat, card_id, satisfied=True)
        state["turn"] = (seat + 1) % state["seats"]
        return events

    def _pass(self, state: State, seat: int) -> list[Event]:
        state["passes"] += 1
        text = msg(gettext_noop("%(who)s passed."), you=gettext_noop("You passed."), who=seat_ref(seat))
        events = [event(text, kind="pass", seat=seat)]
        if state["passes"] >= state["seats"]:  # everyone, the last player too, passed in a row
            last = state["table"][-1]
            return events + self._score_round(state, last["seat"], last["card"], satisfied=False)
        state["turn"] = (seat + 1) % state["seats"]
        return events

    def _cant_play(self, state: State, seat: int) -> list[Event]:
        state["cant_play_count"] += 1
        text = msg(
            gettext_noop("%(who)s couldn't play."), you=gettext_noop("You couldn't play."), who=seat_ref(seat)
        )
        events = [event(text, kind="cant_play", seat=seat)]
        if state["cant_play_count"] >= state["seats"]:
            events.append(event(msg(gettext_noop("Nobody could play, so the hand ended.")), kind="hand_over"))
            return events + self._end_hand(state)
        state["turn"] = (seat + 1) % state["seats"]
        return events

    # ----- what each seat sees ---------------------------------------------------------------

    def _card_info(self, state: State, card_id: str) -> dict:
        card = self.card(state, card_id)
        return {"id": card_id, "suit": card["suit"], "number": card["number"], "label": card_label(card)}

    def _status(self, state: State) -> Text:
        if state.get("result"):
            return [msg(gettext_noop("The game is over.")), state["result"]["reason"]]
        head = msg(
            gettext_noop(
                "Hand %(hand)s, round %(round)s: the Appetite is %(appetite)s and the Total is %(total)s."
            ),
            hand=state["hand_number"],
            round=state["round"],
            appetite=self.appetite(state),
            total=state["total"],
        )
        turn = seat_ref(state["turn"])
        if state["phase"] == "redeal":
            then = msg(
                gettext_noop("%(who)s may swap a hand of one suit."),
                you=gettext_noop("You may swap a hand of one suit."),
                who=turn,
            )
        elif self._must_play(state):
            then = msg(
                gettext_noop("%(who)s must play a card."), you=gettext_noop("You must play a card."), who=turn
            )
        else:
            then = msg(
                gettext_noop("%(who)s plays a card or passes."),
                you=gettext_noop("You play a card or pass."),
                who=turn,
            )
        return [head, then]

    def _view(self, state: State, seat: int | None) -> dict:
        boxes = self.option(state, "boxes")
        sheets = [
            {
                **{suit: list(sheet[suit]) for suit in SUITS},
                "icons": sheet["icons"],
                "points": sheet_points(sheet),
                "full_columns": full_columns(sheet, boxes),
            }
            for sheet in state["sheets"]
        ]
        mine = state["hands"][seat] if seat is not None else []
        return {
            "zones": self._zones(state, seat),
            "numbers": [
                number(msg(gettext_noop("Points")), [sheet["points"] for sheet in sheets]),
                number(msg(gettext_noop("Dessert icons")), [sheet["icons"] for sheet in sheets]),
                number(msg(gettext_noop("Cards in hand")), [len(hand) for hand in state["hands"]]),
            ],
            "facts": [
                fact(msg(gettext_noop("Appetite")), self.appetite(state)),
                fact(msg(gettext_noop("Total")), state["total"]),
            ],
            "status": self._status(state),
            "phase": state["phase"],
            "turn": state["turn"],
            "dealer": state["dealer"],
            "hand_number": state["hand_number"],
            "round": state["round"],
            "appetite": self.appetite(state),
            "total": state["total"],
            "must_play": self._must_play(state),
            "passes": state["passes"],
            "last_player": state["last_player"],
            "last_card": self._card_info(state, state["table"][-1]["card"]) if state["table"] else None,
            "table": [{"seat": e["seat"], "card": self._card_info(state, e["card"])} for e in state["table"]],
            "cleared": [self._card_info(state, c) for c in state["cleared"]],
            "hand": [self._card_info(state, c) for c in mine],
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "deck_size": len(state["deck"]),
            "revealed": [
                {"seat": r["seat"], "cards": [self._card_info(state, c) for c in r["cards"]]}
                for r in state["revealed"]
            ],
            "sheets": sheets,
            "boxes": boxes,
            "last_score": state["last_score"],
        }

    def _zones(self, state: State, seat: int | None) -> list[dict]:
        zones = [
            zone(
                "table",
                msg(gettext_noop("Cards on the table")),
                cards=[dict(entry) for entry in state["table"]],
            ),
            zone("deck", msg(gettext_noop("Deck")), hidden=True, count=len(state["deck"])),
            zone("cleared", msg(gettext_noop("Cleared away")), cards=list(state["cleared"])),
        ]
        for player, hand in enumerate(state["hands"]):
            if player == seat:
                zones.append(
                    zone("hand", msg(gettext_noop("Hand")), owner=player, cards=hand, draw="fan", own=True)
                )
            else:
                zones.append(
                    zone("hand", msg(gettext_noop("Hand")), owner=player, hidden=True, count=len(hand))
                )
        for shown in state["revealed"]:
            zones.append(
                zone(
                    "shown",
                    msg(gettext_noop("Shown for a new hand")),
                    owner=shown["seat"],
                    cards=shown["cards"],
                )
            )
        return zones

    def action_text(self, state: State, action: Action) -> Text:
        if action.get("type") == "play" and action.get("card") in state["cards"]:
            return msg(gettext_noop("Play the %(card)s"), card=card_label(self.card(state, action["card"])))
        return super().action_text(state, action)

    # ----- for the conformance suite ---------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        return (
            list(state["deck"])
            + [c for hand in state["hands"] for c in hand]
            + [entry["card"] for entry in state["table"]]
            + list(state["cleared"])
        )

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        shown = {c for r in state["revealed"] for c in r["cards"]}
        hidden = {c for c in state["deck"] if c not in shown}
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                hidden.update(hand)
        return hidden


ENGINE = AppetiteEngine()

GAMES = (ENGINE,)
