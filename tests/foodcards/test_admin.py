import pytest

from foodcards.admin import CardAdminForm
from foodcards.models import Card
from nutrition.models import Food, UsdaFoodGroup
from nutrition.scoring import score_card


def _form_data(card, **changes):
    """What the admin change page posts for this card, with some fields changed."""
    form = CardAdminForm(instance=card)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
            continue
        data[name] = "" if value is None else value
    data.update(changes)
    return data


def _import_food(card):
    group, _ = UsdaFoodGroup.objects.get_or_create(
        code="1100", defaults={"name": "Vegetables and Vegetable Products"}
    )
    nutrients = {key: value for key, value in card.nutrients.items() if key != "added_sugars_g"}
    return Food.objects.create(
        ndb=card.ndb, usda_group=group, long_description="Broccoli, raw", nutrients=nutrients
    )


@pytest.fixture
def broccoli(decks):
    return Card.objects.select_related("deck").get(deck__slug="eat-right", special="broccoli")


@pytest.mark.django_db
def test_admin_edit_of_grams_recomputes_the_cards_numbers(broccoli, admin_client):
    _import_food(broccoli)
    new_grams = broccoli.serving_g * 2
    expected = score_card(broccoli.nutrients, new_grams)
    assert expected.calories != broccoli.calories

    response = admin_client.post(
        f"/admin/foodcards/card/{broccoli.pk}/change/",
        _form_data(broccoli, serving_g=str(new_grams), calories="1", value="1", vitamin_power="1"),
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    broccoli.refresh_from_db()
    assert (broccoli.calories, broccoli.vitamin_power, broccoli.value) == (
        expected.calories,
        expected.vitamin_power,
        expected.value,
    )
    # The record the engines read changed too, with the new serving's nutrients.
    assert broccoli.record["calories"] == expected.calories and broccoli.record["value"] == expected.value
    assert broccoli.record["serving_g"] == new_grams
    vitamin_c = broccoli.record["nutrients_per_serving"]["vitamin_c_mg"]
    assert vitamin_c == pytest.approx(broccoli.nutrients["vitamin_c_mg"] * new_grams / 100, rel=1e-3)


@pytest.mark.django_db
def test_admin_says_so_when_the_usda_data_is_not_imported(broccoli, admin_client):
    response = admin_client.post(
        f"/admin/foodcards/card/{broccoli.pk}/change/",
        _form_data(broccoli, serving_g=str(broccoli.serving_g + 10)),
    )
    assert response.status_code == 200
    assert "The USDA food data is not imported yet" in response.content.decode()
    calories = broccoli.calories
    broccoli.refresh_from_db()
    assert broccoli.calories == calories


@pytest.mark.django_db
def test_admin_says_so_for_an_unknown_or_malformed_ndb(broccoli):
    _import_food(broccoli)
    form = CardAdminForm(_form_data(broccoli, ndb="99999"), instance=broccoli)
    assert not form.is_valid()
    assert "USDA food 99999 is not in the imported data" in str(form.errors["ndb"])
    form = CardAdminForm(_form_data(broccoli, ndb="brocc"), instance=broccoli)
    assert not form.is_valid()
    assert "five digits" in str(form.errors["ndb"])


@pytest.mark.django_db
def test_admin_lists_and_shows_cards(decks, admin_client):
    assert admin_client.get("/admin/foodcards/card/?deck__id__exact=1").status_code == 200
    card = Card.objects.get(deck__slug="chomp", slug="octopus-2")
    html = admin_client.get(f"/admin/foodcards/card/{card.pk}/change/").content.decode()
    assert "/cards/chomp/octopus-2.png" in html and "&quot;action&quot;: &quot;octopus&quot;" in html
