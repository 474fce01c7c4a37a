"""Fixtures for the cs-hex engine tests: the real pack, read alone."""

from __future__ import annotations

import pytest

from rules_engine.catalogue import Catalogue, build_catalogue, read_pack_file
from tests.rules_engine.cs_hex.designs import PACK


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return build_catalogue([read_pack_file(PACK)])
