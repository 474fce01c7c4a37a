from __future__ import annotations

from typing import Any

import pytest

from content.services.packs import pack_load


@pytest.fixture
def loaded_packs(db: Any, pack_docs: list[tuple[str, dict[str, Any]]]) -> Any:
    """The database with every repository pack loaded."""
    return pack_load(documents=pack_docs)
