"""Food War (Eat Right cards), with its Vitamin War and Calorie War variants.

The rules, in the order a player meets them:

1. Dealing: the whole deck is shuffled and dealt out one card at a time, starting with the first
   seat, so some players may hold one card more. Nobody looks at their cards: each player keeps
   a face-down stack.
2. A round: every player who still has cards turns up the top card of their stack. A player
   does this with the "flip" action; their card stays face down on the table until everyone in
   the round has flipped, then all of them are turned face up at the same moment
   (`_turn_up_cards`). So a slow player does not hold up the class, the table flips for them
   when the auto-flip timer runs out (a table action with "after_ms").
3. Comparing: the stat the table chose (option `stat`: overall value, vitamin power for
   "Vitamin War" or calories for "Calorie War") decides. The highest card wins every card in
   the middle; the winner puts them under their stack in the order they were turned up, wave
   by wave and by seat within a wave (`_win_pile`).
4. Ties (`_resolve_tie`): when two or more cards share the highest number, only those players
   turn up one more card each and compare again; the cards already in the middle wait for the
   winner. A tie can happen again and again. A tied player with no card left to turn up drops
   out of the tie; if only one tied player is left, they win the middle; if every tied player
   has run out at the same moment, a coin toss (the game's seeded random draw) picks which of
   them takes the middle (`_tied_players_ran_out`).
5. Out: a player with no cards left is out of the game.
6. The end: the game ends when one player holds every card. A classroom cannot wait that long,
   so the table may set a round limit (option `rounds`) and/or a time limit (option `minutes`:
   the table action "time_up" carries "clock_ms": the site's scheduler plays it when the match
   has run that long since the deal; its "after_ms" timer also fires if nobody moved that long).
   Then the player holding the most cards wins; cards still in the middle of an unfinished tie
   go back to the players who turned them up before counting; players with the same, highest
   count share the win (`_finish_by_count`).
"""

from __future__ import annotations

from games.engines.base import Action, Engine, Event, IllegalAction, Option, State, event
from games.engines.messages import Text, card_ref, gettext_noop, msg, ngettext_noop, seat_ref, seats_ref
from games.engines.zones import fact, number, zone

STAT_LABELS = {
    "value": gettext_noop("Overall Value"),
    "vitamin_power": gettext_noop("Vitamin Power"),
    "calories": gettext_noop("Calories"),
}


CALORIE_WAR_LESSON = msg(
    gettext_noop(
        "In Calorie War the most calories wins. In a real meal, more calories isn't better: "
        "your body needs just enough to play and grow."
    )
)


def _most_cards(winners: list[int], *, won: bool) -> Text:
    """ "Kim had the most cards (and won)", for one winner or several."""
    if len(winners) == 1:
        if won:
            return msg(
                gettext_noop("%(who)s had the most cards and won!"),
                you=gettext_noop("You had the most cards and won!"),
                who=seat_ref(winners[0]),
            )
        return msg(
            gettext_noop("%(who)s had the most cards."),
            you=gettext_noop("You had the most cards."),
            who=seat_ref(winners[0]),
        )
    if won:
        return msg(
            gettext_noop("%(who)s had the most cards and shared the win!"),
            you=gettext_noop("You and %(who)s had the most cards and shared the win!"),
            who=seats_ref(winners),
        )
    return msg(
        gettext_noop("%(who)s had the most cards."),
        you=gettext_noop("You and %(who)s had the most cards."),
        who=seats_ref(winners),
    )


