"""Classroom addresses: teacher accounts, /teach/ (the teacher's own panel), /join and /class/."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from classroom import accounts, report_views, roster_views, tutorial_views, views

app_name = "classroom"
urlpatterns = [
    # Teacher accounts (log in and log out are the site's: /login/, /logout/).
    path("signup/", views.signup, name="signup"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(success_url=reverse_lazy("classroom:password_change_done")),
        name="password_change",
    ),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path(
        "password/reset/",
        accounts.PasswordResetView.as_view(
            success_url=reverse_lazy("classroom:password_reset_done"),
            email_template_name="registration/password_reset_email.txt",
        ),
        name="password_reset",
    ),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            success_url=reverse_lazy("classroom:password_reset_complete")
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"
    ),
    # The teacher's panel.
    path("teach/", views.teach, name="teach"),
    path("teach/new/", views.session_new, name="session_new"),
    path("teach/sessions/<int:session_id>/", views.session_page, name="session"),
    path("teach/sessions/<int:session_id>/projector/", views.projector, name="projector"),
    path("teach/sessions/<int:session_id>/report/", report_views.report, name="report"),
    path("teach/sessions/<int:session_id>/report.csv", report_views.report_csv, name="report_csv"),
    path(
        "teach/sessions/<int:session_id>/oneroster.zip",
        report_views.report_oneroster,
        name="report_oneroster",
    ),
    path("teach/sessions/<int:session_id>/delete/", views.session_delete, name="session_delete"),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/",
        report_views.student_report,
        name="student_report",
    ),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/remove/",
        roster_views.student_remove,
        name="student_remove",
    ),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/ban/",
        roster_views.student_ban,
        name="student_ban",
    ),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/approve/",
        roster_views.student_approve,
        name="student_approve",
    ),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/rename/",
        roster_views.student_rename,
        name="student_rename",
    ),
    path(
        "teach/sessions/<int:session_id>/students/<int:student_id>/device/",
        roster_views.device_pass,
        name="device_pass",
    ),
    path("teach/sessions/<int:session_id>/students/move/", views.student_move, name="student_move"),
    path(
        "teach/sessions/<int:session_id>/tables/<int:table>/restart/",
        views.table_restart,
        name="table_restart",
    ),
    path("teach/sessions/<int:session_id>/<slug:action>/", views.session_control, name="control"),
    # Students.
    path("join", views.join, name="join"),
    path("class/<str:code>/", views.class_page, name="class"),
    path("class/<str:code>/learn/", tutorial_views.class_learn, name="learn"),
    path("class/<str:code>/plate/", views.lesson_plate, name="lesson_plate"),
    path("class/<str:code>/clear/", views.lesson_clear, name="lesson_clear"),
    path("class/<str:code>/check/", views.lesson_check, name="lesson_check"),
]
