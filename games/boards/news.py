"""What a screen reader hears after a change of a game, besides the feed: whose turn it is now.

`#live-news` (play.html, a polite live region) is filled by play.js after each update from
three things the page carries for its reader: the feed items the reader has not heard yet
(each `<li>` names the move it came from, `data-index`), this sentence (`data-news-turn` on the
turn line, games/_turn.html) and, once the game is over, its outcome (`data-news-outcome` on
the finished panel). This module words the last two for one reader: every presenter puts them
in its context as `news_turn` and `news_outcome` (games.boards.generic gives the default; a
game whose turn is not simply "who may move now" says its own). They are plain strings on the
turn line and the finished panel: no template is drawn for the news itself.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.boards.common import name_of
from games.engines.messages import Speaker

SLAP_PHASES = ("react", "claimed")  # CHOMP!: a flip on the table that may still be slapped


def turn_sentence(holders, seat: int | None, names: list[str], words: Speaker) -> str:
    """Whose turn it is, for this reader: "Your turn." when the reader is one of `holders`
    (seat numbers; None, the table's own timed move, is left out), else who they are (`names`:
    as this reader reads them; `words`: its Speaker, which lists names)."""
    seats = [number for number in holders if number is not None]
    if not seats:
        return ""
    if seat is not None and seat in seats:
        return _("Your turn.")
    if len(seats) == 1:
        return _("%(who)s's turn.") % {"who": name_of(names, seats[0])}
    return _("Waiting for %(who)s.") % {"who": words.join([name_of(names, number) for number in seats])}


def slap_sentence(phase: str | None, advice: str = "", *, done: bool = False) -> str:
    """A real-time round (CHOMP! and its games): while a flip may be slapped, everyone decides
    at once, so the turn belongs to everyone; the reader's own advice follows, if any. `done`:
    the reader is a player who may not slap this flip any more (it slapped): only the advice."""
    if phase not in SLAP_PHASES:
        return ""
    return " ".join(part for part in ("" if done else _("Everyone: slap or wait."), advice) if part)


def outcome_sentence(result: dict, seat: int | None, names: list[str], words: Speaker) -> str:
    """How the game ended, for this reader: "You won the game.", "Ana won the game.", "You and
    Ana won the game." or nobody (a draw, a game the teacher closed)."""
    winners = [number for number in result.get("winners") or [] if isinstance(number, int)]
    others = words.join([name_of(names, number) for number in winners if number != seat])
    if seat is not None and seat in winners:
        if others:
            return _("You and %(who)s won the game.") % {"who": others}
        return _("You won the game.")
    if winners:
        return ngettext("%(who)s won the game.", "%(who)s won the game.", len(winners)) % {"who": others}
    return _("The game is over. Nobody won.")
