"""A small LTI 1.3 platform (an LMS's side) for the tests, built on `lti1p3platform` (PyPI): its
Registration signs launches and access tokens, its message launch builds the id_token (resource
link, deep linking, AGS claims), its OIDC login builds the login initiation URL, and its platform
config checks the tool's deep-linking answer and access-token requests against the tool's JWKS.

It serves over HTTP from a thread beside the live server, with its own RSA keys and JWKS, and
records what it receives: the deep-linked content items and the scores the tool posts.
(lti1p3platform's Django adapter needs Jinja2 and pkg_resources for its launch form, and a Django
URLconf the live server doesn't have: a few lines of WSGI stand in for it.)
"""

from __future__ import annotations

import html
import json
import threading
from socketserver import ThreadingMixIn
from urllib.parse import parse_qsl, urlencode
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
from lti1p3platform.oidc_login import OIDCLoginAbstract
from lti1p3platform.registration import Registration
from lti1p3platform.request import Request

CLIENT_ID = "plateful-test-client"
DEPLOYMENT_ID = "deployment-1"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"


def new_key() -> tuple[str, str]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    public = (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )
    return private, public


class _Request(Request):
    def build_metadata(self, request: dict) -> dict:
        return request


class _Config(LTI1P3PlatformConfAbstract):
    def init_platform_config(self, **kwargs) -> None:
        self._registration = kwargs["registration"]

    def get_registration_by_params(self, **kwargs) -> Registration:
        return self._registration


class _Launch(LTIAdvantageMessageLaunchAbstract):
    def render_launch_form(self, launch_data: dict, **kwargs) -> str:
        fields = "".join(
            f'<input type="hidden" name="{name}" value="{html.escape(launch_data[name])}">'
            for name in ("id_token", "state")
        )
        return (
            "<!DOCTYPE html><html><body>"
            f'<form id="launch" method="post" action="{html.escape(launch_data["launch_url"])}">'
            f"{fields}</form>"
            "<script>document.getElementById('launch').submit()</script></body></html>"
        )


