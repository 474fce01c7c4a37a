"""gunicorn's settings for production: ``gunicorn -c builder/gunicorn_conf.py``.

Each value can be changed from the environment (``GUNICORN_*``, listed in ``.env.example``
and ``docs/operations.md``). The timeout stays above the longest answer a request may compute
inline (a simulation that fits the inline budget of ``docs/limits.md`` answers in a few
seconds; a longer one becomes a job), so a worker is never killed in the middle of one.
"""

import os


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    try:
        return int(value) if value.strip() else default
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {value!r}") from None


# builder/wsgi.py defaults DJANGO_SETTINGS_MODULE to builder.settings.production.
wsgi_app = "builder.wsgi:application"

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")
# Two processes per core and one more (while one waits on the database another computes),
# at most 8 by default: each holds a database connection and its own memory.
workers = _int("GUNICORN_WORKERS", min(2 * (os.cpu_count() or 1) + 1, 8))
worker_class = "sync"

# A request still running after this many seconds kills its worker (the client gets a 502
# from the proxy); above the inline budget, below the proxy's own read timeout.
timeout = _int("GUNICORN_TIMEOUT", 60)
# On a restart (HUP, or a deploy) a worker has this long to finish the requests it holds.
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
# Each worker is replaced after about this many requests, the jitter keeping them from all
# restarting at once: memory a long-lived process gathers is handed back.
max_requests = _int("GUNICORN_MAX_REQUESTS", 1000)
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 100)

# The proxy in front terminates TLS; gunicorn trusts its X-Forwarded-* headers only from
# these addresses (the proxy's own).
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# Access and error logs on standard output and error, for the service manager to keep.
accesslog = "-"
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
