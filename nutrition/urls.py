"""The food explorer and the scoring formulas: /foods/..."""

from django.urls import path, re_path

from nutrition import views

app_name = "nutrition"
urlpatterns = [
    path("foods/", views.food_list, name="food_list"),
    path("foods/compare/", views.food_compare, name="food_compare"),
    path("foods/formulas/", views.formulas, name="formulas"),
    re_path(r"^foods/(?P<ndb>[0-9]{5})/$", views.food_detail, name="food_detail"),
]
