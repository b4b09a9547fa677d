"""MyPlate's five food groups are fixed rows: the importer links USDA groups to them."""

from django.db import migrations

MYPLATE_GROUPS = (
    ("fruits", "Fruits"),
    ("vegetables", "Vegetables"),
    ("grains", "Grains"),
    ("protein", "Protein foods"),
    ("dairy", "Dairy"),
)


def add_groups(apps, schema_editor):
    MyPlateGroup = apps.get_model("nutrition", "MyPlateGroup")
    for order, (slug, name) in enumerate(MYPLATE_GROUPS, start=1):
        MyPlateGroup.objects.update_or_create(slug=slug, defaults={"name": name, "order": order})


def remove_groups(apps, schema_editor):
    apps.get_model("nutrition", "MyPlateGroup").objects.filter(slug__in=[s for s, _ in MYPLATE_GROUPS]).delete()


class Migration(migrations.Migration):
    dependencies = [("nutrition", "0001_initial")]
    operations = [migrations.RunPython(add_groups, remove_groups)]
