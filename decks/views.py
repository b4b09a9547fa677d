"""A teacher's own decks, in their panel: /teach/decks/...

Small function views: each reads its input, calls one service and renders. Every view is the
owner's only (`_deck` is a 404 for anyone else). htmx requests get partials of decks/deck.html
(the cards and the checks, the food search results); refusals come back as a plain sentence with
a 4xx status (site.js shows it in #flash).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe

from decks import needs, services
from decks.cards import FOOD_CATEGORIES, PLATE_GROUPS, SUGGESTED_CATEGORY, food_measures, short_name
from decks.forms import CardForm, DeckForm, RenameForm
from foodcards import pictures
from foodcards.render import PAPER_MM
from foodcards.views import PRIVATE_PICTURE_CACHE_CONTROL, picture_response
from nutrition.labels import PLATE_GROUP_NAMES
from nutrition.services import food_search, foods_imported, foods_in_order

FOODS_SHOWN = 8


def _refuse(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


def _deck(request: HttpRequest, deck_id: int):
    try:
        return services.deck_of(owner=request.user, deck_id=deck_id)
    except services.DeckError as error:
        raise Http404(error.message) from None


# ----- the list and a new deck -------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def deck_list(request: HttpRequest) -> HttpResponse:
    form = DeckForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_create(
                owner=request.user, name=form.cleaned_data["name"], start=form.cleaned_data["start"]
            )
        except services.DeckError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, _("Your deck “%(name)s” is ready: add foods to it.") % {"name": deck.name}
            )
            return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]))
    status = 400 if request.method == "POST" else 200
    context = {"decks": services.decks_of(owner=request.user), "form": form, "max_decks": services.MAX_DECKS}
    return render(request, "decks/list.html", context, status=status)


# ----- one deck ----------------------------------------------------------------------------------


def _search(request: HttpRequest) -> dict:
    query = request.GET.get("q", "").strip()[:100]
    if not query or not foods_imported():
        return {"query": query, "foods": [], "more": 0, "imported": foods_imported()}
    page = Paginator(food_search(query=query), FOODS_SHOWN).get_page(1)
    foods = foods_in_order(ids=list(page.object_list))
    for food in foods:
        food.suggested = SUGGESTED_CATEGORY.get(food.plate_group, "junk")
        food.plate_name = PLATE_GROUP_NAMES.get(food.plate_group, "")
    return {"query": query, "foods": foods, "more": page.paginator.count - len(foods), "imported": True}


def _deck_context(deck, **extra) -> dict:
    cards = services.deck_cards(deck=deck)
    records = [card.record for card in cards]
    categories = dict.fromkeys((*FOOD_CATEGORIES, "exercise"), 0)
    for record in records:
        category = record.get("category", "junk")
        categories[category] = categories.get(category, 0) + 1
    return {
        "deck": deck,
        "cards": cards,
        "checks": needs.deck_checks(records),
        "categories": [(key, count) for key, count in categories.items() if count],
        "has_exercise": any(r.get("special") == "exercise" for r in records),
        "max_cards": services.MAX_CARDS,
        "full": len(cards) >= services.MAX_CARDS,
        "papers": list(PAPER_MM),
        **extra,
    }


@require_GET
@login_required
def deck_page(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    search = _search(request)
    if request.htmx and not request.htmx.history_restore_request and "q" in request.GET:
        return render(request, "decks/deck.html#results", {"deck": deck, **search})
    context = _deck_context(deck, **search, rename=RenameForm(initial={"name": deck.name}))
    return render(request, "decks/deck.html", context)


def _after_change(request: HttpRequest, deck, done: str) -> HttpResponse:
    """The deck's cards and checks again (htmx), or the deck page with a message."""
    if request.htmx:
        deck.refresh_from_db()
        return render(request, "decks/_changed.html", _deck_context(deck, done=done))
    messages.success(request, done)
    return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]))


def _failed(request: HttpRequest, deck, error: services.DeckError) -> HttpResponse:
    if request.htmx:
        return _refuse(error.message, error.status)
    messages.error(request, error.message)
    return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]))


@require_POST
@login_required
def deck_rename(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    try:
        services.deck_rename(deck=deck, name=request.POST.get("name", ""))
    except services.DeckError as error:
        return _failed(request, deck, error)
    messages.success(request, _("The deck is now called “%(name)s”.") % {"name": deck.name})
    return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]))


@require_http_methods(["GET", "POST"])
@login_required
def deck_delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    if request.method == "POST":
        services.deck_delete(deck=deck)
        messages.success(request, _("The deck “%(name)s” is deleted.") % {"name": deck.name})
        return HttpResponseRedirect(reverse("decks:list"))
    return render(request, "decks/delete.html", {"deck": deck, "count": len(services.deck_cards(deck=deck))})