class FoodWarEngine(Engine):
    # ----- setting up ------------------------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        state["stacks"] = [order[seat::seats] for seat in range(seats)]  # top card first
        state["battle"] = [seat for seat in range(seats) if state["stacks"][seat]]
        state["face_down"] = {}  # seat (as a string) -> the card it flipped this wave, not shown yet
        state["pile"] = []  # [{"seat", "card", "wave"}]: face-up cards waiting for a winner
        state["wave"] = 0
        state["wave_version"] = 0  # the version at which the current wave of flips began
        state["rounds_played"] = 0
        state["last_round"] = None
        state["result"] = None
        if len(state["battle"]) < 2:
            self._finish_by_count(state, msg(gettext_noop("Only one player had cards.")))

    # ----- whose move ------------------------------------------------------------------------

    def _waiting(self, state: State) -> list[int]:
        """Players in this wave who still have to flip."""
        return [seat for seat in state["battle"] if str(seat) not in state["face_down"]]

    def _to_move(self, state: State) -> set[int | None]:
        movers: set[int | None] = set(self._waiting(state))
        if self._table_actions(state):
            movers.add(None)
        return movers

    def _table_actions(self, state: State) -> list[Action]:
        actions: list[Action] = []
        auto_flip = self.option(state, "auto_flip_seconds")
        if auto_flip and self._waiting(state):
            actions.append({"type": "reveal", "after_ms": auto_flip * 1000})
        minutes = self.option(state, "minutes")
        if minutes:
            # The site sends this when the match's clock passes the limit. Its timer (listed
            # after the auto-flip) only fires by itself if the table sits idle that long.
            actions.append({"type": "time_up", "after_ms": minutes * 60_000, "clock_ms": minutes * 60_000})
        return actions

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat is None:
            return self._table_actions(state)
        return [{"type": "flip"}] if seat in self._waiting(state) else []

    def _rebase_action(self, state: State, seat: int | None, action: Action) -> Action:
        """Everyone flips at once, so flips race: a flip made during this wave, from a player who
        still has to flip, still means "flip my card" and is moved up to the current version."""
        if (
            action["type"] == "flip"
            and action["version"] >= state["wave_version"]
            and seat in self._waiting(state)
        ):
            return {**action, "version": state["version"]}
        return action

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        if seat is not None and move.get("type") != "flip":
            raise IllegalAction(gettext_noop("In Food War the only thing you do is flip your top card."))

    # ----- playing ---------------------------------------------------------------------------

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        if move["type"] == "time_up":
            return self._finish_by_count(state, msg(gettext_noop("Time was up.")))
        by_the_table = seat is None
        flippers = self._waiting(state) if by_the_table else [seat]
        events = []
        for flipper in flippers:
            state["face_down"][str(flipper)] = state["stacks"][flipper].pop(0)
            if by_the_table:
                text = msg(
                    gettext_noop("The table flipped for %(who)s."),
                    you={"who": gettext_noop("The table flipped for you.")},
                    who=seat_ref(flipper),
                )
            else:
                text = msg(
                    gettext_noop("%(who)s flipped."), you=gettext_noop("You flipped."), who=seat_ref(flipper)
                )
            events.append(event(text, seat=flipper))
        if not self._waiting(state):
            events += self._turn_up_cards(state)
        return events

    def _stat(self, state: State, card_id: str) -> int:
        return self.card(state, card_id).get(self.option(state, "stat")) or 0

    def _turn_up_cards(self, state: State) -> list[Event]:
        """Everyone in the wave has flipped: all their cards turn face up at once and compare."""
        stat = self.option(state, "stat")
        wave = state["wave"]
        shown = sorted((int(seat), card) for seat, card in state["face_down"].items())
        state["face_down"] = {}
        state["pile"] += [{"seat": seat, "card": card, "wave": wave} for seat, card in shown]
        events = [
            event(
                msg(
                    gettext_noop("%(who)s turned up %(card)s (%(stat)s %(value)s)."),
                    you=gettext_noop("You turned up %(card)s (%(stat)s %(value)s)."),
                    who=seat_ref(flipper),
                    card=card_ref(card_id),
                    stat=msg(STAT_LABELS[stat]),
                    value=self._stat(state, card_id),
                ),
                seat=flipper,
                card=card_id,
            )
            for flipper, card_id in shown
        ]
        best = max(self._stat(state, card_id) for _, card_id in shown)
        leaders = [flipper for flipper, card_id in shown if self._stat(state, card_id) == best]
        if len(leaders) == 1:
            return events + self._win_pile(state, leaders[0])
        return events + self._resolve_tie(state, leaders)

    def _resolve_tie(self, state: State, tied: list[int]) -> list[Event]:
        """Only the tied players turn up another card each; the middle waits for the winner."""
        text = msg(
            gettext_noop("A tie between %(who)s! They each turn up another card."),
            you=gettext_noop("A tie between you and %(who)s! You each turn up another card."),
            who=seats_ref(tied),
        )
        events = [event(text, tie=tied)]
        still_in = [player for player in tied if state["stacks"][player]]
        for player in tied:
            if player not in still_in:
                text = msg(
                    gettext_noop("%(who)s had no card left for the tie."),
                    you=gettext_noop("You had no card left for the tie."),
                    who=seat_ref(player),
                )
                events.append(event(text, seat=player))
        if not still_in:
            return events + self._tied_players_ran_out(state, tied)
        if len(still_in) == 1:
            return events + self._win_pile(state, still_in[0])
        state["battle"] = still_in
        state["wave"] += 1
        state["wave_version"] = state["version"] + 1  # the version this move will give the state
        return events

    def _tied_players_ran_out(self, state: State, tied: list[int]) -> list[Event]:
        """Every tied player ran out together: a coin toss picks who takes the middle."""
        winner = self.rng(state).choice(tied)
        text = msg(
            gettext_noop("Nobody in the tie had a card left, so a coin toss chose %(who)s."),
            you={"who": gettext_noop("Nobody in the tie had a card left, so a coin toss chose you.")},
            who=seat_ref(winner),
        )
        return [event(text)] + self._win_pile(state, winner)

    def _win_pile(self, state: State, winner: int) -> list[Event]:
        """The winner puts the middle under their stack, in the order the cards were turned up."""
        pile = state["pile"]
        state["stacks"][winner] += [play["card"] for play in pile]
        state["last_round"] = {"winner": winner, "plays": pile, "waves": state["wave"] + 1}
        state["pile"] = []
        state["wave"] = 0
        state["wave_version"] = state["version"] + 1
        state["rounds_played"] += 1
        state["battle"] = [seat for seat in range(state["seats"]) if state["stacks"][seat]]
        text = msg(
            ngettext_noop("%(who)s won %(n)s card.", "%(who)s won %(n)s cards."),
            you=ngettext_noop("You won %(n)s card.", "You won %(n)s cards."),
            who=seat_ref(winner),
            n=len(pile),
        )
        events = [event(text, seat=winner, won=len(pile))]
        for player in range(state["seats"]):
            if not state["stacks"][player] and any(play["seat"] == player for play in pile):
                text = msg(
                    gettext_noop("%(who)s ran out of cards and is out."),
                    you=gettext_noop("You ran out of cards and are out."),
                    who=seat_ref(player),
                )
                events.append(event(text, seat=player))
        if len(state["battle"]) == 1:
            state["result"] = {
                "winners": [winner],
                "scores": [len(stack) for stack in state["stacks"]],
                "reason": self._with_lesson(
                    state,
                    msg(
                        gettext_noop("%(who)s won every card."),
                        you=gettext_noop("You won every card."),
                        who=seat_ref(winner),
                    ),
                ),
            }
            events.append(
                event(
                    msg(
                        gettext_noop("%(who)s won every card!"),
                        you=gettext_noop("You won every card!"),
                        who=seat_ref(winner),
                    ),
                    winners=[winner],
                )
            )
        elif self.option(state, "rounds") and state["rounds_played"] >= self.option(state, "rounds"):
            played = msg(
                ngettext_noop("%(n)s round was played.", "%(n)s rounds were played."),
                n=state["rounds_played"],
            )
            events += self._finish_by_count(state, played)
        return events

    def _finish_by_count(self, state: State, why: Text) -> list[Event]:
        """A limit was reached: cards in an unfinished tie go back, then most cards wins."""
        for play in state["pile"]:
            state["stacks"][play["seat"]].append(play["card"])
        for seat, card in sorted(state["face_down"].items()):
            state["stacks"][int(seat)].insert(0, card)
        state["pile"] = []
        state["face_down"] = {}
        state["battle"] = []
        scores = [len(stack) for stack in state["stacks"]]
        winners = [player for player, score in enumerate(scores) if score == max(scores)]
        state["result"] = {
            "winners": winners,
            "scores": scores,
            "reason": self._with_lesson(state, [why, _most_cards(winners, won=False)]),
        }
        return [event([why, _most_cards(winners, won=True)], winners=winners)]

    def _with_lesson(self, state: State, reason: Text) -> Text:
        """The end of a Calorie War also says what the game can't: in a real meal more calories
        is not better."""
        if self.option(state, "stat") != "calories":
            return reason
        sentences = list(reason) if isinstance(reason, list) else [reason]
        return [*sentences, CALORIE_WAR_LESSON]

    # ----- what a seat sees --------------------------------------------------------------------

    def _public_card(self, state: State, card_id: str) -> dict:
        card = self.card(state, card_id)
        return {
            "id": card_id,
            "name": card["name"],
            "category": card.get("category"),
            "stat": self._stat(state, card_id),
        }

    def _view(self, state: State, seat: int | None) -> dict:
        last = state["last_round"]
        stat = self.option(state, "stat")
        stacks = [len(stack) for stack in state["stacks"]]
        zones = [
            zone(
                "pile",
                msg(gettext_noop("Cards in the middle")),
                cards=[{"card": play["card"], "seat": play["seat"]} for play in state["pile"]],
            ),
            zone(
                "last-round",
                msg(gettext_noop("Won last round")),
                cards=[
                    {"card": play["card"], "seat": play["seat"]} for play in (last or {}).get("plays", [])
                ],
            ),
        ]
        zones += [
            zone("stack", msg(gettext_noop("Stack")), owner=player, hidden=True, count=size)
            for player, size in enumerate(stacks)
        ]
        rounds = self.option(state, "rounds")
        played = msg(gettext_noop("%(n)s of %(limit)s"), n=state["rounds_played"], limit=rounds)
        return {
            "zones": zones,
            "numbers": [number(msg(gettext_noop("Cards")), stacks)],
            "facts": [
                fact(msg(gettext_noop("Compare")), msg(STAT_LABELS[stat])),
                fact(msg(gettext_noop("Rounds played")), played if rounds else state["rounds_played"]),
            ],
            "stat": stat,
            "stack_sizes": stacks,
            "battle": state["battle"],
            "waiting": self._waiting(state),
            "flipped": sorted(int(s) for s in state["face_down"]),
            "pile": [{**play, "card": self._public_card(state, play["card"])} for play in state["pile"]],
            "tie": state["wave"] > 0,
            "out": [s for s in range(state["seats"]) if not state["stacks"][s] and s not in state["battle"]],
            # the cards the last round's winner just took, face up for one more look
            "last_round_cards": [
                {"seat": p["seat"], "card": p["card"]} for p in (last or {}).get("plays", [])
            ],
            "rounds_played": state["rounds_played"],
            "round_limit": self.option(state, "rounds"),
            "last_round": last
            and {
                **last,
                "plays": [{**play, "card": self._public_card(state, play["card"])} for play in last["plays"]],
            },
        }

    # ----- for the conformance suite ---------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        cards = [card for stack in state["stacks"] for card in stack]
        return cards + list(state["face_down"].values()) + [play["card"] for play in state["pile"]]

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """Every stack is face down, even to its owner, and so are flipped cards until the whole
        wave is turned up. The cards of the round just won are public (everyone saw them go
        under the winner's stack, and the view shows them), even once they come round again."""
        shown = {play["card"] for play in (state["last_round"] or {}).get("plays", [])}
        stacked = {card for stack in state["stacks"] for card in stack}
        return (stacked | set(state["face_down"].values())) - shown


