"""The coach of the CHOMP! lessons (games.tutorials.chomp): what to do on every flip, and why.

One coach serves the four CHOMP! games. It never follows a script of words: at every state it
judges the face-up cards with the table's own rule (`slap_verdict`, as the engine and the bots
do) and says what the learner may slap, or that they must wait. The food-chain words come from
the card records (their names and ranks), so "a Seal is 3 steps above a Shrimp" stays true if
the deck data changes. A lesson only scripts the bots (`Lesson.bots`): on each flip of the
lesson they stay quiet, or one of them wins, makes a Bad Chomp, or slaps at the same instant
as the learner (a tie), so no bot ever steals the learner's slap.

Real time: the table's countdown and slap window run as in any game (the relaxed pace makes
them three times longer). While the cards wait, the coach explains the last round; while the
learner may slap, it accepts only the right slap, or only waiting (`WAIT`: every slap is refused
with the reason).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines.base import Action, Engine, State
from games.engines.chomp_judge import bad_chomp_message, entries_of, lowest_rank, slap_verdict
from games.engines.chomp_rounds import MODE_NAMES
from games.engines.messages import Message, gettext_noop, msg, ngettext_noop, seat_ref, seats_ref
from games.tutorials import LEARNER, Advice

# The coach wants no move now: no legal move matches it, so every slap is refused with the hint.
WAIT: Action = {"type": "wait"}
# bot_move's answer for "this bot does nothing now" (None would let it play as in any game).
QUIET: Action = WAIT
# How long a bot that wins a lesson's flip waits (before the relaxed pace): time to read why the
# learner must not slap.
WIN_AFTER_MS = 2000
# And a bot that makes a lesson's Bad Chomp: time to read "don't slap" first.
BAD_AFTER_MS = 1500

# What each creature eats in the sea, or a fact about the action cards: no numbers here, the
# numbers come from the records.
FACTS = {
    "shark": gettext_noop("Real sharks hunt seals and big fish."),
    "seal": gettext_noop("Real seals dive to catch fish."),
    "big-fish": gettext_noop("Big fish, like tuna, eat smaller fish."),
    "little-fish": gettext_noop("Little fish, like anchovies, eat tiny shrimp and plankton."),
    "shrimp": gettext_noop("Many shrimp eat plankton."),
    "plankton": gettext_noop(
        "Plankton are tiny living things that drift in the sea. "
        "Many make their food from sunlight, like plants."
    ),
    "electric-eel": gettext_noop("A real electric eel stuns the fish it eats with a zap of electricity."),
    "octopus": gettext_noop("A real octopus squirts dark ink to hide from the animals that want to eat it."),
}
# The engine's words for a round the higher card won (chomp_rounds._win_text, how="higher").
HIGHER_WON = "%(who)s's %(card)s was higher and took %(n)s cards."
BAD_CHOMP_RULE = gettext_noop(
    "Bad Chomps: slapping your own card, a card like yours, a higher card, or in an Ink Out."
)


@dataclass(frozen=True)
class Lesson:
    """One game's lesson: how many flips it lasts (the match's max_rounds too), its first and
    last words, and what the bots do on each flip: {flip: (plan, bot seat)} with plan "win"
    (slap a right card), "bad" (make a Bad Chomp) or "tie" (slap right after the learner)."""

    mode: str
    flips: int
    welcome: Message
    bots: dict[int, tuple[str, int]] = field(default_factory=dict)


# ----- words from the card records -------------------------------------------------------------


def _name(state: State, card: str) -> Message:
    """A card's name as a message: the deck's names are in the catalogue (foodcards.card_names)."""
    return msg(state["cards"][card]["name"])


def _chain(state: State) -> list[dict]:
    """One record per creature, top of the food chain first."""
    kinds: dict[str, dict] = {}
    for record in state["cards"].values():
        if record.get("rank") is not None and record.get("in_play", True):
            kinds.setdefault(record["kind"], record)
    return sorted(kinds.values(), key=lambda record: -record["rank"])


def chain_text(state: State) -> Message:
    return msg(
        gettext_noop("The food chain, top to bottom: %(chain)s. Each chomps the ones below it."),
        chain=[msg(record["name"]) for record in _chain(state)],
    )


def prey_text(state: State, card: str) -> Message | None:
    """What this card's creature may chomp, from the records: every creature with a lower rank."""
    rank = state["cards"][card]["rank"]
    if rank is None:
        return None
    prey = [msg(record["name"]) for record in _chain(state) if record["rank"] < rank]
    if not prey:
        return msg(gettext_noop("%(card)s can't chomp anything."), card=_name(state, card))
    return msg(gettext_noop("%(card)s can chomp %(prey)s."), card=_name(state, card), prey=prey)


