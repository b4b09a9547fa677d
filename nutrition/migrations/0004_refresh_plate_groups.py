"""The MyPlate rules were corrected (fat cut off meat, poultry skin, palm and coconut oil, avocado,
diet drinks, breaded seafood, crab cakes...): give the foods already imported their group again,
as 0003 first did (import_usda_sr does the same on every import)."""

from importlib import import_module

from django.db import migrations

fill_plate_groups = import_module("nutrition.migrations.0003_food_plate_group").fill_plate_groups


class Migration(migrations.Migration):
    dependencies = [
        ("nutrition", "0003_food_plate_group"),
    ]

    operations = [
        migrations.RunPython(fill_plate_groups, migrations.RunPython.noop),
    ]
