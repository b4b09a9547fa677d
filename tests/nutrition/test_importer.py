import json

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from nutrition.eat_right_deck import SHIPPED_DECK_FILE
from nutrition.models import Food, HouseholdMeasure, MyPlateGroup, UsdaFoodGroup
from nutrition.services import FoodNotImported, card_score_for, food_nutrients


def _snapshot():
    """Every row the importer writes, ids included, so 'nothing changed' means exactly that."""
    return (
        list(UsdaFoodGroup.objects.order_by("pk").values_list()),
        list(Food.objects.order_by("pk").values_list()),
        list(HouseholdMeasure.objects.order_by("pk").values_list()),
    )


@pytest.mark.django_db
@pytest.mark.production_path
@pytest.mark.slow
def test_imports_the_whole_usda_release_and_a_reimport_changes_nothing(capsys):
    call_command("import_usda_sr", str(settings.USDA_SR_DIR))
    assert (
        "8463 foods, 25 food groups, 15137 household measures. 23625 rows created" in capsys.readouterr().out
    )
    assert Food.objects.count() == 8463
    assert HouseholdMeasure.objects.count() == 15137
    broccoli = Food.objects.select_related("usda_group__myplate").get(ndb="11090")
    assert broccoli.nutrients["energy_kcal"] == 34
    assert broccoli.nutrients["vitamin_c_mg"] == 89.2
    assert broccoli.usda_group.myplate.slug == "vegetables"
    assert broccoli.plate_group == "vegetables" and broccoli.in_survey
    # Each food has its own MyPlate group: an egg is protein, butter is not dairy.
    assert Food.objects.get(ndb="01129").plate_group == "protein"
    assert Food.objects.get(ndb="01001").plate_group == "sometimes"
    assert Food.objects.filter(plate_group="").count() == 0
    assert broccoli.measures.get(seq=1).label == "1 cup chopped"
    assert broccoli.measures.get(seq=1).grams == 91

    # Every shipped card's numbers come back from the database too.
    for card in json.loads(SHIPPED_DECK_FILE.read_text(encoding="utf-8"))["cards"]:
        if card["ndb"]:
            score = card_score_for(ndb=card["ndb"], grams=card["serving_g"])
            assert (score.calories, score.vitamin_power, score.value) == (
                card["calories"],
                card["vitamin_power"],
                card["value"],
            ), card["id"]

    before = _snapshot()
    call_command("import_usda_sr")  # the default folder is settings.USDA_SR_DIR
    assert "0 rows created, 0 updated, 0 deleted" in capsys.readouterr().out
    assert _snapshot() == before


@pytest.mark.django_db
def test_a_changed_file_updates_only_what_changed(tiny_sr, capsys):
    call_command("import_usda_sr", str(tiny_sr))
    capsys.readouterr()
    abbrev = tiny_sr / "ABBREV.txt"
    abbrev.write_bytes(
        abbrev.read_bytes().replace(b"~11090~^~BROCCOLI,RAW~^89.30^34^", b"~11090~^~BROCCOLI,RAW~^89.30^35^")
    )
    weights = tiny_sr / "WEIGHT.txt"
    weights.write_bytes(
        b"".join(line for line in weights.read_bytes().splitlines(True) if not line.startswith(b"~09003~"))
    )
    call_command("import_usda_sr", str(tiny_sr))
    assert "0 rows created, 1 updated, 7 deleted" in capsys.readouterr().out
    assert Food.objects.get(ndb="11090").nutrients["energy_kcal"] == 35
    assert not HouseholdMeasure.objects.filter(food__ndb="09003").exists()


def _break_abbrev_columns(folder):
    path = folder / "ABBREV.txt"
    lines = path.read_bytes().splitlines(True)
    lines[2] = lines[2].replace(b"^", b"", 1)
    path.write_bytes(b"".join(lines))
    return "ABBREV.txt, line 3: expected 53 fields, found 52"


def _break_a_number(folder):
    path = folder / "WEIGHT.txt"
    lines = path.read_bytes().splitlines(True)
    assert lines[0].startswith(b"~01001~^1^1^")
    lines[0] = lines[0].replace(b"^1^", b"^one^", 1)
    path.write_bytes(b"".join(lines))
    return "WEIGHT.txt, line 1: Seq is not a number: 'one'"


def _break_a_food_group(folder):
    path = folder / "FOOD_DES.txt"
    path.write_bytes(path.read_bytes().replace(b"~0900~", b"~0999~"))
    return "FOOD_DES.txt, line 2: food 09003 has an unknown food group '0999'"


def _remove_a_file(folder):
    (folder / "FOOD_DES.txt").unlink()
    return "FOOD_DES.txt: the file is missing"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "damage", [_break_abbrev_columns, _break_a_number, _break_a_food_group, _remove_a_file]
)
def test_a_bad_release_stops_with_a_clear_message_and_leaves_the_database_as_it_was(tiny_sr, damage):
    call_command("import_usda_sr", str(tiny_sr))
    # The next release changes a value (that must NOT land) and has one broken file.
    abbrev = tiny_sr / "ABBREV.txt"
    abbrev.write_bytes(abbrev.read_bytes().replace(b"^89.30^34^", b"^89.30^99^"))
    before = _snapshot()
    expected = damage(tiny_sr)
    with pytest.raises(CommandError) as error:
        call_command("import_usda_sr", str(tiny_sr))
    assert expected in str(error.value)
    assert str(error.value).startswith("Nothing was imported.")
    assert _snapshot() == before
    assert Food.objects.get(ndb="11090").nutrients["energy_kcal"] == 34


@pytest.mark.django_db
def test_services_say_when_the_data_is_not_imported(tiny_sr):
    with pytest.raises(FoodNotImported, match="import_usda_sr"):
        food_nutrients(ndb="11090")
    call_command("import_usda_sr", str(tiny_sr))
    assert food_nutrients(ndb="09003")["added_sugars_g"] == 0.0  # fruit sugar is natural
    assert card_score_for(ndb="11090", grams=91).calories == 31
    with pytest.raises(FoodNotImported, match="USDA food 99999 is not in the imported data"):
        card_score_for(ndb="99999", grams=10)


@pytest.mark.django_db
def test_the_import_makes_myplates_groups_again_when_they_are_gone(tiny_sr):
    """A flushed database (a transactional test elsewhere) or a table emptied by hand: every
    food still gets its MyPlate group."""
    MyPlateGroup.objects.all().delete()
    call_command("import_usda_sr", str(tiny_sr), verbosity=0)
    broccoli = Food.objects.select_related("usda_group__myplate").get(ndb="11090")
    assert broccoli.usda_group.myplate.slug == "vegetables"
    assert sorted(MyPlateGroup.objects.values_list("slug", flat=True)) == sorted(
        ["fruits", "vegetables", "grains", "protein", "dairy"]
    )