def steps_text(state: State, high: str, low: str) -> Message | None:
    """How far apart two creatures are on the food chain, from their ranks."""
    up, down = state["cards"][high]["rank"], state["cards"][low]["rank"]
    if up is None or down is None or up <= down:
        return None
    return msg(
        ngettext_noop(
            "%(high)s is %(n)s step above %(low)s on the food chain.",
            "%(high)s is %(n)s steps above %(low)s on the food chain.",
        ),
        high=_name(state, high),
        low=_name(state, low),
        n=up - down,
    )


def fact(state: State, card: str) -> Message | None:
    text = FACTS.get(state["cards"][card]["kind"])
    return msg(text) if text else None


def _text(*parts: Message | None) -> list[Message]:
    return [part for part in parts if part is not None]


# ----- the coach -------------------------------------------------------------------------------


def coach(lesson: Lesson, engine: Engine, state: State) -> Advice:
    phase = state["phase"]
    if phase == "over" or (phase == "flip" and state["round"] >= lesson.flips):
        return _finished(state)
    if phase == "flip":
        if state["round"] == 0:
            return Advice(say=lesson.welcome, why=chain_text(state))
        return _between_flips(state)
    entries = entries_of(state, state["center"])
    if phase == "aside":
        return _aside(state)
    if phase == "claimed":
        return _claimed(state)
    if LEARNER in state["slapped"] or not any(e["seat"] == LEARNER for e in entries):
        return Advice(say=msg(gettext_noop("Watch what happens!")))
    plan = lesson.bots.get(state["round"])
    if plan and plan[0] == "bad" and plan[1] not in state["slapped"]:
        say = msg(gettext_noop("Wait! Watch what %(who)s does first."), who=seat_ref(plan[1]))
        return Advice(
            say=say,
            moves=(WAIT,),
            hint=msg(gettext_noop("Not yet! Wait for %(who)s."), who=seat_ref(plan[1])),
        )
    right = right_slaps(state, LEARNER)
    if state["round_kind"] == "frenzy":
        return _frenzy(state, entries, right)
    if right:
        return _slap_now(state, entries, right)
    return _hold_back(state, entries)


def right_slaps(state: State, seat: int) -> list[dict]:
    """The face-up cards this seat may slap now without a Bad Chomp (the table's own rule)."""
    if state["phase"] not in ("react", "claimed") or state["round_kind"] not in ("race", "frenzy"):
        return []
    entries = entries_of(state, state["center"])
    return [
        e
        for e in entries
        if slap_verdict(state["mode"], state["round_kind"], entries, seat, e["card"]) is None
    ]


def _slaps(right: list[dict]) -> tuple[Action, ...]:
    return tuple({"type": "slap", "card": e["card"]} for e in right)


def _best(entries: list[dict], seat: int) -> dict:
    return max((e for e in entries if e["seat"] == seat), key=lambda e: e["rank"] or 0)


def _slap_now(state: State, entries: list[dict], right: list[dict]) -> Advice:
    low = right[0]
    if state["mode"] == "quick-chomp":
        high = max(entries, key=lambda e: e["rank"] or 0)
        if low["seat"] == LEARNER:
            say = msg(
                gettext_noop("Slap the lower card, your own %(low)s! In Quick CHOMP! that's allowed."),
                low=_name(state, low["card"]),
            )
        else:
            say = msg(gettext_noop("Slap the lower card: the %(low)s!"), low=_name(state, low["card"]))
        hint = msg(
            gettext_noop("Slap the %(low)s: slapping the higher card is a Bad Chomp."),
            low=_name(state, low["card"]),
        )
        why = _text(steps_text(state, high["card"], low["card"]), fact(state, low["card"]))
        return Advice(say=say, why=why, moves=_slaps(right), hint=hint)
    mine = _best(entries, LEARNER)
    say = msg(
        gettext_noop("Your %(mine)s is higher than the %(low)s: slap the %(low)s!"),
        mine=_name(state, mine["card"]),
        low=_name(state, low["card"]),
    )
    if state["mode"] == "double-chomp":
        say = [say, msg(gettext_noop("The first to slap it takes all four cards."))]
    hint = [msg(gettext_noop("Slap the %(low)s!"), low=_name(state, low["card"])), msg(BAD_CHOMP_RULE)]
    why = _text(steps_text(state, mine["card"], low["card"]), prey_text(state, mine["card"]))
    return Advice(say=say, why=why, moves=_slaps(right), hint=hint)


