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
  2. The table decides what kind of round it is (`_judge_chomp`):
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
     Your top card goes face down into the middle; the winner of this round, or of the next
     round that has one, takes it.
  5. Two slaps at the same instant (`_tie`): the round's cards are set aside and everyone
     flips again. In a browser "the same instant" is explicit: a second correct
     slap that reaches the table within the tie window after the first one is a tie.
  6. Nobody slaps in time (`_time_up`): each card goes back to its owner's discard pile;
     cards set aside or face down in the middle wait for the next winner.
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

Choices where the printed rules are silent are listed in `CHOICES` and on the rules pages.
Timing is in the options and the state: the table's actions carry "after_ms" (the flip
countdown, the slap window, the tie window) and the web layer runs those timers.
"""

from __future__ import annotations

from games.engines import register
from games.engines.base import Action, Engine, Event, IllegalAction, Option, State, event

PLURALS = {"Octopus": "Octopuses", "Shark": "Sharks", "Seal": "Seals", "Electric Eel": "Electric Eels"}
TWO_PLAYER_MODES = ("underwater-war", "quick-chomp", "double-chomp")
MODE_TITLES = {
    "chomp": "CHOMP!",
    "underwater-war": "Underwater War",
    "quick-chomp": "Quick CHOMP!",
    "double-chomp": "Double CHOMP!",
}
SLAP_PHASES = ("react", "claimed", "aside")

CHOICES = (
    "Cards dealt one at a time; leftovers go back in the box, out of play.",
    "Each player gets one slap per flip: a wrong slap is a Bad Chomp and ends your try for that flip.",
    "Slapping a card that is not the lowest creature is a Bad Chomp too.",
    "Two correct slaps within the tie window are a tie: the cards are set aside and everyone flips again.",
    "If nobody slaps before the slap window closes, each card goes back to its owner's discard pile; "
    "cards waiting in the middle stay there for the next winner.",
    "After a tie, an Ink Out or an all-same flip, the next winner takes every set-aside card and only "
    "the new cards follow the chomping rules.",
    "A player who runs out of cards during a tie-break sits out the extra flip; if no cards come back "
    "to them they are washed up when the round ends.",
    "A Bad Chomp with no cards left to pay costs nothing.",
    "After the flip limit, the player with the most cards wins (ties share the win).",
    "Double CHOMP!: you flip the top two cards of one pile (the same as splitting it in two). If both "
    "players flipped a lowest creature, nobody may chomp: set aside and flip again.",
    "Quick CHOMP!: ties and Octopus showdowns are won by the HIGHER card, as in Underwater War.",
    "Underwater War: in a war with too few cards, your last card is the face-up one.",
)


def _who(seat: int) -> str:
    """A seat as the web layer's placeholder: {s2} becomes a nickname or "You"."""
    return "{s" + str(seat) + "}"


# ----- cards -------------------------------------------------------------------------------------


def _kind(state: State, card_id: str) -> str:
    return state["cards"][card_id]["kind"]


def _name(state: State, card_id: str) -> str:
    return state["cards"][card_id]["name"]


def _rank(state: State, card_id: str) -> int | None:
    return state["cards"][card_id]["rank"]


def _describe(state: State, card_ids: list[str]) -> str:
    """'2 Big Fish and a Shrimp': card names counted in food-chain order."""
    counts: dict[str, int] = {}
    order = sorted(card_ids, key=lambda c: -(_rank(state, c) or 0))
    for card_id in order:
        counts[_name(state, card_id)] = counts.get(_name(state, card_id), 0) + 1
    parts = []
    for name, count in counts.items():
        if count == 1:
            parts.append(("an " if name[0] in "AEIOU" else "a ") + name)
        else:
            parts.append(f"{count} {PLURALS.get(name, name)}")
    if len(parts) <= 1:
        return "".join(parts) or "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def entries_of(state: State, center: list[dict]) -> list[dict]:
    """Face-up cards with what anyone can read on them (the same shape the view shows)."""
    return [
        {
            "seat": item["seat"],
            "card": item["card"],
            "name": _name(state, item["card"]),
            "kind": _kind(state, item["card"]),
            "rank": _rank(state, item["card"]),
        }
        for item in center
    ]


# ----- slap verdicts: pure functions of what everyone sees (bots use them too) -------------------


def _lowest_rank(entries: list[dict]) -> int | None:
    ranks = [e["rank"] for e in entries if e["rank"] is not None]
    return min(ranks) if ranks else None


