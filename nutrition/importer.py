"""Import a USDA SR release into the database, mirroring the files exactly.

All four files are read and checked first (nutrition.sr_files); only then, in one transaction,
the database is brought in line with them: rows that are new are created, rows that differ are
updated, rows that are gone are deleted, and rows that are the same are not touched. So a
re-import of the same files writes nothing, and a bad file writes nothing either.
"""

from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from nutrition.models import Food, HouseholdMeasure, MyPlateGroup, UsdaFoodGroup
from nutrition.myplate import FOOD_GROUPS, PLATE_GROUP_NAMES, USDA_GROUP_DEFAULTS, plate_group_for
from nutrition.sr_files import SRRelease, read_release

BATCH = 1000


@dataclass
class ImportSummary:
    groups: int = 0
    foods: int = 0
    measures: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)


def usda_release_import(*, directory: Path | str) -> ImportSummary:
    """Read the SR files in `directory` and make the database match them (one transaction)."""
    release = read_release(Path(directory))  # raises SRFormatError before any write
    summary = ImportSummary(
        groups=len(release.groups), foods=len(release.foods), measures=len(release.weights)
    )
    with transaction.atomic():
        groups = _sync_groups(release, summary)
        foods = _sync_foods(release, groups, summary)
        _sync_measures(release, foods, summary)
    return summary


def _sync_groups(release: SRRelease, summary: ImportSummary) -> dict[str, UsdaFoodGroup]:
    # MyPlate's five groups are fixed rows (migration 0002); made again here should they be gone
    # (a table emptied by hand, or by a test flushing the database), so no food loses its group.
    myplate = {
        slug: MyPlateGroup.objects.get_or_create(
            slug=slug, defaults={"name": PLATE_GROUP_NAMES[slug], "order": order}
        )[0]
        for order, slug in enumerate(FOOD_GROUPS, start=1)
    }
    existing = {group.code: group for group in UsdaFoodGroup.objects.all()}
    for code, name in release.groups.items():
        default = USDA_GROUP_DEFAULTS.get(code, "")
        plate = myplate.get(default) if default in FOOD_GROUPS else None
        group = existing.get(code)
        if group is None:
            existing[code] = UsdaFoodGroup.objects.create(code=code, name=name, myplate=plate)
            summary.created += 1
        elif group.name != name or group.myplate_id != (plate.pk if plate else None):
            group.name, group.myplate = name, plate
            group.save(update_fields=["name", "myplate"])
            summary.updated += 1
    # Groups no longer in the files go once their foods are gone (see _sync_foods).
    return existing


FOOD_FIELDS = [
    "usda_group_id",
    "long_description",
    "short_description",
    "common_name",
    "refuse_pct",
    "in_survey",
    "plate_group",
    "nutrients",
]


def _food_fields(food, group: UsdaFoodGroup) -> dict:
    return {
        "usda_group_id": group.pk,
        "long_description": food.long_description,
        "short_description": food.short_description,
        "common_name": food.common_name,
        "refuse_pct": food.refuse_pct,
        "in_survey": food.survey,
        "plate_group": plate_group_for(
            ndb=food.ndb, usda_group=food.group, description=food.long_description
        ),
        "nutrients": food.nutrients,
    }


def _sync_foods(
    release: SRRelease, groups: dict[str, UsdaFoodGroup], summary: ImportSummary
) -> dict[str, int]:
    existing = {food.ndb: food for food in Food.objects.all()}
    to_create, to_update = [], []
    for ndb, sr_food in release.foods.items():
        wanted = _food_fields(sr_food, groups[sr_food.group])
        food = existing.get(ndb)
        if food is None:
            to_create.append(Food(ndb=ndb, **wanted))
        elif any(getattr(food, name) != value for name, value in wanted.items()):
            for name, value in wanted.items():
                setattr(food, name, value)
            to_update.append(food)
    gone = [food.pk for ndb, food in existing.items() if ndb not in release.foods]
    if gone:
        Food.objects.filter(pk__in=gone).delete()
    Food.objects.bulk_create(to_create, batch_size=BATCH)
    Food.objects.bulk_update(to_update, FOOD_FIELDS, batch_size=BATCH)
    stale_groups = UsdaFoodGroup.objects.exclude(code__in=release.groups)
    summary.deleted += len(gone) + stale_groups.count()
    stale_groups.delete()
    summary.created += len(to_create)
    summary.updated += len(to_update)
    return dict(Food.objects.values_list("ndb", "pk"))


def _sync_measures(release: SRRelease, foods: dict[str, int], summary: ImportSummary) -> None:
    ndb_of = {pk: ndb for ndb, pk in foods.items()}
    existing = {(ndb_of[measure.food_id], measure.seq): measure for measure in HouseholdMeasure.objects.all()}
    to_create, to_update, wanted_keys = [], [], set()
    for weight in release.weights:
        key = (weight.ndb, weight.seq)
        wanted_keys.add(key)
        measure = existing.get(key)
        if measure is None:
            to_create.append(
                HouseholdMeasure(
                    food_id=foods[weight.ndb],
                    seq=weight.seq,
                    amount=weight.amount,
                    description=weight.description,
                    grams=weight.grams,
                )
            )
        elif (measure.amount, measure.description, measure.grams) != (
            weight.amount,
            weight.description,
            weight.grams,
        ):
            measure.amount, measure.description, measure.grams = (
                weight.amount,
                weight.description,
                weight.grams,
            )
            to_update.append(measure)
    gone = [measure.pk for key, measure in existing.items() if key not in wanted_keys]
    if gone:
        HouseholdMeasure.objects.filter(pk__in=gone).delete()
    HouseholdMeasure.objects.bulk_create(to_create, batch_size=BATCH)
    HouseholdMeasure.objects.bulk_update(to_update, ["amount", "description", "grams"], batch_size=BATCH)
    summary.created += len(to_create)
    summary.updated += len(to_update)
    summary.deleted += len(gone)
