"""What other apps (and this app's pages) ask of the decks: records, pictures, print sheets."""

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from foodcards.models import DECK_SLUGS, Card, Deck, record_digest

# Pictures live in foodcards.pictures; other apps and older callers reach them from here.
from foodcards.pictures import CardImageUrls as CardImageUrls
from foodcards.pictures import card_back_path as card_back_path
from foodcards.pictures import card_image_etag as card_image_etag
from foodcards.pictures import card_image_path as card_image_path
from foodcards.pictures import card_image_urls as card_image_urls
from foodcards.pictures import deck_print_etag as deck_print_etag
from foodcards.pictures import deck_print_pdf as deck_print_pdf
from foodcards.pictures import with_language as with_language
from nutrition.facts import fact_row
from nutrition.food_profile import FoodProfile
from nutrition.label_rounding import label_calories
from nutrition.labels import CARD_GROUP_NAMES, nutrient_name
from nutrition.nutrients import NUTRIENTS_BY_KEY
from nutrition.scoring import score_card

DATA_DIR = Path(__file__).resolve().parent / "data"

# Keys every record of a deck must carry (the engines read them).
REQUIRED_KEYS = {
    "eat-right": ("id", "name", "category", "calories", "vitamin_power", "value"),
    "chomp": ("id", "name", "kind", "rank"),
    "appetite": ("id", "name", "suit", "number"),
    "snack-wars": ("id", "name", "kind"),
}


class DeckFileError(ValueError):
    """A deck file that cannot be loaded; the message names the file and the problem."""


@dataclass
class DeckLoadReport:
    slug: str
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    kept_edits: list[str] = field(default_factory=list)

    def __str__(self):
        text = (
            f"{self.slug}: {self.created} new, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.removed} removed"
        )
        if self.kept_edits:
            text += f" ({len(self.kept_edits)} edited in the admin and kept)"
        return text


def deck_file_read(*, path: Path) -> tuple[dict, list[dict]]:
    """The (deck header, card records) of one deck file, checked; DeckFileError if malformed."""
    name = path.name
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise DeckFileError(
            f"{name} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})."
        ) from error
    except (OSError, UnicodeDecodeError) as error:
        raise DeckFileError(f"{name} cannot be read: {error}.") from error
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("deck"), dict)
        or not isinstance(data.get("cards"), list)
    ):
        raise DeckFileError(f'{name} must be an object with a "deck" object and a "cards" list.')
    header = data["deck"]
    slug = header.get("slug")
    if slug != path.stem:
        raise DeckFileError(f'{name}: the deck slug is {slug!r}, but the file name says "{path.stem}".')
    if slug not in DECK_SLUGS:
        raise DeckFileError(f"{name}: unknown deck {slug!r} (known decks: {', '.join(DECK_SLUGS)}).")
    if not header.get("name"):
        raise DeckFileError(f'{name}: the deck has no "name".')
    if not isinstance(header.get("choices", []), list):
        raise DeckFileError(f'{name}: the deck\'s "choices" must be a list of sentences.')
    seen = set()
    for number, record in enumerate(data["cards"], start=1):
        if not isinstance(record, dict):
            raise DeckFileError(f"{name}: card {number} is not an object.")
        missing = [key for key in REQUIRED_KEYS[slug] if key not in record]
        if missing:
            raise DeckFileError(
                f"{name}: card {number} ({record.get('id', 'no id')}) has no {', '.join(missing)}."
            )
        card_id = record["id"]
        if not isinstance(card_id, str) or not card_id or not all(c.isalnum() or c in "-_" for c in card_id):
            raise DeckFileError(
                f"{name}: card {number} has a bad id {card_id!r} (use letters, digits, - and _)."
            )
        if card_id in seen:
            raise DeckFileError(f"{name}: the card id {card_id!r} appears twice.")
        seen.add(card_id)
    return header, data["cards"]


def decks_load(*, data_dir: Path = DATA_DIR, force: bool = False) -> list[DeckLoadReport]:
    """Copy every deck file in `data_dir` into the database, in place and idempotently.

    Every file is checked before anything is written. Cards no longer in a file are removed.
    A card edited in the admin keeps its edits until its record in the file changes (or
    `force` is given).
    """
    files = [data_dir / f"{slug}.json" for slug in DECK_SLUGS if (data_dir / f"{slug}.json").exists()]
    parsed = [(path, *deck_file_read(path=path)) for path in files]
    reports = []
    with transaction.atomic():
        for path, header, records in parsed:
            reports.append(_deck_load(slug=path.stem, header=header, records=records, force=force))
    return reports


