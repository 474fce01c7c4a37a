"""A production that serves: gunicorn with the production settings and builder/gunicorn_conf.py,
on PostgreSQL and Redis, after migrate and collectstatic, answers a page with its styles and
htmx (by their hashed names), the admin and the API docs.

``make prod-check`` runs this file and fails, rather than skips, when PostgreSQL or Redis is
missing. ``PROD_CHECK_POSTGRES`` (a server's maintenance database, default
``postgres://postgres@127.0.0.1:5432/postgres``) and ``PROD_CHECK_REDIS`` (default
``redis://127.0.0.1:6379/9``) choose the services; the database it migrates is its own,
created and dropped here.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import runpy
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.core.management.utils import get_random_secret_key

ROOT = Path(__file__).resolve().parents[3]
POSTGRES = os.environ.get("PROD_CHECK_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS = os.environ.get("PROD_CHECK_REDIS", "redis://127.0.0.1:6379/9")
HASHED = r"\.[0-9a-f]{12}\."


def unavailable(reason: str) -> None:
    if os.environ.get("PROD_CHECK_REQUIRED"):
        pytest.fail(reason)
    pytest.skip(reason)


def postgres_connection(url: str):
    import psycopg

    return psycopg.connect(url, autocommit=True, connect_timeout=5)


@pytest.fixture
def database() -> Iterator[str]:
    """A PostgreSQL database of this test's own, dropped afterwards."""
    try:
        admin = postgres_connection(POSTGRES)
    except Exception as error:  # any failure to connect means "not here"
        unavailable(f"PostgreSQL is not reachable at {POSTGRES}: {error}")
    name = f"muster_prodcheck_{os.getpid()}"
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield urlunsplit(urlsplit(POSTGRES)._replace(path=f"/{name}"))
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=5).ping()
    except redis.RedisError as error:
        unavailable(f"Redis is not reachable at {REDIS}: {error}")
    return REDIS


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


@dataclass
class Site:
    port: int
    static_root: Path

    def get(self, path: str, *, https: bool = True, **headers: str) -> Answer:
        """One GET as the TLS-terminating proxy would pass it on (``https=False``: plain)."""
        sent = {"Host": f"127.0.0.1:{self.port}", **headers}
        if https:
            sent["X-Forwarded-Proto"] = "https"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path, headers=sent)
            response = connection.getresponse()
            return Answer(
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                response.read(),
            )
        finally:
            connection.close()


def production_environ(**extra: str) -> dict[str, str]:
    skipped = {"DJANGO_ALLOW_ASYNC_UNSAFE", "REDIS_URL", "CELERY_RESULT_BACKEND"}
    return {
        **{k: v for k, v in os.environ.items() if k not in skipped},
        "DJANGO_SETTINGS_MODULE": "builder.settings.production",
        "DJANGO_SECRET_KEY": get_random_secret_key(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "SHARE_LINK_URL": "https://muster.example/lists/shared/{token}/",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


def manage(environ: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)}:\n{done.stdout}\n{done.stderr}"


@pytest.fixture
def site(database, redis_url, tmp_path) -> Iterator[Site]:
    """gunicorn as production runs it, on a free loopback port."""
    static_root = tmp_path / "static"
    port = free_port()
    environ = production_environ(
        DATABASE_URL=database,
        CELERY_BROKER_URL=redis_url,
        CACHE_URL=redis_url,
        STATIC_ROOT=str(static_root),
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="2",
    )
    manage(environ, "migrate", "--noinput")
    manage(environ, "collectstatic", "--noinput")
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "builder/gunicorn_conf.py"],
            cwd=ROOT,
            env=environ,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, f"gunicorn stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"gunicorn did not listen:\n{log.read_text()}"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.3)
        yield Site(port, static_root)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    assert b"Traceback" not in log.read_bytes(), log.read_text()


def linked(page: str, pattern: str) -> str:
    """The one address on ``page`` (an href or src) matching ``pattern``."""
    found = re.findall(rf'(?:href|src)="({pattern})"', page)
    assert len(found) == 1, (pattern, found)
    return found[0]


