"""Is a name rude? The project's word lists (`nicknames.lists`) on every reading of the name
(`nicknames.spelling`), plus glin-profanity's English and Spanish lists on whole words.

A name whose one word is an allowed.txt "=" word typed as such ("Titz", "xXTwattXx") is read
without it. For each reading (a list of words):
  * a number word against the numbers ("69", "80085"), and runs with numbers glued ("14 words");
  * the whole name, numbers and frames.txt's words aside, against the "=" entries, rude only as
    the whole name ("Escobar99", "The Dumbo"), and against every entry with two neighbouring
    letters swapped, letter for letter ("Dcik", "Sxe");
  * every run of consecutive words glued ("mike hunt", "f u c k", "ur mom fat") against the
    whole-word entries, suffixed ones ("asses") and, misspelled by a letter, the long prank
    names; and against the long roots when the run starts at a word's start ("kill urself");
  * each word, and each run of short pieces glued ("sh it"), against the roots anywhere and
    the entries that start or end a word;
  a hit inside an allowed word ("Scunthorpe", "Cock-a-leekie"), or inside a word typed as an
  allowed.txt "=" word ("Quique Lopez"), never counts.

`rude_match(name)` says which list refused a name and on which entry (None: not rude);
`is_rude(name)` is the yes/no. Pure Python: no Django needed.
"""

from __future__ import annotations

import threading
from functools import cache

from glin_profanity import Filter

from nicknames.lists import LONG_ROOT, Match, WordLists, swaps
from nicknames.spelling import Word, fold, readings, typed_words, with_hidden_letters

MAX_RUN = 60  # longest run of glued words compared (a name has at most 20 visible characters)
# Roots are looked for swapped only in a word this short: in a longer one, some swap of its
# letters spells a root by chance ("BulbasaurAdwoa" has "basura").
SWAPPED_PIECE = 10
SHORT = 3  # words this short may be pieces of one split word ("sh it", "f uck")


def _offsets(words: list[Word]) -> list[int]:
    offsets, at = [], 0
    for word in words:
        offsets.append(at)
        at += len(word.text)
    return offsets


def _glued_runs(words: list[Word]):
    """(text, where it starts in the glued name): runs of consecutive words glued together
    ("mike hunt" -> "mikehunt"), never gluing an initial to the word before it ("Ana L.")."""
    offsets = _offsets(words)
    for first in range(len(words)):
        text = spelled = ""
        for index in range(first, len(words)):
            if index > first and words[index].initial:
                break
            text += words[index].text
            spelled += words[index].spelled or words[index].text
            if len(text) > MAX_RUN:
                break
            yield text, offsets[first], spelled


def _pieces(words: list[Word]):
    """(text, where it starts in the glued name): each word, and each run of pieces of one split
    word glued ("sh it", "f uck", "f u c k"): words of at most two letters, or of at most
    three with a lone letter among them ("Ana Lu" and "Bo Kim" are two names, not pieces)."""
    offsets = _offsets(words)
    yield from zip((word.text for word in words), offsets, strict=True)
    run: list[int] = []
    for index, word in enumerate([*words, Word("", number=True)]):
        if not word.number and 0 < len(word.text) <= SHORT and not (word.initial and run):
            run.append(index)
            continue
        pieces = [words[i].text for i in run]
        if len(run) > 1 and (max(map(len, pieces)) <= 2 or min(map(len, pieces)) == 1):
            yield "".join(pieces), offsets[run[0]]
        run = [index] if not word.number and 0 < len(word.text) <= SHORT else []


def _allowed(lists: WordLists, words: list[Word]) -> list[tuple[int, int]]:
    """Where allowed words lie in the glued name: allowed.txt's words, and its "=" words where a
    word of the name is spelled so ("Quique Lopez": "kike" is read, "Quique" was typed)."""
    offsets = _offsets(words)
    spans = lists.allowed_spans("".join(word.text for word in words), set(offsets))
    exact = [
        (at, at + len(word.text))
        for word, at in zip(words, offsets, strict=True)
        if word.typed and word.spelled in lists.exact
    ]
    return spans + exact


