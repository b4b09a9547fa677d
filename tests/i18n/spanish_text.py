"""What a reader sees on a page, and which of it is still English.

`visible_texts` gathers every text a person meets on a page (text nodes, the title, and the
alt, aria-label, title, placeholder and button-value attributes), skipping scripts, styles and
any element marked with another language than the page's own (lang="en" on USDA food
descriptions, "English" in the language switch): such text is English on purpose.

`english_left(spanish_html, english_html)` lists the Spanish page's texts that are still
English: a text that is the same in the English render of the same page (unless every word in
it is one the catalogue keeps the same in Spanish: game names, "Plateful", "Sushi"...), or a text
with a word that only the English side of the catalogue uses ("your", "card", "flip"...), or
a number grouped the English way ("8,463").
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

import polib
from django.conf import settings

PO = settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po"
WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdif]|<[^>]+>|&\w+;")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
SKIPPED = {"script", "style", "code"}  # code: commands and addresses, not prose
READ_ATTRIBUTES = ("alt", "aria-label", "title", "placeholder")
# English words common enough to never be fine in a Spanish sentence.
ENGLISH = {
    "the", "you", "your", "and", "with", "is", "are", "to", "of", "for", "this", "that", "it",
    "what", "who", "how", "can", "not", "from", "be", "have", "their", "its",
}  # fmt: skip
# A number grouped the English way ("8,463"): Spanish writes 8463 (or 8.463), and reads the comma
# as a decimal point.
ENGLISH_GROUPED = re.compile(r"\b[1-9]\d{0,2}(?:,\d{3})+\b")
UNITS = {"s", "ms", "g", "mg", "µg", "mcg", "kcal", "kj", "cal", "mm", "ml", "oz", "iu"}  # the same in both


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.page_language = ""
        self.stack: list[tuple[str, bool]] = []  # (tag, skipped)

    def _skipping(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.page_language = attrs.get("lang", "")
        language = attrs.get("lang")
        skipped = (
            self._skipping()
            or tag in SKIPPED
            or bool(language and self.page_language and language != self.page_language)
        )
        if not skipped:
            for name in READ_ATTRIBUTES:
                self._add(attrs.get(name))
            if tag == "input" and attrs.get("type") in ("submit", "button"):
                self._add(attrs.get("value"))
        if tag not in VOID:
            self.stack.append((tag, skipped))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if not self._skipping():
            self._add(data)

    def _add(self, text):
        text = " ".join((text or "").split())
        if text:
            self.texts.append(text)


def visible_texts(html: str) -> tuple[str, list[str]]:
    """The page's language (<html lang>) and the texts a reader meets, in page order."""
    parser = _Texts()
    parser.feed(html)
    parser.close()
    return parser.page_language, parser.texts


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def _catalogue_words() -> tuple[frozenset, frozenset]:
    """(words kept the same in Spanish, words only the English side uses), lower case."""
    same, english, spanish = set(), set(), set()
    for entry in polib.pofile(str(PO)):
        sources = [entry.msgid, entry.msgid_plural or ""]
        targets = [entry.msgstr, *entry.msgstr_plural.values()]
        for source in sources:
            english |= _words(source)
        for target in targets:
            spanish |= _words(target)
        if entry.msgstr == entry.msgid:
            same |= _words(entry.msgid)
    return frozenset(same), frozenset(english - spanish)


def english_left(spanish_html: str, english_html: str, *, names: set[str] = frozenset()) -> list[str]:
    """The Spanish page's texts still in English (see the module's docstring). `names`: words
    that may appear in both languages on this page (players' nicknames)."""
    same, english_only = _catalogue_words()
    allowed = same | UNITS | {w for n in names for w in _words(n)}
    _, english_texts = visible_texts(english_html)
    english_texts = set(english_texts)
    _, spanish_texts = visible_texts(spanish_html)
    left = []
    for text in spanish_texts:
        if ENGLISH_GROUPED.search(text):
            left.append(text)
            continue
        words = _words(text)
        if not words or re.fullmatch(r"\S*/\S*|[A-Z]", text):  # no letters, an address, a grade letter
            continue
        untouched = text in english_texts and not words <= allowed
        foreign = words & (english_only | ENGLISH) - allowed
        if untouched or foreign:
            left.append(text)
    return left
