"""Fixtures of the deck tests: teachers, a few USDA foods imported, the decks loaded."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client

# The teachers are the classroom tests' own fixtures (one definition for both apps).
from tests.classroom.conftest import other_teacher, teacher, teacher_client  # noqa: F401
from tests.nutrition.conftest import write_tiny_release

# Foods the tests use: Eat Right cards (apple, banana, broccoli, milk, bread, chicken, cola, chips,
# carrots, strawberries, eggs), foods no Eat Right card has (kiwi, mango, kale, jellybeans, pound
# cake, pizza), and peanut butter.
FOODS = (
    "09003",  # Apples, raw, with skin
    "09040",  # Bananas, raw
    "11090",  # Broccoli, raw
    "01082",  # Milk, lowfat, 1%
    "18075",  # Bread, whole-wheat
    "05064",  # Chicken breast, roasted
    "14148",  # Carbonated beverage, cola
    "19411",  # Snacks, potato chips
    "11124",  # Carrots, raw
    "09316",  # Strawberries, raw
    "01129",  # Egg, hard-boiled
    "09148",  # Kiwifruit, green, raw
    "09176",  # Mangos, raw
    "11233",  # Kale, raw
    "19108",  # Candies, jellybeans
    "18120",  # Cake, pound
    "21299",  # Pizza, cheese
    "16398",  # Peanut butter
)


@pytest.fixture(scope="session")
def tiny_foods_release(tmp_path_factory):
    return write_tiny_release(tmp_path_factory.mktemp("decks-sr"), FOODS)


@pytest.fixture
def foods(db, tiny_foods_release):
    call_command("import_usda_sr", str(tiny_foods_release), verbosity=0)


@pytest.fixture
def decks_loaded(db):
    call_command("load_decks", verbosity=0)


@pytest.fixture
def other_client(other_teacher):  # noqa: F811 - the imported fixture
    client = Client()
    client.force_login(other_teacher)
    return client