def _hold_back(state: State, entries: list[dict]) -> Advice:
    """A race where the learner may not chomp: say why, and refuse every slap."""
    mine = _best(entries, LEARNER)
    lowest = lowest_rank(entries)
    low = next(e for e in entries if e["rank"] == lowest)
    holding = [e for e in entries if e["seat"] == LEARNER and e["rank"] == lowest]
    if holding:
        say = msg(
            gettext_noop("Your %(card)s is the lowest creature: don't slap! Let the others chomp it."),
            card=_name(state, holding[0]["card"]),
        )
        why = _text(prey_text(state, holding[0]["card"]), fact(state, holding[0]["card"]))
    else:
        say = msg(
            gettext_noop("Your %(mine)s can't chomp the %(low)s: don't slap this time."),
            mine=_name(state, mine["card"]),
            low=_name(state, low["card"]),
        )
        why = _text(prey_text(state, mine["card"]))
    return Advice(say=say, why=why, moves=(WAIT,), hint=[say, msg(BAD_CHOMP_RULE)])


def _frenzy(state: State, entries: list[dict], right: list[dict]) -> Advice:
    eel = next(e for e in entries if e["kind"] == "electric-eel")
    why = _text(fact(state, eel["card"]))
    if state["mode"] in ("underwater-war", "quick-chomp"):
        say = msg(gettext_noop("Electric Eel! Feeding Frenzy: slap the Eel first, even if it's yours!"))
        hint = msg(gettext_noop("Slap the Electric Eel! Any other card is a Bad Chomp."))
    else:
        say = msg(
            gettext_noop("Electric Eel! Feeding Frenzy: slap any card that isn't yours, even a higher one!")
        )
        hint = msg(gettext_noop("Slap a card that isn't yours! Slapping your own card is a Bad Chomp."))
    return Advice(say=say, why=why, moves=_slaps(right), hint=hint)


def _aside(state: State) -> Advice:
    """Cards set aside: an Ink Out, a tie, a war, everyone the same. Nobody may slap."""
    kind, mode = state["round_kind"], state["mode"]
    bad = [s for s in state.get("bad_chompers") or [] if s != LEARNER]
    center = state["center"]
    octopus = next((i["card"] for i in center if state["cards"][i["card"]]["kind"] == "octopus"), None)
    if kind == "ink" and mode in ("underwater-war", "quick-chomp"):
        say = msg(
            gettext_noop(
                "Octopus! Don't slap: each player flips one more card, and the higher one takes them all."
            )
        )
        why = _text(fact(state, octopus) if octopus else None)
    elif kind == "ink":
        say = msg(gettext_noop("Octopus! Ink Out: nobody may chomp. Don't slap!"))
        why = _text(
            fact(state, octopus) if octopus else None,
            msg(gettext_noop("These cards wait in the middle for the winner of the next flip.")),
        )
    elif kind == "tie":
        return _tie(state)
    elif kind == "war":
        say = msg(
            gettext_noop("Same creature: war! Don't slap. Each player puts 2 cards face down and 1 face up.")
        )
        why = [msg(gettext_noop("The face-up card higher on the food chain takes everything."))]
    else:
        say = msg(gettext_noop("Nobody may chomp: creatures never chomp their own kind. Don't slap!"))
        why = [msg(gettext_noop("These cards wait in the middle for the winner of the next flip."))]
    if bad:
        say = [
            bad_chomp_message(bad[0], "ink-out" if kind == "ink" else "nobody-may-chomp"),
            msg(gettext_noop("Its top card went face down into the middle.")),
        ]
        why = [msg(BAD_CHOMP_RULE)]
    return Advice(say=say, why=why, moves=(WAIT,))


def _tie(state: State) -> Advice:
    tied = [s for s in state["slapped"] if s != LEARNER]
    if LEARNER in state["slapped"] and tied:
        say = msg(gettext_noop("Tie! You and %(who)s slapped at the same time."), who=seat_ref(tied[0]))
    elif len(tied) >= 2:
        say = msg(gettext_noop("Tie! %(who)s slapped at the same time."), who=seats_ref(tied))
    else:
        say = msg(gettext_noop("Tie! Two players slapped at the same time."))
    why = msg(gettext_noop("The cards are set aside. Win the next flip and you take them all!"))
    return Advice(say=[say, msg(gettext_noop("Don't slap now."))], why=why, moves=(WAIT,))


def _claimed(state: State) -> Advice:
    """The tie window (a second or so): short words, nothing to read at length."""
    say = msg(
        gettext_noop("%(who)s slapped first! Don't slap now."),
        you=gettext_noop("You slapped first!"),
        who=seat_ref(state["claim"]["seat"]),
    )
    return Advice(say=say, moves=(WAIT,) if LEARNER not in state["slapped"] else ())


