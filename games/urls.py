"""Game addresses: /games/ catalog and rules, /play/ and /tables/ matches, /replays/."""

from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("games/", views.catalog, name="catalog"),
    path("games/<slug:slug>/", views.game_detail, name="detail"),
    path("games/<slug:slug>/play/", views.quick_play, name="quick_play"),
    path("games/<slug:slug>/table/", views.table_create, name="table_create"),
    path("games/<slug:slug>/learn/", views.learn, name="learn"),
    path("play/<str:match_id>/", views.match_page, name="match"),
    path("play/<str:match_id>/move/", views.match_move, name="move"),
    path("play/<str:match_id>/hand/", views.match_hand, name="hand"),
    path("play/<str:match_id>/again/", views.match_again, name="again"),
    path("play/<str:match_id>/clock/", views.match_clock, name="clock"),
    path("tables/<str:match_id>/", views.match_page, name="table"),
    path("tables/<str:match_id>/join/", views.table_join, name="join"),
    path("tables/<str:match_id>/bots/", views.table_bots, name="bots"),
    path("tables/<str:match_id>/start/", views.table_start, name="start"),
    path("replays/<str:match_id>/", views.replay, name="replay"),
]