# ----- cards -------------------------------------------------------------------------------------


@require_POST
@login_required
def card_quick_add(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Add a food with its suggested serving and category (the search results' Add button)."""
    deck = _deck(request, deck_id)
    try:
        card = services.card_add_food(deck=deck, ndb=request.POST.get("ndb", ""))
    except services.DeckError as error:
        return _failed(request, deck, error)
    return _after_change(request, deck, _("Added %(name)s (%(serving)s).") % _card_words(card))


def _card_words(card) -> dict:
    return {"name": card.name, "serving": card.record.get("serving_label") or ""}


@require_POST
@login_required
def exercise_add(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    try:
        services.card_add_exercise(deck=deck)
    except services.DeckError as error:
        return _failed(request, deck, error)
    return _after_change(request, deck, _("Added Exhilarating Exercise."))


@require_POST
@login_required
def card_remove(request: HttpRequest, deck_id: int, card_id: str) -> HttpResponse:
    deck = _deck(request, deck_id)
    try:
        card = services.card_of(deck=deck, card_id=card_id)
        services.card_remove(deck=deck, card_id=card_id)
    except services.DeckError as error:
        return _failed(request, deck, error)
    return _after_change(request, deck, _("Removed %(name)s.") % {"name": card.name})


def _food_or_404(ndb: str):
    try:
        return services.food_for_card(ndb)
    except services.DeckError as error:
        raise Http404(error.message) from None


def _initial(food, measures, request, card) -> dict:
    if card is None:
        wanted = request.GET.get("measure", "")
        measure = next((m for m in measures if str(m.seq) == wanted), measures[0])
        return {
            "measure": str(measure.seq),
            "times": 1,
            "category": SUGGESTED_CATEGORY.get(food.plate_group, "junk"),
            "special": "",
            "name": short_name(food.long_description),
        }
    _food, _measures, measure = services.card_measure(card=card)
    record = card.record
    return {
        "measure": str(measure.seq),
        "times": (record.get("usda_measure") or {}).get("times", 1),
        "category": record.get("category"),
        "special": record.get("special") or "",
        "name": record.get("name"),
        **{f"plate_{group}": amount for group, amount in card.plate_custom.items()},
    }


def _choices(form: CardForm) -> dict:
    """The form's values as typed (checked by the service), for a preview."""
    return {
        "measure_seq": form["measure"].value(),
        "times": form["times"].value(),
        "category": form["category"].value(),
        "special": form["special"].value() or None,
        "name": form["name"].value() or "",
        "plate": {group: form[f"plate_{group}"].value() for group in PLATE_GROUPS},
    }


def _query(choices: dict) -> str:
    flat = {key: value for key, value in choices.items() if key != "plate" and value is not None}
    flat["measure"] = flat.pop("measure_seq", "")
    flat.update(
        {f"plate_{group}": amount for group, amount in choices["plate"].items() if amount not in (None, "")}
    )
    return urlencode(flat)


def _card_form_page(request, deck, food, *, card=None) -> HttpResponse:
    """The add (card=None) or edit form of a food card, its live preview, and what it saves."""
    measures = food_measures(food)
    refresh = request.method == "GET" and request.htmx and "measure" in request.GET
    data = request.POST if request.method == "POST" else (request.GET if refresh else None)
    form = CardForm(data, measures=measures, initial=_initial(food, measures, request, card))
    if request.method == "POST" and form.is_valid():
        try:
            if card is None:
                saved = services.card_add_food(deck=deck, ndb=food.ndb, **form.choices())
                done = _("Added %(name)s (%(serving)s).") % _card_words(saved)
            else:
                saved = services.card_update(deck=deck, card_id=card.card_id, **form.choices())
                done = _("Saved %(name)s (%(serving)s).") % _card_words(saved)
        except services.DeckError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, done)
            return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]) + f"#card-{saved.card_id}")
    choices = _choices(form)
    try:
        preview, preview_error = services.card_preview(deck=deck, ndb=food.ndb, keep=card, **choices), ""
    except services.DeckError as error:
        preview, preview_error = None, error.message
    context = {
        "deck": deck,
        "food": food,
        "card": card,
        "form": form,
        "preview": preview,
        "preview_error": preview_error,
        "preview_query": _query(choices) + (f"&card={card.card_id}" if card else ""),
        "plate_name": PLATE_GROUP_NAMES.get(food.plate_group, ""),
        "suggested": SUGGESTED_CATEGORY.get(food.plate_group, "junk"),
    }
    if refresh:
        return render(request, "decks/card_form.html#preview", context)
    return render(request, "decks/card_form.html", context, status=400 if request.method == "POST" else 200)


