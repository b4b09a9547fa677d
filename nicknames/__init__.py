"""Nicknames: the one rule for every name a person types on the site.

    from nicknames import nickname_problem, nickname_key, clean_nickname

    problem = nickname_problem(raw, taken={nickname_key(n) for n in names_already_there})
    if problem:            # a kind sentence for a child, in the active language (English/Spanish)
        refuse(problem)
    store(clean_nickname(raw))

`nickname_problem(raw, *, taken=frozenset()) -> str | None` is the whole API a caller needs:
None means the name may be used. `taken` holds the `nickname_key`s of the names already shown
where this one will show (a class session, a table); leave it empty when there are none.
`clean_nickname` is the form to store (NFKC, one space between words), `nickname_key` the form
to compare (no case, no spaces), `fun_names` suggests food names nobody has yet, and
`nicknames.rude.rude_match` tells why a name is rude (which list and entry: for tests and the
benchmark). The rule's parts: `rules` (characters, length, reserved names, rude, taken),
`rude` (the rude check), `lists` (the word lists in data/), `spelling` (how a name is read).

This package imports no app but `games.bots` (the bots' names are reserved), so every app may
import it.
"""

from nicknames.rules import (
    MAX_VISIBLE,
    clean_nickname,
    fun_names,
    nickname_key,
    nickname_problem,
    visible_length,
)

__all__ = ["MAX_VISIBLE", "clean_nickname", "fun_names", "nickname_key", "nickname_problem", "visible_length"]
