"""Every match played at a class session's table is the classroom's (games.Match.owner), so the
classroom's gates run for it and for no other match."""

from django.db import migrations


def mark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    TableMatch = apps.get_model("classroom", "TableMatch")
    Match.objects.filter(pk__in=TableMatch.objects.values("match_id")).update(owner="classroom")


def unmark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(owner="classroom").update(owner="")


class Migration(migrations.Migration):
    dependencies = [
        ("classroom", "0003_names_approval_and_bans"),
        ("games", "0003_match_owner"),
    ]

    operations = [migrations.RunPython(mark, unmark)]
