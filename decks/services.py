"""Teacher-made decks: every write and every question other apps ask.

A deck belongs to one teacher: `deck_of` gives a teacher their own deck and anyone else a 404, so
no page, picture or print sheet of a deck reaches another teacher. Other apps take a deck's cards
through `records_for_play` (a game, a class session, a lesson), which checks the deck fits the
game (decks.needs), and once the game or session is made they call `cards_share`, which makes the
cards' pictures reachable at /cards/eat-right/<card id>.png for the players
(`shared_card_picture`).
"""

from __future__ import annotations

import math

from django.db import transaction
from django.db.models import Count, Max, Q
from django.utils.translation import gettext as _

from decks import cards as card_making
from decks import needs
from decks.models import TeacherCard, TeacherDeck
from foodcards import pictures
from foodcards import services as foodcards
from games.engines.cards import load_deck_records
from nutrition.models import Food

MAX_DECKS = 30
MAX_CARDS = 60
NAME_LENGTH = 60
TIMES_RANGE = (0.1, 10.0)
PLATE_MAX = 10.0
STARTS = ("empty", "eat-right", "snack-attack")


class DeckError(Exception):
    """A request refused, with a message for people and an HTTP status."""

    def __init__(self, message: str, *, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status


# ----- reading -----------------------------------------------------------------------------------


def decks_of(*, owner) -> list[TeacherDeck]:
    """A teacher's decks, newest change first, each with `card_count`."""
    if not getattr(owner, "is_authenticated", False):
        return []
    return list(
        TeacherDeck.objects.filter(owner=owner).annotate(
            card_count=Count("cards", filter=Q(cards__retired=False))
        )
    )


def deck_of(*, owner, deck_id) -> TeacherDeck:
    """The teacher's own deck; another teacher's (or none) is "not found"."""
    try:
        deck = TeacherDeck.objects.filter(pk=int(deck_id), owner=owner).first()
    except (TypeError, ValueError):
        deck = None
    if deck is None or not getattr(owner, "is_authenticated", False):
        raise DeckError(_("You have no deck with that address."), status=404)
    return deck


def deck_cards(*, deck: TeacherDeck) -> list[TeacherCard]:
    return list(deck.cards.filter(retired=False).order_by("position", "pk"))


def deck_records(*, deck: TeacherDeck) -> list[dict]:
    """The deck's card records in order (the shape engines take as `cards=`)."""
    return [card.record for card in deck_cards(deck=deck)]


def card_of(*, deck: TeacherDeck, card_id: str) -> TeacherCard:
    card = deck.cards.filter(card_id=card_id, retired=False).first()
    if card is None:
        raise DeckError(_("That card isn't in this deck."), status=404)
    return card


def deck_choices(*, owner, game: str | None = None) -> list[tuple[int, str]]:
    """(deck id, "name (n cards)") of a teacher's decks, for a game's deck field. With `game`,
    only Eat Right games get choices."""
    if game is not None and game not in needs.eat_right_games():
        return []
    return [
        (deck.pk, _("%(name)s (%(count)s cards)") % {"name": deck.name, "count": deck.card_count})
        for deck in decks_of(owner=owner)
    ]


def eat_right_records() -> list[dict]:
    """The Eat Right deck as the site has it (teachers' admin edits count), or as shipped."""
    return foodcards.deck_records(deck_slug=needs.DECK_SLUG) or load_deck_records(needs.DECK_SLUG)


# ----- decks -------------------------------------------------------------------------------------


def _clean_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise DeckError(_("Give the deck a name."))
    if len(name) > NAME_LENGTH:
        raise DeckError(_("A deck's name has at most %(n)s letters.") % {"n": NAME_LENGTH})
    return name


def deck_create(*, owner, name: str, start: str = "empty") -> TeacherDeck:
    """A new deck: empty, a copy of the Eat Right deck, or a copy of its 26 Snack Attack cards."""
    name = _clean_name(name)
    if start not in STARTS:
        raise DeckError(_("Start from an empty deck or a copy of the Eat Right deck."))
    with transaction.atomic():
        if TeacherDeck.objects.filter(owner=owner).count() >= MAX_DECKS:
            raise DeckError(
                _("You have %(n)s decks, the most one teacher can have: delete one first.") % {"n": MAX_DECKS}
            )
        deck = TeacherDeck.objects.create(owner=owner, name=name)
        if start != "empty":
            records = eat_right_records()
            if start == "snack-attack":
                records = [r for r in records if r.get("snack_attack")]
            TeacherCard.objects.bulk_create(
                TeacherCard(
                    deck=deck,
                    card_id=(card_id := card_making.new_card_id()),
                    position=position,
                    record=card_making.copied_card(record, card_id=card_id),
                )
                for position, record in enumerate(records)
            )
    return deck


def deck_rename(*, deck: TeacherDeck, name: str) -> None:
    deck.name = _clean_name(name)
    deck.save(update_fields=["name", "updated_at"])


def deck_delete(*, deck: TeacherDeck) -> None:
    """Delete a deck and its cards. Games already dealt keep the records they were dealt (their
    card set, games.card_sets); their pictures go with the deck."""
    deck.delete()


# ----- cards -------------------------------------------------------------------------------------


def food_for_card(ndb) -> Food:
    """The USDA food a card is made of, or a DeckError that says why there is none."""
    food = Food.objects.select_related("usda_group").filter(ndb=str(ndb or "")).first()
    if food is None:
        if not Food.objects.exists():
            raise DeckError(_("The USDA food data isn't imported on this site yet."), status=409)
        raise DeckError(_("There is no USDA food with the number “%(ndb)s”.") % {"ndb": ndb}, status=404)
    return food


def _times(raw) -> float:
    try:
        times = float(raw)
    except (TypeError, ValueError):
        times = math.nan
    low, high = TIMES_RANGE
    if not (low <= times <= high):  # also refuses NaN
        raise DeckError(
            _("How many of the measure: a number from %(low)s to %(high)s.")
            % {"low": low, "high": f"{high:g}"}
        )
    return round(times, 4)


def _plate(raw: dict | None) -> dict[str, float]:
    plate = {}
    for group, amount in (raw or {}).items():
        if group not in card_making.PLATE_GROUPS:
            raise DeckError(_("There is no food group called “%(group)s”.") % {"group": group})
        if amount in (None, ""):
            continue
        try:
            amount = float(amount)
        except (TypeError, ValueError):
            amount = math.nan
        if not (0 <= amount <= PLATE_MAX):
            raise DeckError(_("Food group amounts go from 0 to %(n)s.") % {"n": f"{PLATE_MAX:g}"})
        plate[group] = round(amount, 2)
    return plate if any(plate.values()) else {}


def _special(
    deck: TeacherDeck, category: str, special: str | None, *, keep: TeacherCard | None = None
) -> str | None:
    special = special or None
    if special is None:
        return None
    if special not in card_making.ROLE_CATEGORY:
        raise DeckError(_("Pick a special role from the list."))
    if card_making.ROLE_CATEGORY[special] != category:
        if special == "sugar-shock":
            raise DeckError(_("Only a junk food card can be Sugar Shock."))
        raise DeckError(_("Only a veggie card can be a super snack (Broccoli or Spinach)."))
    holder = next(
        (card for card in deck_cards(deck=deck) if card.record.get("special") == special and card != keep),
        None,
    )
    if holder is not None:
        raise DeckError(_("%(name)s already has that special role in this deck.") % {"name": holder.name})
    return special


def _card_record(deck, *, card_id, ndb, measure_seq, times, category, special, name, plate, keep=None):
    """A checked card record from what the teacher chose, and the measure it used."""
    food = food_for_card(ndb)
    measures = card_making.food_measures(food)
    if measure_seq in (None, ""):
        measure = measures[0]
    else:
        measure = next((m for m in measures if str(m.seq) == str(measure_seq)), None)
        if measure is None:
            raise DeckError(_("Pick one of this food's servings from the list."))
    times = _times(times)
    category = category or card_making.SUGGESTED_CATEGORY.get(food.plate_group, "junk")
    if category not in card_making.FOOD_CATEGORIES:
        raise DeckError(_("Pick a category: fruit, veggie, grains, meat, dairy or junk food."))
    special = _special(deck, category, special, keep=keep)
    name = " ".join((name or "").split()) or card_making.short_name(food.long_description)
    if len(name) > card_making.NAME_LENGTH:
        raise DeckError(_("A card's name has at most %(n)s letters.") % {"n": card_making.NAME_LENGTH})
    plate = _plate(plate)
    record = card_making.food_card(
        card_id=card_id,
        food=food,
        measure=measure,
        measures=measures,
        times=times,
        category=category,
        special=special,
        name=name,
        plate=plate,
    )
    return record, measure, plate


def card_preview(*, deck: TeacherDeck, ndb: str, keep: TeacherCard | None = None, **choices) -> dict:
    """The record a food card would have with these choices (nothing is saved), or a DeckError."""
    record, _measure, _plate = _card_record(deck, card_id="preview", ndb=ndb, keep=keep, **choices)
    return record


def _room_for_one_more(deck: TeacherDeck) -> None:
    if deck.cards.filter(retired=False).count() >= MAX_CARDS:
        raise DeckError(
            _("A deck holds at most %(n)s cards: remove one first.") % {"n": MAX_CARDS}, status=409
        )


def _next_position(deck: TeacherDeck) -> int:
    return (deck.cards.aggregate(last=Max("position"))["last"] or 0) + 1


def card_add_food(
    *,
    deck: TeacherDeck,
    ndb: str,
    measure_seq=None,
    times=1,
    category: str | None = None,
    special: str | None = None,
    name: str = "",
    plate: dict | None = None,
) -> TeacherCard:
    """Add a USDA food as a card: `times` its household measure `measure_seq` (its first measure
    by default), in `category` (suggested by its MyPlate group by default)."""
    with transaction.atomic():
        deck = TeacherDeck.objects.select_for_update().get(pk=deck.pk)
        _room_for_one_more(deck)
        card_id = card_making.new_card_id()
        record, measure, plate = _card_record(
            deck,
            card_id=card_id,
            ndb=ndb,
            measure_seq=measure_seq,
            times=times,
            category=category,
            special=special,
            name=name,
            plate=plate,
        )
        card = TeacherCard.objects.create(
            deck=deck,
            card_id=card_id,
            position=_next_position(deck),
            record=record,
            measure_seq=measure.seq,
            plate_custom=plate,
        )
        deck.save(update_fields=["updated_at"])
    return card


def card_add_exercise(*, deck: TeacherDeck) -> TeacherCard:
    with transaction.atomic():
        deck = TeacherDeck.objects.select_for_update().get(pk=deck.pk)
        _room_for_one_more(deck)
        if any(card.record.get("special") == card_making.EXERCISE for card in deck_cards(deck=deck)):
            raise DeckError(_("This deck already has its Exhilarating Exercise card."), status=409)
        card_id = card_making.new_card_id()
        record = card_making.exercise_card(card_id=card_id, eat_right=eat_right_records())
        card = TeacherCard.objects.create(
            deck=deck, card_id=card_id, position=_next_position(deck), record=record
        )
        deck.save(update_fields=["updated_at"])
    return card


def card_update(
    *,
    deck: TeacherDeck,
    card_id: str,
    measure_seq=None,
    times=1,
    category: str | None = None,
    special: str | None = None,
    name: str = "",
    plate: dict | None = None,
) -> TeacherCard:
    """Change a food card's serving, category, role, name or food groups. A card already dealt
    into a game is retired (games keep it) and replaced by a new card in its place."""
    with transaction.atomic():
        deck = TeacherDeck.objects.select_for_update().get(pk=deck.pk)
        card = card_of(deck=deck, card_id=card_id)
        if not card.record.get("ndb"):
            raise DeckError(_("Exhilarating Exercise is not a food: it has nothing to change."))
        new_id = card_making.new_card_id() if card.shared else card.card_id
        record, measure, plate = _card_record(
            deck,
            card_id=new_id,
            ndb=card.record["ndb"],
            measure_seq=measure_seq,
            times=times,
            category=category,
            special=special,
            name=name,
            plate=plate,
            keep=card,
        )
        if card.shared:
            card.retired = True
            card.save(update_fields=["retired"])
            card = TeacherCard(deck=deck, card_id=new_id, position=card.position)
        card.record, card.measure_seq, card.plate_custom = record, measure.seq, plate
        card.save()
        deck.save(update_fields=["updated_at"])
    return card


# What a card's numbers are made of: a card whose formulas now give other numbers is made again.
REFRESHED_FIELDS = ("calories", "vitamin_power", "value", "groups", "myplate", "profile")


def deck_cards_refresh(*, deck: TeacherDeck) -> int:
    """Make again every card of a deck whose numbers the formulas now give differently (after a
    change of nutrition.scoring or of the MyPlate rules): a copy of an Eat Right card takes that
    card as the site has it now, a food card is made again from the teacher's choices. A card
    already dealt into a game is retired (games keep it) and replaced, as an edit does. Returns how
    many cards changed."""
    shipped = {record["id"]: record for record in eat_right_records()}
    changed = 0
    with transaction.atomic():
        deck = TeacherDeck.objects.select_for_update().get(pk=deck.pk)
        for card in deck_cards(deck=deck):
            fresh = _card_again(deck, card, shipped)
            if fresh is None or all(fresh.get(f) == card.record.get(f) for f in REFRESHED_FIELDS):
                continue
            if card.shared:
                card.retired = True
                card.save(update_fields=["retired"])
                new_id = card_making.new_card_id()
                fresh = {**fresh, "id": new_id}
                card = TeacherCard(
                    deck=deck,
                    card_id=new_id,
                    position=card.position,
                    measure_seq=card.measure_seq,
                    plate_custom=card.plate_custom,
                )
            card.record = fresh
            card.save()
            changed += 1
        if changed:
            deck.save(update_fields=["updated_at"])
    return changed


def _card_again(deck: TeacherDeck, card: TeacherCard, shipped: dict[str, dict]) -> dict | None:
    """The card as its source makes it today (None: nothing to make it from)."""
    record = card.record
    source = record.get("copied_from")
    if source:
        return card_making.copied_card(shipped[source], card_id=card.card_id) if source in shipped else None
    if not record.get("ndb"):
        return None
    fresh, _measure, _plate = _card_record(
        deck,
        card_id=card.card_id,
        ndb=record["ndb"],
        measure_seq=card.measure_seq,
        times=(record.get("usda_measure") or {}).get("times", 1),
        category=record.get("category"),
        special=record.get("special"),
        name=record.get("name", ""),
        plate=card.plate_custom or None,
        keep=card,
    )
    return fresh


def card_remove(*, deck: TeacherDeck, card_id: str) -> None:
    """Take a card out of the deck (a card already dealt into a game stays for that game)."""
    with transaction.atomic():
        card = card_of(deck=deck, card_id=card_id)
        if card.shared:
            card.retired = True
            card.save(update_fields=["retired"])
        else:
            card.delete()
        deck.save(update_fields=["updated_at"])


def card_measure(*, card: TeacherCard) -> tuple[Food | None, list, object]:
    """The card's food, its measures and the one the card uses (for the edit form)."""
    food = Food.objects.select_related("usda_group").filter(ndb=card.record.get("ndb") or "").first()
    if food is None:
        return None, [], None
    measures = card_making.food_measures(food)
    chosen = next((m for m in measures if m.seq == card.measure_seq), None)
    if chosen is None:  # a copied Eat Right card: find its measure by its USDA words
        label = (card.record.get("usda_measure") or {}).get("description")
        chosen = next((m for m in measures if m.label == label), measures[0])
    return food, measures, chosen


# ----- play --------------------------------------------------------------------------------------


def records_for_play(*, deck: TeacherDeck, game: str | None = None, seats: int | None = None) -> list[dict]:
    """The deck's cards for a game (checked against `game`, at `seats` when given), a class
    session or a lesson. Once the game or session is made, `cards_share` the records."""
    records = deck_records(deck=deck)
    if game is not None:
        if seats is None:
            check = needs.game_check(game, records)
            why = None if check.ok else check.message
        else:
            why = needs.fit_refusal(game, records, seats)
        if why:
            raise DeckError(
                _("The deck “%(deck)s” doesn't fit this game yet. %(why)s") % {"deck": deck.name, "why": why}
            )
    return records


def records_for_game(*, owner, deck_id, game: str, seats: int) -> list[dict]:
    """A teacher's deck chosen on a game's form: its cards, or a DeckError saying why not."""
    return records_for_play(deck=deck_of(owner=owner, deck_id=deck_id), game=game, seats=seats)


def cards_share(*, records: list[dict]) -> None:
    """These cards were dealt into a game or a session: their pictures open to the players (at
    their ids' addresses), and an edit from now on makes a new card instead of changing them."""
    ids = [record["id"] for record in records if str(record.get("id", "")).startswith("my-")]
    TeacherCard.objects.filter(card_id__in=ids, shared=False).update(shared=True)


def shared_card_picture(deck_slug: str, card_id: str) -> pictures.Picture | None:
    """The picture of a teacher's card that was dealt into a game (foodcards serves it at
    /cards/eat-right/<card id>.png and its WebP copies): its id is the unguessable key."""
    if deck_slug != needs.DECK_SLUG or not card_id.startswith("my-"):
        return None
    record = TeacherCard.objects.filter(card_id=card_id, shared=True).values_list("record", flat=True).first()
    if record is None:
        return None
    return pictures.record_picture(deck_slug=deck_slug, record=record)


def card_picture(*, card: TeacherCard) -> pictures.Picture:
    """A card's picture for its owner's pages (shared or not)."""
    return pictures.record_picture(deck_slug=needs.DECK_SLUG, record=card.record)
