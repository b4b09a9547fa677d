"""CHOMP!'s table: flipping, judging a flip, winning a round, the end of the game.

`ChompTable` is the half of the CHOMP! engine the table plays by itself (its actions "flip",
"settle" and "time-up"); games.engines.chomp adds the players' slaps, the views and the four
games. The rules are told in full in games.engines.chomp.
"""

from __future__ import annotations

from games.engines.base import Engine, Event, State, event
from games.engines.chomp_judge import entries_of, lowest_rank, rank_of
from games.engines.messages import (
    Message,
    Text,
    card_ref,
    cards_ref,
    gettext_noop,
    msg,
    ngettext_noop,
    seat_ref,
    seats_ref,
)

MODE_NAMES = {
    "chomp": gettext_noop("CHOMP!"),
    "underwater-war": gettext_noop("Underwater War"),
    "quick-chomp": gettext_noop("Quick CHOMP!"),
    "double-chomp": gettext_noop("Double CHOMP!"),
}
SET_ASIDE = gettext_noop("The cards are set aside and everyone flips again.")


class ChompTable(Engine):
    """The table's actions: flip, judge the flip, award a round, end the game."""

    # ----- flipping -----------------------------------------------------------------------------

    def _draw(self, state: State, seat: int, events: list[Event]) -> str | None:
        """The top card of a pile; an empty pile is refilled by shuffling the discards."""
        if not state["piles"][seat] and state["discards"][seat]:
            cards = state["discards"][seat]
            self.rng(state).shuffle(cards)
            state["piles"][seat], state["discards"][seat] = cards, []
            text = msg(
                gettext_noop("%(who)s shuffled their discard pile to make a new pile."),
                you=gettext_noop("You shuffled your discard pile to make a new pile."),
                who=seat_ref(seat),
            )
            events.append(event(text, seat=seat))
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
                text = msg(
                    gettext_noop("%(who)s had no card to flip and sat out."),
                    you=gettext_noop("You had no card to flip and sat out."),
                    who=seat_ref(seat),
                )
                events.append(event(text, seat=seat))
        state["round"] += 1
        state["slapped"], state["claim"], state["bad_chompers"] = [], None, []
        state["flip_version"] = state["version"] + 1
        flips = entries_of(state, state["center"])
        shown = [
            msg(
                gettext_noop("%(card)s (%(who)s)"),
                you=gettext_noop("%(card)s (you)"),
                who=seat_ref(e["seat"]),
                card=card_ref(e["card"]),
            )
            for e in flips
        ]
        text = (
            msg(gettext_noop("Flip! %(flips)s."), flips=shown)
            if shown
            else msg(gettext_noop("Nobody had a card to flip."))
        )
        events.append(event(text, flips=flips))
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
        low = lowest_rank(entries)
        high = [e for e in entries if e["rank"] != low]
        if len(high) == 1:
            return self._auto_win(state, high[0]["seat"])
        if state["mode"] == "double-chomp" and len({e["seat"] for e in entries if e["rank"] == low}) > 1:
            # Double CHOMP!: both players flipped a lowest creature, so nobody may chomp.
            why = msg(gettext_noop("Both players flipped the lowest creature, so nobody may chomp."))
            return self._all_same(state, why=why)
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
        return self._award(state, best["seat"], how="higher")

    # ----- the kinds of rounds ------------------------------------------------------------------

    def _open_race(self, state: State) -> list[Event]:
        state.update(phase="react", round_kind="race", next_flip="normal")
        return []

    def _feeding_frenzy(self, state: State, entries: list[dict]) -> list[Event]:
        state.update(phase="react", round_kind="frenzy", next_flip="normal")
        if state["mode"] in ("underwater-war", "quick-chomp"):
            return [
                event(
                    msg(
                        gettext_noop(
                            "Electric Eel! Feeding Frenzy: the first to slap the Eel takes the cards."
                        )
                    )
                )
            ]
        text: list[Message] = [
            msg(gettext_noop("Electric Eel! Feeding Frenzy: slap any card that isn't yours."))
        ]
        if any(e["kind"] == "octopus" for e in entries):
            text.append(msg(gettext_noop("The Eel beats the Octopus!")))
        return [event(text)]

    def _ink_out(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="ink", next_flip="normal")
        text = gettext_noop(
            "Octopus! Ink Out: nobody may chomp. These cards are set aside and everyone flips again."
        )
        return [event(msg(text))]

    def _all_same(self, state: State, why: Message | None = None) -> list[Event]:
        state.update(phase="aside", round_kind="same", next_flip="normal")
        why = why or msg(
            gettext_noop("Everyone flipped the same creature, and nobody chomps their own kind.")
        )
        return [event([why, msg(SET_ASIDE)])]

    def _war(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="war", next_flip="war")
        return [
            event(msg(gettext_noop("Same creature: war! Each player puts 2 cards face down and 1 face up.")))
        ]

    def _octopus_showdown(self, state: State) -> list[Event]:
        state.update(phase="aside", round_kind="ink", next_flip="showdown")
        text = gettext_noop("Octopus! Each player flips one more card, and the higher card takes them all.")
        return [event(msg(text))]

    def _lone_flipper(self, state: State, entries: list[dict]) -> list[Event]:
        """Only one player could flip (the others ran out in a tie-break): they win the round."""
        if not entries:
            return self._end_round(state, [])
        return self._award(state, entries[0]["seat"], how="lone")

    def _auto_win(self, state: State, seat: int) -> list[Event]:
        """All but one flipped the lowest creature: the high card wins at once and takes all."""
        return self._award(state, seat, how="auto")

    # ----- winning a round ----------------------------------------------------------------------

    def _settle(self, state: State) -> list[Event]:
        """The tie window closed with one right slap: that player wins the round."""
        claim = state["claim"]
        if state["round_kind"] == "frenzy":
            return self._award(state, claim["seat"], how="frenzy")
        if state["mode"] == "chomp":
            return self._award(state, claim["seat"], how="chomp")
        return self._award(state, claim["seat"], how="all")

    def _bad_chompers_cards(self, state: State) -> list[str]:
        """The cards Bad Chompers turned over this flip: they belong to the round's winner."""
        bad = state.get("bad_chompers") or []
        return [item["card"] for item in state["center"] if item["seat"] in bad]

    def _time_up(self, state: State) -> list[Event]:
        """Nobody slapped a right card in time: the cards go back to their owners, except a Bad
        Chomper's, which stay in the middle (face up) for the next winner."""
        stay = self._bad_chompers_cards(state)
        state["aside"].extend(stay)
        for item in state["center"]:
            if item["card"] not in stay:
                state["discards"][item["seat"]].append(item["card"])
        waiting = len(state["aside"]) + len(state["aside_hidden"]) + len(state["penalty"])
        text = [msg(gettext_noop("Time's up! Nobody chomped, so the cards went back to their owners."))]
        if waiting:
            text.append(
                msg(
                    ngettext_noop(
                        "The %(n)s card in the middle waits for the next winner.",
                        "The %(n)s cards in the middle wait for the next winner.",
                    ),
                    n=waiting,
                )
            )
        state["last"] = {
            "flips": entries_of(state, state["center"]),
            "winner": None,
            "text": msg(gettext_noop("Time up.")),
        }
        return self._end_round(state, [event(text)])

    def _chomp_take(self, state: State, winner: int) -> list[str]:
        """What the winner's card may chomp: everything lower than it, plus itself."""
        mine = next(i["card"] for i in state["center"] if i["seat"] == winner)
        return [
            i["card"]
            for i in state["center"]
            if i["card"] == mine or (rank_of(state, i["card"]) or 99) < (rank_of(state, mine) or 0)
        ]

    def _award(self, state: State, winner: int, *, how: str) -> list[Event]:
        taken = self._chomp_take(state, winner) if how == "chomp" else [i["card"] for i in state["center"]]
        bad_chomped = [card for card in self._bad_chompers_cards(state) if card not in taken]
        returned = [i for i in state["center"] if i["card"] not in taken and i["card"] not in bad_chomped]
        for item in returned:
            state["discards"][item["seat"]].append(item["card"])
        pot = state["aside"] + state["aside_hidden"] + [p["card"] for p in state["penalty"]] + bad_chomped
        state["discards"][winner].extend(taken + pot)
        state["aside"], state["aside_hidden"], state["penalty"] = [], [], []
        text = [self._win_text(state, winner, how, taken)]
        if pot:
            text.append(
                msg(
                    ngettext_noop(
                        "%(who)s also took the %(n)s card waiting in the middle.",
                        "%(who)s also took the %(n)s cards waiting in the middle.",
                    ),
                    you=ngettext_noop(
                        "You also took the %(n)s card waiting in the middle.",
                        "You also took the %(n)s cards waiting in the middle.",
                    ),
                    who=seat_ref(winner),
                    n=len(pot),
                )
            )
        if returned:
            text.append(msg(gettext_noop("The rest went back to their owners.")))
        state["last"] = {"flips": entries_of(state, state["center"]), "winner": winner, "text": text}
        return self._end_round(state, [event(text, winner=winner, took=len(taken) + len(pot))])

    def _win_text(self, state: State, winner: int, how: str, taken: list[str]) -> Message:
        mine = [i["card"] for i in state["center"] if i["seat"] == winner]
        # What was chomped, highest creature first.
        others = sorted((c for c in taken if c not in mine), key=lambda c: -(rank_of(state, c) or 0))
        who, n = seat_ref(winner), len(taken)
        if how == "frenzy":
            return msg(
                gettext_noop("Feeding Frenzy! %(who)s took all %(n)s cards."),
                you=gettext_noop("Feeding Frenzy! You took all %(n)s cards."),
                who=who,
                n=n,
            )
        if how == "lone":
            return msg(
                gettext_noop("%(who)s was the only one with a card and took it back."),
                you=gettext_noop("You were the only one with a card and took it back."),
                who=who,
            )
        if how == "all":
            return msg(
                gettext_noop("%(who)s slapped first and took all %(n)s cards."),
                you=gettext_noop("You slapped first and took all %(n)s cards."),
                who=who,
                n=n,
            )
        card = card_ref(mine[0])
        if how == "higher":
            return msg(
                gettext_noop("%(who)s's %(card)s was higher and took %(n)s cards."),
                you=gettext_noop("Your %(card)s was higher and took %(n)s cards."),
                who=who,
                card=card,
                n=n,
            )
        if how == "auto":
            return msg(
                gettext_noop("%(who)s's %(card)s won at once and chomped %(chomped)s."),
                you=gettext_noop("Your %(card)s won at once and chomped %(chomped)s."),
                who=who,
                card=card,
                chomped=cards_ref(others),
            )
        return msg(
            gettext_noop("%(who)s's %(card)s chomped %(chomped)s."),
            you=gettext_noop("Your %(card)s chomped %(chomped)s."),
            who=who,
            card=card,
            chomped=cards_ref(others),
        )

    # ----- the end of a round and of the game ---------------------------------------------------

    def _cards_held(self, state: State, seat: int) -> int:
        return len(state["piles"][seat]) + len(state["discards"][seat])

    def _end_round(self, state: State, events: list[Event]) -> list[Event]:
        state.update(
            phase="flip",
            next_flip="normal",
            round_kind=None,
            center=[],
            slapped=[],
            claim=None,
            bad_chompers=[],
        )
        events += self._wash_out(state)
        players = [s for s in range(state["seats"]) if state["in_game"][s]]
        if len(players) == 1:
            reason = msg(
                gettext_noop("%(who)s collected all the cards!"),
                you=gettext_noop("You collected all the cards!"),
                who=seat_ref(players[0]),
            )
            return events + self._finish(state, reason)
        if len(players) == 2 and state["mode"] == "chomp":
            events += self._last_two(state, players)
            if self.result(state):
                return events
        if state["round"] >= self.option(state, "max_rounds"):
            reason = msg(gettext_noop("The flip limit was reached, so everyone counted their cards."))
            return events + self._finish(state, reason)
        return events

    def _wash_out(self, state: State) -> list[Event]:
        events = []
        for seat in range(state["seats"]):
            if state["in_game"][seat] and self._cards_held(state, seat) == 0:
                state["in_game"][seat] = False
                text = msg(
                    gettext_noop("%(who)s is washed up and out of the game."),
                    you=gettext_noop("You are washed up and out of the game."),
                    who=seat_ref(seat),
                )
                events.append(event(text, seat=seat))
        return events

    def _last_two(self, state: State, players: list[int]) -> list[Event]:
        """Two left: count cards (the default) or carry on with a 2-player game."""
        carry_on = self.option(state, "last_two")
        if carry_on == "count":
            return self._finish(
                state, msg(gettext_noop("Only two players were left, so they counted their cards."))
            )
        state["mode"] = carry_on
        text = msg(
            gettext_noop("Only %(who)s are left: %(game)s goes on with them."),
            you=gettext_noop("Only you and %(who)s are left: %(game)s goes on with you."),
            who=seats_ref(players),
            game=msg(MODE_NAMES[carry_on]),
        )
        return [event(text)]

    def _finish(self, state: State, reason: Text) -> list[Event]:
        scores = [self._cards_held(state, s) if state["in_game"][s] else 0 for s in range(state["seats"])]
        best = max(scores)
        winners = [s for s, score in enumerate(scores) if score == best]
        state["phase"] = "over"
        state["result"] = {"winners": winners, "scores": scores, "reason": reason}
        if len(winners) == 1:
            won = msg(
                ngettext_noop("%(who)s won with %(n)s card.", "%(who)s won with %(n)s cards."),
                you=ngettext_noop("You won with %(n)s card.", "You won with %(n)s cards."),
                who=seat_ref(winners[0]),
                n=best,
            )
        else:
            won = msg(
                ngettext_noop("%(who)s won with %(n)s card each.", "%(who)s won with %(n)s cards each."),
                you=ngettext_noop(
                    "You and %(who)s won with %(n)s card each.", "You and %(who)s won with %(n)s cards each."
                ),
                who=seats_ref(winners),
                n=best,
            )
        return [event([msg(gettext_noop("Game over.")), reason, won], winners=winners)]
