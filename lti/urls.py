"""LTI 1.3 addresses (docs/lti.md gives them to the LMS administrator)."""

from django.urls import path
from lti_tool.views import jwks

from lti import views

app_name = "lti"
urlpatterns = [
    path("lti/login/", views.login_start, name="login"),
    path("lti/launch/", views.launch, name="launch"),
    path("lti/pick/", views.pick, name="pick"),
    path("lti/continue/", views.go_on, name="continue"),
    path("lti/jwks.json", jwks, name="jwks"),
]
