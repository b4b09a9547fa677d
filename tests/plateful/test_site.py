import pytest
from django.core.management import call_command
from django.test import Client

from classroom.services import teacher_ensure


@pytest.mark.django_db
def test_home_page_offers_play_join_and_teach(client):
    html = client.get("/").content.decode()
    for text in ("Play a game", "Join a class", "m a teacher", 'lang="en"'):
        assert text in html
    # htmx and its websocket extension are served by the site itself, never a CDN.
    assert "/static/django_htmx/htmx-2.min.js" in html
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in html
    assert "https://" not in html.split("<footer")[0]


@pytest.mark.django_db
def test_static_files_are_served_by_the_app_with_debug_off(client, settings):
    assert settings.DEBUG is False
    response = client.get("/static/django_htmx/htmx-2.min.js")
    assert response.status_code == 200


@pytest.mark.django_db
def test_demo_teacher_can_log_in_and_reach_teach(capsys, settings):
    assert settings.DEBUG is False  # scripts/serve runs the embedded default with DEBUG off
    call_command("create_demo_teacher")
    call_command("create_demo_teacher")  # idempotent: resets (a new password), does not duplicate
    out = capsys.readouterr().out
    assert "username 'teacher'" in out and "plateful-demo" not in out
    password = out.strip().splitlines()[-1].split("password '")[1].split("'")[0]
    browser = Client()
    assert browser.get("/teach/").status_code == 302
    response = browser.post("/login/", {"username": "teacher", "password": password})
    assert response.status_code == 302
    assert "Welcome, teacher" in browser.get("/teach/").content.decode()


@pytest.mark.django_db
def test_wrong_teacher_password_says_so(client):
    teacher_ensure(username="teacher", password="a-long-test-password-1")
    response = client.post("/login/", {"username": "teacher", "password": "nope"})
    assert response.status_code == 200
    assert "match. Please try again." in response.content.decode()


@pytest.mark.django_db
def test_htmx_post_with_csrf_header_is_accepted():
    """htmx sends the CSRF token in a header (hx-headers on <body>); Django must accept it."""
    browser = Client(enforce_csrf_checks=True)
    teacher_ensure(username="teacher", password="a-long-test-password-1")
    page = browser.get("/login/")
    token = page.cookies["csrftoken"].value
    refused = browser.post("/logout/", HTTP_HX_REQUEST="true")
    assert refused.status_code == 403
    accepted = browser.post("/logout/", HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code == 302
