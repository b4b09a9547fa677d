"""A pretend language for tests of translated card pictures."""

import gettext as gettext_module
import re

from django.utils.translation import trans_real


class LongWords(gettext_module.NullTranslations):
    """A stand-in translation: every word about 40 % longer, %(placeholders)s kept.

    Real catalogues come later; this one proves the pictures paint what gettext gives and that
    longer words (Spanish runs ~30 % longer) shrink or wrap instead of overflowing.
    """

    def __init__(self, code):
        super().__init__()
        self.code = code

    def gettext(self, message):
        message = message.split(trans_real.CONTEXT_SEPARATOR)[-1]  # pgettext: drop the context
        return re.sub(
            r"(?<![%(])\b([A-Za-z]{2,})\b(?!\))",
            lambda m: m[1] + m[1][: -(-len(m[1]) * 2 // 5)].lower(),
            message,
        )

    def ngettext(self, singular, plural, n):
        return self.gettext(singular if n == 1 else plural)

    def language(self):
        return self.code

    def to_language(self):
        return self.code
