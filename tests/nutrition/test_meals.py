"""The balanced-meal check, rule by rule."""

from __future__ import annotations

import pytest

from games.engines.cards import load_deck_records
from nutrition.meals import CALORIE_LIMIT, MealRules, check_meal, lightest_balanced_meal


def card(card_id, calories, special=None, **groups):
    return {
        "id": card_id,
        "name": card_id.title(),
        "special": special,
        "groups": groups,
        "calories": calories,
    }


BREAD = card("bread", 80, grains=1)
RICE = card("rice", 100, grains=1)
APPLE = card("apple", 95, fruit=1)
CARROT = card("carrot", 50, veggie=1)
MILK = card("milk", 100, dairy=1)
CHICKEN = card("chicken", 140, meat=1)
PIZZA = card("pizza", 285, grains=2, dairy=1)
SPAGHETTI = card("spaghetti", 255, grains=2, meat=1, veggie=1)
DONUT = {**card("donut", 240), "category": "junk"}
EXERCISE = card("exercise", -200, special="exercise")


def test_two_grains_two_fruit_or_veggies_and_a_meat_or_dairy_make_a_balanced_meal():
    check = check_meal([BREAD, RICE, APPLE, CARROT, MILK])
    assert check.balanced
    assert check.reasons == ()
    assert (check.grains, check.fruit_or_veggie, check.meat_or_dairy, check.calories) == (2, 2, 1, 425)


def test_each_missing_group_gets_its_own_plain_reason():
    check = check_meal([BREAD, APPLE])
    assert not check.balanced
    assert check.reasons == (
        "Needs 1 more grain serving",
        "Needs 1 more fruit or veggie serving",
        "Needs 1 more meat or dairy serving",
    )


def test_an_empty_plate_needs_everything():
    assert check_meal([]).reasons == (
        "Needs 2 more grain servings",
        "Needs 2 more fruit or veggie servings",
        "Needs 1 more meat or dairy serving",
    )


def test_fruit_and_veggies_count_together_and_so_do_meat_and_dairy():
    assert check_meal([BREAD, RICE, APPLE, CARROT, CHICKEN]).balanced
    two_fruits = card("banana", 105, fruit=1)
    assert check_meal([BREAD, RICE, APPLE, two_fruits, MILK]).balanced


def test_a_card_with_several_groups_and_servings_counts_all_of_them():
    # Spaghetti with meat sauce: 2 grains, 1 meat and 1 veggie in one card.
    check = check_meal([SPAGHETTI, APPLE])
    assert check.balanced
    assert (check.grains, check.fruit_or_veggie, check.meat_or_dairy) == (2, 2, 1)


def test_601_calories_is_too_many():
    heavy_meal = [PIZZA, APPLE, CARROT, card("fries", 171)]  # 285 + 95 + 50 + 171 = 601
    check = check_meal(heavy_meal)
    assert check.calories == CALORIE_LIMIT + 1
    assert not check.balanced
    assert check.reasons == ("Too many calories: 601 of 600",)
    assert not check.within_calories


def test_exactly_600_calories_is_fine():
    assert check_meal([PIZZA, APPLE, CARROT, card("fries", 170)]).balanced


def test_exercise_is_worth_minus_200_calories():
    heavy_meal = [PIZZA, APPLE, CARROT, card("fries", 171)]
    check = check_meal([*heavy_meal, EXERCISE])
    assert check.calories == 401
    assert check.balanced


def test_exercise_counts_minus_200_even_if_its_record_says_otherwise():
    odd_exercise = {**EXERCISE, "calories": 0}
    assert check_meal([odd_exercise]).calories == -200


def test_junk_food_may_be_part_of_a_meal_within_the_limit():
    cookies = card("cookies", 150)
    assert check_meal([BREAD, RICE, APPLE, CARROT, MILK, cookies]).balanced  # 425 + 150 = 575
    assert check_meal([BREAD, RICE, APPLE, CARROT, MILK, DONUT]).reasons == ("Too many calories: 665 of 600",)


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ([BREAD, RICE, APPLE, MILK], "Needs 1 more fruit or veggie serving"),
        ([BREAD, APPLE, CARROT, MILK], "Needs 1 more grain serving"),
        ([BREAD, RICE, APPLE, CARROT], "Needs 1 more meat or dairy serving"),
    ],
)
def test_one_missing_serving_names_exactly_that_rule(cards, reason):
    assert check_meal(cards).reasons == (reason,)


def test_cards_without_groups_field_count_as_no_group():
    assert check_meal([{"id": "x", "calories": 10}]).grains == 0


# ----- rule sets and one row per rule ------------------------------------------------------------

from nutrition.meals import BOOK_RULES  # noqa: E402

