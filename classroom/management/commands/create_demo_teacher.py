"""The demo teacher of the embedded default: a login to try /teach/ with, never in production.

scripts/serve makes it for the embedded default. Refuses to run when PRODUCTION is true (a real
site makes its teachers through /signup/); it needs no DEBUG. Every run gives the demo teacher a
new random password and prints it once; the demo teacher is not staff.
"""

import secrets

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from classroom.services import teacher_ensure

DEMO_USERNAME = "teacher"


class Command(BaseCommand):
    help = "Create (or reset) the demo teacher with a new random password and print it (not in production)."

    def handle(self, *args, **options):
        if settings.PRODUCTION:
            raise CommandError(
                "The demo teacher is for trying Plateful out, never with PRODUCTION=true. Teachers "
                "of a real site make their own accounts at /signup/."
            )
        password = secrets.token_urlsafe(12)
        _, created = teacher_ensure(username=DEMO_USERNAME, password=password)
        verb = "Created" if created else "Reset"
        self.stdout.write(
            self.style.SUCCESS(
                f"{verb} the demo teacher. Log in at /login/ with username '{DEMO_USERNAME}' and "
                f"password '{password}' (a new password on every run; it is shown only now)."
            )
        )
