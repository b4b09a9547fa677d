import ast
import json
from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image

from foodcards import render
from foodcards.models import Card
from foodcards.render import kit
from foodcards.services import card_image_path
from tests.foodcards.long_words import LongWords


@pytest.mark.django_db
def test_every_card_of_every_deck_renders_as_a_png_of_poker_size(decks):
    cards = list(Card.objects.select_related("deck"))
    assert len(cards) >= 200
    sizes, drawn = set(), set()
    for card in cards:
        path, from_cache = card_image_path(card=card)
        # Copies of one card (shark-1 ... shark-4) share one picture; every other card is drawn.
        assert from_cache == (path in drawn)
        drawn.add(path)
        with Image.open(path) as picture:
            picture.verify()  # a real, complete PNG
        with Image.open(path) as picture:
            assert picture.format == "PNG"
            sizes.add(picture.size)
            # A drawn card, not an empty canvas: an opaque middle with a picture in it, and text.
            rgba = picture.convert("RGBA")
            middle = rgba.crop((150, 300, 600, 750))
            assert middle.getextrema()[3][0] == 255
            assert len(middle.getcolors(maxcolors=100_000)) >= 3
    assert sizes == {(render.CARD_W, render.CARD_H)}
    # Eat Right: one per card; CHOMP!: 9 kinds; appetite: 36 suit/number pairs; SNACK WARS: 9 + 5 + 1.
    assert len(drawn) == Card.objects.filter(deck__slug="eat-right").count() + 9 + 36 + 15
    # 63 x 88 mm at 300 dpi.
    assert (render.CARD_W, render.CARD_H) == (744, 1039)


