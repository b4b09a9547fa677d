"""Appetite's scoring (rules 7 to 9 in games.engines.appetite): the score sheet, what a score
writes on it, and how the game ends. `AppetiteScoring` is the half of the Appetite engine that
scores; games.engines.appetite adds dealing, playing and the views."""

from __future__ import annotations

from games.engines.base import Engine, Event, State, event
from games.engines.messages import Message, Text, gettext_noop, msg, ngettext_noop, seat_ref, seats_ref

SUITS = ("breakfast", "lunch", "dinner", "dessert")
SUIT_NAME = {
    "breakfast": gettext_noop("Breakfast"),
    "lunch": gettext_noop("Lunch"),
    "dinner": gettext_noop("Dinner"),
    "dessert": gettext_noop("Dessert"),
}
# "6 of Lunches": our own card labels (the deck's names are not always plural-correct).
CARD_LABEL = {
    "breakfast": gettext_noop("%(n)s of Breakfasts"),
    "lunch": gettext_noop("%(n)s of Lunches"),
    "dinner": gettext_noop("%(n)s of Dinners"),
    "dessert": gettext_noop("%(n)s of Desserts"),
}
ROUNDS_PER_HAND = 4
APPETITE_STEP = 10
ICONS_PER_DESSERT_BOX = 4
DESSERT_BOX_POINTS = 30
COLUMNS_TO_END = 2


def card_label(card: dict) -> Message:
    """ "6 of Lunches", a message."""
    return msg(CARD_LABEL[card["suit"]], n=card["number"])


def _scored_text(scorer: int, total: int, suit: str, *, satisfied: bool, full: bool) -> Text:
    """What a score did: a Dessert marks icons, another suit writes the Total in its column
    (or scores nothing when the column is full); satisfying the Appetite adds a bonus icon."""
    params = {"who": seat_ref(scorer), "total": total, "suit": msg(SUIT_NAME[suit])}
    if suit == "dessert":
        if satisfied:
            return msg(
                gettext_noop(
                    "%(who)s satisfied the Appetite of %(total)s with a Dessert and marked 2 Dessert icons."
                ),
                you=gettext_noop(
                    "You satisfied the Appetite of %(total)s with a Dessert and marked 2 Dessert icons."
                ),
                **params,
            )
        return msg(
            gettext_noop(
                "%(who)s played the last card, at %(total)s, with a Dessert and marked 1 Dessert icon."
            ),
            you=gettext_noop(
                "You played the last card, at %(total)s, with a Dessert and marked 1 Dessert icon."
            ),
            **params,
        )
    if satisfied and not full:
        text = msg(
            gettext_noop(
                "%(who)s satisfied the Appetite of %(total)s and wrote %(total)s in the %(suit)s column."
            ),
            you=gettext_noop(
                "You satisfied the Appetite of %(total)s and wrote %(total)s in the %(suit)s column."
            ),
            **params,
        )
    elif satisfied:
        text = msg(
            gettext_noop(
                "%(who)s satisfied the Appetite of %(total)s, but the %(suit)s column is full, "
                "so it scored nothing."
            ),
            you=gettext_noop(
                "You satisfied the Appetite of %(total)s, but the %(suit)s column is full, "
                "so it scored nothing."
            ),
            **params,
        )
    elif not full:
        return msg(
            gettext_noop(
                "%(who)s played the last card, at %(total)s, and wrote %(total)s in the %(suit)s column."
            ),
            you=gettext_noop(
                "You played the last card, at %(total)s, and wrote %(total)s in the %(suit)s column."
            ),
            **params,
        )
    else:
        return msg(
            gettext_noop(
                "%(who)s played the last card, at %(total)s, but the %(suit)s column is full, "
                "so it scored nothing."
            ),
            you=gettext_noop(
                "You played the last card, at %(total)s, but the %(suit)s column is full, "
                "so it scored nothing."
            ),
            **params,
        )
    bonus = msg(
        gettext_noop("They also marked a bonus Dessert icon."),
        you=gettext_noop("You also marked a bonus Dessert icon."),
        who=seat_ref(scorer),
    )
    return [text, bonus]


