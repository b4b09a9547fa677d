"""The nickname rule: what anyone may call themselves wherever a name is typed (a class join, a
table for friends, quick play, a teacher's rename), and fun names to pick.

The rules, in the order they are checked (`nickname_problem`):
  * it is cleaned first: Unicode NFKC, runs of spaces made one, trimmed;
  * no control, zero-width, bidi-override or other invisible characters (they make two names look
    alike or flip the text around them), and no line breaks;
  * 1 to 20 visible characters (accents and other combining marks don't count separately);
  * not "You" (every page calls its reader "You") nor a name the site gives ("Bot", "Strong bot
    2", "Teacher", "Player 3", "Open seat");
  * not rude in any spelling (`nicknames.rude`: the project's word lists and glin-profanity),
    nor a name that passes for the staff ("Mr Teacher", "Profe Juan": its own sentence);
  * not taken: `taken` holds the `nickname_key`s already used where the name will show (a class
    session, a table), so case and spaces don't make a different name.
Markup in a nickname is just text: templates escape it.
"""

from __future__ import annotations

import random
import re
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bots import BOTS
from nicknames.rude import rude_match

MAX_VISIBLE = 20
# Characters that draw nothing yet are not "format" characters in Unicode's categories.
INVISIBLE = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u180e", "\u17b4", "\u17b5"}
_RESERVED = {"you", "teacher", "bot", "robotplayer", "openseat", "admin", "plateful"}


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


def nickname_problem(raw: str, *, taken: set[str] | frozenset[str] = frozenset()) -> str | None:
    """Why this nickname can't be used (a sentence for a child, in the active language), or None
    when it is fine. `taken`: the `nickname_key`s already used where it will show."""
    nickname = clean_nickname(raw)
    if any(_bad_character(char) for char in nickname):
        return _("That name has hidden or special characters. Please use letters, numbers and emoji only.")
    length = visible_length(nickname)
    if length == 0:
        return _("Please type a nickname.")
    if length > MAX_VISIBLE or len(nickname) > 2 * MAX_VISIBLE:
        return _("That name is too long: use at most %(n)s characters.") % {"n": MAX_VISIBLE}
    key = nickname_key(nickname)
    reserved = {*_RESERVED, *(nickname_key(_(word)) for word in ("You", "Teacher", "Open seat"))}
    if key in reserved or _bot_like(key) or re.fullmatch(r"player\d+", key):
        return _("That name is taken by the game itself. Please pick another one.")
    if found := rude_match(nickname):
        if found.category == "staff":  # not rude, but a child must not speak as the teacher
            return _("Only your teacher is the teacher here. Please pick a name of your own.")
        return _("Please pick a kinder name: one that everyone would be happy to read.")
    if key in taken:
        return _("Someone here already has that name. Please pick another one.")
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
    """Food-themed names nobody here has yet ("Crunchy Carrot"); `taken` as for nickname_problem."""
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
