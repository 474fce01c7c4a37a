"""Production settings: HTTPS only, a strong secret, a real broker, mail that is sent, a share
address others can open, a throttle every worker shares, collected static files and a clean
deploy check."""

from __future__ import annotations

import importlib
import math
import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management.utils import get_random_secret_key

ROOT = Path(__file__).resolve().parents[3]
STRONG_KEY = "g1!wdj6pribyo@hf$=xgyc8@-e=fskp5=l+l2&ulgriu$m2bdb"
DOLLAR_KEY = "$" + STRONG_KEY[1:]
REDIS = "redis://127.0.0.1:6379/6"
SMTP = "django.core.mail.backends.smtp.EmailBackend"
SHARE = "https://muster.example/lists/shared/{token}/"
VALID = {
    "DJANGO_SECRET_KEY": STRONG_KEY,
    "CELERY_BROKER_URL": REDIS,
    "EMAIL_BACKEND": SMTP,
    "SHARE_LINK_URL": SHARE,
    "CACHE_URL": REDIS,
}
PRODUCTION_VARIABLES = (*VALID, "REDIS_URL")


def production(monkeypatch, **environ):
    for key in PRODUCTION_VARIABLES:
        monkeypatch.delenv(key, raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delitem(sys.modules, "builder.settings.production", raising=False)
    return importlib.import_module("builder.settings.production")


def refusal(monkeypatch, **changes) -> str:
    """The message production refuses to start with, for the valid environment changed."""
    environ = {key: value for key, value in {**VALID, **changes}.items() if value is not None}
    with pytest.raises(ImproperlyConfigured) as refused:
        production(monkeypatch, **environ)
    return str(refused.value)


def test_a_valid_environment_gives_https_only_settings(monkeypatch):
    settings = production(monkeypatch, **VALID)

    assert settings.SECRET_KEY == STRONG_KEY
    assert settings.CELERY_BROKER_URL == REDIS
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS == {}
    assert settings.DEBUG is False
    assert settings.SECURE_HSTS_SECONDS == 31_536_000
    assert settings.SECURE_SSL_REDIRECT is True
    assert settings.SECURE_PROXY_SSL_HEADER == ("HTTP_X_FORWARDED_PROTO", "https")
    assert settings.SESSION_COOKIE_SECURE is settings.CSRF_COOKIE_SECURE is True
    assert settings.EMAIL_BACKEND == SMTP
    assert settings.SHARE_LINK_URL == SHARE
    assert settings.CACHES["throttle"]["BACKEND"] == "django_redis.cache.RedisCache"
    assert settings.CACHES["throttle"]["LOCATION"] == REDIS


def test_production_serves_hashed_compressed_static_files_and_development_does_not(
    monkeypatch, settings
):
    production_settings = production(monkeypatch, **VALID)

    assert production_settings.STORAGES["staticfiles"] == {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
    }
    assert production_settings.MIDDLEWARE[:2] == [
        "django.middleware.security.SecurityMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
    ]
    assert production_settings.MIDDLEWARE.count("whitenoise.middleware.WhiteNoiseMiddleware") == 1
    assert "map" in production_settings.WHITENOISE_SKIP_COMPRESS_EXTENSIONS
    # Tests and `make run` need no collectstatic.
    assert settings.STORAGES["staticfiles"]["BACKEND"] == (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )


def test_a_generated_key_starting_with_a_dollar_is_taken_as_it_is(monkeypatch):
    settings = production(monkeypatch, **{**VALID, "DJANGO_SECRET_KEY": DOLLAR_KEY})

    assert settings.SECRET_KEY == DOLLAR_KEY


@pytest.mark.parametrize(
    ("key", "problem"),
    [
        ("", "DJANGO_SECRET_KEY must be set in production"),
        ("change-me-to-a-long-random-string", "a published example value"),
        ("insecure-local-development-key-change-me", "a published example value"),
        ("x" * 49, "has 49 characters; use at least 50"),
        ("ab" * 40, "repeats too few characters to be random: an estimated 3 bits"),
        ("a" * 80, "an estimated 0 bits of randomness, at least 128 needed"),
        ("abcdefghij" * 5, "an estimated 10 bits of randomness, at least 128 needed"),
        (string.ascii_letters[:50], "an estimated 23 bits"),
        ("0123456789" + string.ascii_lowercase + "!@#$%^&*()-_=+", "an estimated 96 bits"),
        # Half a generated key, twice: the copy adds one character's worth.
        ("g1!wdj6pribyo@hf$=xgyc8@-" * 2, "an estimated 116 bits"),
        # 50 random characters of six letters hold about 129 bits; steps ('ace') count less.
        ("beacadddfdbadaddeafdcfbeacaaafeadfbdfaebddebcbfbdc", "an estimated 93 bits"),
    ],
)
def test_secret_key_problem(key, problem):
    from builder.settings.production import secret_key_problem

    assert problem in secret_key_problem(key)


def test_generated_keys_are_accepted():
    from builder.settings.production import secret_key_bits, secret_key_problem

    keys = [get_random_secret_key() for _ in range(300)]
    keys += [secrets.token_hex(32) for _ in range(100)]
    keys += [secrets.token_urlsafe(40) for _ in range(100)]

    assert [key for key in keys if secret_key_problem(key) is not None] == []
    assert min(secret_key_bits(key) for key in keys[:300]) > 200


@pytest.mark.parametrize(
    ("key", "bits"),
    [
        ("abcdefghij" * 5, 3 * math.log2(10)),  # 'a', 'b' and one copy; 'c' to 'j' keep the step
        ("ab" * 40, 3.0),
        ("a" * 80, 0.0),
        ("qwzk" * 13, 5 * 2.0),  # four characters and one copy
        (STRONG_KEY, 50 * math.log2(len(set(STRONG_KEY)))),
    ],
)
def test_secret_key_bits(key, bits):
    from builder.settings.production import secret_key_bits

    assert secret_key_bits(key) == pytest.approx(bits)


def test_a_weak_key_is_refused_at_start_up(monkeypatch):
    message = refusal(monkeypatch, DJANGO_SECRET_KEY="abcdefghij" * 5)

    assert "DJANGO_SECRET_KEY repeats too few characters to be random" in message
    assert "get_random_secret_key" in message


@pytest.mark.parametrize(
    ("backend", "problem"),
    [
        (None, "EMAIL_BACKEND is not set, and the development default prints every message"),
        (
            "django.core.mail.backends.console.EmailBackend",
            "EMAIL_BACKEND django.core.mail.backends.console.EmailBackend prints every message, "
            "password-reset codes included, into the log",
        ),
        (
            "django.core.mail.backends.locmem.EmailBackend",
            "EMAIL_BACKEND django.core.mail.backends.locmem.EmailBackend keeps every message",
        ),
        (
            "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_BACKEND django.core.mail.backends.filebased.EmailBackend writes every message",
        ),
        (
            "django.core.mail.backends.dummy.EmailBackend",
            "EMAIL_BACKEND django.core.mail.backends.dummy.EmailBackend throws every message",
        ),
    ],
)
def test_a_mail_backend_that_sends_nothing_is_refused(monkeypatch, backend, problem):
    message = refusal(monkeypatch, EMAIL_BACKEND=backend)

    assert problem in message
    assert "use django.core.mail.backends.smtp.EmailBackend with EMAIL_URL" in message


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (None, "SHARE_LINK_URL is not set, and the development default points at 127.0.0.1"),
        (
            "https://127.0.0.1:8000/lists/shared/{token}/",
            "points at 127.0.0.1, a loopback address",
        ),
        ("https://127.1.2.3/lists/shared/{token}/", "points at 127.1.2.3, a loopback address"),
        ("https://localhost/lists/shared/{token}/", "points at localhost, a loopback address"),
        ("https://muster.localhost/s/{token}/", "points at muster.localhost, a loopback"),
        ("https://[::1]:8443/lists/shared/{token}/", "points at ::1, a loopback address"),
        ("https://0.0.0.0/lists/shared/{token}/", "points at 0.0.0.0, a loopback address"),
        ("http://muster.example/lists/shared/{token}/", "is not an https:// address"),
        ("muster.example/lists/shared/{token}/", "is not an https:// address"),
        ("https://muster.example/lists/shared/", "has no {token} for the list's share token"),
    ],
)
def test_a_share_address_others_cannot_open_is_refused(monkeypatch, url, problem):
    message = refusal(monkeypatch, SHARE_LINK_URL=url)

    assert problem in message
    assert "SHARE_LINK_URL" in message


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (None, "CACHE_URL is not set, so the throttle cache would be local memory"),
        (
            "locmemcache://throttle",
            "CACHE_URL 'locmemcache://throttle' gives the throttle cache "
            "django.core.cache.backends.locmem.LocMemCache, which each worker process keeps alone",
        ),
        ("dummycache://", "django.core.cache.backends.dummy.DummyCache, which each worker"),
        ("filecache:///tmp/throttle", "filebased.FileBasedCache, which each worker"),
        ("nonsense://x", "CACHE_URL 'nonsense://x' is not a cache address"),
    ],
)
def test_a_throttle_cache_each_worker_keeps_alone_is_refused(monkeypatch, url, problem):
    message = refusal(monkeypatch, CACHE_URL=url)

    assert problem in message
    assert "CACHE_URL=redis://127.0.0.1:6379/2" in message


