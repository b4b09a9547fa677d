from django.urls import path

from classroom import views

app_name = "classroom"
urlpatterns = [
    path("teach/", views.teach, name="teach"),
]