def test_card_corners_are_transparent_so_cards_look_round_on_any_page():
    image = render.card_image("appetite", {"id": "dessert-3", "suit": "dessert", "number": 3, "name": "3"})
    assert image.getpixel((0, 0))[3] == 0
    assert image.getpixel((render.CARD_W // 2, render.CARD_H // 2))[3] == 255


def test_different_cards_get_different_pictures():
    seven = render.card_image("appetite", {"suit": "dinner", "number": 7})
    eight = render.card_image("appetite", {"suit": "dinner", "number": 8})
    assert seven.tobytes() != eight.tobytes()
    shark = render.card_image("chomp", {"kind": "shark", "rank": 6, "name": "Shark", "action": None})
    eel = render.card_image(
        "chomp", {"kind": "electric-eel", "rank": None, "name": "Electric Eel", "action": "electric-eel"}
    )
    # Action cards look different at a glance: the eel card is mostly yellow, a creature card blue.
    shark_r, _, shark_b = shark.convert("RGB").resize((1, 1), Image.BOX).getpixel((0, 0))
    eel_r, _, eel_b = eel.convert("RGB").resize((1, 1), Image.BOX).getpixel((0, 0))
    assert shark_b > shark_r and eel_r > eel_b


def test_food_pictures_are_chosen_from_the_card():
    assert render.picture_for({"id": "broccoli", "category": "veggie"}) == "broccoli"
    assert (
        render.picture_for({"id": "salmon", "name": "Salmon", "picture_hint": "a piece of salmon"}) == "fish"
    )
    assert render.picture_for({"id": "kiwi", "name": "Kiwi", "category": "fruit"}) == "apple"
    assert render.picture_for({"id": "x", "name": "Mystery", "category": "grains"}) == "bread"


@pytest.mark.django_db
def test_every_deck_has_a_back():
    for deck in ("eat-right", "chomp", "appetite", "snack-wars"):
        assert render.card_back_image(deck).size == (render.CARD_W, render.CARD_H)


def test_print_sheets_put_nine_real_size_cards_on_a_page_with_cut_marks():
    pages = render.print_sheet_pages([render.card_back_image("appetite")] * 10, paper="letter")
    assert len(pages) == 2
    assert pages[0].size == (2550, 3300)  # Letter at 300 dpi
    # Nine cards of 744 x 1039 fit inside the page with margins left for the cut marks.
    page_w, page_h = pages[0].size
    assert page_w > 3 * render.CARD_W and page_h > 3 * render.CARD_H
    # Cut marks in the top margin line up with the left edge of the first column of cards.
    left = (page_w - 3 * render.CARD_W) // 2
    assert pages[0].getpixel((left, 20)) == render.INK
    assert pages[0].getpixel((left + 5, 20)) == render.WHITE
    # The tenth card starts a second page; A4 pages are A4 at 300 dpi.
    assert render.print_sheet_pages([render.card_back_image("chomp")], paper="a4")[0].size == (2480, 3508)


# ---------------------------------------------------------------------------------------------
# The package and the words it paints

RENDER_DIR = Path(render.__file__).parent


def test_the_render_package_keeps_one_public_entry_for_every_caller():
    for name in ("card_image", "card_back_image", "print_sheet_pages", "picture_for"):
        assert callable(getattr(render, name)), name
    assert set(render.RENDERERS) == {"eat-right", "chomp", "appetite", "snack-wars"}
    assert set(render.PAPER_MM) == {"a4", "letter"} and render.DPI == 300 and render.RENDER_VERSION


def test_every_render_module_is_short_and_imports_only_at_the_top():
    for path in RENDER_DIR.glob("*.py"):
        source = path.read_text()
        assert source.count("\n") <= 400, f"{path.name} has grown past 400 lines: split it"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{path.name}: {node.name} imports inside a function"


SAMPLES = {
    "eat-right": {
        "id": "x",
        "name": "Broccoli",
        "category": "veggie",
        "calories": 31,
        "vitamin_power": 9,
        "value": 12,
        "groups": {"veggie": 1, "grains": 0.5},
        "serving_label": "1 cup chopped",
        "special": "broccoli",
        "snack_attack": True,
    },
    "chomp": {"kind": "seal", "rank": 5, "name": "Seal"},
    "appetite": {"suit": "lunch", "number": 4, "name": "4 of Lunches"},
    "snack-wars": {"kind": "food", "food": "sushi", "cuisine": "japan", "value": 3, "name": "Sushi"},
}


def test_painted_words_come_from_the_active_language(long_spanish):
    english = {deck: render.card_image(deck, record).tobytes() for deck, record in SAMPLES.items()}
    english_back = render.card_back_image("chomp").tobytes()
    with translation.override(long_spanish):
        for deck, record in SAMPLES.items():
            assert render.card_image(deck, record).tobytes() != english[deck], deck
        assert render.card_back_image("chomp").tobytes() != english_back
    # Back in English, the same words as before.
    assert render.card_image("chomp", SAMPLES["chomp"]).tobytes() == english["chomp"]


def test_card_names_from_the_data_are_translated_too(long_spanish, monkeypatch):
    painted = []
    original = kit.Pen.text

    def recording_text(self, xy, text, size, *args, **kwargs):
        painted.append(text)
        return original(self, xy, text, size, *args, **kwargs)

    monkeypatch.setattr(kit.Pen, "text", recording_text)
    with translation.override(long_spanish):
        render.card_image("eat-right", SAMPLES["eat-right"])
        render.card_image("snack-wars", SAMPLES["snack-wars"])
    long = LongWords(long_spanish).gettext
    assert long("Broccoli") in painted and long("1 cup chopped") in painted
    assert long("Sushi").upper() in painted


def _distinct_records():
    seen = set()
    for path in sorted((Path(render.__file__).parents[1] / "data").glob("*.json")):
        for record in json.loads(path.read_text())["cards"]:
            shown = {k: v for k, v in record.items() if k != "id" or path.stem == "eat-right"}
            key = (path.stem, json.dumps(shown, sort_keys=True))
            if key not in seen:
                seen.add(key)
                yield path.stem, record


def test_longer_words_shrink_or_wrap_but_never_leave_the_card(long_spanish, monkeypatch):
    """Every text of every card, painted ~40 % longer, stays inside the card's paper."""
    outside = []
    original = kit.Pen.text

    def checked_text(self, xy, text, size, fill=kit.INK, anchor="mm", bold=False, stroke=None):
        left, top, right, bottom = self.text_box(xy, text, size, anchor, bold, stroke)
        width, height = (v / kit.SCALE for v in self.image.size)
        margin = 20 if (width, height) == (render.CARD_W, render.CARD_H) else 0
        if left < margin or top < margin or right > width - margin or bottom > height - margin:
            outside.append((text, size, (left, top, right, bottom)))
        return original(self, xy, text, size, fill, anchor, bold, stroke)

    monkeypatch.setattr(kit.Pen, "text", checked_text)
    with translation.override(long_spanish):
        for deck, record in _distinct_records():
            render.card_image(deck, record)
        for deck in render.DECK_BACKS:
            render.card_back_image(deck)
    assert not outside


LABEL_CLEARANCE = 6  # design units (about 0.5 mm on the printed card) between a label and its edge


@pytest.mark.parametrize("language", ["en", "es", "long"])
def test_every_labels_text_fits_inside_its_box(language, request, monkeypatch):
    """Every word painted on a panel, a pill or a row (the CHOMP! creatures' "Chomps:" panels,
    the food chain card's rows, the Eat Right groups and special powers, "Snack Attack!") stays
    inside its box with room to spare, in English, Spanish and ~40 % longer words. The printed
    shark card's "Little Fish," used to touch its panel's edge."""
    monkeypatch.setattr(kit, "LABEL_LOG", [])
    if language == "long":
        language = request.getfixturevalue("long_spanish")  # "es" painted with ~40 % longer words
    with translation.override(language):
        for deck, record in _distinct_records():
            render.card_image(deck, record)
        render.card_image("chomp", {"kind": "sequence", "name": "Food chain"})
    labels = kit.LABEL_LOG
    assert len(labels) > 60
    assert any(
        text.startswith(("Chomps:", "Come:", "Chomps")) or "Little Fish" in text for *_b, text in labels
    )
    touching = []
    for (x0, y0, x1, y1), (left, top, right, bottom), text in labels:
        if (
            left < x0 + LABEL_CLEARANCE
            or right > x1 - LABEL_CLEARANCE
            or top < y0 + LABEL_CLEARANCE / 2
            or bottom > y1 - LABEL_CLEARANCE / 2
        ):
            touching.append((text, (x0, y0, x1, y1), (round(left), round(top), round(right), round(bottom))))
    assert not touching