@pytest.mark.parametrize(
    ("environ", "backend"),
    [
        ({"CACHE_URL": "rediss://cache.example:6380/2"}, "django_redis.cache.RedisCache"),
        ({"CACHE_URL": None, "REDIS_URL": REDIS}, "django_redis.cache.RedisCache"),
        ({"CACHE_URL": "dbcache://muster_cache"}, "django.core.cache.backends.db.DatabaseCache"),
        (
            {"CACHE_URL": "pymemcache://127.0.0.1:11211"},
            "django.core.cache.backends.memcached.PyLibMCCache",
        ),
    ],
)
def test_a_shared_throttle_cache_is_accepted(monkeypatch, environ, backend):
    changed = {key: value for key, value in {**VALID, **environ}.items() if value is not None}

    assert production(monkeypatch, **changed).CACHES["throttle"]["BACKEND"] == backend


def test_every_problem_is_named_at_once(monkeypatch):
    message = refusal(
        monkeypatch,
        DJANGO_SECRET_KEY=None,
        CELERY_BROKER_URL=None,
        EMAIL_BACKEND=None,
        SHARE_LINK_URL=None,
        CACHE_URL=None,
    )

    lines = message.splitlines()
    assert lines[0] == "Production settings refused (see docs/operations.md):"
    assert [line.split()[1] for line in lines[1:]] == [
        "DJANGO_SECRET_KEY",
        "CELERY_BROKER_URL",
        "EMAIL_BACKEND",
        "SHARE_LINK_URL",
        "CACHE_URL",
    ]


