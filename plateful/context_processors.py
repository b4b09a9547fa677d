"""Template context the whole site shares.

`page_language`: the language of the text a page is served in, for `<html lang>`. LocaleMiddleware
activates the browser's language (Spanish for Accept-Language: es) even before the project has a
catalogue for it; the page's text then stays English, so the page must say "en". A language counts
once the project itself (LOCALE_PATHS or one of the project's own apps) ships a compiled
catalogue (`<locale dir>/<ll>/LC_MESSAGES/django.mo`); Django's own catalogues do not count.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language, to_locale


def _project_locale_dirs() -> list[Path]:
    base = Path(settings.BASE_DIR).resolve()
    dirs = [Path(path) for path in settings.LOCALE_PATHS]
    for app in apps.get_app_configs():
        app_dir = Path(app.path).resolve()
        if app_dir.is_relative_to(base):
            dirs.append(app_dir / "locale")
    return dirs


@lru_cache(maxsize=16)
def has_catalogue(language: str) -> bool:
    """True when the project ships a compiled catalogue for `language` (e.g. "es", "es-mx")."""
    return any(gettext.find("django", str(path), [to_locale(language)]) for path in _project_locale_dirs())


def text_language(language: str | None) -> str:
    """The language a page's text is in when `language` is active."""
    default = settings.LANGUAGE_CODE
    if not language or language == default or language.split("-")[0] == default.split("-")[0]:
        return language or default
    return language if has_catalogue(language) else default


def page_language(request: HttpRequest) -> dict[str, str]:
    return {"page_language": text_language(get_language())}
