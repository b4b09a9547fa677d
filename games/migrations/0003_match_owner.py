"""Match.owner: which app's gates a match answers to ("" for nobody's). The apps that own
matches mark their existing ones in their own migrations (classroom 0004, homework 0002)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_card_sets"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="owner",
            field=models.CharField(blank=True, default="", max_length=20),
        ),
    ]
