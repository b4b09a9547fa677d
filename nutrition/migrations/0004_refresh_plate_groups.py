from django.db import migrations


def refresh_plate_groups(apps, schema_editor):
    """The MyPlate rules were corrected (fat cut off meat, poultry skin, palm and coconut oil,
    avocado, diet drinks, breaded seafood, crab cakes...): give the foods already imported their
    group again (import_usda_sr does the same on every import)."""
    # The mapping is plain data in nutrition.myplate.
    from nutrition.myplate import plate_group_for

    Food = apps.get_model("nutrition", "Food")
    foods = list(Food.objects.select_related("usda_group").only("ndb", "long_description", "usda_group__code"))
    for food in foods:
        food.plate_group = plate_group_for(
            ndb=food.ndb, usda_group=food.usda_group.code, description=food.long_description
        )
    Food.objects.bulk_update(foods, ["plate_group"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("nutrition", "0003_food_plate_group"),
    ]

    operations = [
        migrations.RunPython(refresh_plate_groups, migrations.RunPython.noop),
    ]