def static_file(site: Site, url: str) -> Answer:
    answer = site.get(url)
    assert answer.status == 200, url
    assert answer.body == (site.static_root / url.removeprefix("/static/")).read_bytes()
    # Hashed names never change content, so browsers may keep them for good.
    assert "immutable" in answer.headers["cache-control"], answer.headers
    return answer


@pytest.mark.slow
def test_gunicorn_with_production_settings_serves_the_site_its_static_files_and_the_docs(site):
    plain = site.get("/", https=False)
    home = site.get("/")

    assert plain.status == 301
    assert plain.headers["location"] == f"https://127.0.0.1:{site.port}/"
    assert home.status == 200
    assert "max-age=31536000" in home.headers["strict-transport-security"]

    css_url = linked(home.text, rf"/static/web/muster{HASHED}css")
    htmx_url = linked(home.text, rf"/static/web/vendor/htmx/htmx\.min{HASHED}js")
    css = static_file(site, css_url)
    htmx = static_file(site, htmx_url)
    assert css.headers["content-type"].startswith("text/css")
    assert htmx.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert htmx.body == (ROOT / "builder/web/static/web/vendor/htmx/htmx.min.js").read_bytes()
    compressed = site.get(css_url, **{"Accept-Encoding": "gzip"})
    assert compressed.headers["content-encoding"] == "gzip"
    assert gzip.decompress(compressed.body) == css.body
    assert site.get("/static/web/no-such-file.css").status == 404

    admin = site.get("/admin/login/")
    assert admin.status == 200
    assert "Muster catalogue" in admin.text
    admin_css = static_file(site, linked(admin.text, rf"/static/admin/css/base{HASHED}css"))
    assert admin_css.headers["content-type"].startswith("text/css")

    docs = site.get("/api/docs/")
    assert docs.status == 200
    bundle = linked(
        docs.text, rf"/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle{HASHED}js"
    )
    assert static_file(site, bundle).body.startswith(b"/*! For license information")
    sidecar = "/static/drf_spectacular_sidecar/swagger-ui-dist"
    static_file(site, linked(docs.text, rf"{sidecar}/swagger-ui{HASHED}css"))
    start_up = site.get(linked(docs.text, r"/api/docs/\?script[^\"]*"))
    assert start_up.status == 200
    assert "/api/v1/schema/" in start_up.text
    schema = site.get("/api/v1/schema/")
    assert schema.status == 200
    document = json.loads(schema.body)
    assert document["openapi"].startswith("3.")
    assert document["info"]["title"] == "Muster API"


def test_gunicorn_settings_bound_each_worker_and_restart_gracefully(monkeypatch):
    from gunicorn.config import Config

    for name in [key for key in os.environ if key.startswith("GUNICORN_")]:
        monkeypatch.delenv(name)
    values = runpy.run_path(str(ROOT / "builder/gunicorn_conf.py"))
    config = Config()
    for name, value in values.items():
        if name in config.settings:
            config.set(name, value)

    assert config.wsgi_app == "builder.wsgi:application"
    assert config.bind == ["127.0.0.1:8000"]
    assert config.workers == min(2 * (os.cpu_count() or 1) + 1, 8)
    assert config.worker_class_str == "sync"
    assert config.timeout == 60
    assert config.graceful_timeout == 30
    assert config.max_requests == 1000
    assert config.max_requests_jitter == 100
    assert config.accesslog == "-"
    assert config.errorlog == "-"


def test_gunicorn_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("GUNICORN_WORKERS", "3")
    monkeypatch.setenv("GUNICORN_TIMEOUT", "90")
    monkeypatch.setenv("GUNICORN_BIND", "127.0.0.1:8001,unix:/run/muster.sock")

    values = runpy.run_path(str(ROOT / "builder/gunicorn_conf.py"))

    assert values["workers"] == 3
    assert values["timeout"] == 90
    assert values["bind"] == ["127.0.0.1:8001", "unix:/run/muster.sock"]


def test_a_gunicorn_setting_that_is_not_a_number_is_named(monkeypatch):
    monkeypatch.setenv("GUNICORN_WORKERS", "four")

    with pytest.raises(SystemExit, match="GUNICORN_WORKERS must be a whole number, not 'four'"):
        runpy.run_path(str(ROOT / "builder/gunicorn_conf.py"))
