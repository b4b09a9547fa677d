"""Forgiving typos in the food explorer: trigram similarity (pure Python, no Django).

A word typed with a slip ("brocoli", "chiken", "yoghurt") matches no USDA description. It is
compared with the words the descriptions do use by their trigrams, the way PostgreSQL's pg_trgm
does: a word is padded with two spaces in front and one behind, cut into every run of three
characters, and two words' similarity is the trigrams they share over all their trigrams
("brocoli" and "broccoli" share 7 of 10: 0.7). The closest words stand in for the typed one.

On PostgreSQL the database finds the candidate foods with pg_trgm's word similarity and a
trigram index (nutrition.services); on SQLite the words of every description are kept in
memory and compared here. Either way the corrected words are ranked like any search
(nutrition.food_ranking).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from nutrition.food_ranking import normalize

SIMILAR_ENOUGH = 0.45  # "chiken"/"chicken" 0.5, "yoghurt"/"yogurt" 0.5; unrelated words stay under 0.3
MAX_CORRECTIONS = 3  # the closest words (and any tied with the last) stand in for a typed word
MIN_WORD_LENGTH = 3  # shorter words have too few trigrams to judge


@lru_cache(maxsize=50_000)
def trigrams(word: str) -> frozenset[str]:
    """pg_trgm's trigrams of one word (lower case, padded "  word ")."""
    padded = f"  {word.lower()} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def similarity(first: str, second: str) -> float:
    """Shared trigrams over all trigrams of both words (0 to 1), as pg_trgm's similarity()."""
    a, b = trigrams(first), trigrams(second)
    return len(a & b) / len(a | b) if a and b else 0.0


class WordIndex:
    """Words by their trigrams, to find the words like a typed one without comparing them all."""

    def __init__(self, words: Iterable[str]):
        self.postings: dict[str, set[str]] = {}
        for word in {normalize(word) for word in words}:
            for gram in trigrams(word):
                self.postings.setdefault(gram, set()).add(word)

    def similar(self, typed: str) -> dict[str, float]:
        """Every indexed word sharing a trigram with `typed`, with its similarity."""
        grams = trigrams(typed)
        shared = Counter(word for gram in grams for word in self.postings.get(gram, ()))
        return {word: n / (len(grams) + len(trigrams(word)) - n) for word, n in shared.items()}


def corrections(word: str, words: Iterable[str] | WordIndex) -> list[str]:
    """The words closest to a typed `word` (at least SIMILAR_ENOUGH), best first: at most
    MAX_CORRECTIONS, plus those tied with the last. Plurals are compared in the singular."""
    typed = normalize(word.lower())
    if len(typed) < MIN_WORD_LENGTH:
        return []
    index = words if isinstance(words, WordIndex) else WordIndex(words)
    scored = {
        candidate: score for candidate, score in index.similar(typed).items() if score >= SIMILAR_ENOUGH
    }
    ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
    if len(ranked) > MAX_CORRECTIONS:
        cut = ranked[MAX_CORRECTIONS - 1][1]
        ranked = [item for item in ranked if item[1] >= cut]
    return [candidate for candidate, _score in ranked]


def closest_word(typed: str, text: str) -> tuple[str, float]:
    """The word of `text` (a description) most like `typed`, and how alike (0 to 1)."""
    best, best_score = "", 0.0
    for token in _words(text):
        score = similarity(normalize(typed.lower()), normalize(token))
        if score > best_score:
            best, best_score = token, score
    return best, best_score


def _words(text: str) -> list[str]:
    return [token for token in "".join(c if c.isalnum() else " " for c in text.lower()).split() if token]


def vocabulary_of(texts: Iterable[str]) -> frozenset[str]:
    """Every word (lower case, letters and digits) of these descriptions."""
    return frozenset(token for text in texts for token in _words(text) if not token.isdigit())
