"""Settings shared by every environment; values come from the environment (12-factor).

Defaults are the embedded ones a newcomer runs with: SQLite and a broker on the local disk.
Set ``DATABASE_URL`` (PostgreSQL) and ``CELERY_BROKER_URL`` (Redis) to run on real services.
"""

from pathlib import Path
from typing import Any

import environ

from builder.core.generics import subscriptable

# Django's generic classes (ModelAdmin, forms) take type arguments at run time too.
subscriptable()

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR: Path = BASE_DIR / "var"

env: environ.Env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

LOCAL_SECRET_KEY = "insecure-local-development-key-change-me"
SECRET_KEY = env("DJANGO_SECRET_KEY", default=LOCAL_SECRET_KEY)
DEBUG = env.bool("DJANGO_DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost"])
# The site's address as players reach it (scheme, host and port, no path): every absolute
# link the site hands out (share links, the roster's QR code) starts with it
# (builder/core/site.py). `make run` sets it from the port it serves on.
SITE_URL: str = env("SITE_URL", default="http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    # The admin, its apps' admin.py modules loaded by builder/urls.py, not at start-up.
    "builder.core.admin_config.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "csp",
    "axes",
    "django_jsonform",
    "import_export",
    "content",
    "builder.accounts",
    "builder.lists",
    "builder.collections",
    "builder.simulations",
    "builder.play",
    "builder.campaigns",
    "builder.printing",
    "builder.api",
    "builder.catalogue",
    "builder.web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Control characters in addresses and form fields are a 400 before any view runs.
    "builder.core.middleware.CleanTextMiddleware",
    # Last, as django-axes asks: it locks out repeated failed log-ins.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "builder.accounts.backends.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "builder.urls"
WSGI_APPLICATION = "builder.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'muster.sqlite3'}"),
}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers take SQLite's lock when their transaction begins and wait up to 20 s for it,
    # so two players acting at once are logged one after the other, not answered 500.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20}
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# manage.py backup writes times to the microsecond (content/backup_format.py).
SERIALIZATION_MODULES = {"backup-json": "content.backup_format"}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where `manage.py collectstatic` gathers the files production serves (WhiteNoise);
# development serves them from the apps' folders and needs no collecting.
STATIC_ROOT = env.path("STATIC_ROOT", default=str(VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Figure photos uploaded in the admin (served to staff by the admin itself).
MEDIA_URL = "media/"
MEDIA_ROOT = env.path("MEDIA_ROOT", default=str(VAR_DIR / "media"))

CONTENT_PACK_DIR = BASE_DIR / "content" / "packs"

# The site's account pages (builder/accounts/urls.py) and where they lead.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"
EMAIL_BACKEND = env("EMAIL_BACKEND", default="django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", default="muster@localhost")


CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="filesystem://")
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, str | bool] = (
    {
        "data_folder_in": str(VAR_DIR / "broker"),
        "data_folder_out": str(VAR_DIR / "broker"),
        "processed_folder": str(VAR_DIR / "broker-processed"),
        "control_folder": str(VAR_DIR / "broker-control"),
        "store_processed": False,
    }
    if CELERY_BROKER_URL.startswith("filesystem")
    else {}
)
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=None)
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_TASK_SOFT_TIME_LIMIT = 120
CELERY_TASK_TIME_LIMIT = 180
# A task is acknowledged once it has run, and handed back if its worker dies mid-way, so a
# crash never loses it (tasks are written to be run again safely).
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A worker child is replaced after 200 tasks or 512 MB, whichever comes first.
CELERY_WORKER_MAX_TASKS_PER_CHILD = env.int("CELERY_WORKER_MAX_TASKS_PER_CHILD", default=200)
CELERY_WORKER_MAX_MEMORY_PER_CHILD = env.int(
    "CELERY_WORKER_MAX_MEMORY_PER_CHILD", default=512_000
)  # KiB
CELERY_RESULT_EXPIRES = env.int("CELERY_RESULT_EXPIRES", default=24 * 60 * 60)  # seconds

# Errors: every 500 reaches the log with its traceback, and the administrators by e-mail
# when ADMINS (``Name <address>, ...``) and an e-mail server (EMAIL_BACKEND and EMAIL_URL)
# are set.
ADMINS = [
    (name.strip(), address.strip(" >"))
    for name, _, address in (
        entry.partition("<") for entry in env.list("ADMINS", default=[]) if "<" in entry
    )
]
SERVER_EMAIL = env("SERVER_EMAIL", default="muster@localhost")
if env("EMAIL_URL", default=""):
    # Host, port and credentials; EMAIL_BACKEND (above) still chooses how mail is sent.
    vars().update({k: v for k, v in env.email("EMAIL_URL").items() if k != "EMAIL_BACKEND"})

LOGGING: dict[str, Any] = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
        "mail_admins": {
            "class": "django.utils.log.AdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
    "loggers": {
        # Unhandled exceptions (500s) log at ERROR with the traceback attached.
        "django.request": {
            "handlers": ["console", "mail_admins"],
            "level": "ERROR",
            "propagate": False,
        },
        "axes": {"level": "WARNING"},  # lockouts only, not every attempt
    },
}

# Each concern keeps its settings in a module of its own.
from builder.settings.api import *  # noqa: E402, F403
from builder.settings.printing import *  # noqa: E402, F403
from builder.settings.security import *  # noqa: E402, F403
from builder.settings.signing import *  # noqa: E402, F403
from builder.settings.simulations import *  # noqa: E402, F403
from builder.settings.spreadsheets import *  # noqa: E402, F403
