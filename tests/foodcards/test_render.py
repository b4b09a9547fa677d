import pytest
from PIL import Image

from foodcards import render
from foodcards.models import Card
from foodcards.services import card_image_path


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
