"""/healthz: the database and the channel layer, each named, 200 only when both answer;
/healthz?ready also needs migrations applied and the decks loaded. Runs on both modes."""

import socket
import time

import pytest
from django.core.management import call_command
from django.db import OperationalError, connections

pytestmark = [pytest.mark.django_db, pytest.mark.production_path]


def test_healthz_names_the_database_and_the_channel_layer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"database: ok\nchannel layer: ok\n"
    assert response["Content-Type"].startswith("text/plain")
    assert "no-store" in response["Cache-Control"]


def test_ready_also_needs_the_decks_loaded(client):
    response = client.get("/healthz?ready")
    assert response.status_code == 503
    assert b"migrations: ok\n" in response.content
    assert b"decks: missing eat-right, chomp, appetite, snack-wars\n" in response.content
    call_command("load_decks", verbosity=0)
    response = client.get("/healthz?ready")
    assert response.status_code == 200
    assert response.content == b"database: ok\nchannel layer: ok\nmigrations: ok\ndecks: ok\n"


def test_a_database_that_fails_is_a_503_naming_it(client, monkeypatch):
    def refuse(self):
        raise OperationalError("connection refused")

    # On the connection class: the check runs in a thread of its own, with its own connection.
    monkeypatch.setattr(type(connections["default"]), "cursor", refuse)
    response = client.get("/healthz?ready")
    assert response.status_code == 503
    assert b"database: unavailable\nchannel layer: ok\n" in response.content


def _redis_at(settings, port):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"], "prefix": "healthz-test"},
        }
    }


def _timed_get(client, path):
    started = time.monotonic()
    response = client.get(path)
    return response, time.monotonic() - started


def test_redis_unreachable_is_a_503_at_once(client, settings):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    _redis_at(settings, port)
    response, seconds = _timed_get(client, "/healthz")
    assert response.status_code == 503
    assert response.content == b"database: ok\nchannel layer: unavailable\n"
    assert seconds < 3


def test_a_redis_that_accepts_but_never_answers_fails_the_check_within_its_timeout(client, settings):
    with socket.socket() as silent:  # connections queue in the backlog and get no answer
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        _redis_at(settings, silent.getsockname()[1])
        response, seconds = _timed_get(client, "/healthz")
    assert response.status_code == 503
    assert b"channel layer: unavailable" in response.content
    assert seconds < 4
