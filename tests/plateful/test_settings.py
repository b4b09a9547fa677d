"""Settings by environment: the embedded default needs nothing; PRODUCTION=true needs a
SECRET_KEY, passes `check --deploy` clean and turns on the HTTPS protections; the
Content-Security-Policy is on everywhere."""

import os
import re
import secrets
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from plateful.settings import local_secret_key

ROOT = Path(__file__).resolve().parents[2]
SITE_VARIABLES = (
    "PRODUCTION",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "SECURE_SSL_REDIRECT",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER",
    "CSRF_TRUSTED_ORIGINS",
)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_local_secret_key_is_owner_only_even_with_a_permissive_umask(tmp_path):
    key_file = tmp_path / ".secret_key"
    old_umask = os.umask(0o000)
    try:
        key = local_secret_key(key_file)
    finally:
        os.umask(old_umask)
    assert _mode(key_file) == 0o600
    assert len(key) >= 50
    assert local_secret_key(key_file) == key  # the same key on every start
    assert list(tmp_path.iterdir()) == [key_file]  # no temporary file left behind


def test_a_world_readable_secret_key_is_tightened_and_kept(tmp_path):
    key_file = tmp_path / ".secret_key"
    key_file.write_text("an-old-key-written-by-an-older-plateful\n")
    key_file.chmod(0o644)
    assert local_secret_key(key_file) == "an-old-key-written-by-an-older-plateful"
    assert _mode(key_file) == 0o600


def test_the_checkouts_own_secret_key_is_owner_only():
    # Importing the settings (the suite did) made or fixed it.
    assert _mode(ROOT / ".secret_key") == 0o600


def _run(args: list[str], **variables: str) -> subprocess.CompletedProcess:
    env = {name: value for name, value in os.environ.items() if name not in SITE_VARIABLES}
    env.update(variables)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


PRODUCTION = {
    "PRODUCTION": "true",
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "plateful.example.org",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}


def test_check_deploy_is_clean_with_production_settings():
    result = _run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    # The only silenced checks: django-ratelimit's notes on the cache backend (LocMem is right for
    # the one-process default; production's Redis cache is atomic but not on its short list).
    assert "System check identified no issues (2 silenced)." in result.stdout
    assert settings.SILENCED_SYSTEM_CHECKS == ["django_ratelimit.E003", "django_ratelimit.W001"]


def test_production_settings_turn_on_the_https_protections():
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, "
        "s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, "
        "s.SECURE_PROXY_SSL_HEADER, s.CSRF_TRUSTED_ORIGINS)"
    )
    env = {"DJANGO_SETTINGS_MODULE": "plateful.settings"}
    result = _run(["-c", code], **PRODUCTION, **env, CSRF_TRUSTED_ORIGINS="https://plateful.example.org")
    assert result.stdout.split("\n")[0] == (
        "True True True 31536000 True True ('HTTP_X_FORWARDED_PROTO', 'https') "
        "['https://plateful.example.org']"
    ), result.stderr
    # Each one can be switched off on its own (here: TLS ends at a proxy that also redirects).
    result = _run(["-c", code], **PRODUCTION, **env, SECURE_SSL_REDIRECT="false", SECURE_HSTS_SECONDS="0")
    assert result.stdout.startswith("False True True 0 "), result.stderr


def test_production_refuses_to_start_without_a_secret_key_or_with_debug():
    code = "import django; django.setup()"
    env = {"DJANGO_SETTINGS_MODULE": "plateful.settings"}
    result = _run(["-c", code], **{**PRODUCTION, "SECRET_KEY": ""}, **env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set when PRODUCTION is true" in result.stderr
    result = _run(["-c", code], **PRODUCTION, **env, DEBUG="true")
    assert result.returncode != 0
    assert "DEBUG must be off when PRODUCTION is true" in result.stderr


def test_the_old_proxy_address_setting_is_refused_with_a_pointer_to_the_new_one():
    """RATELIMIT_IP_META_KEY counted new games by a header but logins by the peer; a deployment
    that still sets it must not start counting every client as the front's one address."""
    code = "import django; django.setup()"
    result = _run(
        ["-c", code], DJANGO_SETTINGS_MODULE="plateful.settings", RATELIMIT_IP_META_KEY="HTTP_X_REAL_IP"
    )
    assert result.returncode != 0
    assert "RATELIMIT_IP_META_KEY is replaced by CLIENT_IP_HEADER" in result.stderr


def test_the_embedded_default_serves_plain_http(settings):
    """scripts/serve on a fresh clone: no HTTPS redirect, cookies that work over http."""
    assert not settings.PRODUCTION
    assert not settings.SECURE_SSL_REDIRECT and not settings.SESSION_COOKIE_SECURE
    assert settings.SECURE_HSTS_SECONDS == 0


@pytest.mark.django_db
def test_every_page_carries_a_csp_with_no_inline_script_and_no_eval(client):
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["style-src-attr"] == "'unsafe-inline'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe-eval" not in policy
    for path in ("/games/", "/login/", "/healthz", "/admin/login/"):
        assert client.get(path)["Content-Security-Policy"] == policy


TEMPLATES = sorted(ROOT.glob("templates/**/*.html")) + sorted(ROOT.glob("*/templates/**/*.html"))


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_has_inline_script_event_handlers_or_style_elements(template):
    """The CSP refuses them: scripts come from files, behaviour from data- attributes."""
    html = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "", template.read_text(), flags=re.S)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert not re.search(r"\son[a-z]+\s*=", html)
    assert not re.search(r"\s(data-)?hx-on", html)
    assert "<style" not in html
    assert "javascript:" not in html and "js:" not in html


@pytest.mark.django_db
def test_htmx_runs_without_eval_and_without_its_injected_style(client):
    html = client.get("/").content.decode()
    assert (
        '<meta name="htmx-config" content=\'{"allowEval":false,"allowScriptTags":false,'
        '"includeIndicatorStyles":false}\'>'
    ) in html


def test_every_environment_variable_the_settings_read_is_in_the_readme_table():
    source = (ROOT / "plateful" / "settings.py").read_text()
    names = set(re.findall(r'env(?:\.\w+)?\(\s*"([A-Z_]+)"', source))
    assert {"PRODUCTION", "SECRET_KEY", "SECURE_HSTS_SECONDS", "REDIS_URL"} <= names
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("| variable |") : readme.index("## Useful commands")]
    assert [name for name in sorted(names) if f"`{name}`" not in table] == []


@pytest.mark.django_db
def test_with_the_https_redirect_on_the_health_check_still_answers_over_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/games/").status_code == 301
    assert client.get("/healthz").status_code == 200
    assert client.get("/healthz?ready").status_code in (200, 503)  # answered, not redirected
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert client.get("/games/", HTTP_X_FORWARDED_PROTO="https").status_code == 200
