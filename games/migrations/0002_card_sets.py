"""Card records stored once per deck version (CardSet), matches refer to theirs.

Every existing match's own copy of its card records (Match.cards) moves into the shared table:
matches with the same records share one set. Reversible: going back copies each set's records
into its matches again.
"""

import hashlib
import json

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

from games.engines import get_engine

DIGEST_LENGTH = 32


def _digest(records):
    # The same digest as games.models.card_set_digest, frozen here as it was when written.
    ordered = sorted(records, key=lambda record: record["id"])
    canonical = json.dumps(ordered, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:DIGEST_LENGTH]


def _deck_of(game):
    try:
        return get_engine(game).deck_slug
    except Exception:  # a game no longer registered
        return ""


def cards_to_sets(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    CardSet = apps.get_model("games", "CardSet")
    known = set(CardSet.objects.values_list("pk", flat=True))
    pks = list(Match.objects.filter(card_set__isnull=True).values_list("pk", flat=True))
    for start in range(0, len(pks), 200):
        by_set = {}
        rows = Match.objects.filter(pk__in=pks[start : start + 200]).values_list("pk", "game", "cards")
        for pk, game, cards in rows:
            if not cards:
                continue  # a table that never had records: the engine's shipped deck
            digest = _digest(list(cards.values()))
            if digest not in known:
                CardSet.objects.create(digest=digest, deck=_deck_of(game), records=cards)
                known.add(digest)
            by_set.setdefault(digest, []).append(pk)
        for digest, matches in by_set.items():
            # The match's own copy goes: the shared set holds the same records.
            Match.objects.filter(pk__in=matches).update(card_set_id=digest, cards={})


def sets_to_cards(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    CardSet = apps.get_model("games", "CardSet")
    for card_set in CardSet.objects.all().iterator(chunk_size=20):
        Match.objects.filter(card_set_id=card_set.pk).update(cards=card_set.records)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="CardSet",
            fields=[
                ("digest", models.CharField(editable=False, max_length=32, primary_key=True, serialize=False)),
                ("deck", models.SlugField(blank=True, help_text="The deck the records are of.", max_length=40)),
                ("records", models.JSONField(default=dict)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
        ),
        migrations.AddField(
            model_name="match",
            name="card_set",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="matches",
                to="games.cardset",
            ),
        ),
        migrations.RunPython(cards_to_sets, sets_to_cards, elidable=False),
        migrations.RemoveField(model_name="match", name="cards"),
    ]
