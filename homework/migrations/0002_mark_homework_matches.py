"""Every match of a homework attempt is homework's (games.Match.owner), so homework's gates run
for it and for no other match."""

from django.db import migrations


def mark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Attempt = apps.get_model("homework", "Attempt")
    Match.objects.filter(pk__in=Attempt.objects.filter(match__isnull=False).values("match_id")).update(
        owner="homework"
    )


def unmark(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    Match.objects.filter(owner="homework").update(owner="")


class Migration(migrations.Migration):
    dependencies = [
        ("homework", "0001_initial"),
        ("games", "0003_match_owner"),
    ]

    operations = [migrations.RunPython(mark, unmark)]
