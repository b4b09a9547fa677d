"""Public addresses (see DESIGN.md: people bookmark and share them)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from classroom import accounts
from plateful import my_data, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("privacy/", views.privacy, name="privacy"),
    path("teach/my-data/", my_data.my_data_download, name="my_data"),
    path("login/", accounts.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("nutrition.urls")),
    path("", include("foodcards.urls")),
    path("", include("games.urls")),
    path("", include("classroom.urls")),
    path("", include("decks.urls")),
    path("", include("homework.urls")),
    path("", include("lti.urls")),
]
