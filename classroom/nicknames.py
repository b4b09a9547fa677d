"""Nicknames: what a student may call themselves in a class session, and fun names to pick.

The rules, in the order they are checked (`nickname_problem`):
  * it is cleaned first: Unicode NFKC, runs of spaces made one, trimmed;
  * no control, zero-width, bidi-override or other invisible characters (they make two names look
    alike or flip the text around them), and no line breaks;
  * 1 to 20 visible characters (accents and other combining marks don't count separately);
  * not "You" (every page calls its reader "You") nor a bot's name ("Bot", "Strong bot 2"),
    "Teacher" or "Player 3";
  * no rude words: glin-profanity's word lists (bundled, offline), matched on whole words with its
    leetspeak and look-alike-letter handling, plus a few roots that are rude inside any word;
  * unique within the session, ignoring case and spaces (`nickname_key`).
Markup in a nickname is just text: templates escape it.
"""

from __future__ import annotations

import random
import re
import threading
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from glin_profanity import Filter

from games.bots import BOTS

MAX_VISIBLE = 20
# Characters that draw nothing yet are not "format" characters in Unicode's categories.
INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e", "\u17b4", "\u17b5"}
# Rude inside any word ("xXfuckXx", "fuckyou"): the word lists match whole words only, since
# substring matching refuses innocent names ("Scunthorpe", "Cocktail", "Brown Rice").
GLUED_ROOTS = ("fuck", "shit", "bitch", "nigg", "whore", "slut")
_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"}
)
_RESERVED = {"you", "teacher", "bot", "robotplayer", "openseat", "admin", "plateful"}

_filter_lock = threading.Lock()
_filter: Filter | None = None


def _rude_filter() -> Filter:
    """glin-profanity's filter, built once (reading its word lists takes a moment)."""
    global _filter
    with _filter_lock:
        if _filter is None:
            _filter = Filter({"languages": ["english", "spanish"], "word_boundaries": True})
        return _filter


def clean_nickname(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw or "")
    return re.sub(r"[ \t]+", " ", text).strip()


def nickname_key(nickname: str) -> str:
    """The form uniqueness is checked on: case and spaces don't make a different name."""
    return "".join(clean_nickname(nickname).casefold().split())


def _bad_character(char: str) -> bool:
    category = unicodedata.category(char)
    if char == " ":
        return False
    # Cc control, Cf format (zero-width, bidi overrides and isolates), Cs/Co/Cn, Zl/Zp line breaks,
    # and other spaces (Zs) that aren't a plain space.
    return category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs") or char in INVISIBLE


def visible_length(nickname: str) -> int:
    return sum(1 for char in nickname if char != " " and not unicodedata.category(char).startswith("M"))


def _bot_like(key: str) -> bool:
    levels = {level.casefold() for bots in BOTS.values() for level in bots}
    levels |= {"easy", "medium", "hard", "beginner", "strong"}
    pattern = rf"(?:{'|'.join(re.escape(level) for level in sorted(levels))})?bot\d*"
    return re.fullmatch(pattern, key) is not None


def is_rude(nickname: str) -> bool:
    words = re.sub(r"([a-z])([A-Z])", r"\1 \2", nickname)  # camelCase: "BigPoo" -> "Big Poo"
    words = re.sub(r"[_\-.·*]+", " ", words)
    rude = _rude_filter()
    if rude.is_profane(nickname) or rude.is_profane(words):
        return True
    squashed = re.sub(r"[^a-z]", "", nickname.casefold().translate(_LEET))
    return any(root in squashed for root in GLUED_ROOTS)


def nickname_problem(raw: str, *, taken: set[str] | frozenset[str] = frozenset()) -> str | None:
    """Why this nickname can't be used (a sentence for a child), or None when it is fine.
    `taken`: the nickname keys already used in the session."""
    nickname = clean_nickname(raw)
    if any(_bad_character(char) for char in nickname):
        return _("That name has hidden or special characters. Please use letters, numbers and emoji only.")
    length = visible_length(nickname)
    if length == 0:
        return _("Please type a nickname.")
    if length > MAX_VISIBLE or len(nickname) > 2 * MAX_VISIBLE:
        return _("That name is too long: use at most %(n)s characters.") % {"n": MAX_VISIBLE}
    key = nickname_key(nickname)
    reserved = {*_RESERVED, nickname_key(_("You")), nickname_key(_("Teacher"))}
    if key in reserved or _bot_like(key) or re.fullmatch(r"player\d+", key):
        return _("That name is taken by the game itself. Please pick another one.")
    if is_rude(nickname):
        return _("Please pick a kinder name.")
    if key in taken:
        return _("Someone in this class already has that name. Please pick another one.")
    return None


FUN_ADJECTIVES = [
    gettext_lazy("Crunchy"), gettext_lazy("Zesty"), gettext_lazy("Juicy"), gettext_lazy("Happy"),
    gettext_lazy("Sunny"), gettext_lazy("Speedy"), gettext_lazy("Brave"), gettext_lazy("Clever"),
    gettext_lazy("Jolly"), gettext_lazy("Mighty"), gettext_lazy("Sparkly"), gettext_lazy("Bouncy"),
    gettext_lazy("Cheery"), gettext_lazy("Fresh"), gettext_lazy("Super"), gettext_lazy("Lucky"),
]  # fmt: skip
FUN_FOODS = [
    gettext_lazy("Carrot"), gettext_lazy("Kiwi"), gettext_lazy("Mango"), gettext_lazy("Broccoli"),
    gettext_lazy("Pea"), gettext_lazy("Banana"), gettext_lazy("Blueberry"), gettext_lazy("Pumpkin"),
    gettext_lazy("Noodle"), gettext_lazy("Bagel"), gettext_lazy("Apple"), gettext_lazy("Radish"),
    gettext_lazy("Melon"), gettext_lazy("Peach"), gettext_lazy("Taco"), gettext_lazy("Oatmeal"),
    gettext_lazy("Pepper"), gettext_lazy("Yogurt"), gettext_lazy("Spinach"), gettext_lazy("Lemon"),
]  # fmt: skip


def fun_names(*, taken: set[str] | frozenset[str] = frozenset(), count: int = 1) -> list[str]:
    """Food-themed names nobody in the session has yet ("Crunchy Carrot")."""
    chooser = random.SystemRandom()
    names: list[str] = []
    for _attempt in range(200):
        name = _("%(adjective)s %(food)s") % {
            "adjective": chooser.choice(FUN_ADJECTIVES),
            "food": chooser.choice(FUN_FOODS),
        }
        key = nickname_key(name)
        if key not in taken and name not in names:
            names.append(name)
            if len(names) == count:
                break
    return names
