"""WSGI entry point (HTTP only; the site's websockets need ASGI)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "plateful.settings")
application = get_wsgi_application()
