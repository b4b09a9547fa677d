"""makemessages that also finds the engines' plural pairs, with the project's defaults.

Engines are pure Python, so they mark their sentences with no-op markers from
games.engines.messages: `gettext_noop` (which Django already passes to xgettext) and
`ngettext_noop(singular, plural)`, added here. Used exactly like Django's own command:

    python manage.py makemessages -l es

Defaults (docs/translation.md): tests, benchmarks and build folders are skipped; references
name the file only (no line numbers, so editing a template doesn't touch every entry); entries
whose English is gone are dropped. Needs GNU gettext's xgettext and msgmerge (Debian:
apt-get install gettext) at translation time only: the site reads the committed .mo files.
"""

from django.core.management.commands import makemessages

IGNORED = ["tests", "benchmarks", "var", "staticfiles", "node_modules", "test-artifacts"]


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]

    def handle(self, *args, **options):
        options["ignore_patterns"] = [*(options.get("ignore_patterns") or []), *IGNORED]
        if options.get("add_location") is None:
            options["add_location"] = "file"
        options["no_obsolete"] = True
        return super().handle(*args, **options)
