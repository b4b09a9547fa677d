"""Homework addresses: the teacher's pages under /teach/homework/, the students' /homework (type a
code) and /hw/<code>/ (an assignment's page: its link and QR code lead there)."""

from django.urls import path

from homework import views

app_name = "homework"
urlpatterns = [
    # The teacher's pages.
    path("teach/homework/", views.homework_list, name="list"),
    path("teach/homework/new/", views.assignment_new, name="new"),
    path("teach/homework/<int:assignment_id>/", views.assignment_page, name="assignment"),
    path("teach/homework/<int:assignment_id>/dates/", views.assignment_dates, name="dates"),
    path("teach/homework/<int:assignment_id>/oneroster.zip", views.assignment_oneroster, name="oneroster"),
    path("teach/homework/<int:assignment_id>/delete/", views.assignment_delete, name="delete"),
    path(
        "teach/homework/<int:assignment_id>/students/<int:student_id>/new-code/",
        views.student_new_code,
        name="new_code",
    ),
    # Students.
    path("homework", views.entry, name="entry"),
    path("hw/<str:code>/", views.homework_page, name="page"),
    path("hw/<str:code>/join/", views.join, name="join"),
    path("hw/<str:code>/resume/", views.resume, name="resume"),
    path("hw/<str:code>/noted/", views.code_noted, name="noted"),
    path("hw/<str:code>/play/", views.play, name="play"),
    path("hw/<str:code>/plate/", views.lesson_plate, name="plate"),
    path("hw/<str:code>/clear/", views.lesson_clear, name="clear"),
    path("hw/<str:code>/check/", views.lesson_check, name="check"),
]