def _deck_load(*, slug, header, records, force) -> DeckLoadReport:
    report = DeckLoadReport(slug=slug)
    deck, _ = Deck.objects.update_or_create(
        slug=slug,
        defaults={
            "name": header["name"],
            "description": header.get("description", ""),
            "choices": header.get("choices", []),
            "order": DECK_SLUGS.index(slug),
            "header": header,
        },
    )
    existing = {card.slug: card for card in deck.cards.all()}
    new_cards = []
    for position, record in enumerate(records):
        digest = record_digest(record)
        card = existing.pop(record["id"], None)
        if card is None:
            card = Card(deck=deck, slug=record["id"], position=position, source_digest=digest)
            card.columns_from_record(slug, record)
            card.record = card.record_from_columns()  # what save() would do; bulk_create skips it
            new_cards.append(card)
            continue
        if card.source_digest == digest and not force:
            if card.position != position:  # another card came or went: only the order moved
                Card.objects.filter(pk=card.pk).update(position=position)
            if card.record != record:
                report.kept_edits.append(card.slug)
            report.unchanged += 1
            continue
        report.updated += 1
        card.position = position
        card.source_digest = digest
        card.columns_from_record(slug, record)
        card.save()
    Card.objects.bulk_create(new_cards)
    report.created = len(new_cards)
    report.removed = len(existing)
    if existing:
        deck.cards.filter(slug__in=list(existing)).delete()
    return report


def deck_records(*, deck_slug: str, in_play_only: bool = False) -> list[dict]:
    """The deck's cards as plain records (the shape engines take as `cards=`), in deck order."""
    cards = Card.objects.filter(deck__slug=deck_slug).order_by("position")
    if in_play_only:
        cards = cards.filter(in_play=True)
    return [card.record for card in cards.only("record")]


def deck_list() -> list[Deck]:
    """Every loaded deck with its card count, in the catalogue's order."""
    decks = list(Deck.objects.all())
    counts = Counter(Card.objects.values_list("deck_id", flat=True))
    for deck in decks:
        deck.card_count = counts.get(deck.id, 0)
    return decks


def decks_missing() -> list[str]:
    """The shipped decks that are not loaded with cards yet (load_decks fills them in)."""
    loaded = set(Deck.objects.filter(cards__isnull=False).values_list("slug", flat=True).distinct())
    return [slug for slug in DECK_SLUGS if slug not in loaded]


def deck_get(*, deck_slug: str) -> Deck | None:
    return Deck.objects.filter(slug=deck_slug).first()


def card_get(*, deck_slug: str, card_slug: str) -> Card | None:
    return Card.objects.select_related("deck").filter(deck__slug=deck_slug, slug=card_slug).first()


KIND_LABELS = {
    "eat-right": {
        "fruit": gettext_lazy("Fruit"),
        "veggie": gettext_lazy("Veggies"),
        "grains": gettext_lazy("Grains"),
        "meat": gettext_lazy("Meat"),
        "dairy": gettext_lazy("Dairy"),
        "junk": gettext_lazy("Junk food"),
        "exercise": gettext_lazy("Exercise"),
    },
    "chomp": {
        "shark": gettext_lazy("Shark"),
        "seal": gettext_lazy("Seal"),
        "big-fish": gettext_lazy("Big Fish"),
        "little-fish": gettext_lazy("Little Fish"),
        "shrimp": gettext_lazy("Shrimp"),
        "plankton": gettext_lazy("Plankton"),
        "electric-eel": gettext_lazy("Electric Eel (action)"),
        "octopus": gettext_lazy("Octopus (action)"),
        "sequence": gettext_lazy("Food chain card (out of play)"),
    },
    "appetite": {
        "breakfast": gettext_lazy("Breakfasts"),
        "lunch": gettext_lazy("Lunches"),
        "dinner": gettext_lazy("Dinners"),
        "dessert": gettext_lazy("Desserts"),
    },
    "snack-wars": {
        "raccoon": gettext_lazy("Raccoon"),
        "food": gettext_lazy("Food"),
        "bonus": gettext_lazy("Bonus"),
    },
}


def deck_gallery(*, deck: Deck) -> dict:
    """The deck's cards in order, grouped by kind, with counts for the gallery page."""
    cards = list(deck.cards.all().order_by("position"))
    labels = KIND_LABELS.get(deck.slug, {})
    sections: dict[str, list[Card]] = {}
    for card in cards:
        sections.setdefault(card.kind, []).append(card)
    extra = []
    if deck.slug == "eat-right":
        extra.append((_("Snack Attack cards"), sum(1 for c in cards if c.snack_attack)))
    extra.append((_("In play"), sum(1 for c in cards if c.in_play)))
    return {
        "total": len(cards),
        "sections": [
            {"kind": kind, "label": labels.get(kind, kind.replace("-", " ").title()), "cards": members}
            for kind, members in sections.items()
        ],
        "extra_counts": extra,
    }


# ---------------------------------------------------------------------------------------------
# Eat Right: the nutrition facts of a card's serving and why it is worth what it is worth.

