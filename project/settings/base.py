"""Settings shared by every environment. Environment variables are read in project.env only."""

import secrets
from pathlib import Path

import plotly
from django.utils.csp import CSP

from project import database, env

BASE_DIR = env.BASE_DIR
VAR_DIR = env.VAR_DIR


def _secret_key() -> str:
    configured = env.read("TESSERA_SECRET_KEY")
    if configured:
        return configured
    path = VAR_DIR / "secret-key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = False
ALLOWED_HOSTS = env.read_list("TESSERA_ALLOWED_HOSTS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "apps.accounts",
    "apps.erp",
    "apps.gateway",
    "apps.agent",
    "apps.a2ui",
    "apps.viz",
    "apps.decks",
    "apps.studio",
    "apps.objects",
    "apps.workspace",
]

# The headers every response carries come first, so they are added last, on the way out, to
# whatever an inner layer answered: a static file (WhiteNoise answers before the rest runs), a
# 401 or a foreign Host's 400 (answered before the innermost layers), the API's JSON refusal
# that api_errors puts in place of Django's HTML 404/405 (tests/probe/test_security_headers.py).
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "apps.agent.api_errors.api_errors_middleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "apps.accounts.middleware.AccessContextMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]

ROOT_URLCONF = "project.urls"
ASGI_APPLICATION = "project.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "apps.accounts.context_processors.access",
            ],
        },
    },
]

DB_NAME = database.database_name()
# The run-time roles only (database.RUNTIME_ROLES): Django as tessera_app (not the owner, no
# BYPASSRLS, so row-level security applies), the SQL gateway's pool as tessera_gateway. The
# owner's connection exists only inside maintenance commands (project/maintenance.py).
DATABASES = {"default": database.django_database(database.APP, DB_NAME, pooled=True)}
GATEWAY_DATABASE = database.connection_params(database.GATEWAY, DB_NAME)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"


def _plotly_bundle_dir() -> Path:
    # plotly.js ships inside the Python package; serve it from there (no npm step, one version).
    return Path(plotly.__file__).parent / "package_data"


STATICFILES_DIRS = [BASE_DIR / "static", ("vendor/plotly", _plotly_bundle_dir())]
# WhiteNoise serves static files from the app folders directly; no collectstatic step.
WHITENOISE_USE_FINDERS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# Under /api/ a failed check is a JSON refusal, like the API's other errors.
CSRF_FAILURE_VIEW = "apps.agent.api_errors.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Strict policy: no inline script or style without the per-request nonce, no eval, nothing
# from other origins. Later pages keep this; the A2UI renderer builds DOM, never HTML.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:", "blob:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# Scale-out (docs/scaling.md). One process: in-memory channel layer, tasks run by threads of
# the web process. With REDIS_URL: Redis channel layer, so several daphne processes share
# groups; with TESSERA_TASK_RUNNER=workers, runs and long jobs go to `manage.py worker`.
REDIS_URL = env.read("REDIS_URL")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Pub/sub: one PUBLISH per group send, pushed to the web processes whose sockets
            # joined the group; a reconnection closes the process's sockets, which resume
            # from the event log (apps/realtime/redis_layer.py, docs/scaling.md).
            "BACKEND": "apps.realtime.redis_layer.PubSubChannelLayer",
            "CONFIG": {
                # Redis down refuses connections at once, so the health check and broadcasts
                # still fail fast. Connecting may take 10 s, not 2: the timeout runs on the
                # event loop, and on a crowded machine a busy loop alone let 2 s pass and
                # failed WebSocket handshakes with HTTP 500 (docs/scaling.md).
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "socket_connect_timeout": 10,
                        "socket_timeout": 10,
                    }
                ],
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        # Channels' in-memory layer, made safe to send to from job threads (apps/realtime).
        "default": {
            "BACKEND": "apps.realtime.layers.ThreadSafeInMemoryChannelLayer",
            "CONFIG": {"capacity": 200},
        }
    }

# Django's tasks framework with the database backend: the queue lives in PostgreSQL, so any
# process sharing the database can run jobs (apps/jobs).
INSTALLED_APPS = [*INSTALLED_APPS, "django_tasks_db", "apps.jobs"]
TASKS = {
    "default": {
        "BACKEND": "apps.jobs.backend.DatabaseBackend",
        "QUEUES": ["default", "runs", "decks"],
    }
}
DATABASE_ROUTERS = ["apps.jobs.routers.TasksMigrationRouter"]
# Rate-limit counters (apps/agent/limits.py), shared by every process when Redis is there.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "limits": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "limits"}
    ),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"tessera": {"level": "INFO"}},
}
