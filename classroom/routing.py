"""Websocket routes of the classroom app (gathered in plateful/routing.py)."""

from django.urls import path

from classroom.consumers import StudentConsumer, TeacherConsumer

websocket_urlpatterns = [
    path("ws/teach/<int:session_id>/<str:view>/", TeacherConsumer.as_asgi()),
    path("ws/class/<str:code>/", StudentConsumer.as_asgi()),
]