@require_safe
@login_required
def card_preview(request: HttpRequest, deck_id: int, ndb: str) -> HttpResponse:
    """The picture a food card would have with the choices in the address (nothing saved)."""
    deck = _deck(request, deck_id)
    food = _food_or_404(ndb)
    keep = None
    if request.GET.get("card"):
        try:
            keep = services.card_of(deck=deck, card_id=request.GET["card"])
        except services.DeckError as error:
            raise Http404(error.message) from None
    form = CardForm(request.GET, measures=food_measures(food))
    try:
        record = services.card_preview(deck=deck, ndb=food.ndb, keep=keep, **_choices(form))
    except services.DeckError as error:
        return _refuse(error.message, error.status)
    picture = pictures.record_picture(deck_slug=needs.DECK_SLUG, record=record)
    return picture_response(request, picture, 360, "image/webp", cache_control=PRIVATE_PICTURE_CACHE_CONTROL)


@require_http_methods(["GET", "POST"])
@login_required
def card_add(request: HttpRequest, deck_id: int, ndb: str) -> HttpResponse:
    deck = _deck(request, deck_id)
    return _card_form_page(request, deck, _food_or_404(ndb))


@require_http_methods(["GET", "POST"])
@login_required
def card_edit(request: HttpRequest, deck_id: int, card_id: str) -> HttpResponse:
    deck = _deck(request, deck_id)
    try:
        card = services.card_of(deck=deck, card_id=card_id)
    except services.DeckError as error:
        raise Http404(error.message) from None
    if not card.record.get("ndb"):
        messages.error(request, _("Exhilarating Exercise is not a food: it has nothing to change."))
        return HttpResponseRedirect(reverse("decks:deck", args=[deck.pk]))
    return _card_form_page(request, deck, _food_or_404(card.record["ndb"]), card=card)


@require_GET
@login_required
def add_from_food(request: HttpRequest) -> HttpResponse:
    """From a food's page (the explorer): go to the add form of the deck the teacher picked."""
    deck = _deck(request, request.GET.get("deck", "0") or "0")
    food = _food_or_404(request.GET.get("ndb", ""))
    url = reverse("decks:card_add", args=[deck.pk, food.ndb])
    measure = request.GET.get("measure", "")
    return HttpResponseRedirect(f"{url}?measure={measure}" if measure.isdigit() else url)


# ----- pictures and print ------------------------------------------------------------------------


def _owned_picture(request, deck_id: int, card_id: str) -> pictures.Picture:
    deck = _deck(request, deck_id)
    try:
        return services.card_picture(card=services.card_of(deck=deck, card_id=card_id))
    except services.DeckError as error:
        raise Http404(error.message) from None


@require_safe
@login_required
def card_png(request: HttpRequest, deck_id: int, card_id: str) -> HttpResponse:
    picture = _owned_picture(request, deck_id, card_id)
    return picture_response(
        request, picture, "full", "image/png", cache_control=PRIVATE_PICTURE_CACHE_CONTROL
    )


@require_safe
@login_required
def card_webp(request: HttpRequest, deck_id: int, width: str, card_id: str) -> HttpResponse:
    width = int(width)  # the address holds digits only
    if width not in pictures.VARIANT_WIDTHS:
        raise Http404(_("Card pictures come 160, 240 or 360 pixels wide."))
    picture = _owned_picture(request, deck_id, card_id)
    return picture_response(
        request, picture, width, "image/webp", cache_control=PRIVATE_PICTURE_CACHE_CONTROL
    )


@require_safe
@login_required
def deck_print(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck(request, deck_id)
    paper = request.GET.get("paper", "a4").lower()
    if paper not in PAPER_MM:
        return _refuse(_("Choose a4 or letter paper."), 400)
    cards = services.deck_cards(deck=deck)
    if not cards:
        return _refuse(_("This deck has no cards to print yet."), 409)
    drawn = [services.card_picture(card=card) for card in cards]
    path = pictures.print_pdf(
        pictures=drawn,
        paper=paper,
        folder="teacher-decks",
        key=pictures.print_etag(pictures=drawn, paper=paper),
        title=_("%(deck)s: print-and-play cards") % {"deck": deck.name},
    )
    response = FileResponse(
        path.open("rb"), content_type="application/pdf", filename=f"plateful-my-deck-{paper}.pdf"
    )
    response["Cache-Control"] = "private, no-cache"
    return response
