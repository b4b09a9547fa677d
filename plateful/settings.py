"""Plateful settings, all read from environment variables.

With nothing set, the site runs in its embedded default: SQLite in the checkout and the
in-memory channel layer, one process. A real deployment sets PRODUCTION=true (which requires
SECRET_KEY and turns on HTTPS-only cookies, HSTS and the HTTPS redirect, each switchable),
DATABASE_URL (PostgreSQL), REDIS_URL (channels-redis) and ALLOWED_HOSTS: see docs/deploy.md.
"""

import os
import secrets
from pathlib import Path

import environ
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
# A local .env file is optional; real deployments set the environment directly.
if (BASE_DIR / ".env").exists():
    environ.Env.read_env(BASE_DIR / ".env", overwrite=False)


def local_secret_key(key_file: Path) -> str:
    """A per-checkout secret for the embedded default, so no one ships a shared one.

    Written owner-only (0600) and tightened to 0600 if it was left looser. A new key is written
    to a private temporary file and linked into place, so processes starting together (test
    workers, several Daphne processes) all read the one complete key.
    """
    if not key_file.exists():
        temporary = key_file.with_name(f"{key_file.name}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
        try:
            os.link(temporary, key_file)
        except FileExistsError:
            pass  # another process won the race: use its key
        finally:
            temporary.unlink()
    if key_file.stat().st_mode & 0o077:
        key_file.chmod(0o600)
    return key_file.read_text().strip()


# PRODUCTION=true is the one switch for a real deployment: SECRET_KEY must be given (every
# machine and process shares it), DEBUG must stay off and the HTTPS protections default on.
PRODUCTION = env.bool("PRODUCTION", default=False)
DEBUG = env.bool("DEBUG", default=False)
if PRODUCTION:
    if DEBUG:
        raise ImproperlyConfigured("DEBUG must be off when PRODUCTION is true.")
    SECRET_KEY = env("SECRET_KEY", default="")
    if not SECRET_KEY:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when PRODUCTION is true (the same long random value on every "
            "machine), e.g. python -c 'import secrets; print(secrets.token_urlsafe(50))'."
        )
else:
    SECRET_KEY = env("SECRET_KEY", default="") or local_secret_key(BASE_DIR / ".secret_key")
# Old keys still accepted for sessions and signed values while a new key rolls out.
SECRET_KEY_FALLBACKS = env.list("SECRET_KEY_FALLBACKS", default=[])
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# HTTPS. Behind a proxy that ends TLS, SECURE_PROXY_SSL_HEADER names the header it sets
# (e.g. X-Forwarded-Proto: https); the proxy must overwrite that header from clients.
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=PRODUCTION)
# Load balancers probe the health check over plain HTTP: never redirect it.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=PRODUCTION)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=PRODUCTION)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=PRODUCTION)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=PRODUCTION)
_proxy_ssl_header = env("SECURE_PROXY_SSL_HEADER", default="")
if _proxy_ssl_header:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "csp",
    "channels",
    "django_htmx",
    "template_partials",
    "axes",
    "django_ratelimit",
    "nutrition",
    "foodcards",
    "games",
    "decks",
    "classroom",
    "homework",
    "lti_tool",  # django-lti: platform registrations, deployments, the tool's keys (admin)
    "lti",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Before anything reads the database (sessions included): refuse text PostgreSQL can't store.
    "plateful.middleware.UnstorableInputMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
    # Innermost and sync only: every middleware above runs in one thread (see its docstring).
    "plateful.middleware.OneThreadPerRequest",
]

ROOT_URLCONF = "plateful.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "plateful.context_processors.page_language",
            ],
        },
    },
]

WSGI_APPLICATION = "plateful.wsgi.application"
ASGI_APPLICATION = "plateful.asgi.application"

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no SELECT ... FOR UPDATE: take the write lock when a transaction starts,
    # wait for it instead of failing, and let readers go on beside one writer (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
# Persistent connections leak under ASGI (one per thread): open one per request.
DATABASES["default"]["CONN_MAX_AGE"] = 0
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that does not answer fails a request (and the health check) in seconds, not
    # minutes; DATABASE_URL may set its own ?connect_timeout=.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 5)
    # A pool of open connections per process (psycopg_pool): every request and socket redraw
    # "opens" one by borrowing it and "closes" it by giving it back, instead of a new PostgreSQL
    # connection (a new server process) each time, which was the largest cost under load
    # (benchmarks/README.md, "Load"). DATABASE_POOL_MAX=0 turns it off.
    if (pool_max := env.int("DATABASE_POOL_MAX", default=10)) > 0:
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": min(2, pool_max),
            "max_size": pool_max,
            "timeout": env.float("DATABASE_POOL_TIMEOUT", default=5.0),
        }
    # Test databases get the process id so parallel test runs on one server never collide.
    DATABASES["default"]["TEST"] = {"NAME": f"test_plateful_{os.getpid()}"}

REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env("CHANNELS_PREFIX", default="plateful"),
                "capacity": 500,
                "expiry": 30,
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds the rate limits (join codes, new games): one process's memory by default;
# Redis when REDIS_URL is set, so a limit holds across every worker process.
if REDIS_URL:
    CACHES = {
        "default": {
            # Django's RedisCache that fails soft while Redis is down (plateful/cache.py).
            "BACKEND": "plateful.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env("CHANNELS_PREFIX", default="plateful"),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    # Room for every open page's note of what it reads (games.live.broadcast.listen) besides the
    # rate limits: LocMemCache's default of 300 entries would drop notes of pages still open.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling: a locked address first (classroom.accounts), then django-axes (its backend
# must come before Django's own).
AUTHENTICATION_BACKENDS = [
    "classroom.accounts.AddressLoginLimit",
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "classroom:teach"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The language switch (templates/base.html) posts to Django's set_language, which keeps the
# choice in this cookie for a year; websockets read it too (plateful/locale.py).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
# Dates read the same on every page, in each language (plateful/formats).
FORMAT_MODULE_PATH = ["plateful.formats"]
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
TIME_ZONE = env("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": env(
            "STATICFILES_BACKEND",
            default="whitenoise.storage.CompressedManifestStaticFilesStorage",
        )
    },
}
# Serve straight from the app folders when collectstatic has not run (tests, development).
WHITENOISE_USE_FINDERS = env.bool("WHITENOISE_USE_FINDERS", default=False)

# Rendered card pictures are cached here (rebuilt on demand, safe to delete).
CARD_IMAGE_CACHE = Path(env("CARD_IMAGE_CACHE", default=str(BASE_DIR / "var" / "card-images")))
# Where the USDA SR files live for the importer's default and the card-data checks.
# The USDA SR files ship with the project (public domain, nutrition/data/usda-sr/README.md).
USDA_SR_DIR = Path(env("USDA_SR_DIR", default=str(BASE_DIR / "nutrition" / "data" / "usda-sr")))

# Games: server-side bots and table timers (games.scheduler).
GAMES_BOT_DELAY_MS = env.float("GAMES_BOT_DELAY_MS", default=900.0)  # a turn-based bot's pause
GAMES_TIMER_SCALE = env.float("GAMES_TIMER_SCALE", default=1.0)  # multiplies timers, reactions
GAMES_SCHEDULER = env.bool("GAMES_SCHEDULER", default=True)  # off: tests drive every move
GAMES_ALLOW_STACKED_DECKS = env.bool("GAMES_ALLOW_STACKED_DECKS", default=False)  # tests, demos
# Tests only: timed moves (flips, real-time bots' slaps) wait for POST /play/<id>/clock/, never
# for the wall clock (games.scheduler.advance_clock). Never in production.
GAMES_TEST_CLOCK = env.bool("GAMES_TEST_CLOCK", default=False)
if PRODUCTION and GAMES_TEST_CLOCK:
    raise ImproperlyConfigured("GAMES_TEST_CLOCK is for tests: it must be off when PRODUCTION is true.")
# Tests and demos only: deals, bot choices and class seating follow this seed (games/dealing.py).
GAMES_DEAL_SEED = env("GAMES_DEAL_SEED", default=None)
# Open match pages (websockets), counted in each worker process (games/live/consumers.py): per client
# address (plateful/client_address.py) every match socket counts, so a school behind one address
# fits (a full class of CLASSROOM_MAX_STUDENTS with a second tab each, and the teacher's screens);
# per match only watchers are refused past the cap (a player's page always opens).
MATCH_SOCKETS_PER_ADDRESS = env.int("MATCH_SOCKETS_PER_ADDRESS", default=180)
MATCH_SOCKETS_PER_MATCH = env.int("MATCH_SOCKETS_PER_MATCH", default=40)
# Retention (manage.py purge_old_matches): unfinished matches unchanged this long are abandoned,
# finished ones are kept this long after they finished; 0 keeps them forever.
GAMES_UNFINISHED_HOURS = env.float("GAMES_UNFINISHED_HOURS", default=48.0)
GAMES_FINISHED_DAYS = env.float("GAMES_FINISHED_DAYS", default=30.0)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Content-Security-Policy, on in every mode (tests included, so the browser tests prove the
# pages work under it): scripts, styles and connections only from the site itself, no inline
# script and no eval (htmx is configured by a <meta name="htmx-config"> tag: allowEval off, no
# injected indicator <style>). The one allowance is style="" attributes (style-src-attr): the
# game boards draw meter bars with an inline width; <style> elements stay refused.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="WARNING")},
}

# ----- classroom: accounts, throttling, join codes, retention --------------------------------
# Password resets and sign-up mail go to the console unless a real backend is configured.
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="plateful@localhost")
# Login throttling (django-axes): 5 wrong passwords for one username from one address lock that
# pair out for 15 minutes. Per address over every username (classroom.accounts) only logins sent
# without a device cookie count: a whole school shares one address.
CLASSROOM_LOGIN_FAILURE_RATE = env("CLASSROOM_LOGIN_FAILURE_RATE", default="20/15m")
# A browser where a teacher logged in before is not locked by others' wrong passwords for that
# username (classroom/accounts.py), up to its own wrong passwords: this many.
CLASSROOM_KNOWN_DEVICE_FAILURE_RATE = env("CLASSROOM_KNOWN_DEVICE_FAILURE_RATE", default="10/15m")
# Password-reset mail per address, and per e-mail address typed.
CLASSROOM_PASSWORD_RESET_RATE = env("CLASSROOM_PASSWORD_RESET_RATE", default="5/h")
CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE = env("CLASSROOM_PASSWORD_RESET_ACCOUNT_RATE", default="3/h")
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=0.25)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_WHITELIST_CALLABLE = "classroom.accounts.is_known_device"
# No log of every login with its address and browser (the privacy page promises no tracking):
# only wrong passwords are kept, until their lock ends.
AXES_DISABLE_ACCESS_LOG = True
# django-ratelimit counts in the cache above. LocMem is per process: right for the one-process
# embedded default (its check calls it "not shared"); production sets REDIS_URL, and Django's
# own RedisCache is atomic but not on the library's short list.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]
RATELIMIT_FAIL_OPEN = True  # the cache (Redis) unavailable: no limit rather than a 500
# The client address every limit counts (plateful/client_address.py): the connection's peer, or,
# behind a front that appends to it, the last address of CLIENT_IP_HEADER (e.g. X-Forwarded-For).
CLIENT_IP_HEADER = env("CLIENT_IP_HEADER", default="")
if env("RATELIMIT_IP_META_KEY", default=""):
    raise ImproperlyConfigured(
        "RATELIMIT_IP_META_KEY is replaced by CLIENT_IP_HEADER (e.g. X-Forwarded-For), which logins "
        "count by too: see docs/deploy.md, 'The front: nginx'."
    )
