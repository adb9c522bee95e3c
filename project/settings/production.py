from project import env
from project.settings.base import *  # noqa: F403

if not env.read("TESSERA_SECRET_KEY"):
    raise SystemExit("TESSERA_SECRET_KEY must be set in production")

DEBUG = False
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = 31536000
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# `manage.py collectstatic` writes here; WhiteNoise serves it with far-future cache headers.
STATIC_ROOT = env.BASE_DIR / "staticfiles"
WHITENOISE_USE_FINDERS = False