FOOD_WAR = FoodWarEngine(
    slug="food-war",
    score_unit="cards",
    name=gettext_noop("Food War"),
    title=gettext_noop(
        "Flip your top card at the same time: the biggest number wins all the cards in the middle."
    ),
    min_seats=2,
    max_seats=8,
    deck_slug="eat-right",
    options=(
        Option(
            "stat",
            gettext_noop("Which number wins"),
            "value",
            choices=(
                ("value", gettext_noop("Overall Value (Food War)")),
                ("vitamin_power", gettext_noop("Vitamin Power (Vitamin War)")),
                ("calories", gettext_noop("Calories (Calorie War)")),
            ),
        ),
        Option(
            "rounds",
            gettext_noop("Stop after this many rounds (0 = play until someone has every card)"),
            # 25: one Flip a round, so about 27 clicks and 5 minutes of a lesson; enough rounds
            # for the stacks to move and a clear winner (100 was ~104 clicks, longer than a class
            # keeps its attention on one game).
            25,
            minimum=0,
            maximum=2000,
            help=gettext_noop("When the rounds are used up, the player with the most cards wins."),
        ),
        Option(
            "minutes",
            gettext_noop("Time limit"),
            0,
            choices=(
                (0, gettext_noop("No time limit")),
                (5, gettext_noop("5 minutes")),
                (10, gettext_noop("10 minutes")),
                (20, gettext_noop("20 minutes")),
            ),
            help=gettext_noop("When time is up, the player with the most cards wins."),
        ),
        Option(
            "auto_flip_seconds",
            gettext_noop("Flip for slow players after"),
            10,
            choices=(
                (0, gettext_noop("Never: wait for everyone")),
                (5, gettext_noop("5 seconds")),
                (10, gettext_noop("10 seconds")),
                (20, gettext_noop("20 seconds")),
            ),
        ),
    ),
    action_words={
        "flip": gettext_noop("Flip"),
        "reveal": gettext_noop("Flip for everyone still waiting"),
        "time_up": gettext_noop("Stop: time is up"),
    },
    action_fields={
        "flip": {},
        "reveal": {"after_ms": int},
        "time_up": {"after_ms": int, "clock_ms": int},
    },
    quick_options={"rounds": 3},
)

GAMES = (FOOD_WAR,)
