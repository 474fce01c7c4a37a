"""Fixtures shared by the whole suite."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

PACK_DIR = Path(__file__).resolve().parent.parent / "content" / "packs"


def pack_paths() -> list[Path]:
    return sorted(PACK_DIR.glob("*/*.json"))


def read_pack(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture
def pack_docs() -> list[tuple[str, dict[str, Any]]]:
    """Every pack in the repository, freshly parsed (safe to mutate)."""
    return [(str(p), copy.deepcopy(read_pack(p))) for p in pack_paths()]