def _race_verdict(entries: list[dict], seat: int, card: str) -> str | None:
    """CHOMP! and Double CHOMP!: slap a lowest creature that isn't yours, with a higher card."""
    target = next(e for e in entries if e["card"] == card)
    mine = [e for e in entries if e["seat"] == seat]
    if target["seat"] == seat:
        return "slapped their own card"
    if any(e["kind"] == target["kind"] for e in mine):
        return "slapped a card the same as theirs"
    my_best = max((e["rank"] or 0) for e in mine) if mine else 0
    if (target["rank"] or 0) > my_best:
        return "slapped a card higher on the food chain than theirs"
    if target["rank"] != _lowest_rank(entries):
        return "slapped a card that isn't the lowest creature"
    if any(e["rank"] == _lowest_rank(entries) for e in mine):
        return "slapped while holding the lowest creature"
    return None


def _quick_verdict(entries: list[dict], seat: int, card: str) -> str | None:
    """Quick CHOMP!: slap the lower card, whoever flipped it."""
    target = next(e for e in entries if e["card"] == card)
    if target["rank"] != _lowest_rank(entries):
        return "slapped the higher card"
    return None


def _frenzy_verdict(mode: str, entries: list[dict], seat: int, card: str) -> str | None:
    """Feeding Frenzy: in CHOMP!/Double CHOMP! any card but your own; in the 2-player war games
    the Electric Eel itself."""
    target = next(e for e in entries if e["card"] == card)
    if mode in ("underwater-war", "quick-chomp"):
        return None if target["kind"] == "electric-eel" else "slapped a card that isn't the Electric Eel"
    return "slapped their own card" if target["seat"] == seat else None


def slap_verdict(mode: str, round_kind: str, entries: list[dict], seat: int, card: str) -> str | None:
    """None when this slap is a good one; otherwise the Bad Chomp's reason, in plain words."""
    if round_kind == "frenzy":
        return _frenzy_verdict(mode, entries, seat, card)
    if round_kind == "race":
        return (
            _quick_verdict(entries, seat, card)
            if mode == "quick-chomp"
            else _race_verdict(entries, seat, card)
        )
    if round_kind == "ink":
        return "slapped a card in an Ink Out"
    return "slapped when nobody could chomp"


# ----- the engine --------------------------------------------------------------------------------


def _timing_options(max_rounds_default: int) -> tuple[Option, ...]:
    return (
        Option(
            "flip_countdown_ms",
            "Countdown before each flip (milliseconds)",
            1500,
            minimum=500,
            maximum=5000,
            help="How long everyone gets ready before the cards flip.",
        ),
        Option(
            "reaction_window_ms",
            "Time to slap before the round ends (milliseconds)",
            4000,
            minimum=1000,
            maximum=15000,
            help="If nobody slaps a right card in this time, the cards go back to their owners.",
        ),
        Option(
            "tie_window_ms",
            "Slaps this close together are a tie (milliseconds)",
            100,
            minimum=0,
            maximum=500,
            help="0 means the very first right slap always wins.",
        ),
        Option(
            "max_rounds",
            "Most flips before we count cards",
            max_rounds_default,
            minimum=5,
            maximum=1000,
            help="Then the player with the most cards wins.",
        ),
    )