def _between_flips(state: State) -> Advice:
    """The countdown: what the last round showed, and why."""
    won, why = last_round(state)
    return Advice(say=won or msg(gettext_noop("Get ready: the next flip is coming!")), why=why or None)


def last_round(state: State) -> tuple[Message | None, list[Message]]:
    """Who won the last round and how, and the food-chain fact behind it, from the records."""
    last = state["last"]
    if not last:
        return None, []
    flips, winner = last["flips"], last["winner"]
    if winner is None:
        return msg(gettext_noop("Time's up! Nobody chomped, so the cards went back.")), []
    won = msg(
        gettext_noop("%(who)s won the round."), you=gettext_noop("You won the round!"), who=seat_ref(winner)
    )
    eel = next((e for e in flips if e["kind"] == "electric-eel"), None)
    if eel is not None:
        return won, _text(fact(state, eel["card"]))
    ranked = [e for e in flips if e["rank"] is not None]
    mine = [e for e in ranked if e["seat"] == winner]
    if not mine:
        return won, []
    lowest = lowest_rank(ranked)
    low = next(e for e in ranked if e["rank"] == lowest)
    high = max(mine, key=lambda e: e["rank"])
    others_lowest = all(e["rank"] == lowest for e in flips if e["seat"] != winner)
    if state["mode"] in ("chomp", "double-chomp") and others_lowest and high["rank"] != lowest:
        won = msg(
            gettext_noop("Everyone else flipped the lowest creature, so %(who)s won at once, with no slap."),
            you=gettext_noop("Everyone else flipped the lowest creature, so you won at once, with no slap!"),
            who=seat_ref(winner),
        )
    elif _higher_card_won(state, last):
        won = msg(
            gettext_noop("%(who)s's card was higher on the food chain and took the cards."),
            you=gettext_noop("Your card was higher on the food chain and took the cards!"),
            who=seat_ref(winner),
        )
    # The winner's own card is the one that did it (not a bigger card someone else flipped).
    return won, _text(steps_text(state, high["card"], low["card"]), fact(state, high["card"]))


def _higher_card_won(state: State, last: dict) -> bool:
    """Underwater War, and Quick CHOMP!'s war and Octopus flips: the higher card won by itself."""
    if state["mode"] == "underwater-war":
        return True
    texts = last["text"] if isinstance(last["text"], list) else [last["text"]]
    return any(isinstance(t, dict) and t.get("id") == HIGHER_WON for t in texts)


def _finished(state: State) -> Advice:
    won, last_why = last_round(state)
    done = msg(
        gettext_noop("Well done, you finished the %(game)s lesson! Now you know how to play."),
        game=msg(MODE_NAMES[state["mode"]]),
    )
    tuna = msg(
        gettext_noop(
            "A tuna is a big fish: when you eat a tuna sandwich, you are part of a sea food chain too!"
        )
    )
    return Advice(say=_text(won, done), why=[*last_why, tuna], done=True)


# ----- the bots during a lesson ----------------------------------------------------------------


def bot_move(lesson: Lesson, engine: Engine, state: State, seat: int) -> Action | None:
    """What a bot does during the lesson: QUIET unless this flip's plan names it. After the
    lesson (or at its end) None: the bots play as in any game."""
    if state.get("result") or state["round"] > lesson.flips:
        return None
    plan = lesson.bots.get(state["round"])
    if plan is None or plan[1] != seat or seat in state["slapped"] or state["phase"] == "flip":
        return QUIET
    what, phase = plan[0], state["phase"]
    entries = entries_of(state, state["center"])
    if what == "win" and phase == "react":
        right = right_slaps(state, seat)
        if right:
            return {
                **_slap(state, min(right, key=lambda e: e["rank"] or 0)["card"]),
                "after_ms": WIN_AFTER_MS,
            }
    if what == "bad" and phase in ("react", "aside"):
        wrong = [
            e
            for e in entries
            if phase == "aside"
            or slap_verdict(state["mode"], state["round_kind"], entries, seat, e["card"]) is not None
        ]
        if wrong:
            return {
                **_slap(state, max(wrong, key=lambda e: e["rank"] or 0)["card"]),
                "after_ms": BAD_AFTER_MS,
            }
    if what == "tie" and phase == "claimed" and state["claim"]["seat"] == LEARNER:
        right = right_slaps(state, seat)
        if right:
            # "after_ms" 0: at once, inside the tie window (the scheduler takes the key off).
            return {**_slap(state, right[0]["card"]), "after_ms": 0}
    return QUIET


def _slap(state: State, card: str) -> Action:
    return {"type": "slap", "card": card, "version": state["version"]}