NUTRITION_FACT_KEYS = (
    "energy_kcal",
    "fat_g",
    "saturated_fat_g",
    "cholesterol_mg",
    "sodium_mg",
    "carbohydrate_g",
    "fiber_g",
    "sugars_g",
    "added_sugars_g",
    "protein_g",
    "vitamin_d_ug",
    "calcium_mg",
    "iron_mg",
    "potassium_mg",
    "vitamin_a_rae_ug",
    "vitamin_c_mg",
)


def card_nutrition(*, card: Card) -> dict | None:
    """Per-serving nutrition facts and the score breakdown of an Eat Right food card."""
    if card.deck.slug != "eat-right" or not card.nutrients or not card.serving_g:
        return None
    facts = []
    indented = ("saturated_fat_g", "fiber_g", "sugars_g", "added_sugars_g")
    for key in NUTRITION_FACT_KEYS:
        if key not in card.nutrients or key not in NUTRIENTS_BY_KEY:
            continue
        if key == "energy_kcal":
            kcal = card.nutrients[key]
            calories = None if kcal is None else label_calories(kcal * card.serving_g / 100)
            text = None if calories is None else f"{calories} kcal"
            facts.append({"key": key, "label": str(nutrient_name(key)), "text": text, "percent_dv": None})
            continue
        facts.append(fact_row(card.nutrients, key, card.serving_g, indent=key in indented))
    score = score_card(card.nutrients, card.serving_g, FoodProfile.from_dict(card.record.get("profile")))
    return {
        "facts": facts,
        "score": score,
        "matches_card": (score.calories, score.vitamin_power, score.value)
        == (card.calories, card.vitamin_power, card.value),
    }


CHOMP_CHAIN = ("shark", "seal", "big-fish", "little-fish", "shrimp", "plankton")
SPECIAL_LABELS = {
    "sugar-shock": gettext_lazy("Sugar Shock"),
    "exercise": gettext_lazy("Exhilarating Exercise"),
    "broccoli": gettext_lazy("Broccoli (super snack)"),
    "spinach": gettext_lazy("Spinach (super snack)"),
}
SNACK_WARS_BONUS_TEXT = {
    "french": gettext_lazy("1 point for each French food card"),
    "japan": gettext_lazy("1 point for each Japan food card"),
    "american": gettext_lazy("1 point for each American food card"),
    "all-cuisines": gettext_lazy("5 points with at least one food card of each cuisine"),
    "raccoons": gettext_lazy("1 point for each Raccoon card collected"),
}


def card_summary(*, card: Card) -> list[tuple[str, str]]:
    """The numbers and facts a player reads off the card, as (label, value) pairs."""
    deck = card.deck.slug
    labels = KIND_LABELS.get(deck, {})
    if deck == "eat-right":
        rows = [
            (_("Category"), labels.get(card.category, card.category)),
            (_("Calories"), card.calories),
            (_("Vitamin power"), card.vitamin_power),
            (_("Overall value"), card.value),
        ]
        if card.special:
            rows.append((_("Special card"), SPECIAL_LABELS.get(card.special, card.special)))
        rows.append((_("Snack Attack card"), _("yes") if card.snack_attack else _("no")))
        if card.groups:
            groups = ", ".join(f"{n} {CARD_GROUP_NAMES.get(g, g)}" for g, n in card.groups.items())
            rows.append((_("Food groups"), groups))
        return rows
    if deck == "chomp":
        if card.action:
            return [(_("Kind"), _("Action card")), (_("Action"), labels.get(card.kind, card.name))]
        if card.kind == "sequence":
            return [(_("Kind"), _("Food chain card")), (_("In play"), _("no: a reminder of who chomps whom"))]
        lower = CHOMP_CHAIN[CHOMP_CHAIN.index(card.kind) + 1 :] if card.kind in CHOMP_CHAIN else ()
        return [
            (_("Rank in the food chain"), _("%(rank)s of 6") % {"rank": card.rank}),
            (_("Chomps"), ", ".join(str(labels.get(kind, kind)) for kind in lower) or _("nothing")),
        ]
    if deck == "appetite":
        return [(_("Suit"), labels.get(card.suit, card.suit)), (_("Number"), card.number)]
    if deck == "snack-wars":
        if card.kind == "food":
            return [
                (_("Food"), card.name),
                (_("Value"), card.value),
                (_("Cuisine"), (card.cuisine or "").title()),
            ]
        if card.kind == "bonus":
            return [
                (_("Kind"), _("Bonus card")),
                (_("Scores"), SNACK_WARS_BONUS_TEXT.get(card.bonus, card.bonus)),
            ]
        return [(_("Kind"), _("Raccoon")), (_("Power"), _("Steal one card from another player's collection"))]
    return []
