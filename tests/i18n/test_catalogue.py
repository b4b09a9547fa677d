"""The Spanish catalogue is complete, consistent and compiled.

After new English strings arrive, `test_the_catalogue_holds_every_message_of_the_source` lists
the msgids still missing from locale/es (it needs GNU gettext's xgettext, like makemessages);
the others list entries without a Spanish msgstr, fuzzy ones, placeholders that differ, and a
committed .mo that is older than its .po. docs/translation.md says how to fix each.
"""

import re
import shutil

import polib
import pytest
from django.conf import settings

from tests.games.words import fresh_catalogue

PO = settings.BASE_DIR / "locale" / "es" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"%\([^)]+\)[sdif]")
COUNTS = {"%(n)s", "%(counter)s", "%(count)s"}
FIX = "See docs/translation.md: fill them in locale/es/LC_MESSAGES/django.po, then compile."


def _key(entry) -> tuple:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def _show(keys) -> str:
    keys = sorted(keys)
    shown = "\n".join(f"  {msgid!r}" + (f" (context {ctx!r})" if ctx else "") for ctx, msgid, _ in keys[:40])
    more = f"\n  ... and {len(keys) - 40} more" if len(keys) > 40 else ""
    return f"{len(keys)} message(s):\n{shown}{more}"


@pytest.fixture(scope="module")
def catalogue():
    return polib.pofile(str(PO))


def test_every_message_has_a_spanish_translation_and_none_is_fuzzy(catalogue):
    missing = {_key(e) for e in catalogue if not e.obsolete and not e.translated()}
    fuzzy = {_key(e) for e in catalogue if "fuzzy" in e.flags and not e.obsolete}
    assert not missing, f"No Spanish yet for {_show(missing)}\n{FIX}"
    assert not fuzzy, f"Fuzzy (guessed by msgmerge, to check) {_show(fuzzy)}\n{FIX}"
    assert catalogue.metadata["Language"] == "es"


def test_every_translation_keeps_the_placeholders_of_its_english(catalogue):
    wrong = set()
    for entry in catalogue:
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            pairs = [(entry.msgid, forms[0], True)] + [
                (entry.msgid_plural, forms[n], False) for n in forms if n
            ]
        else:
            pairs = [(entry.msgid, entry.msgstr, False)]
        plural_names = set(PLACEHOLDER.findall(entry.msgid_plural or ""))
        for english, spanish, singular in pairs:
            needed, given = set(PLACEHOLDER.findall(english)), set(PLACEHOLDER.findall(spanish))
            if singular:  # "one card" may become "%(n)s carta" and back
                if given - needed - plural_names or needed - given - COUNTS:
                    wrong.add(_key(entry))
            elif given != needed:
                wrong.add(_key(entry))
            if "python-format" in entry.flags and "%" in PLACEHOLDER.sub("", spanish).replace("%%", ""):
                wrong.add(_key(entry))  # a lone % would break the formatting
    assert not wrong, f"Placeholders differ from the English in {_show(wrong)}"


def test_the_committed_mo_is_compiled_from_the_po(catalogue):
    compiled = {(e.msgctxt or "", e.msgid): (e.msgstr, dict(e.msgstr_plural)) for e in polib.mofile(str(MO))}
    expected = {
        (e.msgctxt or "", e.msgid): (e.msgstr, dict(e.msgstr_plural))
        for e in catalogue
        if not e.obsolete and e.translated()
    }
    stale = {key for key in expected if compiled.get(key) != expected[key]}
    assert not stale, (
        f"locale/es/LC_MESSAGES/django.mo is older than its .po for {len(stale)} message(s), e.g. "
        f"{sorted(stale)[:5]}. Run: .venv/bin/python scripts/compile_messages.py"
    )


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="GNU gettext (xgettext) is not installed")
def test_the_catalogue_holds_every_message_of_the_source(catalogue):
    """makemessages on a copy of the sources (the real locale/ is never touched)."""
    in_source = {_key(e) for e in polib.pofile(str(fresh_catalogue()))}
    in_catalogue = {_key(e) for e in catalogue if not e.obsolete}
    missing = in_source - in_catalogue
    assert not missing, (
        f"The source has new English the Spanish catalogue lacks, {_show(missing)}\n"
        "Run: .venv/bin/python manage.py makemessages -l es, translate, compile (docs/translation.md)."
    )
    gone = in_catalogue - in_source
    assert not gone, f"The catalogue still holds English the source no longer has, {_show(gone)}"
