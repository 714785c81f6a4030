"""Django settings for Rikscore, from the environment (README, "Configuration").

Safe by default: DEBUG only when ``DJANGO_DEBUG`` is on, the secret key from
``DJANGO_SECRET_KEY`` (else, in development, the key ``make run`` keeps in
``.secret_key``, out of git), hosts from ``DJANGO_ALLOWED_HOSTS``, the
database from ``DATABASE_URL`` (SQLite in the project folder when unset), the
cache from ``REDIS_URL``. Flags read 1/0, true/false, yes/no or on/off
(``core.env``); any other value stops the start.

``DJANGO_PRODUCTION=1`` (``make serve``) is the mode a real event runs in: it
refuses to start with DEBUG on or without a strong secret key from the
environment, refuses the demo's logins, sends secure cookies, and with
``DJANGO_HTTPS=1`` (behind TLS) redirects to HTTPS and sends HSTS.

Importing this module writes nothing: no key file, no folder.
"""

import os
import tempfile
import warnings
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from core.env import count, flag, web_address

BASE_DIR = Path(__file__).resolve().parent.parent
PRODUCTION = flag("DJANGO_PRODUCTION")
HTTPS = flag("DJANGO_HTTPS")
#: What a secret key must at least be in production (Django's own check).
SECRET_KEY_MIN_LENGTH, SECRET_KEY_MIN_CHARS = 50, 5
#: Where ``make run`` keeps the development key, made once per checkout, so
#: that sessions survive a restart of the development server.
DEV_SECRET_KEY_FILE = BASE_DIR / ".secret_key"
#: The key of a checkout without that file (tests, a bare ``manage.py``):
#: public, so never accepted in production.
INSECURE_DEV_SECRET_KEY = "django-insecure-rikscore-development-only-not-for-production"


def _secret_key() -> str:
    """Environment first; else (never in production) the checkout's own key
    if ``make run`` made one, else the fixed development key."""
    key = os.environ.get("DJANGO_SECRET_KEY", "")
    if PRODUCTION:
        weak = (
            len(key) < SECRET_KEY_MIN_LENGTH
            or len(set(key)) < SECRET_KEY_MIN_CHARS
            or key.startswith("django-insecure")
        )
        if weak:
            raise ImproperlyConfigured(
                "Production mode needs DJANGO_SECRET_KEY: at least 50 characters "
                "of at least 5 different ones (python -c 'import secrets; "
                "print(secrets.token_urlsafe(50))')."
            )
        return key
    if key:
        return key
    try:
        return DEV_SECRET_KEY_FILE.read_text().strip() or INSECURE_DEV_SECRET_KEY
    except FileNotFoundError:
        return INSECURE_DEV_SECRET_KEY


SECRET_KEY = _secret_key()
DEBUG = flag("DJANGO_DEBUG")
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("Production mode runs with DJANGO_DEBUG off.")
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",  # the queue of work after a change (core/background.py)
    # Shared infrastructure, then the domain (bottom up), then the apps by
    # audience (docs/architecture.md).
    "core",
    "rules",
    "tournaments",
    "scoring",
    "seasons",
    "documents",
    "td",
    "tableside",
    "publicpages",
    "api",
    "mailings",
    "publishing",
    "demo",
    "ninja",  # the API's schema and documentation page (api/)
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # locks out after repeated failures
    "rikscore.auth.PasswordBackend",  # ModelBackend; no demo logins in production
    "tournaments.backends.RoleBackend",  # roles answer rules' permission checks
]
DEMO_LOGINS = {"td": "rikken"}  # load_demo's account: refused in production

# django-axes: five failed logins for one name from one client lock that
# pair out for 15 minutes (a success resets the count). A client is counted
# as every limit counts it (core/clients.py): an IPv6 /64 is one client.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
#: How many reverse proxies stand in front (``DJANGO_PROXIES``): the client's
#: address is read behind them (core/client_address.py), for axes too.
TRUSTED_PROXIES = count("DJANGO_PROXIES")
AXES_CLIENT_IP_CALLABLE = "core.client_address.lockout_client"
AXES_USERNAME_CALLABLE = "rikscore.auth.lockout_name"  # cut to an account's length

MIDDLEWARE = [
    "tableside.status_cache.StatusFastPathMiddleware",  # a phone's kept poll: first
    "core.compression.TextGZipMiddleware",  # the final bytes, gzipped
    "core.client_address.ClientAddressMiddleware",  # first: who is asking
    "api.errors.JsonApiErrorsMiddleware",  # every error under /api/ is JSON
    "core.busy.BusyDatabaseMiddleware",  # a lost race: 503, retry
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Headers every page carries, then the public pages' fast path under them.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "publicpages.names_middleware.PublicNamesMiddleware",  # before any page is built
    "publicpages.middleware.SharedPageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.request_limits.RequestLimitsMiddleware",  # size, NUL: before a view
    "tableside.tablet.TabletLockMiddleware",  # a table's tablet: its page only
    "django.contrib.messages.middleware.MessageMiddleware",
    "axes.middleware.AxesMiddleware",
]
#: Doors that check a key before reading a request's body: a keyed request
#: may be as large as a logged-in one (``core.request_limits``): a hall's
#: upload of an event's file (``publishing``, docs/publishing.md).
KEYED_UPLOAD_PATHS = ("/publish/",)

