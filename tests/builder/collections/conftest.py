"""Fixtures for collections: see ``tests/builder/players_fixtures.py``."""

from tests.builder.players_fixtures import *  # noqa: F403
