"""Production settings: HTTPS only, collected static files, and a refusal to start on any
default that would be quietly wrong for a real site.

Everything comes from the environment (see ``.env.example`` and ``docs/operations.md``).
``manage.py check --deploy`` is clean with these settings. Every problem found is reported
at once, each naming its setting, so one failed start shows the whole list to fix.
"""

import ipaddress
import math
import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from builder.settings.base import *  # noqa: F403
from builder.settings.base import CACHES, LOCAL_SECRET_KEY, MIDDLEWARE, STORAGES, env

EXAMPLE_SECRET_KEY = "change-me-to-a-long-random-string"
"""The placeholder in ``.env.example``: known to everyone, so refused."""
MIN_SECRET_KEY_LENGTH = 50
MIN_SECRET_KEY_BITS = 128
"""Estimated randomness a key needs (``secret_key_bits``); a generated key has over 200."""
_JUDGED_KEY_CHARACTERS = 512
"""Only a key's start is judged, so an enormous key cannot make start-up slow."""
_SHORTEST_REPEAT = 3

_CONSOLE_EMAIL = "django.core.mail.backends.console.EmailBackend"
DEVELOPMENT_EMAIL_BACKENDS = {
    _CONSOLE_EMAIL: (
        "prints every message, password-reset codes included, into the log"
    ),
    "django.core.mail.backends.locmem.EmailBackend": "keeps every message in memory, unsent",
    "django.core.mail.backends.filebased.EmailBackend": (
        "writes every message to a file on the server, unsent"
    ),
    "django.core.mail.backends.dummy.EmailBackend": "throws every message away",
}
SHARED_CACHE_BACKENDS = frozenset(
    {
        "django_redis.cache.RedisCache",
        "django.core.cache.backends.redis.RedisCache",
        "django.core.cache.backends.memcached.PyMemcacheCache",
        "django.core.cache.backends.memcached.PyLibMCCache",
        "django.core.cache.backends.db.DatabaseCache",
    }
)
"""Caches every web process of every machine shares, so a throttle counts all requests."""

_GENERATE = (
    " — generate one with: python -c "
    "'from django.core.management.utils import get_random_secret_key as k; print(k())'"
)


def _longest_earlier_repeat(text: str, at: int) -> int:
    """Length of the longest run starting at ``at`` that copies one starting earlier."""
    best = 0
    for start in range(at):
        length = 0
        while at + length < len(text) and text[start + length] == text[at + length]:
            length += 1
        best = max(best, length)
    return best


def _keeps_step(text: str, at: int) -> bool:
    """Whether ``text[at]`` keeps the step of the two characters before it ('aaa', 'abc')."""
    if at < 2:
        return False
    a, b, c = (ord(ch) for ch in text[at - 2 : at + 1])
    return c - b == b - a


