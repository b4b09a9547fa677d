"""CHOMP!: the food-chain slap game, for 3 to 6 players, and its three 2-player games.

The rules, in the order a player meets them (our words; the printed book is in the seeds):

Setting up. The two food-chain reference cards stay in the box. The other 50 cards are dealt
one at a time, face down, so everyone has the same number; the few cards left over go back in
the box, out of play. Your cards make a face-down pile in front of you. Nobody looks.

The food chain. Shark > Seal > Big Fish > Little Fish > Shrimp > Plankton. A creature chomps
everything below it, never its own kind, never anything higher, never an Electric Eel or an
Octopus (the two action cards).

CHOMP! (3-6 players), one round:
  1. The table counts down and everyone flips their top card at the same moment (`_flip`).
     An empty pile is refilled by shuffling your discard pile (`_draw`).
  2. The table decides what kind of round it is (`_judge_chomp`, in chomp_rounds):
     - an Electric Eel starts a Feeding Frenzy: slap any card that is not yours; the first
       takes every card, even Sharks (`_frenzy_verdict`). The Eel beats an Octopus.
     - an Octopus squirts ink (`_ink_out`): nobody may chomp, the cards are set aside and
       everyone flips again; the winner of the next round also takes the set-aside cards.
     - all cards the same creature: the same, set aside and flip again (`_all_same`).
     - all but one card are the lowest creature: the high card wins at once (`_auto_win`).
     - otherwise, race: the first to slap a card of the lowest creature wins, if their own
       card is higher (`_race_verdict`). The owner of a lowest card may not chomp.
  3. The winner takes what their card can chomp plus their own card; cards it cannot chomp
     go to their owners' discard piles (`_chomp_take`). Winnings go to the winner's discard
     pile, face down, with everything waiting in the middle.
  4. Bad Chomp (`_bad_chomp`): slapping your own card, a card like yours, a card higher than
     yours, a card that is not the lowest, or anything during an Ink Out or an all-same flip.
     Your top card goes face down into the middle. The winner of the round takes both your
     cards, the face-down one and the one you turned over, along with what they can chomp
     (even a card higher than theirs: `_award`). With no winner that round both stay in the
     middle, and the winner of the next round takes them (`_time_up`).
  5. Two slaps at the same instant (`_tie`): the round's cards are set aside and everyone
     flips again. In a browser "the same instant" is explicit: a second correct
     slap that reaches the table within the tie window after the first one is a tie.
  6. Nobody slaps in time (`_time_up`): each card goes back to its owner's discard pile, but a
     Bad Chomper's; cards set aside or face down in the middle wait for the next winner.
  7. Washed up (`_wash_out`): a player with no cards left in pile or discards is out. When two
     are left they count cards (most wins) or carry on with a 2-player game (option).

Underwater War (2 players): the higher card wins both (`_judge_war`). Same creature: war,
each puts 2 cards face down and 1 face up, the higher face-up card takes everything. Electric
Eel: the first to slap the Eel takes the cards. Octopus: each flips one more card; the higher
takes everything.

Quick CHOMP! (2 players): both race to slap the LOWER card, whoever flipped it; the winner
takes both (`_quick_verdict`). Same creature, Eel and Octopus work as in Underwater War.

Double CHOMP! (2 players): each flips two cards; the first to slap the lowest creature takes
all four; if both flipped a lowest creature nobody may chomp (`_judge_chomp`). Everything else
works as in CHOMP!.

Choices where the printed rules are silent are on the rules pages. The code is in three
modules: this one (the players' side: slaps, views, the four games), games.engines.chomp_rounds
(the table's side: flips, judging, winning a round, the end) and games.engines.chomp_judge (which
slaps are right: the bots and the board use it too). Timing is in the options and the state:
the table's actions carry "after_ms" (the flip countdown, the slap window, the tie window) and
the web layer runs those timers.
"""

from __future__ import annotations

from games.engines.base import Action, Event, IllegalAction, Option, State, event
from games.engines.chomp_judge import bad_chomp_message, entries_of, slap_verdict
from games.engines.chomp_rounds import MODE_NAMES, ChompTable
from games.engines.messages import Message, gettext_noop, msg, seat_ref, seats_ref
from games.engines.zones import fact, number, zone