ALLOWED = [BREAD, RICE, APPLE, CARROT, MILK, CHICKEN, PIZZA, DONUT, EXERCISE]


def test_the_book_rules_give_one_row_per_rule_in_order():
    check = check_meal([BREAD, APPLE])
    assert [row.rule for row in check.rows] == ["grains", "fruit_or_veggie", "meat_or_dairy", "calories"]
    assert [row.met for row in check.rows] == [False, False, False, True]
    grains = check.rows[0]
    assert (grains.have, grains.need, grains.cards) == (1, 2, (("bread", 1),))


def test_an_unmet_rule_suggests_an_allowed_card_of_the_group_it_lacks():
    check = check_meal([BREAD, APPLE], allowed=ALLOWED)
    grains, fruit_or_veggie, meat_or_dairy, _calories = check.rows
    # Not the bread already there, and a food of that group alone (rice, not the pizza).
    assert grains.suggestion == "rice" and grains.suggest == "add"
    assert fruit_or_veggie.suggestion == "carrot"  # the one fruit or veggie not on the plate
    assert meat_or_dairy.suggestion in {"milk", "chicken"}


def test_hints_vary_with_the_plate_and_do_not_always_pick_the_fewest_calories():
    """A hint names a food of the group the meal lacks, not "the lightest" (issue 30): over the
    deck's plates of one grain card, the veggie suggested changes with the plate."""
    deck = [record for record in load_deck_records("eat-right") if record.get("groups")]
    grains = [record for record in deck if set(record["groups"]) == {"grains"}]
    suggested = [check_meal([grain], allowed=deck).rows[1].suggestion for grain in grains]  # fruit_or_veggie
    assert len(set(suggested)) >= 3
    lightest = min((r for r in deck if set(r["groups"]) <= {"fruit", "veggie"}), key=lambda r: r["calories"])[
        "id"
    ]
    assert suggested.count(lightest) < len(suggested) / 2


def test_too_many_calories_takes_off_junk_first_then_the_biggest_extra_never_adds_exercise():
    fries = {**card("fries", 171), "category": "junk"}
    check = check_meal([PIZZA, APPLE, CARROT, fries], allowed=ALLOWED)  # 601 calories
    assert (check.rows[-1].suggestion, check.rows[-1].suggest) == ("fries", "remove")
    # No junk: the biggest card the meal's servings can do without (the second grain card).
    extra_rice = card("brown-rice", 300, grains=1)
    plate = [BREAD, RICE, extra_rice, APPLE, CARROT, MILK]  # 725 calories, 3 grain servings
    assert (check_meal(plate).rows[-1].suggestion, check_meal(plate).rows[-1].suggest) == (
        "brown-rice",
        "remove",
    )
    # Every card is needed: swap the biggest one for something lighter.
    needed = [PIZZA, APPLE, card("corn", 300, veggie=1)]  # 680 calories
    assert (check_meal(needed).rows[-1].suggestion, check_meal(needed).rows[-1].suggest) == ("corn", "swap")
    for meal in ([PIZZA, APPLE, CARROT, fries], plate, needed):
        assert all(row.suggestion != "exercise" for row in check_meal(meal, allowed=ALLOWED).rows)


def test_a_lesson_can_ask_for_a_vegetable_and_no_junk_and_its_own_limit():
    rules = MealRules(
        grains=1, fruit_or_veggie=0, meat_or_dairy=0, one_vegetable=True, no_junk=True, calorie_limit=300
    )
    check = check_meal([BREAD, APPLE, DONUT], rules, allowed=ALLOWED)
    assert [(row.rule, row.met) for row in check.rows] == [
        ("grains", True),
        ("vegetable", False),
        ("no_junk", False),
        ("calories", False),
    ]
    assert check.failed_rules == ["vegetable", "no_junk", "calories"]
    assert check.rows[1].suggestion == "carrot"
    assert check.rows[2].cards == (("donut", 240),) and check.rows[2].suggest == "remove"
    assert check_meal([BREAD, CARROT], rules).balanced


def test_counts_per_single_group_are_separate_rules():
    rules = MealRules(grains=0, fruit=1, veggie=1, fruit_or_veggie=0, meat=1, dairy=0, meat_or_dairy=0)
    assert not check_meal([APPLE, CARROT, MILK], rules).balanced
    assert check_meal([APPLE, CARROT, CHICKEN], rules).balanced


def test_rules_round_trip_and_refuse_impossible_numbers():
    assert MealRules.from_dict(BOOK_RULES.to_dict()) == BOOK_RULES
    assert MealRules.from_dict({"grains": "3", "no_junk": 1}) == MealRules(grains=3, no_junk=True)
    with pytest.raises(ValueError, match="calorie_limit"):
        MealRules.from_dict({"calorie_limit": 5})
    with pytest.raises(ValueError, match="grains"):
        MealRules.from_dict({"grains": 99})


