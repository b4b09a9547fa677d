import pytest
from django.core.management import call_command
from django.utils.translation import trans_real

from tests.foodcards.long_words import LongWords


@pytest.fixture
def decks(db):
    """Every shipped deck loaded into the test database."""
    call_command("load_decks", verbosity=0)


@pytest.fixture
def long_spanish(monkeypatch):
    """Makes "es" the LongWords language while the test runs; activate it with override("es")."""
    monkeypatch.setitem(trans_real._translations, "es", LongWords("es"))
    return "es"