SLAP_PHASES = ("react", "claimed", "aside")


def _timing_options(max_rounds_default: int) -> tuple[Option, ...]:
    return (
        Option(
            "flip_countdown_ms",
            gettext_noop("Countdown before each flip (milliseconds)"),
            1500,
            minimum=500,
            maximum=5000,
            help=gettext_noop("How long everyone gets ready before the cards flip."),
        ),
        Option(
            "reaction_window_ms",
            gettext_noop("Time to slap before the round ends (milliseconds)"),
            4000,
            minimum=1000,
            maximum=15000,
            help=gettext_noop(
                "If nobody slaps a right card in this time, the cards go back to their owners."
            ),
        ),
        Option(
            "tie_window_ms",
            gettext_noop("Slaps this close together are a tie (milliseconds)"),
            100,
            minimum=0,
            maximum=500,
            help=gettext_noop("0 means the very first right slap always wins."),
        ),
        Option(
            "max_rounds",
            gettext_noop("Most flips before we count cards"),
            max_rounds_default,
            minimum=5,
            maximum=1000,
            help=gettext_noop("Then the player with the most cards wins."),
        ),
    )


class ChompEngine(ChompTable):
    """One engine class for the family; `slug` picks the starting rules (state["mode"])."""

    # ----- setting up ---------------------------------------------------------------------------

    def _setup(self, state: State, order: list[str]) -> None:
        seats = state["seats"]
        each = len(order) // seats
        dealt, extras = order[: each * seats], order[each * seats :]
        state.update(
            mode=self.slug,
            piles=[dealt[seat::seats] for seat in range(seats)],
            discards=[[] for _ in range(seats)],
            out_of_play=extras,
            in_game=[True] * seats,
            center=[],  # [{"seat", "card"}] face up this flip
            aside=[],  # face-up cards waiting for a winner: an Ink Out, a tie, an all-same flip, a Bad Chomp
            aside_hidden=[],  # face-down war cards
            penalty=[],  # [{"seat", "card"}] Bad Chomp cards, face down
            phase="flip",
            next_flip="normal",
            round_kind=None,
            round=0,
            flip_version=0,
            slapped=[],
            bad_chompers=[],  # seats that made a Bad Chomp this flip: their face-up cards are forfeit
            claim=None,
            last=None,
        )

    # ----- who moves ----------------------------------------------------------------------------

    def _in_water(self, state: State) -> list[int]:
        """Seats with a card face up this flip."""
        return sorted({item["seat"] for item in state["center"]})

    def _to_move(self, state: State) -> set[int | None]:
        movers: set[int | None] = {None}
        if state["phase"] in SLAP_PHASES:
            movers |= {s for s in self._in_water(state) if s not in state["slapped"]}
        return movers

    def _table_action(self, state: State) -> Action:
        phase = state["phase"]
        if phase == "react":
            return {"type": "time-up", "after_ms": self.option(state, "reaction_window_ms")}
        if phase == "claimed":
            return {"type": "settle", "after_ms": self.option(state, "tie_window_ms")}
        return {"type": "flip", "after_ms": self.option(state, "flip_countdown_ms")}

    def _legal_actions(self, state: State, seat: int | None) -> list[Action]:
        if seat is None:
            return [self._table_action(state)]
        return [{"type": "slap", "card": item["card"]} for item in state["center"]]

    def _explain_illegal(self, state: State, seat: int | None, move: Action) -> None:
        if seat is not None and move.get("type") == "slap":
            raise IllegalAction(
                gettext_noop("That card isn't in the middle. Slap one of the cards you can see.")
            )

    def _refuse_early(self, state: State, seat: int | None, action: Action) -> None:
        """Slaps are judged in the order the table receives them, and each names the version
        it saw. A slap made before this flip, or between rounds, is too late: that is not a
        Bad Chomp, just a kind refusal. A slap on this very flip that someone else's slap
        overtook is refused as well (every move must name the current version); the web layer
        may pass it through `rebase_action` first so it still counts, in arrival order."""
        if seat is not None and action["type"] == "slap":
            self._check_slap_timing(state, seat, action)

    def _rebase_action(self, state: State, seat: int | None, action: Action) -> Action:
        """A slap made on the current flip but overtaken by another move (someone's Bad Chomp,
        the first slap of a tie) is still a slap on this pile: give it the current version.
        Anything else comes back unchanged, for apply to judge (and refuse if it is late)."""
        saw = action["version"]
        if (
            action["type"] == "slap"
            and state["phase"] in SLAP_PHASES
            and state["flip_version"] <= saw <= state["version"]
        ):
            return {**action, "version": state["version"]}
        return action

    def _check_slap_timing(self, state: State, seat: int, action: Action) -> None:
        saw = action["version"]
        if saw > state["version"]:
            return  # the shared checks explain an impossible version
        if state["phase"] not in SLAP_PHASES and saw == state["version"]:
            raise IllegalAction(
                gettext_noop("Wait for the cards to flip before you slap!"), code="not_your_turn"
            )
        if state["phase"] not in SLAP_PHASES or saw < state["flip_version"]:
            raise IllegalAction(
                gettext_noop("Too late! That pile was already chomped. Get ready for the next flip."),
                code="stale",
            )
        if saw < state["version"]:
            raise IllegalAction(
                gettext_noop("Someone slapped just before you. Look again and slap if it's still right!"),
                code="stale",
            )
        if not isinstance(seat, int) or not 0 <= seat < state["seats"]:
            return  # the shared checks explain a bad seat
        if not state["in_game"][seat]:
            raise IllegalAction(
                gettext_noop("You are washed up, so you can only watch now."), code="not_your_turn"
            )
        if seat not in self._in_water(state):
            raise IllegalAction(
                gettext_noop("You have no card in the water this flip, so you can't slap."),
                code="not_your_turn",
            )
        if seat in state["slapped"]:
            raise IllegalAction(
                gettext_noop("You already slapped this flip. Wait for the next one!"), code="not_your_turn"
            )

    # ----- moves --------------------------------------------------------------------------------

    def _apply(self, state: State, seat: int | None, move: Action) -> list[Event]:
        if seat is not None:
            return self._slap(state, seat, move["card"])
        kind = move["type"]
        if kind == "flip":
            return self._flip(state)
        if kind == "settle":
            return self._settle(state)
        return self._time_up(state)

    # ----- slaps --------------------------------------------------------------------------------

    def _slap(self, state: State, seat: int, card: str) -> list[Event]:
        state["slapped"].append(seat)
        entries = entries_of(state, state["center"])
        reason = slap_verdict(state["mode"], state["round_kind"], entries, seat, card)
        if reason is not None:
            return self._bad_chomp(state, seat, reason)
        if state["phase"] == "claimed":
            return self._tie(state, seat)
        state["claim"] = {"seat": seat, "card": card}
        if self.option(state, "tie_window_ms") == 0:
            return self._settle(state)
        state["phase"] = "claimed"
        return [event(_slapped_first(seat), seat=seat, card=card)]

    def _bad_chomp(self, state: State, seat: int, reason: str) -> list[Event]:
        """The offender's top card goes face down into the middle: with the card they turned over,
        it belongs to this round's winner, or waits in the middle for the next one."""
        events = [event(bad_chomp_message(seat, reason), seat=seat, bad_chomp=True)]
        state.setdefault("bad_chompers", [])
        if seat not in state["bad_chompers"]:
            state["bad_chompers"].append(seat)
        paid = self._draw(state, seat, events)
        if paid is None:
            text = msg(
                gettext_noop("%(who)s had no cards left to put in the middle."),
                you=gettext_noop("You had no cards left to put in the middle."),
                who=seat_ref(seat),
            )
        else:
            state["penalty"].append({"seat": seat, "card": paid})
            text = msg(
                gettext_noop("%(who)s put a card face down in the middle."),
                you=gettext_noop("You put a card face down in the middle."),
                who=seat_ref(seat),
            )
        events.append(event(text, seat=seat))
        return events

    def _tie(self, state: State, seat: int) -> list[Event]:
        """Two right slaps at the same instant: the cards are set aside, everyone flips again."""
        first = state["claim"]["seat"]
        state.update(phase="aside", round_kind="tie", next_flip="normal", claim=None)
        state["flip_version"] = state["version"] + 1  # slaps aimed at the race are too late now
        text = msg(
            gettext_noop(
                "Tie! %(who)s slapped at the same time. The cards are set aside and everyone flips again."
            ),
            you=gettext_noop(
                "Tie! You and %(who)s slapped at the same time. "
                "The cards are set aside and everyone flips again."
            ),
            who=seats_ref([first, seat]),
        )
        return [event(text, seats=[first, seat])]

    # ----- what a seat sees ---------------------------------------------------------------------

    def _status(self, state: State, seat: int | None) -> Message:
        phase, kind, mode = state["phase"], state["round_kind"], state["mode"]
        if phase == "over":
            return msg(gettext_noop("Game over."))
        if phase == "flip":
            return msg(gettext_noop("Get ready: the next flip is coming!"))
        if phase == "aside":
            aside = {
                "ink": gettext_noop("Ink Out! Nobody may chomp. Another flip is coming."),
                "war": gettext_noop("War! Two cards face down and one face up are coming."),
                "tie": gettext_noop("Tie! The cards are set aside. Another flip is coming."),
            }
            return msg(aside.get(kind, gettext_noop("Nobody may chomp these. Another flip is coming.")))
        if phase == "claimed":
            return _slapped_first(state["claim"]["seat"])
        if seat is not None and seat in state["slapped"]:
            return msg(gettext_noop("You slapped. Watch what happens!"))
        if kind == "frenzy":
            if mode in ("underwater-war", "quick-chomp"):
                return msg(gettext_noop("Feeding Frenzy! Slap the Electric Eel first."))
            return msg(gettext_noop("Feeding Frenzy! Slap any card that isn't yours."))
        if mode == "quick-chomp":
            return msg(gettext_noop("Quick! Slap the lower card."))
        return msg(gettext_noop("Chomp! Slap the lowest creature if your card is higher."))

    def _zones(self, state: State) -> list[dict]:
        zones = [
            zone("center", msg(gettext_noop("In the water")), cards=[dict(item) for item in state["center"]]),
            zone("aside", msg(gettext_noop("Waiting for the next winner")), cards=list(state["aside"])),
            zone(
                "war",
                msg(gettext_noop("Face down from a war")),
                hidden=True,
                count=len(state["aside_hidden"]),
            ),
            zone(
                "bad-chomps",
                msg(gettext_noop("Lost to Bad Chomps")),
                hidden=True,
                count=len(state["penalty"]),
            ),
        ]
        for seat in range(state["seats"]):
            zones.append(
                zone(
                    "pile",
                    msg(gettext_noop("Pile")),
                    owner=seat,
                    hidden=True,
                    count=len(state["piles"][seat]),
                )
            )
            zones.append(
                zone(
                    "discards",
                    msg(gettext_noop("Won or returned")),
                    owner=seat,
                    hidden=True,
                    count=len(state["discards"][seat]),
                )
            )
        return zones

    def _view(self, state: State, seat: int | None) -> dict:
        players = [
            {
                "seat": s,
                "in_game": state["in_game"][s],
                "pile": len(state["piles"][s]),
                "discards": len(state["discards"][s]),
                "cards": self._cards_held(state, s),
                "slapped": s in state["slapped"],
                "bad_chomp_cards": sum(1 for p in state["penalty"] if p["seat"] == s),
            }
            for s in range(state["seats"])
        ]
        flips = msg(
            gettext_noop("%(n)s of %(limit)s"), n=state["round"], limit=self.option(state, "max_rounds")
        )
        return {
            "zones": self._zones(state),
            "numbers": [
                number(msg(gettext_noop("Cards")), [p["cards"] for p in players]),
                number(msg(gettext_noop("Lost to Bad Chomps")), [p["bad_chomp_cards"] for p in players]),
            ],
            "facts": [fact(msg(gettext_noop("Flips")), flips)],
            "status": self._status(state, seat),
            "mode": state["mode"],
            "phase": state["phase"],
            "round_kind": state["round_kind"],
            "round": state["round"],
            "max_rounds": self.option(state, "max_rounds"),
            "players": players,
            "center": entries_of(state, state["center"]),
            "aside": entries_of(state, [{"seat": None, "card": c} for c in state["aside"]]),
            "aside_face_down": len(state["aside_hidden"]),
            "middle_face_down": len(state["penalty"]),
            "claim": {"seat": state["claim"]["seat"]} if state["claim"] else None,
            "last": state["last"],
            "out_of_play": len(state["out_of_play"]),
            "table_action": None if state.get("result") else self._table_action(state),
            "timers": {
                "flip_countdown_ms": self.option(state, "flip_countdown_ms"),
                "reaction_window_ms": self.option(state, "reaction_window_ms"),
                "tie_window_ms": self.option(state, "tie_window_ms"),
            },
        }

    # ----- for the conformance suite ------------------------------------------------------------

    def all_cards(self, state: State) -> list[str]:
        cards = [c for pile in state["piles"] for c in pile]
        cards += [c for pile in state["discards"] for c in pile]
        cards += [i["card"] for i in state["center"]] + state["aside"] + state["aside_hidden"]
        cards += [p["card"] for p in state["penalty"]] + state["out_of_play"]
        return cards

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """Face-down cards: every pile, the discards (except what the last round just showed),
        war cards, Bad Chomp cards and the cards left in the box."""
        shown = {e["card"] for e in (state["last"] or {}).get("flips", [])}
        hidden = {c for pile in state["piles"] for c in pile}
        hidden |= {c for pile in state["discards"] for c in pile} - shown
        hidden |= set(state["aside_hidden"]) | {p["card"] for p in state["penalty"]}
        return hidden | set(state["out_of_play"])