class ChompEngine(Engine):
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
            aside=[],  # face-up cards set aside by an Ink Out, a tie or an all-same flip
            aside_hidden=[],  # face-down war cards
            penalty=[],  # [{"seat", "card"}] Bad Chomp cards, face down
            phase="flip",
            next_flip="normal",
            round_kind=None,
            round=0,
            flip_version=0,
            slapped=[],
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
            raise IllegalAction("That card isn't in the middle. Slap one of the cards you can see.")

    def apply(self, state: State, seat: int | None, action: Action) -> tuple[State, list[Event]]:
        """Slaps are judged in the order the table receives them, and each names the version
        it saw. A slap made before this flip, or between rounds, is too late: that is not a
        Bad Chomp, just a kind refusal. A slap on this very flip that someone else's slap
        overtook is refused as well (every move must name the current version); the web layer
        may pass it through `rebase_action` first so it still counts, in arrival order."""
        if (
            seat is not None
            and isinstance(action, dict)
            and action.get("type") == "slap"
            and self.result(state) is None
        ):
            self._check_slap_timing(state, seat, action)
        return super().apply(state, seat, action)

    def rebase_action(self, state: State, seat: int | None, action: Action) -> Action:
        """A slap made on the current flip but overtaken by another move (someone's Bad Chomp,
        the first slap of a tie) is still a slap on this pile: give it the current version.
        Anything else comes back unchanged, for apply to judge (and refuse if it is late)."""
        saw = action.get("version") if isinstance(action, dict) else None
        if (
            isinstance(action, dict)
            and action.get("type") == "slap"
            and isinstance(saw, int)
            and state["phase"] in SLAP_PHASES
            and state["flip_version"] <= saw <= state["version"]
        ):
            return {**action, "version": state["version"]}
        return action

    def _check_slap_timing(self, state: State, seat: int, action: Action) -> None:
        saw = action.get("version")
        if not isinstance(saw, int) or saw > state["version"]:
            return  # the shared checks explain a malformed or impossible version
        if state["phase"] not in SLAP_PHASES and saw == state["version"]:
            raise IllegalAction("Wait for the cards to flip before you slap!", code="not_your_turn")
        if state["phase"] not in SLAP_PHASES or saw < state["flip_version"]:
            raise IllegalAction(
                "Too late! That pile was already chomped. Get ready for the next flip.", code="stale"
            )
        if saw < state["version"]:
            raise IllegalAction(
                "Someone slapped just before you. Look again and slap if it's still right!",
                code="stale",
            )
        if not isinstance(seat, int) or not 0 <= seat < state["seats"]:
            return  # the shared checks explain a bad seat
        if not state["in_game"][seat]:
            raise IllegalAction("You are washed up, so you can only watch now.", code="not_your_turn")
        if seat not in self._in_water(state):
            raise IllegalAction(
                "You have no card in the water this flip, so you can't slap.", code="not_your_turn"
            )
        if seat in state["slapped"]:
            raise IllegalAction("You already slapped this flip. Wait for the next one!", code="not_your_turn")

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

    def _draw(self, state: State, seat: int, events: list[Event]) -> str | None:
        """The top card of a pile; an empty pile is refilled by shuffling the discards."""
        if not state["piles"][seat] and state["discards"][seat]:
            cards = state["discards"][seat]
            self.rng(state).shuffle(cards)
            state["piles"][seat], state["discards"][seat] = cards, []
            events.append(event(f"{_who(seat)} shuffled their discard pile to make a new pile.", seat=seat))
        if not state["piles"][seat]:
            return None
        return state["piles"][seat].pop(0)

    def _flip(self, state: State) -> list[Event]:
        """Everyone in the game flips at once: one card, two in Double CHOMP!, or in a war two
        face down and one face up."""
        events: list[Event] = []
        if state["phase"] == "aside":
            state["aside"].extend(item["card"] for item in state["center"])
        state["center"], state["last"] = [], None  # the last round's cards may be shuffled now
        war = state["next_flip"] == "war"
        per_seat = 2 if state["mode"] == "double-chomp" and state["next_flip"] == "normal" else 1
        for seat in range(state["seats"]):
            if not state["in_game"][seat]:
                continue
            if war:
                for _ in range(2):
                    if len(state["piles"][seat]) + len(state["discards"][seat]) <= 1:
                        break
                    state["aside_hidden"].append(self._draw(state, seat, events))
            flipped = 0
            for _ in range(per_seat):
                card = self._draw(state, seat, events)
                if card is not None:
                    state["center"].append({"seat": seat, "card": card})
                    flipped += 1
            if not flipped:
                events.append(event(f"{_who(seat)} had no card to flip and sat out.", seat=seat))
        state["round"] += 1
        state["slapped"], state["claim"] = [], None
        state["flip_version"] = state["version"] + 1
        flips = entries_of(state, state["center"])
        shown = ", ".join(f"{_who(e['seat'])} {e['name']}" for e in flips)
        events.append(event(f"Flip! {shown}." if shown else "Nobody had a card to flip.", flips=flips))
        return events + self._judge(state)

    # ----- judging a flip -----------------------------------------------------------------------

    def _judge(self, state: State) -> list[Event]:
        entries = entries_of(state, state["center"])
        if len({e["seat"] for e in entries}) <= 1:
            return self._lone_flipper(state, entries)
        if any(e["kind"] == "electric-eel" for e in entries):
            return self._feeding_frenzy(state, entries)
        if state["mode"] in ("underwater-war", "quick-chomp"):
            return self._judge_war(state, entries)
        return self._judge_chomp(state, entries)

    def _judge_chomp(self, state: State, entries: list[dict]) -> list[Event]:
        if any(e["kind"] == "octopus" for e in entries):
            return self._ink_out(state)
        if len({e["kind"] for e in entries}) == 1:
            return self._all_same(state)
        low = _lowest_rank(entries)
        high = [e for e in entries if e["rank"] != low]
        if len(high) == 1:
            return self._auto_win(state, high[0]["seat"])
        if state["mode"] == "double-chomp" and len({e["seat"] for e in entries if e["rank"] == low}) > 1:
            # Double CHOMP!: both players flipped a lowest creature, so nobody may chomp.
            return self._all_same(state, why="Both players flipped the lowest creature, so nobody may chomp.")
        return self._open_race(state)

    def _judge_war(self, state: State, entries: list[dict]) -> list[Event]:
        """Underwater War and Quick CHOMP!: Octopus -> one more card each, higher takes all;
        same creature -> war; otherwise the higher card wins (Underwater War, and every
        tie-break flip) or a race to slap the lower card (a normal Quick CHOMP! flip)."""
        if any(e["kind"] == "octopus" for e in entries):
            return self._octopus_showdown(state)
        if len({e["kind"] for e in entries}) == 1:
            return self._war(state)
        if state["mode"] == "quick-chomp" and state["next_flip"] == "normal":
            return self._open_race(state)
        best = max(entries, key=lambda e: e["rank"])
        return self._higher_card_wins(state, best)

    # ----- the kinds of rounds ------------------------------------------------------------------

    def _open_race(self, state: State) -> list[Event]:
        state.update(phase="react", round_kind="race", next_flip="normal")
        return []

    def _feeding_frenzy(self, state: State, entries: list[dict]) -> list[Event]:
        state.update(phase="react", round_kind="frenzy", next_flip="normal")
        if state["mode"] in ("underwater-war", "quick-chomp"):
            return [event("Electric Eel! Feeding Frenzy: the first to slap the Eel takes the cards.")]
        octopus = any(e["kind"] == "octopus" for e in entries)
        beats = " The Eel beats the Octopus!" if octopus else ""
        return [event(f"Electric Eel! Feeding Frenzy: slap any card that isn't yours.{beats}")]

    def _ink_out(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="ink", next_flip="normal")
        return [
            event("Octopus! Ink Out: nobody may chomp. These cards are set aside and everyone flips again.")
        ]

    def _all_same(self, state: State, why: str = "") -> list[Event]:
        state.update(phase="aside", round_kind="same", next_flip="normal")
        text = why or "Everyone flipped the same creature, and nobody chomps their own kind."
        return [event(f"{text} The cards are set aside and everyone flips again.")]

    def _war(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="war", next_flip="war")
        return [event("Same creature: war! Each player puts 2 cards face down and 1 face up.")]

    def _octopus_showdown(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="ink", next_flip="showdown")
        return [event("Octopus! Each player flips one more card, and the higher card takes them all.")]

    def _lone_flipper(self, state: State, entries: list[dict]) -> list[Event]:
        """Only one player could flip (the others ran out in a tie-break): they win the round."""
        if not entries:
            return self._end_round(state, [])
        return self._award(state, entries[0]["seat"], how="lone")

    def _auto_win(self, state: State, seat: int) -> list[Event]:
        """All but one flipped the lowest creature: the high card wins at once and takes all."""
        return self._award(state, seat, how="auto")

    def _higher_card_wins(self, state: State, best: dict) -> list[Event]:
        return self._award(state, best["seat"], how="higher")

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
        return [event(f"{_who(seat)} slapped first!", seat=seat, card=card)]

    def _bad_chomp(self, state: State, seat: int, reason: str) -> list[Event]:
        """The offender's top card goes face down into the middle, for the next winner."""
        events = [event(f"Bad Chomp! {_who(seat)} {reason}.", seat=seat, bad_chomp=True)]
        paid = self._draw(state, seat, events)
        if paid is None:
            events.append(event(f"{_who(seat)} had no cards left to put in the middle.", seat=seat))
        else:
            state["penalty"].append({"seat": seat, "card": paid})
            events.append(event(f"{_who(seat)} put a card face down in the middle.", seat=seat))
        return events

    def _tie(self, state: State, seat: int) -> list[Event]:
        """Two right slaps at the same instant: the cards are set aside, everyone flips again."""
        first = state["claim"]["seat"]
        state.update(phase="aside", round_kind="tie", next_flip="normal", claim=None)
        state["flip_version"] = state["version"] + 1  # slaps aimed at the race are too late now
        return [
            event(
                f"Tie! {_who(first)} and {_who(seat)} slapped at the same time. The cards are set "
                "aside and everyone flips again.",
                seats=[first, seat],
            )
        ]

    def _settle(self, state: State) -> list[Event]:
        """The tie window closed with one right slap: that player wins the round."""
        claim = state["claim"]
        if state["round_kind"] == "frenzy":
            return self._award(state, claim["seat"], how="frenzy")
        if state["mode"] == "chomp":
            return self._award(state, claim["seat"], how="chomp")
        return self._award(state, claim["seat"], how="all")

    def _time_up(self, state: State) -> list[Event]:
        """Nobody slapped a right card in time: the cards go back to their owners."""
        for item in state["center"]:
            state["discards"][item["seat"]].append(item["card"])
        waiting = len(state["aside"]) + len(state["aside_hidden"]) + len(state["penalty"])
        later = f" The {waiting} cards in the middle wait for the next winner." if waiting else ""
        state["last"] = {"flips": entries_of(state, state["center"]), "winner": None, "text": "Time up."}
        return self._end_round(
            state, [event(f"Time's up! Nobody chomped, so the cards went back to their owners.{later}")]
        )

    # ----- winning a round ----------------------------------------------------------------------

    def _chomp_take(self, state: State, winner: int) -> list[str]:
        """What the winner's card may chomp: everything lower than it, plus itself."""
        mine = next(i["card"] for i in state["center"] if i["seat"] == winner)
        return [
            i["card"]
            for i in state["center"]
            if i["card"] == mine or (_rank(state, i["card"]) or 99) < (_rank(state, mine) or 0)
        ]

    def _award(self, state: State, winner: int, *, how: str) -> list[Event]:
        taken = self._chomp_take(state, winner) if how == "chomp" else [i["card"] for i in state["center"]]
        returned = [i for i in state["center"] if i["card"] not in taken]
        for item in returned:
            state["discards"][item["seat"]].append(item["card"])
        pot = state["aside"] + state["aside_hidden"] + [p["card"] for p in state["penalty"]]
        state["discards"][winner].extend(taken + pot)
        state["aside"], state["aside_hidden"], state["penalty"] = [], [], []
        text = self._win_text(state, winner, how, taken)
        if pot:
            text += f" {_who(winner)} also took the {len(pot)} cards waiting in the middle."
        if returned:
            text += " The rest went back to their owners."
        state["last"] = {"flips": entries_of(state, state["center"]), "winner": winner, "text": text}
        return self._end_round(state, [event(text, winner=winner, took=len(taken) + len(pot))])

    def _win_text(self, state: State, winner: int, how: str, taken: list[str]) -> str:
        mine = [i["card"] for i in state["center"] if i["seat"] == winner]
        others = [c for c in taken if c not in mine]
        who = _who(winner)
        if how == "frenzy":
            return f"Feeding Frenzy! {who} took all {len(taken)} cards."
        if how == "lone":
            return f"{who} was the only one with a card and took it back."
        card_name = _name(state, mine[0]) if mine else "card"
        if how == "auto":
            return f"{who}'s {card_name} won at once and chomped {_describe(state, others)}."
        if how == "higher":
            return f"{who}'s {card_name} was higher and took {len(taken)} cards."
        if how == "chomp":
            return f"{who}'s {card_name} chomped {_describe(state, others)}."
        return f"{who} slapped first and took all {len(taken)} cards."

    # ----- the end of a round and of the game ---------------------------------------------------

    def _cards_held(self, state: State, seat: int) -> int:
        return len(state["piles"][seat]) + len(state["discards"][seat])

    def _end_round(self, state: State, events: list[Event]) -> list[Event]:
        state.update(phase="flip", next_flip="normal", round_kind=None, center=[], slapped=[], claim=None)
        events += self._wash_out(state)
        players = [s for s in range(state["seats"]) if state["in_game"][s]]
        if len(players) == 1:
            return events + self._finish(state, f"{_who(players[0])} collected all the cards!")
        if len(players) == 2 and state["mode"] == "chomp":
            events += self._last_two(state, players)
            if self.result(state):
                return events
        if state["round"] >= self.option(state, "max_rounds"):
            return events + self._finish(
                state, "The flip limit was reached, so everyone counted their cards."
            )
        return events

    def _wash_out(self, state: State) -> list[Event]:
        events = []
        for seat in range(state["seats"]):
            if state["in_game"][seat] and self._cards_held(state, seat) == 0:
                state["in_game"][seat] = False
                events.append(event(f"{_who(seat)} is washed up and out of the game.", seat=seat))
        return events

    def _last_two(self, state: State, players: list[int]) -> list[Event]:
        """Two left: count cards (the default) or carry on with a 2-player game."""
        carry_on = self.option(state, "last_two")
        if carry_on == "count":
            return self._finish(state, "Only two players were left, so they counted their cards.")
        state["mode"] = carry_on
        a, b = players
        return [event(f"Only {_who(a)} and {_who(b)} are left: they carry on with {MODE_TITLES[carry_on]}")]

    def _finish(self, state: State, reason: str) -> list[Event]:
        scores = [self._cards_held(state, s) if state["in_game"][s] else 0 for s in range(state["seats"])]
        best = max(scores)
        winners = [s for s, score in enumerate(scores) if score == best]
        state["phase"] = "over"
        state["result"] = {"winners": winners, "scores": scores, "reason": reason}
        names = " and ".join(_who(s) for s in winners)
        return [event(f"Game over. {reason} {names} won with {best} cards.", winners=winners)]

    # ----- what a seat sees ---------------------------------------------------------------------

    def _status(self, state: State, seat: int | None) -> str:
        phase, kind, mode = state["phase"], state["round_kind"], state["mode"]
        if phase == "over":
            return "Game over."
        if phase == "flip":
            return "Get ready: the next flip is coming!"
        if phase == "aside":
            return {
                "ink": "Ink Out! Nobody may chomp. Another flip is coming.",
                "war": "War! Two cards face down and one face up are coming.",
                "tie": "Tie! The cards are set aside. Another flip is coming.",
            }.get(kind, "Nobody may chomp these. Another flip is coming.")
        if phase == "claimed":
            return f"{_who(state['claim']['seat'])} slapped first!"
        if seat is not None and seat in state["slapped"]:
            return "You slapped. Watch what happens!"
        if kind == "frenzy":
            if mode in ("underwater-war", "quick-chomp"):
                return "Feeding Frenzy! Slap the Electric Eel first."
            return "Feeding Frenzy! Slap any card that isn't yours."
        if mode == "quick-chomp":
            return "Quick! Slap the lower card."
        return "Chomp! Slap the lowest creature if your card is higher."

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
        return {
            "title": MODE_TITLES[state["mode"]],
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
            "status": self._status(state, seat),
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


def _last_two_option() -> Option:
    return Option(
        "last_two",
        "When only two players are left",
        "count",
        choices=(
            ("count", "Count cards: most cards wins"),
            ("underwater-war", "Keep playing Underwater War"),
            ("quick-chomp", "Keep playing Quick CHOMP!"),
            ("double-chomp", "Keep playing Double CHOMP!"),
        ),
    )


def _engine(slug: str, title: str, seats: tuple[int, int], extra: tuple[Option, ...] = ()) -> ChompEngine:
    engine = ChompEngine(
        slug=slug,
        title=title,
        min_seats=seats[0],
        max_seats=seats[1],
        deck_slug="chomp",
        realtime=True,
        options=_timing_options(80) + extra,
    )
    return register(engine)


CHOMP = _engine(
    "chomp",
    "Flip sea creatures and be the first to slap the lowest one on the food chain.",
    (3, 6),
    (_last_two_option(),),
)
UNDERWATER_WAR = _engine(
    "underwater-war", "Two players flip sea creatures and the one higher on the food chain wins.", (2, 2)
)
QUICK_CHOMP = _engine(
    "quick-chomp", "Two players race to slap the sea creature lower on the food chain.", (2, 2)
)
DOUBLE_CHOMP = _engine(
    "double-chomp", "Two players flip two cards each and race to slap the lowest creature.", (2, 2)
)

__all__ = ["CHOICES", "CHOMP", "DOUBLE_CHOMP", "QUICK_CHOMP", "UNDERWATER_WAR", "entries_of", "slap_verdict"]
