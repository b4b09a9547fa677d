"""The explorer forgives typos: trigram similarity, pg_trgm on PostgreSQL, Python on SQLite."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from nutrition.models import Food
from nutrition.services import food_search_results
from nutrition.typo_search import WordIndex, closest_word, corrections, similarity, trigrams
from tests.nutrition.conftest import write_tiny_release

FOODS = ("11090", "11091", "05062", "01117", "09316", "09040", "20120", "01009", "09003")


def test_trigrams_are_pg_trgms():
    assert trigrams("cat") == {"  c", " ca", "cat", "at "}
    assert trigrams("Cat") == trigrams("cat")
    assert similarity("brocoli", "broccoli") == pytest.approx(0.7)  # 7 shared of 10
    assert similarity("chiken", "chicken") == pytest.approx(0.5)
    assert similarity("yoghurt", "yogurt") == pytest.approx(0.5)
    assert similarity("apple", "broccoli") == 0


def test_the_closest_words_stand_in_for_a_typed_one():
    words = ["broccoli", "broth", "brown", "chicken", "chickpeas", "yogurt", "strawberries", "bananas"]
    index = WordIndex(words)
    assert corrections("brocoli", index) == ["broccoli"]
    assert corrections("chiken", index) == ["chicken"]
    assert corrections("strawbery", index) == ["strawberry"]  # plurals compared in the singular
    assert corrections("bananna", index) == ["banana"]
    assert corrections("zzz", index) == [] and corrections("br", index) == []
    assert closest_word("brocoli", "Broccoli, cooked, boiled") == ("broccoli", pytest.approx(0.7))


@pytest.fixture
def foods(db, tmp_path):
    call_command("import_usda_sr", str(write_tiny_release(tmp_path / "sr", FOODS)), verbosity=0)


def _found(query):
    found = food_search_results(query=query)
    return found.corrected, [Food.objects.get(pk=pk).ndb for pk in found.ids]


def _typos_are_forgiven():
    corrected, ndbs = _found("brocoli")
    assert corrected == "broccoli" and ndbs[:2] == ["11090", "11091"]  # raw broccoli first
    assert _found("chiken breast")[0] == "chicken breast" and "05062" in _found("chiken breast")[1]
    assert _found("yoghurt") == ("yogurt", ["01117"])
    assert _found("strawbery") == ("strawberry", ["09316"])
    assert _found("spagetti") == ("spaghetti", ["20120"])
    assert _found("cheddar chese") == ("cheddar cheese", ["01009"])
    # A word spelled right is never replaced, and nonsense finds nothing.
    assert _found("broccoli")[0] == "" and _found("xyzzy") == ("", [])
    assert _found("apple pie") == ("", [])  # both words exist, just not together


def test_the_sqlite_fallback_forgives_typos(foods):
    assert connection.vendor == "sqlite"
    _typos_are_forgiven()


@pytest.mark.production_path
def test_postgresql_forgives_typos_with_pg_trgm_and_its_index(foods):
    if connection.vendor != "postgresql":
        pytest.skip("the production path runs this on PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        assert cursor.fetchone() is not None
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'nutrition_food_description_trgm'")
        assert "gin_trgm_ops" in cursor.fetchone()[0]
    with CaptureQueriesContext(connection) as queries:
        _typos_are_forgiven()
    assert any("<%" in query["sql"] for query in queries.captured_queries)


def test_the_explorer_says_what_it_searched_for_instead(client, foods):
    html = client.get("/foods/", {"q": "brocoli"}).content.decode()
    assert "No food matches “brocoli”. 2 foods found for “broccoli”." in html
    assert "Broccoli, raw" in html
