"""Production settings: HTTPS only, a strong secret, a real broker, a clean deploy check."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
STRONG_KEY = "Zq8#" + "".join(chr(40 + (i * 11) % 80) for i in range(60))
REDIS = "redis://127.0.0.1:6379/6"


def production(monkeypatch, **environ):
    for key in ("DJANGO_SECRET_KEY", "CELERY_BROKER_URL"):
        monkeypatch.delenv(key, raising=False)
    for key, value in environ.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delitem(sys.modules, "builder.settings.production", raising=False)
    return importlib.import_module("builder.settings.production")


def test_a_strong_key_and_a_real_broker_give_https_only_settings(monkeypatch):
    settings = production(monkeypatch, DJANGO_SECRET_KEY=STRONG_KEY, CELERY_BROKER_URL=REDIS)

    assert settings.SECRET_KEY == STRONG_KEY
    assert settings.CELERY_BROKER_URL == REDIS
    assert settings.CELERY_BROKER_TRANSPORT_OPTIONS == {}
    assert settings.DEBUG is False
    assert settings.SECURE_HSTS_SECONDS == 31_536_000
    assert settings.SECURE_SSL_REDIRECT is True
    assert settings.SECURE_PROXY_SSL_HEADER == ("HTTP_X_FORWARDED_PROTO", "https")
    assert settings.SESSION_COOKIE_SECURE is settings.CSRF_COOKIE_SECURE is True


@pytest.mark.parametrize(
    ("key", "problem"),
    [
        ("", "DJANGO_SECRET_KEY must be set in production"),
        ("change-me-to-a-long-random-string", "a published example value"),
        ("insecure-local-development-key-change-me", "a published example value"),
        ("x" * 49, "has 49 characters; use at least 50"),
        ("ab" * 40, "repeats too few characters"),
    ],
)
def test_secret_key_problem(key, problem):
    from builder.settings.production import secret_key_problem

    assert problem in secret_key_problem(key)


def test_the_example_environment_file_holds_the_refused_placeholder():
    from builder.settings.production import EXAMPLE_SECRET_KEY

    example = (ROOT / ".env.example").read_text()
    assert f"DJANGO_SECRET_KEY={EXAMPLE_SECRET_KEY}\n" in example


def deploy_check(*args: str) -> subprocess.CompletedProcess[str]:
    # The page tests allow Django's sync calls inside Playwright's loop in this process only;
    # a deployment never has that variable, so the check runs without it.
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "builder.settings.production",
        "DJANGO_SECRET_KEY": STRONG_KEY,
        "CELERY_BROKER_URL": REDIS,
        "ALLOWED_HOSTS": "muster.example",
    }
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", *args],
        cwd=ROOT,
        env=env,
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
def test_production_refuses_to_start_with_the_example_key():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "builder.settings.production",
        "DJANGO_SECRET_KEY": "change-me-to-a-long-random-string",
        "CELERY_BROKER_URL": REDIS,
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY is a published example value" in done.stderr
