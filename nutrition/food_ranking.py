"""How the food explorer orders search results (pure Python, no Django).

USDA descriptions read from the general to the particular, in comma-separated parts: "Apples, raw,
with skin", "Pie, apple, commercially prepared", "Candies, milk chocolate". A food is a better hit
when the words typed name what the food *is* (its first part) than when they only describe it
(a later part), when they match whole words ("apple" = "Apples") rather than the start or middle
of one ("applesauce"), and when its first part has nothing else in it ("Milk," before "Milk
shakes,"); words typed together that stand together in the description ("milk chocolate") count
extra. Ties go to foods of USDA's dietary survey (commonly eaten), to the plain, raw or fluid
form, then to the shorter description. So "apple"
finds raw apples before apple juice, applesauce and apple pie, and "milk" finds milk before
milk shakes and milk chocolate.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"[a-z0-9%]+")
PART_WEIGHTS = (1.0, 0.6)  # the first part, the second part; later parts weigh LATER_WEIGHT
LATER_WEIGHT = 0.4
COMMON_NAME_WEIGHT = 0.8
WHOLE_WORD, WORD_START, INSIDE_WORD = 3.0, 2.0, 1.0
FIRST_WORD_BONUS = 0.5  # the typed word is the very first word of the description
PHRASE_BONUS = 4.0  # several typed words stand together, in order, in one part ("milk chocolate")
PLAIN_FORMS = frozenset({"raw", "fluid", "plain", "whole"})


@lru_cache(maxsize=50_000)
def normalize(word: str) -> str:
    """A word without its plural ending: apples -> apple, cherries -> cherry, tomatoes -> tomato."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("oes", "ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def match_forms(word: str) -> tuple[str, ...]:
    """What a description must contain for a typed word to match, any one of them: "apples" ->
    ("apple",); "cherry" -> ("cherry", "cherri") so that "Cherries" matches; "cookies" ->
    ("cooky", "cooki")."""
    word = normalize(word)
    if len(word) > 3 and word.endswith("y"):
        return (word, word[:-1] + "i")
    return (word,)


def query_words(query: str) -> list[str]:
    """The typed words, lower case, each once, in order."""
    return list(dict.fromkeys(_TOKEN.findall(query.lower())))


@lru_cache(maxsize=20_000)
def _parts(text: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """A description's comma-separated parts, each as its (word, word without plural) pairs
    (cached: the same descriptions are ranked again and again)."""
    return tuple(
        tuple((token, normalize(token)) for token in _TOKEN.findall(part)) for part in text.lower().split(",")
    )


def _word_quality(word: str, forms: tuple[str, ...], token: str, normalized: str) -> float:
    if normalized == word or token == word:
        return WHOLE_WORD
    if token.startswith(forms):
        return WORD_START
    if any(form in token for form in forms):
        return INSIDE_WORD
    return 0.0


def _has_phrase(words: list[str], parts) -> bool:
    size = len(words)
    for part in parts:
        normalized = [norm for _token, norm in part]
        if any(normalized[i : i + size] == words for i in range(len(normalized) - size + 1)):
            return True
    return False


def rank_key(words: list[str], description: str, common_name: str = "") -> tuple:
    """Sort key of one food for the typed words (smaller sorts first)."""
    parts = _parts(description)
    common = _parts(common_name) if common_name else ()
    score = 0.0
    first_part_matched: set[int] = set()
    for raw_word in words:
        word, forms = normalize(raw_word), match_forms(raw_word)
        best = 0.0
        for index, part in enumerate(parts):
            weight = PART_WEIGHTS[index] if index < len(PART_WEIGHTS) else LATER_WEIGHT
            for position, (token, normalized) in enumerate(part):
                quality = _word_quality(word, forms, token, normalized)
                if not quality:
                    continue
                if index == 0:
                    first_part_matched.add(position)
                bonus = FIRST_WORD_BONUS if index == 0 and position == 0 and quality == WHOLE_WORD else 0.0
                best = max(best, quality * weight + bonus)
        for part in common:
            for token, normalized in part:
                best = max(best, _word_quality(word, forms, token, normalized) * COMMON_NAME_WEIGHT)
        score += best
    if len(words) > 1 and _has_phrase([normalize(w) for w in words], parts):
        score += PHRASE_BONUS
    first_part = parts[0] if parts else ()
    unmatched_in_first_part = len(first_part) - len(first_part_matched)
    words_in_parts = {token for part in parts for token, _norm in part}
    plain = not (PLAIN_FORMS & words_in_parts)
    return (-round(score, 3), unmatched_in_first_part, plain, len(parts), len(description), description)


def rank_foods(query: str, candidates: list[tuple]) -> list[tuple]:
    """`candidates` are (id, description, common name, in USDA's survey) rows; the best hits
    first. Among equally good matches, foods of USDA's dietary survey (foods people commonly eat)
    come first."""
    words = query_words(query)
    if not words:
        return sorted(candidates, key=lambda row: row[1].lower())  # the same A to Z as the database

    def key(row):
        main, unmatched, *rest = rank_key(words, row[1], row[2] or "")
        return (main, unmatched, not row[3], *rest)

    return sorted(candidates, key=key)
