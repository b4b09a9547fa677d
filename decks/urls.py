"""A teacher's own decks, in their panel: /teach/decks/... (login required, owner only)."""

from django.urls import path, re_path

from decks import views

app_name = "decks"
CARD = r"(?P<card_id>my-[0-9a-f]{24})"
urlpatterns = [
    path("teach/decks/", views.deck_list, name="list"),
    path("teach/decks/add/", views.add_from_food, name="add_from_food"),
    path("teach/decks/<int:deck_id>/", views.deck_page, name="deck"),
    path("teach/decks/<int:deck_id>/rename/", views.deck_rename, name="rename"),
    path("teach/decks/<int:deck_id>/delete/", views.deck_delete, name="delete"),
    path("teach/decks/<int:deck_id>/print.pdf", views.deck_print, name="print"),
    path("teach/decks/<int:deck_id>/quick-add/", views.card_quick_add, name="quick_add"),
    path("teach/decks/<int:deck_id>/exercise/", views.exercise_add, name="exercise"),
    re_path(r"^teach/decks/(?P<deck_id>[0-9]+)/add/(?P<ndb>[0-9]{5})/$", views.card_add, name="card_add"),
    re_path(
        r"^teach/decks/(?P<deck_id>[0-9]+)/preview/(?P<ndb>[0-9]{5})\.webp$",
        views.card_preview,
        name="preview",
    ),
    re_path(rf"^teach/decks/(?P<deck_id>[0-9]+)/cards/{CARD}/edit/$", views.card_edit, name="card_edit"),
    re_path(
        rf"^teach/decks/(?P<deck_id>[0-9]+)/cards/{CARD}/remove/$", views.card_remove, name="card_remove"
    ),
    re_path(rf"^teach/decks/(?P<deck_id>[0-9]+)/cards/{CARD}\.png$", views.card_png, name="card_png"),
    re_path(
        rf"^teach/decks/(?P<deck_id>[0-9]+)/cards/(?P<width>[0-9]+)/{CARD}\.webp$",
        views.card_webp,
        name="card_webp",
    ),
]
