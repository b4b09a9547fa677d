"""The decks and their cards: /cards/... (public addresses, see DESIGN.md)."""

from django.urls import path

from foodcards import views

app_name = "foodcards"
urlpatterns = [
    path("cards/", views.deck_index, name="index"),
    path("cards/<slug:deck>/", views.deck_detail, name="deck"),
    path("cards/<slug:deck>/print.pdf", views.deck_print, name="print"),
    path("cards/<slug:deck>/<slug:card>.png", views.card_png, name="card_png"),
    path("cards/<slug:deck>/<int:width>/<slug:card>.webp", views.card_webp, name="card_webp"),
    path("cards/<slug:deck>/<slug:card>/", views.card_detail, name="card"),
]
