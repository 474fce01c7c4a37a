"""Shared fixtures: loaded packs, users with knox tokens, API clients."""

from tests.builder.api_fixtures import *  # noqa: F403
