"""{% card_img %}: the one way a page shows a card picture."""

import pytest
from django.template import Context, Template, TemplateSyntaxError


def _render(tag: str, **context) -> str:
    return Template("{% load cards %}" + tag).render(Context(context))


def test_a_card_image_offers_the_right_sized_copies_and_keeps_its_shape():
    html = _render('{% card_img "chomp" "shark-1" alt="Shark" width=120 %}')
    assert html == (
        '<img src="/cards/chomp/240/shark-1.webp" srcset="/cards/chomp/160/shark-1.webp 160w, '
        '/cards/chomp/240/shark-1.webp 240w, /cards/chomp/360/shark-1.webp 360w" sizes="120px" '
        'width="120" height="168" alt="Shark" loading="lazy" decoding="async">'
    )


def test_a_card_shown_big_also_offers_the_full_picture_and_takes_sizes_and_a_class():
    html = _render(
        '{% card_img deck card alt=name width=372 sizes="(max-width: 40rem) 90vw, 24rem" '
        'css_class="big-card" loading="eager" %}',
        deck="eat-right",
        card="broccoli",
        name='Broccoli "super" <snack>',
    )
    assert "/cards/eat-right/360/broccoli.webp 360w, /cards/eat-right/broccoli.png 744w" in html
    assert 'sizes="(max-width: 40rem) 90vw, 24rem"' in html and 'width="372" height="520"' in html
    assert 'alt="Broccoli &quot;super&quot; &lt;snack&gt;"' in html
    assert 'loading="eager"' in html and html.endswith(' class="big-card">')


def test_a_deck_back_is_a_card_called_back():
    assert 'src="/cards/snack-wars/240/back.webp"' in _render('{% card_img "snack-wars" "back" %}')


def test_a_mistyped_loading_is_caught_when_the_page_is_written():
    with pytest.raises(TemplateSyntaxError):
        _render('{% card_img "chomp" "shark-1" loading="soon" %}')