# ----- the lightest balanced meal (can these cards make one at all?) ---------------------------------


def test_the_lightest_balanced_meal_is_the_fewest_calories_that_meet_every_serving_rule():
    meal = lightest_balanced_meal([PIZZA, BREAD, RICE, APPLE, CARROT, MILK, CHICKEN, DONUT])
    assert sorted(c["id"] for c in meal) == ["apple", "bread", "carrot", "milk", "rice"]
    assert check_meal(meal).balanced and check_meal(meal).calories == 425


def test_no_balanced_meal_from_cards_that_lack_a_group():
    assert lightest_balanced_meal([BREAD, RICE, APPLE, CARROT, DONUT]) is None  # no meat or dairy


def test_a_meal_over_the_limit_takes_exhilarating_exercise_along():
    rules = MealRules(calorie_limit=400)
    meal = lightest_balanced_meal([PIZZA, APPLE, CARROT, EXERCISE], rules)
    assert [c["id"] for c in meal] == ["pizza", "apple", "carrot", "exercise"]
    assert check_meal(meal, rules).balanced and check_meal(meal, rules).calories == 230


def test_the_lesson_rules_count_too():
    rules = MealRules(grains=1, fruit_or_veggie=0, meat_or_dairy=0, one_vegetable=True, no_junk=True)
    meal = lightest_balanced_meal([BREAD, APPLE, CARROT, DONUT], rules)
    assert sorted(c["id"] for c in meal) == ["bread", "carrot"]
    assert lightest_balanced_meal([BREAD, APPLE], rules) is None


# ----- real servings (a lesson): cup- and ounce-equivalents with fractions -------------------------


def real(card_id, calories, category="", **amounts):
    """A card with MyPlate amounts (cups of fruit, veggie and dairy; ounces of grains and meat) and
    the whole servings a card would print for them."""
    units = {"grains": ("oz", 1.0), "meat": ("oz", 1.0), "fruit": ("cup", 0.5), "veggie": ("cup", 0.5)}
    units["dairy"] = ("cup", 0.5)
    return {
        "id": card_id,
        "name": card_id.title(),
        "category": category,
        "calories": calories,
        "myplate": {g: {"amount": a, "unit": units[g][0]} for g, a in amounts.items()},
        "groups": {g: int(a / units[g][1] + 1e-9) for g, a in amounts.items() if a >= units[g][1]},
    }


LESSON = MealRules(real_servings=True)
PIZZA_SLICE = real("pizza", 285, "grains", grains=2.0, dairy=0.6, veggie=0.13)
SUB = real("sub", 296, "grains", grains=2.5, meat=2.0, veggie=0.25)
GREEN_BEANS = real("green-beans", 22, "veggie", veggie=0.5)
SMALL_APPLE = real("apple", 77, "fruit", fruit=1.0)


def test_a_trace_of_sauce_is_not_a_vegetable_serving():
    check = check_meal([PIZZA_SLICE, SUB], LESSON)
    fruit_or_veggie = next(row for row in check.rows if row.rule == "fruit_or_veggie")
    assert fruit_or_veggie.have == pytest.approx(0.76)  # 3/8 cup = 0.76 of the 2 half-cup servings
    assert not fruit_or_veggie.met and not check.balanced
    assert fruit_or_veggie.cards == (("pizza", 0.26), ("sub", 0.5))
    # The printed cards agree: neither shows a vegetable serving.
    assert check_meal([PIZZA_SLICE, SUB]).fruit_or_veggie == 0


def test_half_a_cup_is_a_vegetable_serving():
    rules = MealRules(one_vegetable=True, real_servings=True)
    check = check_meal([PIZZA_SLICE, GREEN_BEANS, SMALL_APPLE], rules)
    assert check.balanced, check.reasons
    assert check.fruit_or_veggie == pytest.approx(3.26)
    just_under = real("beans", 22, "veggie", veggie=0.45)
    vegetable = check_meal([just_under, SMALL_APPLE], rules).rows[-2]
    assert vegetable.rule == "vegetable" and not vegetable.met and vegetable.have == pytest.approx(0.9)


def test_the_lightest_meal_search_counts_real_servings_too():
    cards = [PIZZA_SLICE, SUB, GREEN_BEANS, SMALL_APPLE, real("bread", 81, "grains", grains=1.0)]
    meal = lightest_balanced_meal(cards, LESSON)
    assert check_meal(meal, LESSON).balanced
    assert sorted(c["id"] for c in meal) == ["apple", "pizza"]  # 2 oz grains, 1 cup fruit, 0.6 cup dairy
