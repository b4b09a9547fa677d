"""How a typed name is read before it is compared with the word lists: every disguise children
use is undone here, the same way for the lists' entries and for the names.

`readings(name)` gives the ways to read one name, each a list of words (`Word`):
  * Unicode NFKC (full-width letters, ligatures), look-alike letters of other scripts mapped to
    the Latin ones they imitate ("ѕhіt" in Cyrillic), accents dropped ("cabrón" = "cabron");
  * words split at spaces, punctuation and camelCase ("BigPoo" = "big poo", but "sHiT" whole);
  * digits and symbols read as the letters they stand for inside a word ("sh1t", "a$$", "b00bs"),
    and a second reading with every digit run as a number of its own ("LOSER123" = "loser 123");
    "1" and "!" are read as "i" and, in a third reading, as "l" ("ki11");
  * "*" as a hidden letter ("f*ck"), tried as each vowel;
  * sound-alike spellings folded together (`fold`): "ph" = "f", "ck" = "k", "qu" = "k",
    "v" = "u", "y" = "i", "z" = "s".
Repeated letters ("shiiit") are not folded here: the matcher compares runs of letters
(`run_fits`: a list entry's "ss" needs at least two "s"; its single consonant any number; its
single vowel one, or three and more, since "cook" is not "cock" but "fuuuck" is "fuck").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# Letters of other scripts that look exactly like Latin ones (Cyrillic, Greek).
LOOK_ALIKES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ɑ": "a", "ɡ": "g", "ı": "i", "ł": "l",
        "ø": "o", "đ": "d", "ð": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ƒ": "f",
    }
)  # fmt: skip
# Digits and symbols children put for letters ("1" and "!" are read both ways, see LEET_L).
LEET = {
    "0": "o", "1": "i", "2": "z", "3": "e", "4": "a", "5": "s", "6": "g", "7": "t", "8": "b",
    "9": "g", "@": "a", "$": "s", "!": "i", "|": "i", "+": "t", "€": "e", "£": "e", "¢": "c",
    "<": "c", "%": "x", "¡": "i", "µ": "u", "#": "h",
}  # fmt: skip
LEET_L = {**LEET, "1": "l", "|": "l"}  # the second reading of "1": "ki11"
HIDDEN = "*"  # "f*ck": a letter left out on purpose
VOWELS = "aeiou"
# Sound-alike spellings, in order (the list entries are folded the same way): "phuck", "fcuk",
# "fvck", "shyt", "lezbo". A lone "c" stays: "kum" is not "cum" ("Kum" is a Korean name), nor
# "Phuc" (a Vietnamese name) "phuck".
SOUND_ALIKES = (
    (re.compile(r"p+h+"), "f"),
    (re.compile(r"c+k+"), "k"),
    (re.compile(r"qu+"), "k"),
    (re.compile(r"q"), "k"),
    (re.compile(r"v"), "u"),
    (re.compile(r"y"), "i"),
    (re.compile(r"z"), "s"),
)
HARD_C = re.compile(r"c(?=[aou])")
# Whole words children shorten the same way ("kill urself", "everyone hates u").
SHORT_WORDS = {"you": "u", "yu": "u", "your": "ur", "youre": "ur", "yourself": "urself", "are": "r"}
# A last "-er" said "-a" ("nigga", "white powa"): whole-word entries are also kept this way.
FINAL_ER = re.compile(r"(?<=[a-z]{2})er$")
# camelCase: a capital starting a lower-case word ("BigPoo", "xXPoopXx"), or a last run of
# capitals after lower case ("HarryBallsTTV", "MrWTF"), not random capitals ("sHiT", "aSSEn",
# read whole).
_CAMEL = re.compile(r"(?<=[^\W\d_])(?=[A-Z][a-z]{2,})|(?<=[a-z])(?=[A-Z]{3,}$)")
# Digits at a word's edge read as a number when there are three or more ("Kenji123"), as
# letters when fewer ("a55"); inside a word always as letters ("sh1t").
EDGE_NUMBER = re.compile(r"^\d{3,}|\d{3,}$")
# The gamer's frame "xX...Xx": the name inside is read too.
_FRAME = re.compile(r"^[xX]{2,}(.+?)[xX]{2,}$")
_SEPARATORS = re.compile(r"[\s_\-.,:;/\\~'\"`^=&?(){}\[\]]+")


@dataclass(frozen=True)
class Word:
    """One word of a reading: `text` folded, `initial` when it is a single capital last letter
    after a longer word ("Ana L."), which is never glued to the word before it; `number` for a
    run of digits read as a number."""

    text: str
    initial: bool = False
    number: bool = False
    spelled: str = ""  # before folding (what a library is given)
    typed: bool = False  # spelled as typed: no digit or symbol read as a letter


def unaccented(text: str) -> str:
    """NFKC, look-alike letters made Latin, accents dropped (case kept)."""
    text = unicodedata.normalize("NFKC", text).translate(LOOK_ALIKES)
    return "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))


def plain(text: str) -> str:
    """`unaccented`, in lower case."""
    return unaccented(text).casefold().translate(LOOK_ALIKES)


def fold(word: str) -> str:
    """Sound-alike spellings made one (letters a-z only)."""
    for spelled, sound in SOUND_ALIKES:
        word = spelled.sub(sound, word)
    return word


def _pieces(raw: str, table: dict[str, str], numbers_apart: bool) -> list[tuple[str, bool]]:
    """(text, is a number) pieces of one typed word: digits and symbols touching letters become
    letters; digit runs at its edges are numbers (see EDGE_NUMBER), or every digit run is with
    numbers_apart."""
    if raw.isdigit():
        return [(raw, True)]
    split = r"(\d+)" if numbers_apart else r"(^\d{3,}|\d{3,}$)"
    parts = [part for part in re.split(split, raw) if part]
    if len(parts) > 1:
        return [piece for part in parts for piece in _pieces(part, table, numbers_apart)]
    has_letter = any(ch.isalpha() for ch in raw)
    out = [ch if ch.isalpha() or ch == HIDDEN else table.get(ch, " ") if has_letter else " " for ch in raw]
    return [(text, False) for text in "".join(out).split()]


def _typed_words(name: str, *, camel: bool, numbers: bool = False) -> list[str]:
    """Words as typed: split at spaces and separators, and at camelCase. A lone digit or symbol
    among lone letters is a letter ("t.1.t.s", "a $ $"); with `numbers`, not a digit beside
    another lone digit ("1 4 8 8 G a n g")."""
    text = unaccented(name)
    if camel:
        text = _CAMEL.sub(" ", text)
    words = [word for word in _SEPARATORS.split(text) if word]
    lone = [len(word) == 1 and (word.isalpha() or word in LEET) for word in words]
    for index, word in enumerate(words):
        if lone[index] and not word.isalpha():
            near = [i for i in (index - 1, index + 1) if 0 <= i < len(words) and lone[i]]
            number = numbers and word.isdigit() and any(words[i].isdigit() for i in near)
            if any(words[i].isalpha() for i in near) and not number:
                words[index] = LEET[word]
    return words


def _reading(name: str, table: dict[str, str], numbers_apart: bool, camel: bool) -> list[Word]:
    words: list[Word] = []
    typed = _typed_words(name, camel=camel, numbers=numbers_apart)
    spaced_digits = False  # "8 0 0 8 5" is one number
    for raw in typed:
        lone_digit = len(raw) == 1 and raw.isdigit()
        for text, is_number in _pieces(plain(raw), table, numbers_apart):
            if is_number:
                if lone_digit and spaced_digits and words and words[-1].number:
                    words[-1] = Word(words[-1].text + text, number=True)
                else:
                    words.append(Word(text, number=True))
                continue
            letters = "".join(ch for ch in text if ch.isalpha() or ch == HIDDEN)
            if letters:
                as_typed = letters in plain(raw)
                words.append(Word(fold(SHORT_WORDS.get(letters, letters)), spelled=letters, typed=as_typed))
        spaced_digits = lone_digit
    lettered = [i for i, word in enumerate(words) if not word.number]
    if len(lettered) > 1 and typed and len(typed[-1]) == 1 and typed[-1].isupper():
        last, before = words[lettered[-1]], words[lettered[-2]]
        if len(last.text) == 1 and len(before.text) > 1:
            words[lettered[-1]] = Word(last.text, initial=True, spelled=last.spelled, typed=last.typed)
    return words


def readings(name: str) -> list[list[Word]]:
    """Every way to read a name (see the module's docstring); a name with camelCase splits is
    also read without them ("pEnDejA" splits badly), and a framed one without its frame."""
    names = [name]
    if framed := _FRAME.match(unaccented(name).strip()):
        names.append(framed.group(1))
    found: list[list[Word]] = []
    for each in names:
        ways = [(LEET, False, True), (LEET, True, True), (LEET_L, False, True)]
        if _CAMEL.search(unaccented(each)):
            ways.append((LEET, False, False))
        for table, numbers_apart, camel in ways:
            words = _reading(each, table, numbers_apart, camel)
            if words not in found:
                found.append(words)
    return found


def typed_words(name: str) -> list[str]:
    """The name's words as typed, in small letters without accents, no symbol read as a letter,
    digit runs apart and a gamer's frame left out: "xXTwattXx" -> ["twatt"], "Titz12" ->
    ["titz", "12"], "T1tz" -> ["t", "1", "tz"]."""
    if framed := _FRAME.match(unaccented(name).strip()):
        name = framed.group(1)
    return [
        piece for word in _typed_words(name, camel=True) for piece in re.split(r"(\d+)", plain(word)) if piece
    ]


def entry_forms(entry: str, *, said: bool = False, hard_k: bool = False) -> list[str]:
    """A list entry read the way names are: plain, folded, no spaces ("Mike Hunt" = "mikehunt").
    Two forms when folding word by word differs from folding it glued ("crap head": "craphead"
    typed apart, "crafhead" typed glued); with `said`, also each with a last "-er" said "-a";
    with `hard_k`, also with a hard "c" written "k" (Spanish chat spelling: "kabron", "kulo")."""
    words = ["".join(ch for ch in word if ch.isalnum() or ch == HIDDEN) for word in plain(entry).split()]
    if "".join(words).isdigit():
        return ["".join(words)]
    spellings = [words]
    if said:
        spellings.append([FINAL_ER.sub("a", word) for word in words])
    if hard_k:
        spellings += [[HARD_C.sub("k", word) for word in each] for each in spellings]
    forms = []
    for each in spellings:
        glued = "".join(each)
        forms += [fold(glued), "".join(fold(SHORT_WORDS.get(word, word)) for word in each)]
        short = glued.replace("yourself", "urself").replace("your", "ur").replace("you", "u")
        if short != glued and len(short) >= 7:  # "*killyourself*" as "kill urself" reads it
            forms.append(fold(short))
    return list(dict.fromkeys(form for form in forms if form))


def entry_form(entry: str) -> str:
    forms = entry_forms(entry)
    return forms[0] if forms else ""


def letter_pattern(letter: str, count: int, *, long: bool) -> str:
    """A regex for one run of a list entry's letters (see `run_fits`)."""
    letter = re.escape(letter)
    if count > 1:
        return f"{letter}{{{count},}}"
    if letter in VOWELS and not long:
        return f"(?:{letter}|{letter}{{3,}})"
    return f"{letter}+"


def run_fits(letter: str, have: int, need: int, *, long: bool) -> bool:
    """Does a name's run of `have` letters stand for an entry's run of `need`? Any stretch of
    a consonant or a double letter; a single vowel stretched to three or more, or to two in a
    long entry ("idioot"), since in a short one two make another word ("cook" is not "cock")."""
    if need > 1 or letter not in VOWELS or long:
        return have >= need
    return have == 1 or have >= 3


@lru_cache(maxsize=8192)  # the matcher asks about the same few pieces of a name many times
def runs(text: str) -> tuple[str, tuple[int, ...]]:
    """("shiiit") -> ("shit", (1, 1, 3, 1)): the letters with repeats squeezed, and how many."""
    letters, counts = [], []
    for match in re.finditer(r"(.)\1*", text):
        letters.append(match.group(1))
        counts.append(len(match.group(0)))
    return "".join(letters), tuple(counts)


def with_hidden_letters(text: str) -> list[str]:
    """ "f*ck" -> the word with each vowel in place of each "*" (at most two of them)."""
    if HIDDEN not in text:
        return [text]
    if text.count(HIDDEN) > 2:
        return [text.replace(HIDDEN, "")]
    head, _star, tail = text.partition(HIDDEN)
    return [head + vowel + rest for vowel in VOWELS for rest in with_hidden_letters(tail)]