RATELIMIT_IP_META_KEY = "plateful.client_address.client_ip"
AXES_CLIENT_IP_CALLABLE = "plateful.client_address.client_ip"
GAMES_CREATE_RATE = env("GAMES_CREATE_RATE", default="40/m")  # anonymous new games per address
# Wrong join codes (classroom.code_guesses): per browser (its device cookie), and per address
# those sent without one.
CLASSROOM_WRONG_CODE_RATE = env("CLASSROOM_WRONG_CODE_RATE", default="20/5m")
CLASSROOM_WRONG_CODE_DEVICE_RATE = env("CLASSROOM_WRONG_CODE_DEVICE_RATE", default="5/5m")
CLASSROOM_JOIN_RATE = env("CLASSROOM_JOIN_RATE", default="80/10m")  # joins per address (a NATed class)
CLASSROOM_SIGNUP_RATE = env("CLASSROOM_SIGNUP_RATE", default="10/h")  # teacher sign-ups per address
CLASSROOM_MAX_STUDENTS = env.int("CLASSROOM_MAX_STUDENTS", default=80)  # per class session
CLASSROOM_CODE_HOURS = env.int("CLASSROOM_CODE_HOURS", default=12)  # a join code expires after
CLASSROOM_IDLE_SECONDS = env.int("CLASSROOM_IDLE_SECONDS", default=90)  # "idle" on the dashboard
CLASSROOM_RETENTION_DAYS = env.int("CLASSROOM_RETENTION_DAYS", default=30)  # purge_class_data
# Google Classroom's share button on session and homework pages (plateful/google_share.py): the
# one third party the site can load, so it is off unless the operator turns it on.
GOOGLE_CLASSROOM_SHARE = env.bool("GOOGLE_CLASSROOM_SHARE", default=False)
CLASSROOM_DASHBOARD_COALESCE_MS = env.int("CLASSROOM_DASHBOARD_COALESCE_MS", default=700)
# Homework: wrong homework and resume codes count as join codes do (CLASSROOM_WRONG_CODE_RATE,
# CLASSROOM_WRONG_CODE_DEVICE_RATE); joins per address as classes do (CLASSROOM_JOIN_RATE).
HOMEWORK_MAX_STUDENTS = env.int("HOMEWORK_MAX_STUDENTS", default=200)  # per assignment
# LTI 1.3 (lti/, docs/lti.md): the pages an LMS shows in its frame may be framed by these origins
# besides the registered platforms' own (a school's Canvas lives on its own domain).
LTI_FRAME_ANCESTORS = env.list("LTI_FRAME_ANCESTORS", default=["https:"])
LTI_SCORE_TIMEOUT = env.float("LTI_SCORE_TIMEOUT", default=5.0)  # seconds per call to an LMS
