"""The project's word lists (nicknames/data/, syntax in its README), read once and indexed.

Every entry is read the way names are (`nicknames.spelling.entry_forms`), so a list holds each
word once, however children spell it. The matching primitives here answer for one piece of a
name; `nicknames.rude` decides which pieces of a name to ask about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from nicknames.spelling import entry_forms, fold, letter_pattern, plain, run_fits, runs

DATA = Path(__file__).with_name("data")
LANGUAGES = ("en", "es")
CATEGORIES = (
    "profanity",
    "sexual",
    "slurs",
    "hate",
    "violence",
    "bullying",
    "pranks",
    "drugs",
    "staff",
    "criminals",
)
# "=Escobar": rude only as the whole name, its numbers and frames.txt's words aside ("Escobar99",
# "E s c o b a r", "The Escobar"), since with other words it is a family's name ("Maria Escobar").
# In allowed.txt, "=Titz": that word alone, typed so (no digit or symbol for a letter), is fine.
ALONE = "="
GLUE = "+"  # "poop+": the entry glued to each line of glue.txt ("poopface", "eres poop", ...)
# Every word of these lists counts glued to an ending of glue.txt too ("sexgod", "dickpic").
GLUED_CATEGORIES = ("profanity", "sexual", "slurs", "hate")
# Roots this long are also looked for across whole words ("kill urself" = "*killurself*"); a
# shorter one only inside a word or a run of short pieces ("Bass Hit" has no "shit").
LONG_ROOT = 6
# In entries this long a doubled vowel is a stretched one ("idioot"); in shorter ones it makes
# another word ("cook" is not "cock").
LONG_ENTRY = 5
# A prank name this long also matches misspelled by one letter ("Hugh Janis", "Tess Tickel");
# shorter ones only as spelled ("Mike Hunt", not "Mike Hunter").
FUZZY_PRANK = 9
# A whole entry this long also matches with two neighbouring letters swapped ("Ngiga", "Btich");
# a shorter one only as the whole name (`alone_match`: "Dcik"), since inside a name shorter words
# swapped are too often other words ("carp", "tits"). Inside a longer word only an
# entry of `LONG_ROOT` letters or more counts swapped ("Teahcer"): shorter roots swapped hide
# in too many names ("Bushtit", "Thunder").
SWAPPED = 5
SHORTEST_SWAP = 3  # "Sxe", "iDk"; the real words such a swap spells are allowed.txt's "=" lines


@dataclass(frozen=True)
class Match:
    category: str  # one of CATEGORIES, or "library" (glin-profanity)
    entry: str  # the list's line (or the library's word)
    language: str = ""


def data_lines(path: Path) -> list[str]:
    """A data file's entries: one a line, "#" starts a comment."""
    if not path.exists():
        return []
    lines = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line]


def _pattern(form: str) -> str:
    """A folded entry as a regex, run by run (`run_fits`: "cook" is not "cock")."""
    letters, counts = runs(form)
    long = len(letters) >= LONG_ENTRY
    return "".join(letter_pattern(ch, n, long=long) for ch, n in zip(letters, counts, strict=True))


def swaps(text: str) -> list[str]:
    """`text` with each pair of different neighbouring letters swapped ("ngiga" -> "nigga", ...),
    when it has `SWAPPED` letters or more."""
    if len(runs(text)[0]) < SWAPPED:
        return []
    return [
        text[:at] + text[at + 1] + text[at] + text[at + 2 :]
        for at in range(len(text) - 1)
        if text[at] != text[at + 1]
    ]


def _inside(span: tuple[int, int], spans: list[tuple[int, int]]) -> bool:
    return any(start <= span[0] and span[1] <= end for start, end in spans)


