"""Production settings: refuse to start without a real secret key."""

from django.core.exceptions import ImproperlyConfigured

from builder.settings.base import *  # noqa: F403
from builder.settings.base import env

try:
    SECRET_KEY = env("DJANGO_SECRET_KEY")
except ImproperlyConfigured as exc:
    raise ImproperlyConfigured(
        "DJANGO_SECRET_KEY must be set in production (see .env.example)"
    ) from exc

DEBUG = False
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
