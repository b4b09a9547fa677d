"""Appetite: play meal cards to reach the Appetite exactly, and fill your score sheet.

The rules, in the order a player meets them:

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

from games.engines import register
from games.engines.base import Action, Engine, Event, IllegalAction, Option, State, event

SUITS = ("breakfast", "lunch", "dinner", "dessert")
SUIT_NAME = {"breakfast": "Breakfast", "lunch": "Lunch", "dinner": "Dinner", "dessert": "Dessert"}
SUIT_PLURAL = {"breakfast": "Breakfasts", "lunch": "Lunches", "dinner": "Dinners", "dessert": "Desserts"}
ROUNDS_PER_HAND = 4
APPETITE_STEP = 10
ICONS_PER_DESSERT_BOX = 4
DESSERT_BOX_POINTS = 30
COLUMNS_TO_END = 2
REDEAL_SUIT_COUNT = 4


def card_label(card: dict) -> str:
    """ "6 of Lunches": our own label (the deck's names are not always plural-correct)."""
    return f"{card['number']} of {SUIT_PLURAL[card['suit']]}"


def who(seat: int) -> str:
    """The placeholder the web layer turns into a nickname (or "You")."""
    return "{s" + str(seat) + "}"


def hand_size(seats: int) -> int:
    return 5 if seats == 2 else 4


def empty_sheet() -> dict:
    return {"breakfast": [], "lunch": [], "dinner": [], "dessert": [], "icons": 0}


def sheet_points(sheet: dict) -> int:
    return sum(sum(sheet[suit]) for suit in SUITS)


def full_columns(sheet: dict, boxes: int) -> list[str]:
    return [suit for suit in SUITS if len(sheet[suit]) >= boxes]


class AppetiteEngine(Engine):
    def __init__(self) -> None:
        super().__init__(
            slug="appetite",
            title="Play meal cards to hit the Appetite exactly and fill two score columns first.",
            min_seats=2,
            max_seats=4,
            deck_slug="appetite",
            options=(
                Option(
                    "boxes",
                    "Boxes in each score column",
                    4,
                    minimum=2,
                    maximum=6,
                    help="Fill two columns and the game ends. Fewer boxes make a shorter game.",
                ),
                Option(
                    "max_hands",
                    "Most hands before the game stops",
                    20,
                    minimum=1,
                    maximum=60,
                    help="If nobody has filled two columns by then, the highest total wins.",
                ),
            ),
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
        events = [
            event(
                f"{who(state['dealer'])} dealt hand {state['hand_number']}.",
                kind="deal",
                hand_number=state["hand_number"],
            )
        ]
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
        names = ", ".join(card_label(self.card(state, c)) for c in old)
        return [
            event(
                f"{who(seat)} showed a hand of {names}, put it under the deck and got a new hand.",
                kind="redeal",
                seat=seat,
                cards=list(old),
            )
        ]

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

    def appetite(self, state: State) -> int:
        return state["round"] * APPETITE_STEP

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
            raise IllegalAction("First choose: keep your hand, or show it and get a new one.")
        if kind in ("redeal", "keep"):
            raise IllegalAction("You can only swap your hand right after the deal.")
        if kind == "pass" and self._must_play(state):
            if self._playable(state, seat):
                raise IllegalAction("At the start of a round you must play a card.")
            raise IllegalAction('None of your cards fit, so say "I can\'t play".')
        if kind == "cant_play":
            if not self._must_play(state):
                raise IllegalAction("You can pass instead.")
            raise IllegalAction("You have a card that fits, so you must play it.")
        if kind == "play":
            card_id = move.get("card")
            if card_id not in state["hands"][seat]:
                raise IllegalAction("You don't have that card.")
            card = self.card(state, card_id)
            if self._suit_repeats(state, card):
                suit = SUIT_NAME[card["suit"]]
                raise IllegalAction(f"You can't play a {suit} right after a {suit}.")
            if self._overfills(state, card):
                raise IllegalAction(
                    f"That card would make the Total {state['total'] + card['number']}, "
                    f"more than the Appetite of {self.appetite(state)}."
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
            else [event(f"{who(seat)} kept their hand.", kind="keep", seat=seat)]
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
        events = [
            event(
                f"{who(seat)} played the {card_label(card)}. The Total is {state['total']}.",
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
        events = [event(f"{who(seat)} passed.", kind="pass", seat=seat)]
        if state["passes"] >= state["seats"]:  # everyone, the last player too, passed in a row
            last = state["table"][-1]
            return events + self._score_round(state, last["seat"], last["card"], satisfied=False)
        state["turn"] = (seat + 1) % state["seats"]
        return events

    def _cant_play(self, state: State, seat: int) -> list[Event]:
        state["cant_play_count"] += 1
        events = [event(f"{who(seat)} couldn't play.", kind="cant_play", seat=seat)]
        if state["cant_play_count"] >= state["seats"]:
            events.append(event("Nobody could play, so the hand ended.", kind="hand_over"))
            return events + self._end_hand(state)
        state["turn"] = (seat + 1) % state["seats"]
        return events

    # ----- scoring ---------------------------------------------------------------------------

    def _score_round(self, state: State, scorer: int, card_id: str, *, satisfied: bool) -> list[Event]:
        """Write the Total (or a Dessert icon) for the scorer, then start the next round."""
        card = self.card(state, card_id)
        sheet = state["sheets"][scorer]
        boxes = self.option(state, "boxes")
        total = state["total"]
        suit = card["suit"]
        how = f"satisfied the Appetite of {total}" if satisfied else f"played the last card, at {total}"
        if suit == "dessert":
            icons = 1 + (1 if satisfied else 0)
            plural = "s" if icons > 1 else ""
            text = f"{who(scorer)} {how} with a Dessert and marked {icons} Dessert icon{plural}."
        else:
            icons = 1 if satisfied else 0
            if len(sheet[suit]) < boxes:
                sheet[suit].append(total)
                text = f"{who(scorer)} {how} and wrote {total} in the {SUIT_NAME[suit]} column."
            else:
                text = f"{who(scorer)} {how}, but the {SUIT_NAME[suit]} column is full, so it scored nothing."
            if satisfied:
                text += " They also marked a bonus Dessert icon."
        events = [event(text, kind="score", seat=scorer, points=total, suit=suit, satisfied=satisfied)]
        events += self._mark_dessert_icons(state, scorer, icons)
        state["last_score"] = {"seat": scorer, "total": total, "suit": suit, "satisfied": satisfied}
        if self._game_over_by_columns(state, scorer):
            return events + self._finish(state, f"{who(scorer)} filled two columns.")
        if satisfied:
            state["cleared"].extend(entry["card"] for entry in state["table"])
            state["table"] = []
        if state["round"] >= ROUNDS_PER_HAND:
            events.append(event("Round 4 was scored, so the hand ended.", kind="hand_over"))
            return events + self._end_hand(state)
        state["round"] += 1
        state["turn"] = (scorer + 1) % state["seats"]
        state["must_play"] = True
        state["passes"] = 0
        state["cant_play_count"] = 0
        events.append(
            event(
                f"Round {state['round']} began: the Appetite is now {self.appetite(state)}.",
                kind="round",
                round=state["round"],
            )
        )
        return events

    def _mark_dessert_icons(self, state: State, seat: int, icons: int) -> list[Event]:
        """Every fourth icon writes 30 in the Dessert column (if it has a free box)."""
        sheet = state["sheets"][seat]
        boxes = self.option(state, "boxes")
        events = []
        sheet["icons"] += icons
        while sheet["icons"] >= ICONS_PER_DESSERT_BOX and len(sheet["dessert"]) < boxes:
            sheet["icons"] -= ICONS_PER_DESSERT_BOX
            sheet["dessert"].append(DESSERT_BOX_POINTS)
            events.append(
                event(
                    f"{who(seat)} had four Dessert icons and wrote 30 in the Dessert column.",
                    kind="dessert_box",
                    seat=seat,
                )
            )
        if len(sheet["dessert"]) >= boxes:
            sheet["icons"] = min(sheet["icons"], ICONS_PER_DESSERT_BOX - 1)
        return events

    def _game_over_by_columns(self, state: State, seat: int) -> bool:
        return len(full_columns(state["sheets"][seat], self.option(state, "boxes"))) >= COLUMNS_TO_END

    def _end_hand(self, state: State) -> list[Event]:
        if state["hand_number"] >= self.option(state, "max_hands"):
            return self._finish(state, f"The game reached its limit of {state['hand_number']} hands.")
        return self._deal_hand(state, shuffle=True)

    def _finish(self, state: State, reason: str) -> list[Event]:
        scores = [sheet_points(sheet) for sheet in state["sheets"]]
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        state["result"] = {"winners": winners, "scores": scores, "reason": reason}
        names = " and ".join(who(seat) for seat in winners)
        return [event(f"{reason} {names} won with {best} points.", kind="game_over", winners=winners)]

    # ----- what each seat sees ---------------------------------------------------------------

    def _card_info(self, state: State, card_id: str) -> dict:
        card = self.card(state, card_id)
        return {"id": card_id, "suit": card["suit"], "number": card["number"], "label": card_label(card)}

    def _status(self, state: State) -> str:
        if state.get("result"):
            return "The game is over. " + state["result"]["reason"]
        head = (
            f"Hand {state['hand_number']}, round {state['round']}: "
            f"the Appetite is {self.appetite(state)} and the Total is {state['total']}."
        )
        turn = who(state["turn"])
        if state["phase"] == "redeal":
            return f"{head} {turn} may swap a hand of one suit."
        if self._must_play(state):
            return f"{head} {turn} must play a card."
        return f"{head} {turn} plays a card or passes."

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


ENGINE = register(AppetiteEngine())
