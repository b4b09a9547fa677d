"""Two small games that follow the engine contract, so the web layer is tested on its own:
a turn-based game with hidden hands and a real-time slap game (both use the CHOMP! deck)."""

from __future__ import annotations

from games.bots.base import Bot, RandomBot
from games.engines.base import Engine, IllegalAction, event
from games.engines.messages import card_ref, gettext_noop, msg, ngettext_noop, seat_ref
from games.engines.zones import number, zone


class HiddenHands(Engine):
    """Each player gets three cards. On your turn put one on the pile; a Shark only when you hold
    nothing but Sharks (so a hand of two Sharks can still move). Empty hands end the game: the
    highest total rank wins."""

    def __init__(self):
        super().__init__(
            slug="test-cards",
            name="Test Cards",
            title="Test Cards",
            min_seats=2,
            max_seats=4,
            deck_slug="chomp",
            action_words={"play": "Play %(card)s"},
            action_fields={"play": {"card": str}},
        )

    def _setup(self, state, order):
        hands = [order[i * 3 : i * 3 + 3] for i in range(state["seats"])]
        state.update(
            hands=hands, pile=[], turn=0, scores=[0] * state["seats"], rest=order[state["seats"] * 3 :]
        )

    def _to_move(self, state):
        return {state["turn"]}

    def _legal_actions(self, state, seat):
        hand = state["hands"][seat]
        return [{"type": "play", "card": c} for c in hand if self._may_play(state, seat, c)]

    def _may_play(self, state, seat, card):
        hand = state["hands"][seat]
        sharks_only = all(self.card(state, held)["kind"] == "shark" for held in hand)
        return card in hand and (self.card(state, card)["kind"] != "shark" or sharks_only)

    def _explain_illegal(self, state, seat, move):
        card = move.get("card")
        if card not in state["hands"][seat]:
            raise IllegalAction(gettext_noop("That card isn't in your hand."))
        if self.card(state, card)["kind"] == "shark":
            raise IllegalAction(gettext_noop("Keep your Shark for last."))

    def _apply(self, state, seat, move):
        card = move["card"]
        state["hands"][seat].remove(card)
        state["pile"].append(card)
        state["scores"][seat] += self.card(state, card)["rank"] or 0
        played = msg(
            "%(who)s played %(card)s.", you="You played %(card)s.", who=seat_ref(seat), card=card_ref(card)
        )
        left = len(state["hands"][seat])
        events = [event(played, kind="play")]
        events.append(
            event(
                msg(ngettext_noop("You still hold %(n)s card.", "You still hold %(n)s cards."), n=left),
                to=[seat],
            )
        )
        state["turn"] = (seat + 1) % state["seats"]
        if not any(state["hands"]):
            best = max(state["scores"])
            winners = [s for s, score in enumerate(state["scores"]) if score == best]
            state["result"] = {
                "winners": winners,
                "scores": state["scores"],
                "reason": msg("%(who)s had the most.", you="You had the most.", who=seat_ref(winners[0])),
            }
        return events

    def _view(self, state, seat):
        zones = [zone("pile", "Pile", cards=state["pile"])]
        for player, hand in enumerate(state["hands"]):
            if player == seat:
                zones.append(zone("hand", "Hand", owner=player, cards=hand, own=True))
            else:
                zones.append(zone("hand", "Hand", owner=player, hidden=True, count=len(hand)))
        return {
            "zones": zones,
            "numbers": [number("Scores", state["scores"])],
            "hand": state["hands"][seat] if seat is not None else [],
            "hand_count": [len(h) for h in state["hands"]],
            "pile": state["pile"],
            "scores": state["scores"],
        }

    def all_cards(self, state):
        return [c for h in state["hands"] for c in h] + state["pile"] + state["rest"]

    def hidden_cards(self, state, seat):
        hidden = set(state["rest"])
        for number_, hand in enumerate(state["hands"]):
            if number_ != seat:
                hidden.update(hand)
        return hidden


class SlapGame(Engine):
    """The table flips a card every 400 ms. Slap a Shark to win the pile (a point a card);
    slapping anything else is a Bad Chomp (a point off). When the deck runs out, it's over."""

    def __init__(self):
        super().__init__(
            slug="test-slap",
            name="Test Slap",
            title="Test Slap",
            min_seats=2,
            max_seats=2,
            deck_slug="chomp",
            realtime=True,
            action_words={"slap": "Slap", "flip": "Flip", "end": "End"},
            action_fields={"slap": {}, "flip": {"after_ms": int}, "end": {"after_ms": int}},
        )

    def _setup(self, state, order):
        state.update(deck=order[:8], pile=[], won=[[], []], scores=[0, 0], out=order[8:])

    def _to_move(self, state):
        movers = {None}
        if state["pile"]:
            movers |= {0, 1}
        return movers

    def _legal_actions(self, state, seat):
        if seat is None:
            return (
                [{"type": "flip", "after_ms": 400}] if state["deck"] else [{"type": "end", "after_ms": 400}]
            )
        return [{"type": "slap"}]

    def _is_legal(self, state, seat, move):
        return any(m["type"] == move["type"] for m in self._legal_actions(state, seat))

    def _apply(self, state, seat, move):
        if move["type"] == "flip":
            card = state["deck"].pop(0)
            state["pile"].append(card)
            return [event(msg("The table flipped %(card)s.", card=card_ref(card)))]
        if move["type"] == "end":
            best = max(state["scores"])
            state["out"] += state["pile"]
            state["pile"] = []
            state["result"] = {
                "winners": [s for s in (0, 1) if state["scores"][s] == best],
                "scores": state["scores"],
                "reason": msg("The deck ran out."),
            }
            return [event(msg("The deck ran out."))]
        top = self.card(state, state["pile"][-1])
        if top["kind"] == "shark":
            state["won"][seat] += state["pile"]
            state["scores"][seat] += len(state["pile"])
            state["pile"] = []
            text = msg("%(who)s chomped the pile!", you="You chomped the pile!", who=seat_ref(seat))
            return [event(text, kind="chomp")]
        state["scores"][seat] -= 1
        text = msg(
            "%(who)s made a Bad Chomp on %(card)s.",
            you="You made a Bad Chomp on %(card)s.",
            who=seat_ref(seat),
            card=card_ref(top["id"]),
        )
        return [event(text, kind="bad-chomp")]

    def _view(self, state, seat):
        zones = [
            zone("pile", "Pile", cards=state["pile"]),
            zone("deck", "Deck", hidden=True, count=len(state["deck"])),
        ]
        zones += [zone("won", "Won", owner=player, cards=state["won"][player]) for player in (0, 1)]
        return {
            "zones": zones,
            "numbers": [number("Scores", state["scores"])],
            "pile": state["pile"],
            "deck_count": len(state["deck"]),
            "scores": state["scores"],
            "won": state["won"],
        }

    def all_cards(self, state):
        return state["deck"] + state["pile"] + state["won"][0] + state["won"][1] + state["out"]

    def hidden_cards(self, state, seat):
        return set(state["deck"]) | set(state["out"])


class SlapBot(Bot):
    """Slaps only Sharks, after its reaction time."""

    def choose(self, view, legal, rng):
        if view["pile"] and view["pile"][-1].startswith("shark"):
            return legal[0]
        return None


FAKE_ENGINES = [HiddenHands(), SlapGame()]
FAKE_BOTS = [
    RandomBot(game="test-cards", level="beginner"),
    SlapBot(game="test-slap", level="beginner", reaction_range_ms=(900, 1000)),
]