def secret_key_bits(key: str) -> float:
    """Estimated bits of randomness in ``key``: what a guesser who knows patterns must guess.

    Each character a guesser cannot predict costs log2(distinct characters in the key) bits.
    A copy of an earlier run of three or more characters costs one character however long it
    is ('abcabcabc' is 'abc' and one copy), and a character that keeps the step of the two
    before it costs nothing ('aaaa', 'abcd', '2468'). A key from ``get_random_secret_key()``
    scores over 200; ``'abcdefghij' * 5`` scores 10.
    """
    text = key[:_JUDGED_KEY_CHARACTERS]
    distinct = len(set(text))
    if distinct < 2:
        return 0.0
    unpredictable = 0
    at = 0
    while at < len(text):
        repeat = _longest_earlier_repeat(text, at)
        if repeat >= _SHORTEST_REPEAT:
            unpredictable += 1
            at += repeat
            continue
        if not _keeps_step(text, at):
            unpredictable += 1
        at += 1
    return unpredictable * math.log2(distinct)


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` is not fit to sign sessions and tokens in production, or None."""
    if not key:
        return "DJANGO_SECRET_KEY must be set in production (see .env.example)" + _GENERATE
    if key in {EXAMPLE_SECRET_KEY, LOCAL_SECRET_KEY} or key.startswith("django-insecure"):
        return "DJANGO_SECRET_KEY is a published example value" + _GENERATE
    if len(key) < MIN_SECRET_KEY_LENGTH:
        return (
            f"DJANGO_SECRET_KEY has {len(key)} characters; use at least "
            f"{MIN_SECRET_KEY_LENGTH}" + _GENERATE
        )
    bits = secret_key_bits(key)
    if bits < MIN_SECRET_KEY_BITS:
        return (
            "DJANGO_SECRET_KEY repeats too few characters to be random: an estimated "
            f"{bits:.0f} bits of randomness, at least {MIN_SECRET_KEY_BITS} needed (a repeat "
            "such as 'abcabc' or a run such as 'abcd' adds almost nothing)" + _GENERATE
        )
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


def email_backend_problem(backend: str) -> str | None:
    """Why ``backend`` would not deliver the site's mail (password resets), or None."""
    if not backend:
        return (
            "EMAIL_BACKEND is not set, and the development default "
            f"{DEVELOPMENT_EMAIL_BACKENDS[_CONSOLE_EMAIL]}; use "
            "django.core.mail.backends.smtp.EmailBackend with EMAIL_URL"
        )
    if backend in DEVELOPMENT_EMAIL_BACKENDS:
        return (
            f"EMAIL_BACKEND {backend} {DEVELOPMENT_EMAIL_BACKENDS[backend]}; use "
            "django.core.mail.backends.smtp.EmailBackend with EMAIL_URL"
        )
    return None


def _is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def share_link_problem(url: str) -> str | None:
    """Why ``url`` would not open a shared list for someone else, or None.

    The link is printed as a QR code on rosters and handed to other players, so it must name
    the site's public HTTPS address and carry ``{token}``.
    """
    example = "e.g. https://muster.example.com/lists/shared/{token}/"
    if not url:
        return (
            "SHARE_LINK_URL is not set, and the development default points at 127.0.0.1; "
            "set SITE_URL to the site's public address (e.g. https://muster.example.com), "
            f"or the link itself, {example}"
        )
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.scheme != "https" or not host:
        return (
            f"SHARE_LINK_URL {url!r} is not an https:// address (the link carries the list's "
            f"share token, so it must travel encrypted); {example}"
        )
    if _is_loopback(host):
        return (
            f"SHARE_LINK_URL {url!r} points at {host}, a loopback address: it would open the "
            f"reader's own machine; set the site's public address, {example}"
        )
    if "{token}" not in url:
        return f"SHARE_LINK_URL {url!r} has no {{token}} for the list's share token; {example}"
    return None


def throttle_cache_problem(url: str) -> tuple[dict[str, object] | None, str | None]:
    """The ``throttle`` cache ``url`` configures, or why it would not count for every worker.

    Each gunicorn worker is a process of its own: a throttle kept in local memory lets every
    worker (and every machine) count alone, multiplying the allowed rate.
    """
    example = "e.g. CACHE_URL=redis://127.0.0.1:6379/2"
    if not url:
        return None, (
            "CACHE_URL is not set, so the throttle cache would be local memory, counted by "
            f"each worker process alone; point it at Redis, {example}"
        )
    try:
        config = env.cache_url_config(url)
    except (ImproperlyConfigured, KeyError, ValueError) as error:
        return None, f"CACHE_URL {url!r} is not a cache address ({error}); {example}"
    backend = str(config.get("BACKEND", ""))
    if backend not in SHARED_CACHE_BACKENDS:
        return None, (
            f"CACHE_URL {url!r} gives the throttle cache {backend}, which each worker process "
            f"keeps alone; use a shared one (Redis, Memcached or the database), {example}"
        )
    return config, None


_problems: list[str] = []

# Read as it is: django-environ would take a generated key starting with "$" for the name of
# another variable.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if (_problem := secret_key_problem(SECRET_KEY)) is not None:
    _problems.append(_problem)

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
if (_problem := broker_problem(CELERY_BROKER_URL)) is not None:
    _problems.append(_problem)
CELERY_BROKER_TRANSPORT_OPTIONS = {}

EMAIL_BACKEND = env("EMAIL_BACKEND", default="")
if (_problem := email_backend_problem(EMAIL_BACKEND)) is not None:
    _problems.append(_problem)

# One public address: the share link is the share page on SITE_URL unless set itself, and
# a site that sets only the share link has its address taken from it.
SITE_URL = env("SITE_URL", default="").rstrip("/")
SHARE_LINK_URL = env(
    "SHARE_LINK_URL", default=f"{SITE_URL}/lists/shared/{{token}}/" if SITE_URL else ""
)
if (_problem := share_link_problem(SHARE_LINK_URL)) is not None:
    _problems.append(_problem)
elif not SITE_URL:
    _share = urlsplit(SHARE_LINK_URL)
    SITE_URL = f"{_share.scheme}://{_share.netloc}"

_throttle_cache, _problem = throttle_cache_problem(
    env("CACHE_URL", default=env("REDIS_URL", default=""))
)
if _problem is not None:
    _problems.append(_problem)
else:
    CACHES = {**CACHES, "throttle": _throttle_cache}

if _problems:
    raise ImproperlyConfigured(
        "Production settings refused (see docs/operations.md):\n"
        + "\n".join(f"- {problem}" for problem in _problems)
    )

DEBUG = False

# Static files: collected (manage.py collectstatic) into STATIC_ROOT with hashed, compressed
# copies, and served by WhiteNoise straight after the security middleware (so HTTPS
# redirects still apply) with far-future cache headers. Development serves them unhashed.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Source maps are fetched only by a browser's developer tools, and compressing them (several
# megabytes of the API docs' bundles) took most of collectstatic's time.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
_WHITENOISE = "whitenoise.middleware.WhiteNoiseMiddleware"
MIDDLEWARE = [m for m in MIDDLEWARE if m != _WHITENOISE]
_SECURITY = "django.middleware.security.SecurityMiddleware"
MIDDLEWARE.insert(MIDDLEWARE.index(_SECURITY) + 1, _WHITENOISE)

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