def test_the_example_environment_file_holds_the_refused_placeholder():
    from builder.settings.production import EXAMPLE_SECRET_KEY

    example = (ROOT / ".env.example").read_text()
    assert f"DJANGO_SECRET_KEY={EXAMPLE_SECRET_KEY}\n" in example


def production_environ(**extra: str) -> dict[str, str]:
    # The page tests allow Django's sync calls inside Playwright's loop in this process only;
    # a deployment never has that variable, so the check runs without it.
    return {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "builder.settings.production",
        **VALID,
        "ALLOWED_HOSTS": "muster.example",
        **extra,
    }


def deploy_check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", *args],
        cwd=ROOT,
        env=production_environ(),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_check_deploy_is_clean_with_production_settings():
    security = deploy_check("--tag", "security", "--fail-level", "WARNING")
    everything = deploy_check()

    assert security.returncode == 0, security.stderr
    assert "System check identified no issues (0 silenced)." in security.stdout
    assert everything.returncode == 0, everything.stderr
    issues = [
        line.split(")")[0].lstrip("?: (")
        for line in everything.stderr.splitlines()
        if line.startswith("?: (")
    ]
    assert issues == [], everything.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variable", "value", "problem"),
    [
        ("DJANGO_SECRET_KEY", "change-me-to-a-long-random-string", "a published example value"),
        ("DJANGO_SECRET_KEY", "abcdefghij" * 5, "repeats too few characters to be random"),
        ("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend", "prints every"),
        ("SHARE_LINK_URL", "http://127.0.0.1:8000/lists/shared/{token}/", "not an https://"),
        ("CACHE_URL", "locmemcache://", "which each worker process keeps alone"),
    ],
)
def test_production_refuses_to_start(variable, value, problem):
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=production_environ(**{variable: value}),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert f"- {variable} " in done.stderr
    assert problem in done.stderr
