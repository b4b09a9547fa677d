"""Register an LMS (an LTI 1.3 platform) and one deployment of Plateful on it, as the Django
admin does (docs/lti.md): for scripted set-ups. Makes the tool's key pair first if it has none."""

from django.core.management.base import BaseCommand
from lti_tool.models import Key, LtiDeployment, LtiRegistration


class Command(BaseCommand):
    help = "Register an LTI 1.3 platform and a deployment (docs/lti.md)."

    def add_arguments(self, parser):
        parser.add_argument("--name", required=True)
        parser.add_argument("--issuer", required=True)
        parser.add_argument("--client-id", required=True)
        parser.add_argument("--auth-url", required=True, help="The platform's OIDC auth (login) URL.")
        parser.add_argument("--token-url", required=True, help="The platform's access token URL.")
        parser.add_argument("--keyset-url", required=True, help="The platform's JWKS URL.")
        parser.add_argument("--deployment-id", required=True)

    def handle(self, *args, **options):
        if not Key.objects.active().exists():
            Key.objects.generate()
        registration, _created = LtiRegistration.objects.update_or_create(
            issuer=options["issuer"],
            client_id=options["client_id"],
            defaults={
                "name": options["name"],
                "auth_url": options["auth_url"],
                "token_url": options["token_url"],
                "keyset_url": options["keyset_url"],
                "is_active": True,
            },
        )
        LtiDeployment.objects.update_or_create(
            registration=registration, deployment_id=options["deployment_id"], defaults={"is_active": True}
        )
        self.stdout.write(f"Registered {registration.name} ({registration.issuer}).")