def _reading_match(lists: WordLists, reading: list[Word]) -> Match | None:
    for word in reading:
        if word.number and (found := lists.number_match(word.text)):
            return found
    if any(word.number for word in reading):  # "14 Words", "1488 Gang"
        for glued, _offset, _spelled in _glued_runs([word for word in reading if word.text]):
            mixed = any(ch.isdigit() for ch in glued) and not glued.isdigit()
            if mixed and (found := lists.whole_match(glued) or lists.swapped_match(glued)):
                return found
    words = [word for word in reading if not word.number and word.text]
    core = "".join(word.text for word in words if word.text not in lists.frames)
    if core and (found := lists.alone_match(core)):  # "Escobar99", "The Dumbo", "Dcik"
        return found
    starts = set(_offsets(words))
    spans = _allowed(lists, words)
    for glued, offset, spelled in _glued_runs(words):
        for text in with_hidden_letters(glued):
            # Folded again glued: "j a c k" is "jak", as "jack" typed whole ("t e q u i" too).
            found = (
                lists.whole_match(text)
                or lists.whole_match(fold(text))
                or (spelled != text and lists.whole_match(fold(spelled)))
                or lists.prank_match(text)
                or lists.swapped_match(text)
            )
            if found and not any(a <= offset and offset + len(text) <= b for a, b in spans):
                return found  # never "cock" inside "Cock-a-leekie"
            if found := lists.long_root_match(text, offset, spans, starts):
                return found
    for piece, offset in _pieces(words):
        for text in {*with_hidden_letters(piece), fold(piece)}:  # "f u c k" glued is "fuk"
            if found := lists.part_match(text, offset, spans):
                return found
    for piece, offset in _pieces(words):
        if len(piece) > SWAPPED_PIECE:
            continue
        for text in swaps(piece):  # "Teahcer": a root typed with two letters swapped
            if found := lists.part_match(text, offset, spans, shortest=LONG_ROOT):
                return found
    return None


_lock = threading.Lock()


@cache
def word_lists() -> WordLists:
    with _lock:
        return WordLists()


@cache
def _library() -> Filter:
    """glin-profanity on whole words (its substring mode refuses "Cassandra" and "Scunthorpe")."""
    with _lock:
        return Filter({"languages": ["english", "spanish"], "word_boundaries": True})


def library_match(name: str) -> Match | None:
    """glin-profanity on the name's words as our readings see them (spaced, camelCase, leet),
    without the words inside an allowed word ("Concha", "Shota")."""
    library, lists = _library(), word_lists()
    for reading in readings(name):
        words = [word for word in reading if not word.number]
        spans = _allowed(lists, words)
        kept = [
            word.spelled
            for word, start in zip(words, _offsets(words), strict=True)
            if not any(a <= start and start + len(word.text) <= b for a, b in spans)
        ]
        if kept and library.is_profane(" ".join(kept)):
            return Match("library", " ".join(kept))
    return None


def _exactly_allowed(lists: WordLists, name: str) -> str | None:
    """The rest of a name whose one word is an allowed.txt "=" word typed as such ("Titz",
    "xXTwattXx", "Mars 2"), or None: "T1tz" and "Big Titz" are read as usual."""
    typed = typed_words(name)
    core = [word for word in typed if not word.isdigit() and fold(word) not in lists.frames]
    if len(core) != 1 or core[0] not in lists.exact:
        return None
    return " ".join(word for word in typed if word != core[0])


def rude_match(name: str, *, library: bool = True) -> Match | None:
    """Why a name is rude (which list, which entry), or None."""
    lists = word_lists()
    rest = _exactly_allowed(lists, name)
    if rest is not None:
        return rude_match(rest, library=library) if rest else None
    for reading in readings(name):
        if found := _reading_match(lists, reading):
            return found
    return library_match(name) if library else None


def is_rude(name: str) -> bool:
    return rude_match(name) is not None


def warm_up() -> None:
    """Load the word lists and the filter now, at a serving process's start, not on the first
    name a child types: a class of thirty joins within seconds, and each join waiting behind that
    load (most of a second, more on a busy machine) holds a database connection meanwhile."""
    is_rude("warm up")