def empty_sheet() -> dict:
    return {"breakfast": [], "lunch": [], "dinner": [], "dessert": [], "icons": 0}


def sheet_points(sheet: dict) -> int:
    return sum(sum(sheet[suit]) for suit in SUITS)


def full_columns(sheet: dict, boxes: int) -> list[str]:
    return [suit for suit in SUITS if len(sheet[suit]) >= boxes]


class AppetiteScoring(Engine):
    """Scoring a round, Dessert icons, the end of a hand and of the game."""

    def appetite(self, state: State) -> int:
        return state["round"] * APPETITE_STEP

    def _score_round(self, state: State, scorer: int, card_id: str, *, satisfied: bool) -> list[Event]:
        """Write the Total (or a Dessert icon) for the scorer, then start the next round."""
        card = self.card(state, card_id)
        sheet = state["sheets"][scorer]
        boxes = self.option(state, "boxes")
        total = state["total"]
        suit = card["suit"]
        full = False
        if suit == "dessert":
            icons = 1 + (1 if satisfied else 0)
        else:
            icons = 1 if satisfied else 0
            full = len(sheet[suit]) >= boxes
            if not full:
                sheet[suit].append(total)
        text = _scored_text(scorer, total, suit, satisfied=satisfied, full=full)
        events = [event(text, kind="score", seat=scorer, points=total, suit=suit, satisfied=satisfied)]
        events += self._mark_dessert_icons(state, scorer, icons)
        state["last_score"] = {"seat": scorer, "total": total, "suit": suit, "satisfied": satisfied}
        if self._game_over_by_columns(state, scorer):
            reason = msg(
                gettext_noop("%(who)s filled two columns."),
                you=gettext_noop("You filled two columns."),
                who=seat_ref(scorer),
            )
            return events + self._finish(state, reason)
        if satisfied:
            state["cleared"].extend(entry["card"] for entry in state["table"])
            state["table"] = []
        if state["round"] >= ROUNDS_PER_HAND:
            events.append(
                event(msg(gettext_noop("Round 4 was scored, so the hand ended.")), kind="hand_over")
            )
            return events + self._end_hand(state)
        state["round"] += 1
        state["turn"] = (scorer + 1) % state["seats"]
        state["must_play"] = True
        state["passes"] = 0
        state["cant_play_count"] = 0
        events.append(
            event(
                msg(
                    gettext_noop("Round %(n)s began: the Appetite is now %(appetite)s."),
                    n=state["round"],
                    appetite=self.appetite(state),
                ),
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
                    msg(
                        gettext_noop("%(who)s had four Dessert icons and wrote 30 in the Dessert column."),
                        you=gettext_noop("You had four Dessert icons and wrote 30 in the Dessert column."),
                        who=seat_ref(seat),
                    ),
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
            reason = msg(
                ngettext_noop(
                    "The game reached its limit of %(n)s hand.", "The game reached its limit of %(n)s hands."
                ),
                n=state["hand_number"],
            )
            return self._finish(state, reason)
        return self._deal_hand(state, shuffle=True)

    def _finish(self, state: State, reason: Text) -> list[Event]:
        scores = [sheet_points(sheet) for sheet in state["sheets"]]
        best = max(scores)
        winners = [seat for seat, score in enumerate(scores) if score == best]
        state["result"] = {"winners": winners, "scores": scores, "reason": reason}
        if len(winners) == 1:
            won = msg(
                ngettext_noop("%(who)s won with %(n)s point.", "%(who)s won with %(n)s points."),
                you=ngettext_noop("You won with %(n)s point.", "You won with %(n)s points."),
                who=seat_ref(winners[0]),
                n=best,
            )
        else:
            won = msg(
                ngettext_noop(
                    "%(who)s shared the win with %(n)s point each.",
                    "%(who)s shared the win with %(n)s points each.",
                ),
                you=ngettext_noop(
                    "You and %(who)s shared the win with %(n)s point each.",
                    "You and %(who)s shared the win with %(n)s points each.",
                ),
                who=seats_ref(winners),
                n=best,
            )
        return [event([reason, won], kind="game_over", winners=winners)]
