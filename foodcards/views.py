"""Pages of the decks: the catalogue, a deck's gallery, one card, its picture, a print sheet."""

import functools

from django.conf import settings
from django.http import FileResponse, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from foodcards import pictures, services
from foodcards.render import PAPER_MM

# Pictures may change when a card is edited: browsers keep them an hour, then ask with the ETag.
PICTURE_CACHE_CONTROL = "public, max-age=3600"
PRIVATE_PICTURE_CACHE_CONTROL = "private, max-age=3600"


def _not_found(request, message):
    return render(
        request,
        "foodcards/not_found.html",
        {"message": message, "decks": services.deck_list()},
        status=404,
    )


def _etag_matches(request, etag):
    header = request.headers.get("If-None-Match", "")
    return any(tag.strip().strip('"').removeprefix("W/").strip('"') == etag for tag in header.split(","))


@require_safe
def deck_index(request):
    return render(request, "foodcards/index.html", {"decks": services.deck_list()})


@require_safe
def deck_detail(request, deck):
    deck_row = services.deck_get(deck_slug=deck)
    if deck_row is None:
        return _not_found(request, _("We have no deck called “%(deck)s”.") % {"deck": deck})
    gallery = services.deck_gallery(deck=deck_row)
    return render(
        request,
        "foodcards/deck.html",
        {"deck": deck_row, "gallery": gallery, "papers": list(PAPER_MM)},
    )


@require_safe
def card_detail(request, deck, card):
    card_row = services.card_get(deck_slug=deck, card_slug=card)
    if card_row is None:
        return _not_found(
            request, _("The deck “%(deck)s” has no card “%(card)s”.") % {"deck": deck, "card": card}
        )
    neighbours = list(card_row.deck.cards.order_by("position").values_list("slug", flat=True))
    index = neighbours.index(card_row.slug)
    return render(
        request,
        "foodcards/card.html",
        {
            "deck": card_row.deck,
            "card": card_row,
            "nutrition": services.card_nutrition(card=card_row),
            "summary": services.card_summary(card=card_row),
            "previous": neighbours[index - 1] if index > 0 else None,
            "next": neighbours[index + 1] if index + 1 < len(neighbours) else None,
            "position": index + 1,
            "total": len(neighbours),
        },
    )


def _picture(deck, card) -> pictures.Picture | None:
    """A card's front, or the deck's back for `back` (unless a card of the deck is called that)."""
    card_row = services.card_get(deck_slug=deck, card_slug=card)
    if card_row is not None:
        return pictures.card_picture(card=card_row)
    if card == pictures.BACK and services.deck_get(deck_slug=deck):
        return pictures.back_picture(deck_slug=deck)
    return pictures.extra_picture(deck_slug=deck, card=card)


def _no_picture(request, deck, card):
    return _not_found(
        request, _("There is no picture for “%(card)s” in “%(deck)s”.") % {"deck": deck, "card": card}
    )


def _painted_in_requested_language(view):
    """A picture view paints in the language its address names (`?lang=es`, see
    pictures.language_query), else in the visitor's (cookie, Accept-Language)."""

    @functools.wraps(view)
    def wrapped(request, *args, **kwargs):
        language = request.GET.get(pictures.LANGUAGE_PARAMETER, "")
        if language not in dict(settings.LANGUAGES):
            return view(request, *args, **kwargs)
        with translation.override(language):
            return view(request, *args, **kwargs)

    return wrapped


@require_safe
@_painted_in_requested_language
def card_png(request, deck, card):
    """The full-size PNG (the bookmarkable address); `?size=small` for a 252 x 352 one."""
    picture = _picture(deck, card)
    if picture is None:
        return _no_picture(request, deck, card)
    size = request.GET.get("size", "full")
    if size not in pictures.PICTURE_SIZES:
        return HttpResponse(_("Choose size=full or size=small."), status=400, content_type="text/plain")
    return picture_response(request, picture, size, "image/png", cache_control=_cache_control(picture))


@require_safe
@_painted_in_requested_language
def card_webp(request, deck, width, card):
    """A right-sized WebP copy, `width` pixels wide (one of pictures.VARIANT_WIDTHS)."""
    if width not in pictures.VARIANT_WIDTHS:
        widths = ", ".join(str(w) for w in pictures.VARIANT_WIDTHS)
        return _not_found(
            request,
            _("Card pictures come %(widths)s pixels wide, not %(width)s.")
            % {"widths": widths, "width": width},
        )
    picture = _picture(deck, card)
    if picture is None:
        return _no_picture(request, deck, card)
    return picture_response(request, picture, width, "image/webp", cache_control=_cache_control(picture))


def _cache_control(picture) -> str:
    return PICTURE_CACHE_CONTROL if picture.public else PRIVATE_PICTURE_CACHE_CONTROL


def picture_response(request, picture, variant, content_type, *, cache_control=PICTURE_CACHE_CONTROL):
    """A picture at one size, with its ETag (a 304 when the browser has it). Teachers' own cards
    (decks app) are served this way too, with a private `cache_control`."""
    etag = pictures.variant_etag(picture, variant)
    if _etag_matches(request, etag):
        return _not_modified(etag, cache_control)
    path, hit = pictures.picture_file(picture, variant)
    response = FileResponse(path.open("rb"), content_type=content_type)
    response["ETag"] = f'"{etag}"'
    response["Cache-Control"] = cache_control
    response["X-Card-Cache"] = "hit" if hit else "miss"
    _vary_with_language(response)
    return response


def _vary_with_language(response):
    # Pictures are painted in the visitor's language (Accept-Language or the language cookie).
    patch_vary_headers(response, ("Accept-Language", "Cookie"))


def _not_modified(etag, cache_control=PICTURE_CACHE_CONTROL):
    response = HttpResponseNotModified()
    response["ETag"] = f'"{etag}"'
    response["Cache-Control"] = cache_control
    _vary_with_language(response)
    return response


@require_safe
def deck_print(request, deck):
    deck_row = services.deck_get(deck_slug=deck)
    if deck_row is None:
        return _not_found(request, _("We have no deck called “%(deck)s”.") % {"deck": deck})
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPER_MM:
        return HttpResponse(_("Choose a4 or letter paper."), status=400, content_type="text/plain")
    etag = pictures.deck_print_etag(deck=deck_row, paper=paper)
    if _etag_matches(request, etag):
        return _not_modified(etag)
    path = pictures.deck_print_pdf(deck=deck_row, paper=paper)
    response = FileResponse(
        path.open("rb"),
        content_type="application/pdf",
        filename=f"plateful-{deck_row.slug}-{paper}.pdf",
    )
    response["ETag"] = f'"{etag}"'
    response["Cache-Control"] = PICTURE_CACHE_CONTROL
    _vary_with_language(response)
    return response
