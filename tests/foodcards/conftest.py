import pytest
from django.core.management import call_command


@pytest.fixture
def decks(db):
    """Every shipped deck loaded into the test database."""
    call_command("load_decks", verbosity=0)
