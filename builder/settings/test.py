"""Settings for the test suite: SQLite unless DATABASE_URL points at PostgreSQL."""

from builder.settings.base import *  # noqa: F403
from builder.settings.base import env

DATABASES = {"default": env.db("DATABASE_URL", default="sqlite://:memory:")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = False
DEBUG = False
