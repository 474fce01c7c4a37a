"""Settings for a developer's machine: debug on, embedded defaults."""

from builder.settings.base import *  # noqa: F403
from builder.settings.base import env

DEBUG = env.bool("DJANGO_DEBUG", default=True)
