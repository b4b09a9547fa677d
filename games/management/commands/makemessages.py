"""makemessages that also finds the engines' plural pairs.

Engines are pure Python, so they mark their sentences with no-op markers from
games.engines.messages: `gettext_noop` (which Django already passes to xgettext) and
`ngettext_noop(singular, plural)`, added here. Used exactly like Django's own command:

    python manage.py makemessages -l es
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
