"""Fixtures for LTI: a test platform (tests/lti/platform.py) registered with the tool."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.core.management import call_command
from lti1p3platform.registration import Registration
from lti_tool.models import Key

from tests.classroom.conftest import teacher  # noqa: F401
from tests.lti.platform import TestPlatform

TOOL = "http://testserver"


@pytest.fixture
def platform(db):
    """A platform the tool knows (registration, active deployment), serving its JWKS, token and
    grade book; it reads the tool's JWKS from the database (the test client isn't on a port)."""
    lms = TestPlatform().start(TOOL)
    call_command("lti_register", *lms.register_argv())
    lms.tool_key_set = Key.objects.as_jwks()
    yield lms
    lms.stop()


def oidc(client, lms: TestPlatform, user: str, hint: str, **changes) -> dict:
    """The LMS starts a login at the tool (past the cookie check); the tool sends the browser to
    the platform's auth URL: its parameters (state, nonce...)."""
    url = lms.login_url(user, hint)
    for key, value in changes.items():
        url = re.sub(rf"([?&]{key}=)[^&]*", rf"\g<1>{value}", url)
    response = client.get(url + "&lti1p3_new_window=1")
    assert response.status_code == 302, response.content.decode()
    return dict(parse_qsl(urlsplit(response["Location"]).query))


def id_token(
    lms: TestPlatform, params: dict, *, key: str | None = None, expiration: int | None = 300, **claims
) -> str:
    message = lms.launch_message(params, **claims)
    kid = lms.registration().get_kid()
    return Registration.encode_and_sign(
        message, key or lms.private_key, headers={"kid": kid}, expiration=expiration
    )


def launch(client, lms: TestPlatform, user: str, hint: str, **claims):
    params = oidc(client, lms, user, hint)
    return client.post(
        "/lti/launch/", {"id_token": id_token(lms, params, **claims), "state": params["state"]}
    )


def ticket_of(response) -> str:
    found = re.search(r'name="ticket" value="([^"]+)"', response.content.decode())
    assert found, response.content.decode()
    return found.group(1)
