import json
import shutil
from collections import Counter
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from foodcards.models import Card, Deck
from foodcards.services import DATA_DIR, deck_records


def _load(**options):
    out = StringIO()
    call_command("load_decks", stdout=out, **options)
    return out.getvalue()


@pytest.mark.django_db
def test_load_decks_loads_all_four_decks_in_order():
    output = _load()
    assert list(Deck.objects.values_list("slug", flat=True)) == [
        "eat-right",
        "chomp",
        "appetite",
        "snack-wars",
    ]
    assert "Loaded 4 decks." in output
    for deck in Deck.objects.all():
        shipped = json.loads((DATA_DIR / f"{deck.slug}.json").read_text())
        assert deck.cards.count() == len(shipped["cards"])
        assert deck.choices == shipped["deck"].get("choices", [])
        # The engines get back exactly the shipped records, in file order.
        assert deck_records(deck_slug=deck.slug) == shipped["cards"]


@pytest.mark.django_db
def test_load_decks_twice_changes_nothing_and_never_duplicates():
    _load()
    before = {(c.deck.slug, c.slug): (c.pk, c.record) for c in Card.objects.select_related("deck")}
    output = _load()
    after = {(c.deck.slug, c.slug): (c.pk, c.record) for c in Card.objects.select_related("deck")}
    assert after == before
    assert "0 new, 0 updated" in output and " 0 removed" in output
    assert Deck.objects.count() == 4


@pytest.mark.django_db
def test_load_decks_updates_in_place_and_removes_cards_gone_from_the_file(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    _load(data_dir=data)
    shark_pk = Card.objects.get(deck__slug="chomp", slug="shark-1").pk
    chomp = json.loads((data / "chomp.json").read_text())
    chomp["cards"] = [c for c in chomp["cards"] if c["id"] != "plankton-5"]
    chomp["cards"][0]["name"] = "Great White Shark"
    (data / "chomp.json").write_text(json.dumps(chomp))

    output = _load(data_dir=data)

    shark = Card.objects.get(deck__slug="chomp", slug="shark-1")
    assert shark.pk == shark_pk and shark.name == "Great White Shark"
    assert not Card.objects.filter(deck__slug="chomp", slug="plankton-5").exists()
    assert "chomp: 0 new, 1 updated, 50 unchanged, 1 removed" in output


@pytest.mark.django_db
def test_admin_edits_survive_a_reload_until_the_file_changes():
    _load()
    card = Card.objects.get(deck__slug="appetite", slug="lunch-1")
    card.name = "First lunch"
    card.save()
    _load()
    card.refresh_from_db()
    assert card.name == "First lunch" and card.record["name"] == "First lunch"
    _load(force=True)
    card.refresh_from_db()
    shipped = json.loads((DATA_DIR / "appetite.json").read_text())["cards"]
    assert card.name == next(record["name"] for record in shipped if record["id"] == "lunch-1")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "chomp.json is not valid JSON (line 1, column 2"),
        (
            '{"deck": {"slug": "chomp", "name": "CHOMP!"}}',
            'must be an object with a "deck" object and a "cards" list',
        ),
        (
            '{"deck": {"slug": "appetite", "name": "x"}, "cards": []}',
            "the deck slug is 'appetite', but the file name says",
        ),
        (
            '{"deck": {"slug": "chomp", "name": "CHOMP!"}, '
            '"cards": [{"id": "a", "name": "A", "kind": "seal"}]}',
            "card 1 (a) has no rank",
        ),
        (
            '{"deck": {"slug": "chomp", "name": "C"}, "cards": ['
            '{"id": "a", "name": "A", "kind": "seal", "rank": 5}, '
            '{"id": "a", "name": "A", "kind": "seal", "rank": 5}]}',
            "the card id 'a' appears twice",
        ),
    ],
)
def test_a_malformed_file_loads_nothing_and_says_what_is_wrong(tmp_path, content, message):
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / "chomp.json").write_text(content)
    with pytest.raises(CommandError) as error:
        _load(data_dir=data)
    assert message in str(error.value)
    assert "No deck was loaded" in str(error.value)
    assert not Deck.objects.exists()


# Deck invariants (the rule books' counts and our choices).


@pytest.mark.django_db
def test_chomp_has_the_rule_books_52_cards(decks):
    kinds = Counter(Card.objects.filter(deck__slug="chomp").values_list("kind", flat=True))
    assert sum(kinds.values()) == 52
    assert kinds == {
        "shark": 4,
        "seal": 5,
        "big-fish": 10,
        "little-fish": 11,
        "shrimp": 8,
        "plankton": 5,
        "electric-eel": 3,
        "octopus": 4,
        "sequence": 2,
    }
    out_of_play = Card.objects.filter(deck__slug="chomp", in_play=False)
    assert set(out_of_play.values_list("kind", flat=True)) == {"sequence"} and out_of_play.count() == 2
    ranks = dict(
        Card.objects.filter(deck__slug="chomp", rank__isnull=False).values_list("kind", "rank").distinct()
    )
    assert ranks == {"shark": 6, "seal": 5, "big-fish": 4, "little-fish": 3, "shrimp": 2, "plankton": 1}


@pytest.mark.django_db
def test_appetite_has_four_suits_of_one_to_nine_and_two_extras_in_three_suits(decks):
    cards = list(Card.objects.filter(deck__slug="appetite"))
    assert len(cards) == 42
    by_suit = Counter(card.suit for card in cards)
    assert by_suit == {"breakfast": 11, "lunch": 11, "dinner": 11, "dessert": 9}
    for suit in by_suit:
        assert {card.number for card in cards if card.suit == suit} == set(range(1, 10))


@pytest.mark.django_db
def test_snack_wars_has_10_raccoons_45_food_and_5_bonus_cards(decks):
    cards = list(Card.objects.filter(deck__slug="snack-wars"))
    assert Counter(card.kind for card in cards) == {"raccoon": 10, "food": 45, "bonus": 5}
    food = [card for card in cards if card.kind == "food"]
    assert sorted({card.value for card in food}) == list(range(1, 10))
    assert {card.cuisine for card in food} == {"french", "japan", "american"}
    assert {card.bonus for card in cards if card.kind == "bonus"} == {
        "french",
        "japan",
        "american",
        "all-cuisines",
        "raccoons",
    }


@pytest.mark.django_db
def test_eat_right_snack_attack_subset_is_26_cards_with_the_four_specials(decks):
    cards = list(Card.objects.filter(deck__slug="eat-right"))
    snack_attack = [card for card in cards if card.snack_attack]
    assert len(snack_attack) == 26
    assert {card.category for card in snack_attack} <= {"fruit", "veggie", "junk", "exercise"}
    assert all(
        card.snack_attack for card in cards if card.category in ("fruit", "veggie", "junk", "exercise")
    )
    specials = Counter(card.special for card in cards if card.special)
    assert specials == {"sugar-shock": 1, "exercise": 1, "broccoli": 1, "spinach": 1}
    exercise = next(card for card in cards if card.special == "exercise")
    assert exercise.calories == -200
    for card in cards:
        if card.category != "exercise":
            assert card.ndb and len(card.ndb) == 5 and card.serving_g > 0 and card.nutrients
