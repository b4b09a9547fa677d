"""Compile every locale/<lang>/LC_MESSAGES/django.po into its .mo with polib (pure Python).

The same job as `manage.py compilemessages` without GNU gettext's msgfmt:

    .venv/bin/python scripts/compile_messages.py

polib is a test/dev dependency (requirements-dev.txt); the site itself only reads the committed
.mo files. docs/translation.md has the whole workflow.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def main() -> int:
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        catalogue = polib.pofile(str(po_path))
        catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
        print(f"{po_path.relative_to(LOCALE.parent)}: {catalogue.percent_translated()} % translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