class WordLists:
    """Every entry of the data files, indexed for matching."""

    def __init__(self, data: Path = DATA, languages: tuple[str, ...] = LANGUAGES):
        self.whole: dict[str, list[tuple[tuple[int, ...], Match]]] = {}
        self.numbers: list[tuple[re.Pattern, Match]] = []
        self.starts: list[tuple[re.Pattern, Match]] = []
        self.ends: list[tuple[re.Pattern, Match]] = []
        self.roots: list[tuple[re.Pattern, Match, int]] = []
        self.pranks: list[tuple[str, Match]] = []
        self.alone: dict[str, list[tuple[tuple[int, ...], Match]]] = {}
        self.exact: set[str] = set()  # allowed.txt's "=Titz" lines, as typed
        self.frames: set[str] = set()
        self.parts: dict[str, list[tuple[tuple[int, ...], Match]]] = {}  # roots, starts and ends
        self.suffixes: dict[str, set[str]] = {}
        self.endings: dict[str, set[str]] = {}
        allowed: set[str] = set()
        for language in languages:
            folder = data / language
            glue = data_lines(folder / "glue.txt")
            self.suffixes[language] = {fold(line) for line in data_lines(folder / "suffixes.txt")}
            self.endings[language] = {entry_forms(line)[0] for line in glue if GLUE not in line}
            self.frames.update(entry_forms(line)[0] for line in data_lines(folder / "frames.txt"))
            for line in data_lines(folder / "allowed.txt"):
                if line.startswith(ALONE):
                    self.exact.add("".join(ch for ch in plain(line[1:]) if ch.isalpha()))
                else:
                    allowed.update(entry_forms(line))
            for category in CATEGORIES:
                for line in data_lines(folder / f"{category}.txt"):
                    self._add(line, Match(category, line, language), glue)
        # Allowed words match as spelled (folded), longest first: "niger" allows no "nigger".
        ordered = sorted(allowed, key=len, reverse=True)
        self.allowed = re.compile("|".join(map(re.escape, ordered))) if ordered else None
        self.any_root = re.compile("|".join(p.pattern for p, _m, _n in self.roots)) if self.roots else None
        long_roots = [p.pattern for p, _m, size in self.roots if size >= LONG_ROOT]
        self.any_long_root = re.compile("|".join(long_roots)) if long_roots else None
        self.prank_forms = [form for form, _m in self.pranks]

    # ----- loading ---------------------------------------------------------------------------

    def _add(self, line: str, match: Match, glue: list[str]) -> None:
        if line.startswith(ALONE):
            for form in entry_forms(line[1:], hard_k=match.language == "es"):
                letters, counts = runs(form)
                self.alone.setdefault(letters, []).append((counts, match))
            return
        if line.endswith(GLUE):
            base = line[: -len(GLUE)].strip()
            for piece in glue:
                self._add(piece.replace(GLUE, base) if GLUE in piece else f"{base} {piece}", match, [])
            return
        starred_start, starred_end = line.startswith("*"), line.endswith("*")
        words = line.strip("*").strip()
        if (starred_start or starred_end) and " " in words:
            self._add(words, match, [])  # "*hate you*": the words apart count too
        spanish = match.language == "es"
        for form in entry_forms(words, said=not starred_end, hard_k=spanish):
            self._add_form(form, match, starred_start, starred_end)

    def _add_form(self, form: str, match: Match, starred_start: bool, starred_end: bool) -> None:
        if starred_start or starred_end:
            letters, counts = runs(form)
            self.parts.setdefault(letters, []).append((counts, match))
        if form.isdigit():
            self.numbers.append((re.compile(f"(?:{form})+"), match))
        elif starred_start and starred_end:
            self.roots.append((re.compile(_pattern(form)), match, len(runs(form)[0])))
        elif starred_end:
            self.starts.append((re.compile(_pattern(form)), match))
        elif starred_start:
            self.ends.append((re.compile(_pattern(form)), match))
        else:
            letters, counts = runs(form)
            self.whole.setdefault(letters, []).append((counts, match))
            if match.category == "pranks" and len(letters) >= FUZZY_PRANK:
                self.pranks.append((letters, match))

    # ----- matching one piece of a name ------------------------------------------------------

    def whole_match(self, text: str, *, suffixes: bool = True, language: str = "") -> Match | None:
        """An entry that is exactly `text` (its letters stretched or not, see `run_fits`), or
        `text` with one of the entry's language's suffixes ("asses", "pissy", "putas"; a suffix
        written "-ito" takes the place of the entry's last vowel: "mierdita"), or a swear word,
        sexual word or slur glued to one of glue.txt's endings ("sexgod", "fagboy")."""
        found = self._fits(self.whole, text, language)
        if found or not suffixes:
            return found
        return self._suffixed(text) or self._glued(text)

    @staticmethod
    def _fits(table, text: str, language: str = "", *, exact: bool = False) -> Match | None:
        letters, counts = runs(text)
        long = len(letters) >= LONG_ENTRY
        for needed, match in table.get(letters, ()):
            if (language and match.language != language) or (exact and needed != counts):
                continue
            last = len(letters) - 1
            fits = (
                run_fits(ch, have, need, long=long or index == last)  # "putaaa": a stretched end
                for index, (ch, have, need) in enumerate(zip(letters, counts, needed, strict=True))
            )
            if all(fits):
                return match
        return None

    def _suffixed(self, text: str) -> Match | None:
        for language, endings in self.suffixes.items():
            for ending in endings:
                stem = ending.lstrip("-")
                if len(text) <= len(stem) + 2 or not text.endswith(stem):
                    continue
                bases = [text[: -len(stem)]]
                if ending.startswith("-"):  # "-ito": "mierd" + "a"
                    bases = [bases[0] + vowel for vowel in "aoe"]
                for base in bases:
                    found = self.whole_match(base, suffixes=False, language=language)
                    if found and found.category != "pranks":
                        return found
        return None

    def _glued(self, text: str) -> Match | None:
        for language, endings in self.endings.items():
            for ending in endings:
                if len(text) > len(ending) + 2 and text.endswith(ending):
                    base = text[: -len(ending)]
                    found = self.whole_match(base, suffixes=False, language=language) or self._suffixed(base)
                    if found and found.language == language and found.category in GLUED_CATEGORIES:
                        return found
        return None

    def alone_match(self, text: str) -> Match | None:
        """What a whole name (numbers and frames aside) may not be: an "=" entry, or any entry
        but a prank name typed with two neighbouring letters swapped, however short ("Dcik",
        "Sxe"; "Lena", "Ide" and the other real words it would spell are allowed.txt's "="
        lines)."""
        if found := self._fits(self.alone, text):
            return found
        if len(runs(text)[0]) < SHORTEST_SWAP:
            return None
        for at in range(len(text) - 1):
            if text[at] == text[at + 1]:
                continue
            swapped = fold(text[:at] + text[at + 1] + text[at] + text[at + 2 :])
            # Letter for letter: a swap that doubles a letter is no stretched one ("Cocoon": "ccoon").
            found = self._fits(self.alone, swapped, exact=True) or self._fits(self.whole, swapped, exact=True)
            found = found or self.root_match(swapped)
            # One word only: a phrase or a glued entry swapped is another word ("Sussex", "u sex").
            if found and found.category != "pranks" and not any(ch in found.entry for ch in " +"):
                return found
        return None

    def root_match(self, text: str) -> Match | None:
        """A root, start or end entry that is the whole of `text`, letter for letter."""
        return self._fits(self.parts, text, exact=True)

    def swapped_match(self, text: str) -> Match | None:
        """A whole entry of `SWAPPED` letters or more typed with two neighbours swapped."""
        for swapped in swaps(text):
            if found := self.whole_match(swapped, suffixes=False) or self.root_match(swapped):
                return found
        return None

    def prank_match(self, text: str) -> Match | None:
        """A long prank name misspelled by one letter ("Hugh Janis")."""
        letters = runs(text)[0]
        if len(letters) < FUZZY_PRANK or not self.pranks:
            return None
        found = process.extractOne(
            letters, self.prank_forms, scorer=DamerauLevenshtein.distance, score_cutoff=1
        )
        return self.pranks[found[2]][1] if found else None

    def allowed_spans(
        self, text: str, starts: set[int] | frozenset[int] = frozenset()
    ) -> list[tuple[int, int]]:
        """Where allowed words ("Scunthorpe", "Yamashita") lie in a name's glued letters. One
        starting inside a word must end in it (`starts`: where the name's words start): the
        "ashit" of "Yamashita shit" is no name."""
        if self.allowed is None:
            return []
        spans = []
        for start in range(len(text)):  # overlapping ones too ("cassandra" in "xcassandra")
            found = self.allowed.match(text, start)
            if not found:
                continue
            crosses = any(start < boundary < found.end() for boundary in starts)
            if start in starts or not starts or not crosses:
                spans.append(found.span())
        return spans

    def long_root_match(self, text: str, offset: int, spans, starts: set[int]) -> Match | None:
        """A long root across whole words ("kill urself") starting at a word's start
        (`starts`, in the glued name): "Justin Case" has no "u stink"."""
        if self.any_long_root is None or not self.any_long_root.search(text):
            return None
        for pattern, match, size in self.roots:
            if size < LONG_ROOT:
                continue
            for found in pattern.finditer(text):
                span = (found.start() + offset, found.end() + offset)
                if span[0] in starts and not _inside(span, spans):
                    return match
        return None

    def part_match(self, text: str, offset: int, spans, *, shortest: int = 0) -> Match | None:
        """An entry starting or ending `text` (a word, or a run of short pieces), or a root
        anywhere in it, unless it lies inside an allowed word (`spans`, in the glued name).
        `shortest`: only entries that match at least this many letters."""

        def allowed(found) -> bool:
            too_short = found.end() - found.start() < shortest
            return too_short or _inside((found.start() + offset, found.end() + offset), spans)

        for pattern, match in self.starts:
            if (found := pattern.match(text)) and not allowed(found):
                return match
        for pattern, match in self.ends:
            for found in pattern.finditer(text):
                if found.end() == len(text) and not allowed(found):
                    return match
        if self.any_root is None or not self.any_root.search(text):
            return None
        for pattern, match, _size in self.roots:
            for found in pattern.finditer(text):
                if not allowed(found):
                    return match
        return None

    def number_match(self, number: str) -> Match | None:
        for pattern, match in self.numbers:
            if pattern.fullmatch(number):
                return match
        return None
