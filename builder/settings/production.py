"""Production settings: HTTPS only, and refuse to start with a weak secret or a toy broker.

Everything comes from the environment (see ``.env.example`` and ``docs/operations.md``).
``manage.py check --deploy`` is clean with these settings.
"""

from django.core.exceptions import ImproperlyConfigured

from builder.settings.base import *  # noqa: F403
from builder.settings.base import LOCAL_SECRET_KEY, env

EXAMPLE_SECRET_KEY = "change-me-to-a-long-random-string"
"""The placeholder in ``.env.example``: known to everyone, so refused."""
MIN_SECRET_KEY_LENGTH = 50


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` is not fit to sign sessions and tokens in production, or None."""
    if not key:
        return "DJANGO_SECRET_KEY must be set in production (see .env.example)"
    if key in {EXAMPLE_SECRET_KEY, LOCAL_SECRET_KEY} or key.startswith("django-insecure"):
        return "DJANGO_SECRET_KEY is a published example value"
    if len(key) < MIN_SECRET_KEY_LENGTH:
        return f"DJANGO_SECRET_KEY has {len(key)} characters; use at least {MIN_SECRET_KEY_LENGTH}"
    if len(set(key)) < 10:
        return "DJANGO_SECRET_KEY repeats too few characters to be random"
    return None


def broker_problem(url: str) -> str | None:
    """Why ``url`` is not a broker production can rely on, or None."""
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in {"redis", "rediss", "amqp", "amqps", "sqs"}:
        return None
    if not url:
        return "CELERY_BROKER_URL is not set"
    return (
        f"CELERY_BROKER_URL {scheme or url!r} is not a real broker "
        "(use redis:// or amqp://; the on-disk broker is for development only)"
    )


_GENERATE = (
    " — generate one with: python -c "
    "'from django.core.management.utils import get_random_secret_key as k; print(k())'"
)

SECRET_KEY = env("DJANGO_SECRET_KEY", default="")
if (_problem := secret_key_problem(SECRET_KEY)) is not None:
    raise ImproperlyConfigured(_problem + _GENERATE)

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
if (_problem := broker_problem(CELERY_BROKER_URL)) is not None:
    raise ImproperlyConfigured(_problem)
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, str] = {}

DEBUG = False

# HTTPS: behind a proxy that terminates TLS and sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])