class _Login(OIDCLoginAbstract):
    def set_lti_message_hint(self, **kwargs) -> None:
        self._lti_message_hint = kwargs["hint"]

    def get_redirect(self, url: str) -> str:
        return url


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args) -> None:
        pass


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class TestPlatform:
    """An LMS course with users, a tool registration, deep linking and a grade book."""

    __test__ = False  # not a pytest class

    def __init__(self, host: str = "127.0.0.1"):
        self.private_key, self.public_key = new_key()
        self.host = host
        self.httpd = make_server(host, 0, self._app, server_class=_Server, handler_class=_QuietHandler)
        self.url = f"http://{host}:{self.httpd.server_port}"
        self.issuer = self.url
        self.tool_url = ""
        self.users: dict[str, dict] = {
            "teacher-1": {"roles": [INSTRUCTOR], "given_name": "Maria", "family_name": "Lopez"},
        }
        self.content_items: list[dict] = []
        self.scores: list[dict] = []
        self.token_requests = 0
        self.refuse_scores = False  # the grade book answers 503 (an LMS down)
        self.tool_key_set: dict | None = None  # else read from the tool's JWKS URL
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    # ----- set-up ---------------------------------------------------------------------------------

    def start(self, tool_url: str) -> TestPlatform:
        self.tool_url = tool_url
        self._thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def registration_args(self) -> dict:
        return {
            "name": "Test LMS",
            "issuer": self.issuer,
            "client_id": CLIENT_ID,
            "auth_url": f"{self.url}/auth",
            "token_url": f"{self.url}/token",
            "keyset_url": f"{self.url}/jwks",
            "deployment_id": DEPLOYMENT_ID,
        }

    def register_argv(self) -> list[str]:
        """`manage.py lti_register` arguments: the tool's operator registers this platform."""
        return [f"--{key.replace('_', '-')}={value}" for key, value in self.registration_args().items()]

    def registration(self, *, private_key: str | None = None) -> Registration:
        return (
            Registration()
            .set_iss(self.issuer)
            .set_client_id(CLIENT_ID)
            .set_deployment_id(DEPLOYMENT_ID)
            .set_launch_url(f"{self.tool_url}/lti/launch/")
            .set_deeplink_launch_url(f"{self.tool_url}/lti/launch/")
            .set_oidc_login_url(f"{self.tool_url}/lti/login/")
            .set_platform_private_key(private_key or self.private_key)
            .set_platform_public_key(self.public_key)
            .set_tool_key_set_url(f"{self.tool_url}/lti/jwks.json")
        )

    def _with_tool_keys(self, registration: Registration) -> Registration:
        return registration.set_tool_key_set(self.tool_key_set) if self.tool_key_set else registration

    def config(self) -> _Config:
        return _Config(registration=self._with_tool_keys(self.registration()))

    # ----- what a teacher or student clicks in the LMS --------------------------------------------

    def login_url(self, user: str, hint: str) -> str:
        """The tool's OIDC login initiation URL for `user` opening `hint` ("deep-link" or a
        resource link id)."""
        login = _Login(None, self.config())
        login.set_lti_message_hint(hint=hint)
        return login.prepare_preflight_url(user)

    def course_page(self, user: str, hint: str) -> str:
        """The LMS's page with the tool in an iframe (as Canvas and Moodle embed it)."""
        return f"{self.url}/course?{urlencode({'user': user, 'hint': hint})}"

    def launch_message(self, params: dict, **overrides) -> dict:
        """The id_token's claims the platform would sign for this OIDC auth request."""
        launch = self._launch(params)
        message, _state = launch.get_launch_data()
        if launch._dl:  # as lti1p3platform's generate_launch_request does before signing
            message["https://purl.imsglobal.org/spec/lti/claim/message_type"] = "LtiDeepLinkingRequest"
            message.update(launch._deep_linking_launch_data)
        message.update(overrides)
        return message

    def _launch(self, params: dict) -> _Launch:
        launch = _Launch(_Request({"get_data": params, "form_data": {}}), self.config())
        launch._registration = launch._platform_config.get_registration()
        user = params["login_hint"]
        profile = self.users[user]
        launch.set_user_data(user_id=user, lis_roles=profile["roles"])
        launch.set_extra_claims({"given_name": profile["given_name"], "family_name": profile["family_name"]})
        launch.set_launch_context_claim("course-1", context_title="Grade 4 nutrition")
        hint = params.get("lti_message_hint", "")
        if hint == "deep-link":
            launch.set_dl(f"{self.url}/deep-link-return", title="Plateful", accept_types={"ltiResourceLink"})
        else:
            index = int(hint.removeprefix("link-"))
            item = self.content_items[index]
            launch.set_resource_link_claim(hint, title=item.get("title"))
            launch.set_custom_parameters_claim(item.get("custom") or {})
            launch.set_launch_url(item["url"])
            launch.set_ags(
                lineitems_url=f"{self.url}/lineitems",
                lineitem_url=f"{self.url}/lineitems/{index}",
                allow_creating_lineitems=False,
            )
        return launch

    def deep_link_received(self, jwt: str) -> list[dict]:
        """The tool's deep-linking answer, checked against the tool's keys, kept as content items."""
        config = self.config()
        config.get_registration()
        items = config.validate_deeplinking_resp({"JWT": jwt})
        self.content_items.extend(items)
        return items

    # ----- the platform's endpoints ------------------------------------------------------------------

    def _app(self, environ, start_response):
        path = environ["PATH_INFO"]
        query = dict(parse_qsl(environ.get("QUERY_STRING", "")))
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else b""
        headers = {"Authorization": environ.get("HTTP_AUTHORIZATION", "")}
        status, content_type, text = "404 Not Found", "text/plain", "not found"
        if path == "/jwks":
            status, content_type = "200 OK", "application/json"
            text = json.dumps({"keys": self.registration().get_jwks()})
        elif path == "/course":
            status, content_type = "200 OK", "text/html"
            src = html.escape(self.login_url(query["user"], query["hint"]))
            text = (
                '<!DOCTYPE html><html><body><h1>Course</h1><iframe id="tool" title="Plateful" '
                f'src="{src}" width="800" height="700"></iframe></body></html>'
            )
        elif path == "/start":
            start_response("302 Found", [("Location", self.login_url(query["user"], query["hint"]))])
            return [b""]
        elif path == "/auth":
            launch = self._launch(query)
            status, content_type, text = "200 OK", "text/html", launch.lti_launch()
        elif path == "/deep-link-return":
            items = self.deep_link_received(dict(parse_qsl(body.decode()))["JWT"])
            status, content_type = "200 OK", "text/html"
            titles = ", ".join(html.escape(item.get("title", "")) for item in items)
            text = f'<!DOCTYPE html><html><body><p id="added">Added: {titles}</p></body></html>'
        elif path == "/token":
            self.token_requests += 1
            config = self.config()
            config.get_registration()
            answer = config.get_access_token(dict(parse_qsl(body.decode())))
            status, content_type, text = "200 OK", "application/json", json.dumps(answer)
        elif path.startswith("/lineitems/") and path.endswith("/scores"):
            config = self.config()
            config.get_registration()
            token = headers["Authorization"].removeprefix("Bearer ")
            if self.refuse_scores:
                status, text = "503 Service Unavailable", "grade book down"
            elif not config.validate_token(token, [SCORE_SCOPE]):
                status, text = "401 Unauthorized", "bad token"
            else:
                score = json.loads(body)
                score["lineitem"] = path.removesuffix("/scores")
                score["content_type"] = environ.get("CONTENT_TYPE", "")
                self.scores.append(score)
                status, content_type, text = "200 OK", "application/json", "{}"
        start_response(status, [("Content-Type", content_type)])
        return [text.encode()]