def _slapped_first(seat: int) -> Message:
    return msg(
        gettext_noop("%(who)s slapped first!"), you=gettext_noop("You slapped first!"), who=seat_ref(seat)
    )


ACTION_WORDS = {
    "slap": gettext_noop("Slap %(card)s"),
    "flip": gettext_noop("Flip"),
    "settle": gettext_noop("Settle the slaps"),
    "time-up": gettext_noop("Time up"),
}
ACTION_FIELDS = {
    "slap": {"card": str},
    "flip": {"after_ms": int},
    "settle": {"after_ms": int},
    "time-up": {"after_ms": int},
}


def _engine(slug: str, title: str, seats: tuple[int, int], extra: tuple[Option, ...] = ()) -> ChompEngine:
    return ChompEngine(
        slug=slug,
        name=MODE_NAMES[slug],
        title=title,
        min_seats=seats[0],
        max_seats=seats[1],
        deck_slug="chomp",
        score_unit="cards",
        realtime=True,
        options=_timing_options(80) + extra,
        action_words=ACTION_WORDS,
        action_fields=ACTION_FIELDS,
        quick_options={"max_rounds": 5, "flip_countdown_ms": 500, "reaction_window_ms": 1000},
    )


CHOMP = _engine(
    "chomp",
    gettext_noop("Flip sea creatures and be the first to slap the lowest one on the food chain."),
    (3, 6),
    (
        Option(
            "last_two",
            gettext_noop("When only two players are left"),
            "count",
            choices=(
                ("count", gettext_noop("Count cards: most cards wins")),
                ("underwater-war", gettext_noop("Keep playing Underwater War")),
                ("quick-chomp", gettext_noop("Keep playing Quick CHOMP!")),
                ("double-chomp", gettext_noop("Keep playing Double CHOMP!")),
            ),
        ),
    ),
)
UNDERWATER_WAR = _engine(
    "underwater-war",
    gettext_noop("Two players flip sea creatures and the one higher on the food chain wins."),
    (2, 2),
)
QUICK_CHOMP = _engine(
    "quick-chomp", gettext_noop("Two players race to slap the sea creature lower on the food chain."), (2, 2)
)
DOUBLE_CHOMP = _engine(
    "double-chomp",
    gettext_noop("Two players flip two cards each and race to slap the lowest creature."),
    (2, 2),
)

GAMES = (CHOMP, UNDERWATER_WAR, QUICK_CHOMP, DOUBLE_CHOMP)

__all__ = ["CHOMP", "DOUBLE_CHOMP", "GAMES", "QUICK_CHOMP", "UNDERWATER_WAR", "entries_of", "slap_verdict"]
