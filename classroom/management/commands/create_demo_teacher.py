from django.core.management.base import BaseCommand

from classroom.services import teacher_ensure

DEMO_USERNAME = "teacher"
DEMO_PASSWORD = "plateful-demo"


class Command(BaseCommand):
    help = "Create (or reset) the demo teacher login and print it."

    def handle(self, *args, **options):
        _, created = teacher_ensure(username=DEMO_USERNAME, password=DEMO_PASSWORD)
        verb = "Created" if created else "Reset"
        self.stdout.write(
            self.style.SUCCESS(
                f"{verb} the demo teacher. Log in at /login/ "
                f"with username '{DEMO_USERNAME}' and password '{DEMO_PASSWORD}'."
            )
        )