ROOT_URLCONF = "rikscore.urls"

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
            ],
        },
    },
]

WSGI_APPLICATION = "rikscore.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60
    )
}
#: SQLite on a hall's laptop (``make run``) takes concurrent writes as
#: PostgreSQL does: readers never wait for the writer (WAL), a write
#: transaction takes the write lock at its start and waits its turn for up
#: to ``SQLITE_BUSY_SECONDS`` instead of failing at once ("database is
#: locked"); a wait longer than that answers 503 (core/busy.py).
SQLITE_BUSY_SECONDS = 10
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_BUSY_SECONDS,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    # Tests and benches use a file too, as a hall does: threads then really
    # race. One per process, so two test runs never share one; in memory
    # (/dev/shm) where the machine has it: about 8 % off a database-heavy
    # test module, and nothing of a test database is worth keeping.
    _SHM = Path("/dev/shm")
    _TEST_DIR = _SHM if os.access(_SHM, os.W_OK) else Path(tempfile.gettempdir())
    DATABASES["default"]["TEST"] = {
        "NAME": str(_TEST_DIR / f"rikscore-test-{os.getpid()}.sqlite3")
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Every password a person chooses (their own change, the admin's forms):
# long enough, not a common one, not like the account's name or address,
# not only digits. A login never asks, so older accounts still log in.
_VALIDATION = "django.contrib.auth.password_validation."
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": _VALIDATION + "UserAttributeSimilarityValidator"},
    {"NAME": _VALIDATION + "MinimumLengthValidator"},
    {"NAME": _VALIDATION + "CommonPasswordValidator"},
    {"NAME": _VALIDATION + "NumericPasswordValidator"},
]

LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Dutch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"  # made by collectstatic (production)
if not PRODUCTION:
    # Development serves the files from their sources (finders); that the
    # collected folder does not exist yet means nothing here.
    warnings.filterwarnings("ignore", message="No directory at: .*staticfiles")
# In production ``make serve`` collects the files once, compressed and hashed.
WHITENOISE_USE_FINDERS = not PRODUCTION
WHITENOISE_AUTOREFRESH = DEBUG
if PRODUCTION:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {
            "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        },
    }

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Content Security Policy (django-csp): everything from this site, nothing
# inline (templates use data attributes and static/js/site.js instead).
SELF = "'self'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": ["'none'"],
        "base-uri": [SELF],
        "object-src": ["'none'"],
    }
}

# The cache: Redis when several processes serve (REDIS_URL), else each
# process keeps its own in memory.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "OPTIONS": {"CLIENT_CLASS": "django_redis.client.DefaultClient"},
            "KEY_PREFIX": "rikscore",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
#: Whether every process that serves sees the same cache: Redis, or one
#: process (``make run``). ``make serve`` without REDIS_URL runs a process
#: per core, each with its own memory: what a change must drop at once
#: everywhere is then not kept at all (``tableside.status_cache``).
CACHE_IS_SHARED = bool(os.environ.get("REDIS_URL")) or not PRODUCTION

# Work after a change (mail, ratings) goes on a queue in the site's own
# database and is done by ``manage.py run_worker`` (core/background.py):
# no web request waits for it, and no broker is needed.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# Mail to players (``mailings``): the SMTP server from the environment. No
# EMAIL_HOST: mail is written to the console (development); the worker
# sends the queue (``mailings.queue``).
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_PORT = count("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = flag("EMAIL_USE_TLS")
EMAIL_USE_SSL = flag("EMAIL_USE_SSL")
if EMAIL_USE_TLS and EMAIL_USE_SSL:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL: set one of them.")
EMAIL_TIMEOUT = count("EMAIL_TIMEOUT", 20)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "rikscore@localhost")
# The site's address as players reach it, for every absolute link: QR codes
# on score sheets, mails, calendar feeds, the API's and the embed's links
# (``core.site``). Unset (""): pages use the address their browser asked for
# and say so when that is this computer's own; mails use localhost:8000.
SITE_URL = web_address("RIKSCORE_SITE_URL")

# Production: cookies only over TLS where there is TLS, never to scripts.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads no cookie; the token is in the page
CSRF_FAILURE_VIEW = "rikscore.csrf.failure"  # JSON to a page's script that asks
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = PRODUCTION and HTTPS
SECURE_SSL_REDIRECT = PRODUCTION and HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if PRODUCTION and HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = PRODUCTION and HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if PRODUCTION and not HTTPS:
    # Plain HTTP on a hall's own network: the checks for TLS do not apply.
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",
        "security.W008",
        "security.W012",
        "security.W016",
    ]

# Logging to stderr: every error with the request's path.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django.request": {
            "handlers": ["stderr"],
            "level": "ERROR",
            "propagate": False,
        },
    },
}
