"""Settings for the test suite: SQLite unless DATABASE_URL points at PostgreSQL."""

from builder.settings.base import *  # noqa: F403
from builder.settings.base import env

DATABASES = {"default": env.db("DATABASE_URL", default="sqlite://:memory:")}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = False
# No signing key unless a test names one: a key a developer made under var/ stays out.
MUSTER_SIGNING_KEY_FILE = env("MUSTER_SIGNING_KEY_FILE", default="")
DEBUG = False
# The test client's own host, so links in mails and pages open in the client as written.
SITE_URL = "http://testserver"
