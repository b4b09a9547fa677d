"""Food search: the best hit first ("apple" finds raw apples before apple pie, "milk" finds milk
before milk chocolate), on real USDA descriptions."""

import pytest
from django.core.management import call_command

from nutrition.food_ranking import match_forms, normalize, query_words, rank_foods
from nutrition.models import Food
from nutrition.services import food_search, foods_in_order
from tests.nutrition.conftest import write_tiny_release

SEARCH_FOODS = (
    # apples and things made of them
    "09003",  # Apples, raw, with skin
    "09004",  # Apples, raw, without skin
    "09011",  # Apples, dried, sulfured, uncooked
    "09016",  # Apple juice, canned or bottled, unsweetened
    "09019",  # Applesauce, canned, unsweetened
    "09020",  # Applesauce, canned, sweetened
    "18301",  # Pie, apple, commercially prepared
    "19312",  # Pie fillings, apple, canned
    "18240",  # Croissants, apple
    "18354",  # Strudel, apple
    # milks and things with milk in their name
    "01077",  # Milk, whole, 3.25% milkfat
    "01082",  # Milk, lowfat, fluid, 1% milkfat
    "01109",  # Milk, sheep, fluid
    "01104",  # Milk, chocolate, fluid, commercial, lowfat
    "01110",  # Milk shakes, thick chocolate
    "19120",  # Candies, milk chocolate
    "19093",  # Candies, SYMPHONY Milk Chocolate Bar
    "14175",  # Chocolate-flavor beverage mix for milk
    # eggs, cheese, bananas, cherries, cookies, tomatoes
    "01123",  # Egg, whole, raw, fresh
    "01129",  # Egg, whole, cooked, hard-boiled
    "01057",  # Eggnog
    "01009",  # Cheese, cheddar
    "18214",  # Crackers, cheese, regular
    "09040",  # Bananas, raw
    "18019",  # Bread, banana
    "11976",  # Pepper, banana, raw
    "09070",  # Cherries, sweet, raw
    "18158",  # Cookies, chocolate chip
    "18178",  # Cookies, oatmeal
    "05064",  # Chicken, broilers or fryers, breast, meat only, cooked, roasted
    "23573",  # Beef, ground, 80% lean, patty, cooked, broiled
    "11529",  # Tomatoes, red, ripe, raw
    "11549",  # Tomato products, canned, sauce
    "11935",  # Catsup
    "11090",  # Broccoli, raw
)


@pytest.fixture
def foods(db, tmp_path):
    call_command("import_usda_sr", str(write_tiny_release(tmp_path / "sr", SEARCH_FOODS)), verbosity=0)


def search(query, **filters):
    return [food.long_description for food in foods_in_order(ids=food_search(query=query, **filters))]


def test_apple_finds_raw_apples_before_juice_sauce_and_pie(foods):
    found = search("apple")
    assert found[:2] == ["Apples, raw, with skin", "Apples, raw, without skin"]
    first_pie = min(i for i, d in enumerate(found) if "pie" in d.lower() or "strudel" in d.lower())
    assert all(d.startswith(("Apples", "Apple juice", "Applesauce")) for d in found[:first_pie])
    assert found.index(
        "Apple juice, canned or bottled, unsweetened, without added ascorbic acid"
    ) < found.index("Pie, apple, commercially prepared, enriched flour")


def test_milk_finds_milk_before_milk_shakes_and_milk_chocolate(foods):
    found = search("milk")
    milks = [i for i, d in enumerate(found) if d.startswith("Milk, ")]
    others = [i for i, d in enumerate(found) if not d.startswith("Milk, ")]
    assert max(milks) < min(others)
    assert found.index("Milk shakes, thick chocolate") < found.index("Candies, milk chocolate")
    # Among the milks, the ones people drink (USDA's survey foods) come before sheep's milk.
    assert found.index("Milk, sheep, fluid") > found.index("Milk, whole, 3.25% milkfat, with added vitamin D")


def test_two_words_find_the_food_they_name_together(foods):
    assert search("apple pie")[0] == "Pie, apple, commercially prepared, enriched flour"
    assert search("milk chocolate")[0] in {
        "Candies, milk chocolate",
        "Milk, chocolate, fluid, commercial, lowfat, with added vitamin A and vitamin D",
    }
    assert set(search("milk chocolate")) >= {
        "Candies, milk chocolate",
        "Candies, SYMPHONY Milk Chocolate Bar",
    }
    assert search("chicken breast") == ["Chicken, broilers or fryers, breast, meat only, cooked, roasted"]


def test_a_plural_or_a_singular_finds_the_same_food(foods):
    assert search("cherry") == search("cherries") == ["Cherries, sweet, raw"]
    assert search("tomato")[0] == "Tomatoes, red, ripe, raw, year round average"
    assert search("eggs")[0] == search("egg")[0] == "Egg, whole, raw, fresh"
    # "cookies" is not "cooked": the chicken and the beef patty are not cookies.
    assert set(search("cookies")) == {
        "Cookies, chocolate chip, commercially prepared, regular, lower fat",
        "Cookies, oatmeal, commercially prepared, regular",
    }


def test_the_food_named_first_beats_a_food_that_only_mentions_it(foods):
    assert search("banana")[0] == "Bananas, raw"
    assert search("cheese")[0] == "Cheese, cheddar"
    assert search("egg")[-1] == "Eggnog"  # starts with "egg", but is not an egg


def test_a_number_is_an_ndb_and_a_letter_a_first_letter(foods):
    assert search("090") == [  # NDB order
        "Apples, raw, with skin",
        "Apples, raw, without skin",
        "Apples, dried, sulfured, uncooked",
        "Apple juice, canned or bottled, unsweetened, without added ascorbic acid",
        "Applesauce, canned, unsweetened, without added ascorbic acid (includes USDA commodity)",
        "Applesauce, canned, sweetened, without salt (includes USDA commodity)",
        "Bananas, raw",
        "Cherries, sweet, raw",
    ]
    assert {d[0] for d in search("b")} == {"B"}


def test_the_group_filter_keeps_only_that_myplate_group(foods):
    assert set(search("apple", plate_group="sometimes")) == {
        "Pie, apple, commercially prepared, enriched flour",
        "Pie fillings, apple, canned",
        "Strudel, apple",
    }
    assert "Candies, milk chocolate" not in search("milk", plate_group="dairy")
    assert search("", plate_group="protein") == sorted(
        food.long_description for food in Food.objects.filter(plate_group="protein")
    )


def test_words_are_lower_case_once_each_and_lose_their_plural():
    assert query_words("  Apple, APPLE pie!") == ["apple", "pie"]
    assert [normalize(w) for w in ("apples", "cherries", "tomatoes", "peaches", "glass", "hummus")] == [
        "apple",
        "cherry",
        "tomato",
        "peach",
        "glass",
        "hummus",
    ]
    assert match_forms("cherry") == ("cherry", "cherri")


def test_ranking_without_a_query_is_a_to_z():
    rows = [(1, "Milk, whole", "", True), (2, "Apples, raw", "", True)]
    assert [row[0] for row in rank_foods("", rows)] == [2, 1]
